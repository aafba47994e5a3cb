"""Action crane, turn structure, windows, extra action (PRG-WHEEL, PRG-TURN, PRG-WINDOW, PRG-EXTRA,
PRG-ROUND, PRG-SOLO). Edition provisional-1 unless marked [mechanics]."""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.praga.common import Ctx, clone
from engine.praga.wheel import return_tile, tile_positions
from tests.engine.praga.helpers import (
    add_item, complete_turn, do, edit_player, new_game, set_turn,
)


def first_game(players=2, seed=3):
    return new_game(players, seed, first_game=True)


def test_PRG_SETUP_10_first_game_tiles_from_p0_skipping_the_box():
    s = first_game()
    assert s["wheel"]["offset"] == 9
    assert tile_positions(s["wheel"]) == {"AT1": 0, "AT2": 1, "AT3": 2, "AT4": 3, "AT5": 4, "AT6": 5}
    assert s["wheel"]["at"]["AT1"] == 3


def test_PRG_WHEEL_05_red_zone_cost_must_be_paid():
    s = edit_player(first_game(), 0, gold=1)
    s["active"] = 0
    s["turn"]["seat"] = 0
    with pytest.raises(IllegalMove):
        do(s, {"type": "take", "tile": "AT1"})  # p0 costs 2 gold
    after = do(s, {"type": "take", "tile": "AT4"})  # p3 costs 1 gold
    assert after["players"][0]["gold"] == 0
    assert {"type": "take", "tile": "AT1"} not in P.legal_moves(s, 0)


def _state_with_tile_at(position, tile="AT1", players=2, seat_gold=2):
    s = clone(first_game(players))
    s["active"] = s["turn"]["seat"] = 0
    w = s["wheel"]
    # free the target position
    for t, n in list(w["at"].items()):
        if (w["offset"] + n) % 12 == position:
            w["at"][t] = next(k for k in range(1, 12) if k not in w["at"].values() and (w["offset"] + k) % 12 > 5)
    w["at"][tile] = (position - w["offset"]) % 12
    s["players"][0]["gold"] = seat_gold
    return s


def test_PRG_WHEEL_06_blue_zone_gives_points_green_nothing():
    s = _state_with_tile_at(10)  # p10 = +3 VP (provisional values)
    after = do(s, {"type": "take", "tile": "AT1"})
    assert after["players"][0]["vp"] == 3
    assert after["players"][0]["vp_by_source"]["wheel"] == 3
    s = _state_with_tile_at(6)
    after = do(s, {"type": "take", "tile": "AT1"})
    assert after["players"][0]["vp"] == 0 and after["players"][0]["gold"] == 2


def test_PRG_WHEEL_07_PRG_WHEEL_08_bonus_is_granted_and_may_be_used_later():
    # notch 6 = pay 1 gold for 1 egg; put AT1 there (offset 9 -> p3, red 1 gold)
    s = _state_with_tile_at(3, seat_gold=1)
    assert (s["wheel"]["offset"] + 6) % 12 == 3
    after = do(s, {"type": "take", "tile": "AT1"})
    assert after["players"][0]["gold"] == 0
    assert {"type": "wheel_bonus"} not in P.legal_moves(after, 0)
    with pytest.raises(IllegalMove):
        do(after, {"type": "wheel_bonus"})
    after = do(after, {"type": "mines", "option": "produce"})  # +3 gold
    after = do(after, {"type": "wheel_bonus"})
    assert after["players"][0]["eggs"] == 1 and after["players"][0]["gold"] == 2


def test_PRG_TURN_08_egg_purchase_lapses_PRG_TURN_09_gains_are_automatic():
    s = _state_with_tile_at(3, seat_gold=1)
    after = do(s, {"type": "take", "tile": "AT1"})
    after = do(after, {"type": "mines", "option": "produce"})
    after = do(after, {"type": "end_turn"})
    assert after["players"][0]["eggs"] == 0
    # notch 3 = gain 1 gold: unused, applied at the end of the turn
    s = set_turn(first_game(), wheel_bonus={"kind": "gain", "reward": ["1G"], "used": False}, main="MINES", seat=0)
    gold = s["players"][0]["gold"]
    after = do(s, {"type": "end_turn"})
    assert after["players"][0]["gold"] == gold + 1


def test_PRG_WHEEL_10_special_bonus_only_for_main_action_and_becomes_VP():
    s = set_turn(first_game(), tile="AT2", actions=("QUARRIES", "BUILDING"), seat=0,
                 special={"vp": 2, "state": "open"}, extra="bought")
    s = edit_player(s, 0, gold=9, stone=9)
    moves = P.legal_moves(s, 0)
    assert any(m["type"] == "building" and m["slot"] == 3 and m["via"] == "main" for m in moves)
    assert not any(m["type"] == "building" and m["slot"] == 3 and m["via"] == "extra" for m in moves)
    site = next(m["site"] for m in moves if m["type"] == "building")
    with pytest.raises(IllegalMove):
        do(s, {"type": "building", "via": "extra", "slot": 3, "site": site, "rotation": 0, "cube": False})
    # main Quarries, no special used: 2 VP at the end of the turn automatically
    after = do(s, {"type": "quarries", "option": "produce"})
    after = do(after, {"type": "end_turn"})
    assert after["players"][0]["vp_by_source"].get("wheel") == 2
    # the special building taken by the main action: no VP from the bonus
    after = do(s, {"type": "building", "via": "main", "slot": 3, "site": site, "rotation": 0, "cube": False})
    assert after["turn"]["special"]["state"] == "used"
    after = complete_turn(after)
    assert "wheel" not in after["players"][0]["vp_by_source"]


def test_T12_T1_1_gives_one_more_VP_at_most_once_per_turn():
    s = _state_with_tile_at(10)  # AT1 at p10: notch (10 - 9) = 1, special bonus
    s["players"][0]["techs"] = [{"id": "T1-1", "level": 1, "new": False}]
    after = do(s, {"type": "take", "tile": "AT1"})
    assert after["players"][0]["vp"] == 4
    after = do(after, {"type": "special_vp"})
    assert after["players"][0]["vp"] == 6


def test_PRG_WHEEL_11_token_replaces_zone_VP_red_cost_still_due():
    s = _state_with_tile_at(1, seat_gold=2)
    s["wheel"]["token"] = "AT1"
    after = do(s, {"type": "take", "tile": "AT1"})
    p = after["players"][0]
    assert p["gold"] == 0 and p["vp"] == 5 and after["wheel"]["token"] is None


def _wheel_state(offset, positions):
    s = clone(first_game())
    s["wheel"] = {"offset": offset, "at": {t: (p - offset) % 12 for t, p in positions.items()}, "token": None}
    return s


def test_T06_PRG_WHEEL_12_14_15_tile_beyond_blue_zone_goes_to_first_free_red_when_green_full():
    s = _wheel_state(8, {"AT2": 11, "AT3": 3, "AT4": 4, "AT5": 5, "AT6": 6})
    ctx = Ctx(s)
    return_tile(ctx, "AT1")
    w = ctx.s["wheel"]
    assert w["offset"] == 9
    assert tile_positions(w) == {"AT1": 0, "AT2": 1, "AT3": 4, "AT4": 5, "AT5": 6, "AT6": 7}
    assert w["token"] == "AT2"
    # variant: C (AT4) taken instead, X (AT1) stays at p7 -> green p5 is free
    s = _wheel_state(8, {"AT1": 7, "AT2": 11, "AT3": 3, "AT5": 5, "AT6": 6})
    ctx = Ctx(s)
    return_tile(ctx, "AT4")
    assert tile_positions(ctx.s["wheel"])["AT2"] == 5 and ctx.s["wheel"]["token"] == "AT2"


def test_T07_PRG_WHEEL_13_the_wheel_skips_the_blocked_notch():
    s = first_game()
    start = s["active"]
    s = do(s, {"type": "take", "tile": "AT4"})
    s = complete_turn(s)
    assert s["wheel"]["offset"] == 10 and tile_positions(s["wheel"])["AT4"] == 0
    assert s["wheel"]["at"]["AT4"] == 2
    s = do(s, {"type": "take", "tile": "AT6"})
    s = complete_turn(s)
    assert s["wheel"]["offset"] == 11 and s["wheel"]["at"]["AT6"] == 1
    assert s["active"] == start
    s = do(s, {"type": "take", "tile": "AT5"})
    s = complete_turn(s)
    assert s["wheel"]["offset"] == 1
    assert tile_positions(s["wheel"]) == {"AT5": 0, "AT6": 2, "AT4": 3, "AT1": 4, "AT2": 5, "AT3": 6}


def test_PRG_WHEEL_13_offsets_over_eleven_turns():
    s = first_game()
    offsets = []
    for _ in range(33):
        ctx = Ctx(s)
        tid = sorted(ctx.s["wheel"]["at"])[0]
        del ctx.w("wheel")["at"][tid]
        return_tile(ctx, tid)
        s = ctx.s
        offsets.append(s["wheel"]["offset"])
    assert offsets[:11] == [10, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert offsets[9] == offsets[20] == offsets[31] == 8
    assert offsets[15] == 3


def test_PRG_TURN_03_end_turn_needs_a_tile_and_the_main_action():
    s = first_game()
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    s = do(s, {"type": "take", "tile": "AT4"})
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    assert not any(m["type"] == "end_turn" for m in P.legal_moves(s, s["active"]))


def test_PRG_TURN_07_mandatory_pending_blocks_the_end():
    s = set_turn(first_game(), main="MINES")
    s, _ = add_item(s, {"kind": "side", "structure": "hw", "optional": False})
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    s2, _ = add_item(set_turn(first_game(), main="MINES"), {"kind": "side", "structure": "hw", "optional": True})
    do(s2, {"type": "end_turn"})


def test_PRG_WINDOW_03_keep_two_windows_named_by_the_end_turn_move():
    s = set_turn(first_game(), main="MINES")
    s = edit_player(s, s["active"], sw=2, gw=2)
    ends = [m for m in P.legal_moves(s, s["active"]) if m["type"] == "end_turn"]
    assert {"type": "end_turn", "keep": {"sw": 1, "gw": 1}} in ends and len(ends) == 3
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    seat = s["active"]
    after = do(s, {"type": "end_turn", "keep": {"sw": 0, "gw": 2}})
    assert (after["players"][seat]["sw"], after["players"][seat]["gw"]) == (0, 2)


def test_PRG_EXTRA_01_extra_action_once_per_turn_and_PRG_WHEEL_16_no_wheel_effect():
    s = set_turn(first_game())
    seat = s["active"]
    s = edit_player(s, seat, gw=3, sw=1)
    offset = s["wheel"]["offset"]
    s = do(s, {"type": "buy_extra", "pay": "mixed"})
    with pytest.raises(IllegalMove):
        do(s, {"type": "buy_extra", "pay": "mixed"})
    s = do(s, {"type": "quarries", "via": "extra", "option": "produce"})
    assert s["wheel"]["offset"] == offset and s["players"][seat]["gw"] == 2
    with pytest.raises(IllegalMove):
        do(s, {"type": "quarries", "via": "extra", "option": "produce"})


def test_T20_PRG_TURN_04_any_order_inside_the_turn():
    s = edit_player(first_game(), 0, gold=0, gw=1, sw=1)
    s["active"] = s["turn"]["seat"] = 0
    with pytest.raises(IllegalMove):
        do(s, {"type": "take", "tile": "AT1"})
    s = do(s, {"type": "buy_extra", "pay": "mixed"})
    s = do(s, {"type": "mines", "via": "extra", "option": "produce"})
    assert s["players"][0]["gold"] == 3
    s = do(s, {"type": "take", "tile": "AT1"})
    assert s["players"][0]["gold"] == 1


def _play_until(state, predicate, limit=400):
    for _ in range(limit):
        if predicate(state):
            return state
        state = complete_turn(state if state["turn"]["tile"] else _take_any(state))
    raise AssertionError("not reached")


def _take_any(state):
    takes = [m for m in P.legal_moves(state, state["active"]) if m["type"] == "take"]
    return do(state, takes[-1])


@pytest.mark.parametrize("players,turn", [(1, 16), (2, 16), (3, 26), (4, 31)])
def test_T05_PRG_ROUND_03_era_change_moment(players, turn):
    from tests.engine.praga.helpers import ED

    s = new_game(players, 5)
    seen = set()
    while s["phase"] != "over":
        assert s["era"] == (1 if s["turn_no"] < turn else 2), (s["turn_no"], s["era"])
        if s["era"] == 2 and s["turn_no"] == turn:
            seen.add(turn)
            for row in s["rows"].values():
                assert all(t is None or ED.TILES[t]["era"] == 2 for t in row)
        s = complete_turn(_take_any(s))
    if players > 1:
        assert turn in seen


def test_PRG_ROUND_05_three_players_do_not_switch_after_round_8():
    s = new_game(3, 6)
    s = _play_until(s, lambda st: st["turn_no"] >= 24)
    assert s["era"] == 1


def test_PRG_ROUND_01_game_lasts_16_rounds_and_solo_bot_plays_every_second_turn():
    s = new_game(1, 2, solo_mode="dummy")
    s = _play_until(s, lambda st: st["phase"] == "over", limit=40)
    assert s["turn_no"] == 32 and s["players"][0]["turns"] == 16


def test_PRG_SOLO_02_dummy_takes_the_tile_furthest_forward():
    s = set_turn(new_game(1, 4, solo_mode="dummy"), main="MINES")
    pos = tile_positions(s["wheel"])
    furthest = max(pos, key=pos.get)
    after = do(s, {"type": "end_turn"})
    # the dummy's tile is the one put to p0 last
    assert tile_positions(after["wheel"])[furthest] == 0


def test_PRG_WHEEL_17_bot_removes_the_token_without_scoring():
    s = set_turn(new_game(1, 4, solo_mode="dummy"), main="MINES")
    pos = tile_positions(s["wheel"])
    furthest = max(pos, key=pos.get)
    s["wheel"]["token"] = furthest
    after = do(s, {"type": "end_turn"})
    assert after["wheel"]["token"] is None


def test_OQ_55_PRG_TURN_01_no_completable_main_action_lets_the_turn_end():
    s = new_game(2, 13, action_side="B")
    s = set_turn(s, tile="AT3", actions=("WALL", "ROAD"))
    s = edit_player(s, s["active"], stone=0, gold=0, road=5)
    assert not any(m.get("via") == "main" for m in P.legal_moves(s, s["active"]))
    do(s, {"type": "end_turn"})
    s = edit_player(s, s["active"], road=2)
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})


def test_PRG_PLAZA_08_deferred_rewards_in_scoring_order():
    s = set_turn(first_game(), seat=0)
    s["turn"]["pending"] = [
        {"kind": "plaza", "plaza": "PL01", "both": True, "deferred": True, "id": 1},
        {"kind": "plaza", "plaza": "PL02", "both": True, "deferred": True, "id": 2},
    ]
    s["turn"]["next_id"] = 3
    assert [m["item"] for m in P.legal_moves(s, 0)] == [1]
    with pytest.raises(IllegalMove):
        do(s, {"type": "plaza_reward", "item": 2})
    s = do(s, {"type": "plaza_reward", "item": 1})
    assert [m["item"] for m in P.legal_moves(s, 0) if m["type"] == "plaza_reward"] == [2]
