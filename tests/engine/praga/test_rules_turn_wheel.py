"""Rule statements of spec 4.3 (PRG-TURN), 4.4 (PRG-WHEEL), 4.5 (PRG-ROUND), 4.21 (PRG-WINDOW),
4.22 (PRG-EXTRA), 4.23 (PRG-END) and 4.28 (PRG-FORGET), one test per ID not covered elsewhere.

Edition provisional-1 (wheel zones and values of spec 6.4, tile values of 6.6) unless marked
[mechanics].
"""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.praga.common import clone
from engine.praga.scoring import final_breakdown
from engine.praga.wheel import tile_positions
from tests.engine.praga.helpers import (
    ED, complete_turn, do, edit_player, new_game, pending, put_tile_in_row, set_turn,
)


def me(s):
    return s["players"][s["active"]]


def first_game(players=2, seed=3):
    s = clone(new_game(players, seed, first_game=True))
    s["active"] = s["turn"]["seat"] = 0
    return s


def one_tile_at(position, offset=9, tile="AT1", gold=5, stone=5):
    """Seat 0 to act; only `tile` on the wheel, at board `position`."""
    s = first_game()
    s["wheel"] = {"offset": offset, "at": {tile: (position - offset) % 12}, "token": None}
    s["players"][0].update(gold=gold, stone=stone)
    return s


# ---------------------------------------------------------------- PRG-TURN


def test_PRG_TURN_02_one_extra_action_per_turn_at_most():
    s = set_turn(first_game(), seat=0)
    s = edit_player(s, 0, gw=4, sw=2)
    s = do(s, {"type": "buy_extra", "pay": "gold"})
    assert not any(m["type"] == "buy_extra" for m in P.legal_moves(s, 0))
    with pytest.raises(IllegalMove):
        do(s, {"type": "buy_extra", "pay": "mixed"})
    s = do(s, {"type": "mines", "via": "extra", "option": "produce"})
    with pytest.raises(IllegalMove):
        do(s, {"type": "buy_extra", "pay": "gold"})


def test_PRG_TURN_05_core_steps_in_one_move_deferrable_parts_after_the_extra_action():
    s = set_turn(first_game(), tile="AT2", actions=("QUARRIES", "BUILDING"), seat=0)
    s = put_tile_in_row(s, "building", 0, "B1-03")  # 2G, reward 1SW, cube space, Cathedral symbol
    s = edit_player(s, 0, gold=2, gw=2)
    s = do(s, {"type": "building", "slot": 0, "site": "PL08-NE", "rotation": 0, "cube": True})
    p = s["players"][0]
    # choose, pay, reward, place and cube happened in this one move; the Cathedral step waits
    assert s["city"]["PL08-NE"]["owner"] == 0 and p["gold"] == 0 and p["sw"] == 1 and p["cubes"] == 1
    [side] = pending(s, "side")
    assert p["ca"]["col"] == 0
    s = do(s, {"type": "buy_extra", "pay": "gold"})
    s = do(s, {"type": "mines", "via": "extra", "option": "produce"})
    s = do(s, {"type": "side", "item": side["id"]})
    assert s["players"][0]["ca"]["col"] == 1 and s["players"][0]["gold"] == 3


def test_PRG_TURN_06_deferred_plaza_rewards_come_first_at_the_start_of_the_turn():
    s = set_turn(first_game(), seat=0, main="MINES")
    s["deferred"] = {"1": [{"plaza": "PL01", "both": True}]}
    s = do(s, {"type": "end_turn"})
    assert s["active"] == 1 and s["deferred"] == {}
    [item] = pending(s, "plaza")
    assert item["deferred"] and item["both"]
    assert {m["type"] for m in P.legal_moves(s, 1)} == {"plaza_reward"}
    with pytest.raises(IllegalMove):
        do(s, {"type": "refresh", "row": "wall", "slots": [0, 1], "pay": "gold"})
    s = do(s, {"type": "plaza_reward", "item": item["id"]})
    assert any(m["type"] == "take" for m in P.legal_moves(s, 1))


# ---------------------------------------------------------------- PRG-WHEEL


def test_PRG_WHEEL_01_twelve_notches_one_blocked_six_tiles():
    """[mechanics]"""
    s = new_game(2, 17)
    for _ in range(14):
        at = s["wheel"]["at"]
        notches = list(at.values())
        if s["turn"]["tile"] is None:
            assert len(at) == 6
        assert len(set(notches)) == len(notches)
        assert all(0 <= n < 12 and n != ED.WHEEL["blocked_notch"] for n in notches)
        s = complete_turn(s)
    assert ED.WHEEL["notches"] == 12


def test_PRG_WHEEL_02_zones_red_p0_p3_green_blue():
    expect = {0: (2, 0), 1: (2, 0), 2: (1, 0), 3: (1, 0), 4: (0, 0), 5: (0, 0), 6: (0, 0), 7: (0, 0),
              8: (0, 1), 9: (0, 2), 10: (0, 3), 11: (0, 5)}
    for pos, (gold, vp) in expect.items():
        offset = 9 if pos != 9 else 8  # keep the tile out of the blocked notch
        s = one_tile_at(pos, offset=offset)
        after = do(s, {"type": "take", "tile": "AT1"})
        p = after["players"][0]
        got_vp = p["vp_by_source"].get("wheel", 0)
        assert (5 - p["gold"], got_vp) == (gold, vp), pos


def test_PRG_WHEEL_03_bonus_belongs_to_the_notch_zone_to_the_position():
    # notch 3 (gain 1 gold): at offset 9 it is at p0 (red, 2 gold), at offset 1 at p4 (green)
    for offset, pos, cost in ((9, 0, 2), (1, 4, 0)):
        s = one_tile_at(pos, offset=offset)
        assert s["wheel"]["at"]["AT1"] == 3
        after = do(s, {"type": "take", "tile": "AT1"})
        assert after["players"][0]["gold"] == 5 - cost
        assert after["turn"]["wheel_bonus"]["reward"] == ["1G"]


def test_PRG_WHEEL_04_the_tile_just_put_back_may_be_taken():
    s = first_game()
    s = do(s, {"type": "take", "tile": "AT4"})
    s = complete_turn(s)
    assert tile_positions(s["wheel"])["AT4"] == 0
    s = edit_player(s, s["active"], gold=2)
    assert {"type": "take", "tile": "AT4"} in P.legal_moves(s, s["active"])
    s = do(s, {"type": "take", "tile": "AT4"})
    assert me(s)["gold"] == 0


@pytest.mark.parametrize("notch,check", [
    (1, "special"), (2, "stone"), (3, "gold"), (5, "sw"), (6, "egg_gold"), (11, "egg_stone"),
])
def test_PRG_WHEEL_09_wheel_bonus_kinds(notch, check):
    offset = 1  # notch k at board position k + 1: no red cost for notches 3..10
    s = one_tile_at((offset + notch) % 12, offset=offset, gold=3, stone=3)
    s = do(s, {"type": "take", "tile": "AT1"})
    p0 = dict(s["players"][0])
    if check == "special":
        assert s["turn"]["special"] == {"vp": 2, "state": "open"} and s["turn"]["wheel_bonus"] is None
        return
    s = do(s, {"type": "wheel_bonus"})
    p = s["players"][0]
    got = (p["gold"] - p0["gold"], p["stone"] - p0["stone"], p["sw"] - p0["sw"], p["eggs"] - p0["eggs"])
    assert got == {"stone": (0, 1, 0, 0), "gold": (1, 0, 0, 0), "sw": (0, 0, 1, 0),
                   "egg_gold": (-1, 0, 0, 1), "egg_stone": (0, -1, 0, 1)}[check]
    with pytest.raises(IllegalMove):
        do(s, {"type": "wheel_bonus"})


# ---------------------------------------------------------------- PRG-ROUND


def test_PRG_ROUND_02_rounds_counted_by_the_engine_not_by_the_platform():
    """[mechanics] The round follows the number of turns played, whatever the wheel shows."""
    s = new_game(3, 4)
    for turn in range(7):
        assert P.view(s, 0)["round"] == turn // 3 + 1
        s = complete_turn(s)


def _era_change_turn(players=2, seed=9):
    s = clone(new_game(players, seed))
    s["turn_no"] = ED.GAME["era_change_after_turn"][str(players)] - 1
    seat = s["order"][s["turn_no"] % players]
    s["active"] = s["turn"]["seat"] = seat
    return s


def test_PRG_ROUND_04_era_change_replaces_display_and_removes_era_I_tiles():
    s = _era_change_turn()
    other = [x for x in s["order"] if x != s["active"]][0]
    before = clone(s)
    s = complete_turn(s)
    assert s["era"] == 2
    for row, tiles in s["rows"].items():
        assert [(ED.TILES[t]["era"], ED.TILES[t]["kind"], ED.TILES[t]["type"]) for t in tiles] == \
            [(2, "normal", row)] * 3 + [(2, "special", row)]
    assert all(not v for k, v in s["stacks"].items() if "-1-" in k)
    shown = sum(s["rows"].values(), [])
    for key in ("upgrade-2-normal", "wall-2-special", "building-2-normal"):
        assert sorted(s["stacks"][key] + [t for t in shown if key == "%s-2-%s" % (ED.TILES[t]["type"],
                                                                                   ED.TILES[t]["kind"])]) == \
            sorted(before["stacks"][key])
    # nothing else changes
    assert s["players"][other] == before["players"][other]
    assert s["city"] == before["city"] and s["plazas"] == before["plazas"] and s["bridge"] == before["bridge"]


def test_PRG_ROUND_06_view_shows_round_and_era():
    s = _era_change_turn()
    v = P.view(s, 0)
    assert (v["round"], v["era"]) == (8, 1)
    s = complete_turn(s)
    v = P.view(s, 0)
    assert (v["round"], v["era"]) == (9, 2)


# ---------------------------------------------------------------- PRG-WINDOW / PRG-EXTRA


def test_PRG_WINDOW_01_windows_from_wheel_tiles_and_wealth_bonus():
    s = set_turn(first_game(), seat=0, wheel_bonus={"kind": "gain", "reward": ["1SW"], "used": False})
    s = do(s, {"type": "wheel_bonus"})
    assert s["players"][0]["sw"] == 1
    s = put_tile_in_row(s, "wall", 0, "W1-03")  # reward 1SW
    s = edit_player(s, 0, gold=8, stone=1)
    s = do(s, {"type": "wall", "slot": 0, "position": [0, -2], "rotation": 0})
    assert s["players"][0]["sw"] == 2
    s = do(s, {"type": "refresh", "row": "upgrade", "slots": [0, 1], "pay": "gold"})
    s2 = edit_player(set_turn(first_game(), seat=0), 0, gold=8)
    s2 = do(s2, {"type": "mines", "option": "increase"})  # 9 gold: the middle wealth cube, 1 gold window
    assert s2["players"][0]["gw"] == 1


def test_PRG_WINDOW_02_two_silver_to_climb_gold_windows_buy_the_extra_action():
    s = set_turn(first_game(), seat=0)
    mixed = edit_player(s, 0, sw=1, gw=1)
    assert not any(m["type"] == "climb" for m in P.legal_moves(mixed, 0))
    with pytest.raises(IllegalMove):  # a gold window cannot replace a silver one for climbing
        do(mixed, {"type": "climb", "structure": "hw"})
    do(mixed, {"type": "buy_extra", "pay": "mixed"})
    silver = edit_player(s, 0, sw=2, gw=0)
    with pytest.raises(IllegalMove):
        do(silver, {"type": "buy_extra", "pay": "mixed"})
    assert not any(m["type"] == "buy_extra" for m in P.legal_moves(silver, 0))
    after = do(silver, {"type": "climb", "structure": "ca"})
    assert after["players"][0]["ca"]["row"] == 2 and after["players"][0]["sw"] == 0
    do(edit_player(s, 0, gw=2), {"type": "buy_extra", "pay": "gold"})


def test_PRG_EXTRA_02_extra_action_before_taking_an_action_tile():
    s = edit_player(first_game(), 0, gw=2)
    assert s["turn"]["tile"] is None
    s = do(s, {"type": "buy_extra", "pay": "gold"})
    s = do(s, {"type": "quarries", "via": "extra", "option": "increase"})
    assert s["players"][0]["quarries"] == 4 and s["turn"]["tile"] is None
    s = do(s, {"type": "take", "tile": "AT4"})
    assert s["turn"]["tile"] == "AT4"


def test_PRG_EXTRA_03_extra_action_no_wheel_bonus_no_special_but_upgrade_bonus():
    s = set_turn(first_game(), seat=0, extra="bought")
    s = clone(s)
    s["players"][0]["upgrades"]["MINES"] = [{"tile": "U1-01", "rot": 0, "n": False, "c": False}]
    s = edit_player(s, 0, gold=0)
    offset = s["wheel"]["offset"]
    after = do(s, {"type": "mines", "via": "extra", "option": "produce"})
    assert after["players"][0]["gold"] == 3 + 1  # produce 3, upgrade bonus 1
    assert after["wheel"] == s["wheel"] and after["wheel"]["offset"] == offset
    assert after["turn"]["wheel_bonus"] is None and after["turn"]["special"] is None
    # even with an open special-tile bonus the extra action cannot take the special tile
    sp = set_turn(first_game(), seat=0, extra="bought", special={"vp": 2, "state": "open"})
    sp = edit_player(sp, 0, stone=9, gold=9)
    assert not any(m["type"] == "wall" and m["slot"] == 3 and m["via"] == "extra" for m in P.legal_moves(sp, 0))


# ---------------------------------------------------------------- PRG-END


def _last_turn(players=2, seed=19):
    s = clone(new_game(players, seed))
    s["turn_no"] = 16 * players - 1
    s["era"] = 2
    seat = s["order"][-1]
    s["active"] = s["turn"]["seat"] = seat
    return s


def test_PRG_END_01_game_ends_after_the_last_seats_16th_turn():
    s = _last_turn()
    early = clone(s)
    early["turn_no"] -= 1
    early["active"] = early["turn"]["seat"] = early["order"][0]
    assert complete_turn(early)["phase"] == "play"
    s = complete_turn(s)
    assert s["phase"] == "over" and P.to_act(s) == set() and P.outcome(s) is not None
    with pytest.raises(IllegalMove):
        P.apply(s, s["order"][0], {"type": "end_turn"})


def test_PRG_END_02_bonus_only_turns_before_the_final_scoring():
    s = _last_turn()
    first = s["order"][0]
    s["deferred"] = {str(first): [{"plaza": "PL01", "both": True}]}
    s = complete_turn(s)
    assert s["phase"] == "bonus" and s["active"] == first and s["turn"]["bonus_only"]
    assert P.outcome(s) is None
    assert {m["type"] for m in P.legal_moves(s, first)} == {"plaza_reward"}
    s = complete_turn(s)
    assert s["phase"] == "over"


def test_PRG_END_03_final_scoring_then_the_game_is_over():
    s = _last_turn()
    s = edit_player(s, s["order"][0], eggs=2, vp=10)
    expected = [final_breakdown(s, x)["final"] for x in range(2)]
    s = complete_turn(s)
    out = P.outcome(s)
    assert out["breakdown"][s["order"][0]]["final"]["eggs"] == 3
    assert out["breakdown"][s["order"][0]]["final"] == expected[s["order"][0]]
    assert out["scores"] == [b["total"] for b in out["breakdown"]]
    assert out["scores"][s["order"][0]] == 10 + sum(expected[s["order"][0]].values())


# ---------------------------------------------------------------- PRG-FORGET


def test_PRG_FORGET_01_wheel_bonus_later_in_the_turn():
    s = set_turn(first_game(), seat=0, wheel_bonus={"kind": "egg", "pay": "gold", "used": False})
    s = edit_player(s, 0, gold=0)
    assert not any(m["type"] == "wheel_bonus" for m in P.legal_moves(s, 0))
    s = do(s, {"type": "mines", "option": "produce"})
    s = do(s, {"type": "wheel_bonus"})
    assert s["players"][0]["eggs"] == 1 and s["players"][0]["gold"] == 2


def test_PRG_FORGET_02_retroactive_upgrade_bonus():
    s = set_turn(first_game(), seat=0, extra="bought")
    s = put_tile_in_row(s, "upgrade", 0, "U1-01")  # MINES, centre 1G
    s = edit_player(s, 0, gold=0)
    s = do(s, {"type": "mines", "option": "produce"})
    s = do(s, {"type": "upgrade", "via": "extra", "slot": 0, "rotation": 0})
    [retro] = pending(s, "retro")
    s = do(s, {"type": "retro", "item": retro["id"]})
    assert s["players"][0]["gold"] == 3 + 1


def test_PRG_FORGET_03_upgrade_bonus_for_a_technology_action_too():
    s = set_turn(first_game(), seat=0)
    s = clone(s)
    s["players"][0]["upgrades"]["ROAD"] = [{"tile": "U1-11", "rot": 0, "n": False, "c": False}]  # 2VP
    s = edit_player(s, 0, techs=[{"id": "T4-3", "level": 4, "new": False}])
    s = do(s, {"type": "road", "via": "T4-3"})
    assert s["players"][0]["vp_by_source"]["upgrades"] == 2 and s["players"][0]["road"] == 1


def test_PRG_FORGET_04_special_tile_only_for_the_main_action_with_the_bonus():
    base = set_turn(first_game(), tile="AT2", actions=("QUARRIES", "BUILDING"), seat=0, extra="bought")
    base = edit_player(base, 0, gold=9, stone=9)
    moves = P.legal_moves(base, 0)
    assert not any(m["type"] == "building" and m["slot"] == 3 for m in moves)  # no bonus
    s = clone(base)
    s["turn"]["special"] = {"vp": 2, "state": "open"}
    moves = P.legal_moves(s, 0)
    assert any(m["type"] == "building" and m["slot"] == 3 and m["via"] == "main" for m in moves)
    assert not any(m["type"] == "wall" and m["slot"] == 3 for m in moves)  # the tile shows no WALL


def test_PRG_FORGET_05_level_II_not_usable_in_the_turn_gained():
    s = set_turn(first_game(), seat=0, wheel_bonus={"kind": "egg", "pay": "gold", "used": False})
    new = do(edit_player(s, 0, techs=[{"id": "T2-6", "level": 2, "new": True}]), {"type": "wheel_bonus"})
    assert new["players"][0]["vp"] == 0
    old = do(edit_player(s, 0, techs=[{"id": "T2-6", "level": 2, "new": False}]), {"type": "wheel_bonus"})
    assert old["players"][0]["vp"] == 1


def test_PRG_FORGET_06_level_III_IV_kept_for_a_later_turn():
    s = set_turn(first_game(), seat=0, main="MINES")
    s = edit_player(s, 0, techs=[{"id": "T3-3", "level": 3, "new": True}])
    s = do(s, {"type": "end_turn"})
    assert s["players"][0]["techs"] == [{"id": "T3-3", "level": 3, "new": False}]
    s = set_turn(s, seat=0)
    s = do(s, {"type": "use_tech", "tech": "T3-3"})
    assert s["players"][0]["uni"] == 4


def test_PRG_FORGET_07_complete_bridge_still_gives_iv_tile_effects():
    s = set_turn(first_game(), tile="AT3", actions=("UPGRADE", "ROAD"), seat=0)
    s = edit_player(s, 0, road=3, eggs=1)
    s["bridge"]["covered"] = [True] * 10
    s["iv_stack"] = ["IV-6", "IV-1", "IV-2"] + [t for t in s["iv_stack"] if t not in ("IV-6", "IV-1", "IV-2")]
    s = do(s, {"type": "road"})
    [item] = pending(s, "bridge")
    before = clone(s["players"][0])
    s = do(s, {"type": "bridge", "item": item["id"], "tile": "IV-6"})
    assert s["players"][0]["uni"] == before["uni"] + 3 and s["players"][0]["vp"] == before["vp"]
