"""Mines, cubes, production tokens, seals, rows, upgrades, walls, adjacency, buildings
(PRG-MINES, PRG-CUBE, PRG-PROD, PRG-SEAL, PRG-HEX, PRG-UPG, PRG-WALL, PRG-ADJ, PRG-BUILD).
Edition provisional-1."""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.praga.common import clone
from tests.engine.praga.helpers import (
    ED, do, edit_player, new_game, pending, put_tile_in_row, set_turn,
)


def base(players=2, seed=11, **turn):
    s = new_game(players, seed)
    return set_turn(s, **turn)


def me(s):
    return s["players"][s["active"]]


def test_T01_PRG_UPG_04_retroactive_upgrade_bonus_and_PRG_CUBE_02_wealth():
    s = base(wheel_bonus={"kind": "gain", "reward": ["1S"], "used": False})
    s = put_tile_in_row(s, "upgrade", 0, "U1-01")
    s = edit_player(s, s["active"], gold=2, stone=2, gw=2)
    s = do(s, {"type": "wheel_bonus"})
    s = do(s, {"type": "mines", "option": "produce"})
    assert me(s)["gold"] == 5
    s = do(s, {"type": "buy_extra", "pay": "gold"})
    s = do(s, {"type": "upgrade", "via": "extra", "slot": 0, "rotation": 0})
    [retro] = pending(s, "retro")
    declined = s
    s = do(s, {"type": "retro", "item": retro["id"]})
    p = me(s)
    assert (p["gold"], p["stone"], p["uni"], p["gw"], p["sw"]) == (6, 3, 1, 0, 0)
    assert p["eggs"] == 1 and p["cubes"] == 3 and "gold6" in p["wealth"]
    assert me(declined)["gold"] == 5 and me(declined)["cubes"] == 2
    # the retroactive bonus is optional: the turn may end without it
    assert any(m["type"] == "end_turn" for m in P.legal_moves(declined, declined["active"]))


def _mines_performed_then_two_upgrades():
    """Issue 8: Mines produced by the main action, then two Mines upgrades (extra action, T3-4)."""
    s = P.new({"first_game": True}, 2, 39)
    s = edit_player(s, s["active"], gw=2, techs=[{"id": "T3-4", "level": 3, "new": False}])
    s = put_tile_in_row(put_tile_in_row(s, "upgrade", 0, "U1-01"), "upgrade", 1, "U1-02")
    s = do(s, {"type": "take", "tile": "AT4"})
    s = do(s, {"type": "mines", "option": "produce"})
    s = do(s, {"type": "buy_extra", "pay": "gold"})
    first = do(s, {"type": "upgrade", "via": "extra", "slot": 0, "rotation": 2})
    return first, do(first, {"type": "upgrade", "via": "T3-4", "slot": 1, "rotation": 2})


def _retro_moves(s):
    return [m for m in P.legal_moves(s, s["active"]) if m["type"] == "retro"]


def test_PRG_UPG_04_05_06_one_earlier_performance_yields_one_retroactive_bonus():
    first, both = _mines_performed_then_two_upgrades()
    # both tiles offer their bonus for the one performance (old or new, PRG-UPG-06) ...
    offers = _retro_moves(both)
    assert len(offers) == 2
    for offer in offers:
        taken = do(both, offer)
        # ... but taking one uses the performance up: no second bonus (OQ-03, seed: no adding up)
        assert _retro_moves(taken) == [] and not pending(taken, "retro")
        assert (me(taken)["gold"], me(taken)["vp"]) in ((me(both)["gold"] + 1, me(both)["vp"]),
                                                         (me(both)["gold"], me(both)["vp"] + 1))
        with pytest.raises(IllegalMove):
            do(taken, dict(offer))
    # the order does not matter: the bonus taken before the second upgrade leaves none after it
    early = do(first, _retro_moves(first)[0])
    early = do(early, {"type": "upgrade", "via": "T3-4", "slot": 1, "rotation": 2})
    assert _retro_moves(early) == []


def test_PRG_UPG_04_a_game_started_under_rules_version_1_keeps_its_bonus_per_upgrade_tile():
    """Rules versions (docs/engine.md): the fix above changed what a move sequence does, so
    games started before it replay and continue as they were played."""
    first, both = _mines_performed_then_two_upgrades()
    both = dict(both, rules_version=1)
    taken = do(both, _retro_moves(both)[0])
    assert len(_retro_moves(taken)) == 1  # version 1 paid the second tile's bonus too
    assert P.new({}, 2, 39)["rules_version"] == 2
    assert P.new({}, 2, 39, rules_version=1)["rules_version"] == 1
    with pytest.raises(IllegalMove):
        P.new({}, 2, 39, rules_version=99)


def _mines_hex_with(s, tile):
    s = clone(s)
    me(s)["upgrades"]["MINES"] = [{"tile": tile, "rot": 0, "n": False, "c": False}]
    return s


def test_T02_PRG_UPG_06_overbuilt_this_turn_old_or_new_bonus():
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"), extra="bought")
    s = _mines_hex_with(put_tile_in_row(s, "upgrade", 1, "U1-01"), "U1-02")
    a = do(s, {"type": "upgrade", "slot": 1, "rotation": 0})
    with pytest.raises(IllegalMove):
        do(a, {"type": "mines", "via": "extra", "option": "produce"})
    old = do(a, {"type": "mines", "via": "extra", "option": "produce", "bonus": "old"})
    new = do(a, {"type": "mines", "via": "extra", "option": "produce", "bonus": "new"})
    assert me(old)["vp"] == me(a)["vp"] + 1 and me(old)["gold"] == me(a)["gold"] + 3
    assert me(new)["vp"] == me(a)["vp"] and me(new)["gold"] == me(a)["gold"] + 4
    assert me(a)["uni"] == 1
    # order B: Mines first (old bonus 1 VP), then the overbuild: no retroactive bonus
    b = do(s, {"type": "mines", "via": "extra", "option": "produce"})
    assert me(b)["vp"] == 1
    b = do(b, {"type": "upgrade", "slot": 1, "rotation": 0})
    assert not pending(b, "retro")


def test_PRG_UPG_08_upgrade_on_the_upgrade_hex_does_not_pay_itself():
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = put_tile_in_row(s, "upgrade", 0, "U1-05")  # UPGRADE hex, centre 2 VP
    s = do(s, {"type": "upgrade", "slot": 0, "rotation": 0})
    assert not pending(s, "retro") and me(s)["vp_by_source"].get("upgrades") is None


def test_PRG_UPG_02_university_steps_by_era():
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = put_tile_in_row(s, "upgrade", 0, "U2-02")
    s = do(s, {"type": "upgrade", "slot": 0, "rotation": 0})
    assert me(s)["uni"] == 2


def test_PRG_UPG_03_bonus_on_every_performance():
    s = _mines_hex_with(base(extra="bought"), "U1-01")
    s = edit_player(s, s["active"], gold=0)
    s = do(s, {"type": "mines", "option": "produce"})
    s = do(s, {"type": "mines", "via": "extra", "option": "produce"})
    assert me(s)["gold"] == 2 * (3 + 1)


def test_PRG_UPG_07_bonus_helps_to_pay_the_action():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = clone(s)
    me(s)["upgrades"]["BUILDING"] = [{"tile": "U1-08", "rot": 0, "n": False, "c": False}]  # centre 1G
    s = put_tile_in_row(s, "building", 0, "B1-02")  # 2 gold
    s = edit_player(s, s["active"], gold=1)
    moves = [m for m in P.legal_moves(s, s["active"]) if m["type"] == "building" and m["slot"] == 0]
    new_town = [m for m in moves if ED.CITY["sites"] and m["site"].startswith(("PL07", "PL08", "PL09", "PL10"))]
    assert new_town
    after = do(s, new_town[0])
    assert me(after)["gold"] == 0


def test_T04_PRG_ADJ_08_overbuilt_upgrade_gets_no_second_neighbour_bonus():
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = clone(s)
    me(s)["walls"] = {"2,-2": {"tile": "W1-02", "rot": 3, "n": False, "c": False},
                      "2,-1": {"tile": "W1-03", "rot": 4, "n": False, "c": False}}
    s = put_tile_in_row(s, "upgrade", 0, "U1-01")
    a = do(s, {"type": "upgrade", "slot": 0, "rotation": 0})
    assert me(a)["sw"] == 1 and me(a)["tech"] == 1  # PRG-ADJ-02: both bonuses
    # next turn: U1-02 with its symbol facing W1-03 -> no bonus (Yucata simplification)
    b = set_turn(a, tile="AT6", actions=("UPGRADE", "ROAD"), seat=a["active"])
    b["turn"]["pending"] = []
    b = put_tile_in_row(b, "upgrade", 0, "U1-02")
    before = me(b)
    b = do(b, {"type": "upgrade", "slot": 0, "rotation": 1})
    assert me(b)["tech"] == before["tech"] and me(b)["vp"] == before["vp"] and me(b)["uni"] == before["uni"] + 1
    # control: U1-01 placed without a bonus first -> the overbuild pays 1T + 1VP
    c = do(s, {"type": "upgrade", "slot": 0, "rotation": 2})
    assert me(c)["sw"] == 0 and me(c)["tech"] == 0
    c = set_turn(c, tile="AT6", actions=("UPGRADE", "ROAD"), seat=c["active"])
    c = put_tile_in_row(c, "upgrade", 0, "U1-02")
    c = do(c, {"type": "upgrade", "slot": 0, "rotation": 1})
    assert me(c)["tech"] == 1 and me(c)["vp_by_source"]["adjacency"] == 1


def test_PRG_ADJ_04_red_corners_give_markers():
    # W1-02: red corner 2. At (0,2) rotation 0 its corner 2... use the printed corner of the WALL hex:
    # corner 4 of (0,1) = corner 0 of (-1,2); a wall at (-1,2) with its red corner turned to corner 0.
    s = base(tile="AT1", actions=("MINES", "WALL"))
    s = put_tile_in_row(s, "wall", 0, "W1-02")
    s = edit_player(s, s["active"], stone=5)
    after = do(s, {"type": "wall", "slot": 0, "position": [-1, 2], "rotation": 4})  # corner 2 -> 0
    assert me(after)["rm"] == 1
    after = do(s, {"type": "wall", "slot": 0, "position": [-1, 2], "rotation": 0})
    assert me(after)["rm"] == 0


def test_PRG_WALL_01_unaffordable_wall_refused_PRG_WALL_03_positions():
    s = base()
    s = put_tile_in_row(s, "wall", 0, "W1-04")  # 3 stone
    s = edit_player(s, s["active"], stone=2)
    with pytest.raises(IllegalMove):
        do(s, {"type": "wall", "slot": 0, "position": [2, -2], "rotation": 0})
    s = edit_player(s, s["active"], stone=3)
    with pytest.raises(IllegalMove):
        do(s, {"type": "wall", "slot": 0, "position": [3, -3], "rotation": 0})
    after = do(s, {"type": "wall", "slot": 0, "position": [2, -2], "rotation": 0})
    assert me(after)["vp"] == 3 and pending(after, "side")  # PRG-WALL-02, PRG-WALL-05


def test_PRG_MINES_02_increase_or_produce_PRG_MINES_04_not_at_last_space():
    s = base()
    a = do(s, {"type": "mines", "option": "increase"})
    assert me(a)["mines"] == 5 and me(a)["gold"] == 3
    s = edit_player(s, s["active"], mines=9)
    with pytest.raises(IllegalMove):
        do(s, {"type": "mines", "option": "increase"})


def test_T17_PRG_GEN_03_cap_and_two_wealth_bonuses():
    s = base()
    s = edit_player(s, s["active"], gold=5, mines=7)
    s = do(s, {"type": "mines", "option": "produce"})
    p = me(s)
    assert p["gold"] == 9 and p["vp"] == 1 and p["eggs"] == 1 and p["gw"] == 1 and p["cubes"] == 4


def test_PRG_MINES_06_token_and_PRG_PROD_02_token_in_production():
    s = base()
    s = edit_player(s, s["active"], mines=5)
    s = do(s, {"type": "mines", "option": "increase"})
    [item] = pending(s, "token")
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    s = do(s, {"type": "token", "item": item["id"], "token": "PT-2VP-a"})
    assert me(s)["tokens"]["mines"] == "PT-2VP-a" and "PT-2VP-a" not in s["river"]
    s = set_turn(s, seat=s["active"])
    s = do(s, {"type": "mines", "option": "produce"})
    assert me(s)["vp_by_source"]["production"] == 2 + 1  # token + printed 1VP on space 5


def test_PRG_PROD_04_empty_river_gives_nothing():
    s = base()
    s["river"] = []
    s = edit_player(s, s["active"], mines=5)
    s = do(s, {"type": "mines", "option": "increase"})
    assert not pending(s, "token")


def test_PRG_MINES_07_PRG_SEAL_02_03_seal_right_and_claim():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = edit_player(s, s["active"], quarries=7, sw=2)
    s = do(s, {"type": "quarries", "option": "increase"})
    assert me(s)["seal_rights"] == 1
    a = do(s, {"type": "seal", "seal": "SEAL-STONE"})
    assert me(a)["seals"] == ["SEAL-STONE"] and me(a)["cubes"] == 1 and me(a)["sw"] == 0
    assert a["seals"]["SEAL-STONE"] == a["active"]
    with pytest.raises(IllegalMove):
        do(a, {"type": "seal", "seal": "SEAL-6"})  # no right left
    taken = clone(s)
    taken["seals"]["SEAL-6"] = 1 - s["active"]
    with pytest.raises(IllegalMove, match="already claimed"):  # PRG-SEAL-03: one claimant per seal
        do(taken, {"type": "seal", "seal": "SEAL-6"})


def test_T11_PRG_BUILD_06_07_limited_cubes():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = put_tile_in_row(s, "building", 0, "B1-02")
    s = edit_player(s, s["active"], gold=5, cubes=0)
    with pytest.raises(IllegalMove, match="no available cube"):
        do(s, {"type": "building", "slot": 0, "site": "PL09-E", "rotation": 0, "cube": True})
    a = do(s, {"type": "building", "slot": 0, "site": "PL09-E", "rotation": 0, "cube": False})
    assert me(a)["vp"] == 2 and a["city"]["PL09-E"]["cube"] is False  # reward only
    # no cube space: 1 VP per building at the plaza, the new one included
    s2 = clone(s)
    s2["city"]["PL09-E"] = {"tile": "B1-13", "rot": 0, "owner": 1 - s["active"], "cube": False, "spent": 3}
    s2["city"]["PL09-SW"] = {"tile": "B1-12", "rot": 0, "owner": 1 - s["active"], "cube": False, "spent": 2}
    s2 = put_tile_in_row(s2, "building", 0, "B1-06")
    b = do(s2, {"type": "building", "slot": 0, "site": "PL09-W", "rotation": 0, "cube": False})
    assert me(b)["vp_by_source"]["buildings"] == 4 and me(b)["uni"] == 2
    assert b["plazas"]["PL09"]["scored"] and not pending(b, "plaza")  # scored, nobody entitled


def test_T11_seal_needs_an_available_cube():
    s = base()
    s = edit_player(s, s["active"], seal_rights=1, cubes=0)
    with pytest.raises(IllegalMove):
        do(s, {"type": "seal", "seal": "SEAL-6"})


def test_PRG_BUILD_01_old_town_extra_gold_and_site_VP_PRG_BUILD_02_sites():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = put_tile_in_row(s, "building", 0, "B1-02")
    s = edit_player(s, s["active"], gold=3)
    with pytest.raises(IllegalMove):
        do(s, {"type": "building", "slot": 0, "site": "PL01-NE", "rotation": 0, "cube": False})  # 2+2
    a = do(s, {"type": "building", "slot": 0, "site": "PL01-E", "rotation": 0, "cube": True})  # 2+1
    assert me(a)["gold"] == 0 and me(a)["vp"] == 2 + 2
    with pytest.raises(IllegalMove):
        do(s, {"type": "building", "slot": 0, "site": "PL05-E", "rotation": 0, "cube": False})  # not in play
    with pytest.raises(IllegalMove):
        do(s, {"type": "building", "slot": 0, "site": "PL03-E", "rotation": 0, "cube": False})  # pre-filled


def test_PRG_ADJ_05_blue_corner_meets_printed_corner():
    # PL01-E has a printed blue corner 4; B1-04 has blue corner 1 -> rotation 3
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = put_tile_in_row(s, "building", 0, "B1-04")
    s = edit_player(s, s["active"], gold=9)
    a = do(s, {"type": "building", "slot": 0, "site": "PL01-E", "rotation": 3, "cube": False})
    assert me(a)["bm"] == 1
    b = do(s, {"type": "building", "slot": 0, "site": "PL01-E", "rotation": 0, "cube": False})
    assert me(b)["bm"] == 0


def test_T18_PRG_HEX_06_refresh_a_row():
    s = new_game(2, 12)
    seat = s["active"]
    row = list(s["rows"]["wall"])
    a = do(s, {"type": "refresh", "row": "wall", "slots": [3, 0], "pay": "stone"})
    assert a["players"][seat]["stone"] == 1
    assert a["stacks"]["wall-1-special"][-1] == row[3] and a["stacks"]["wall-1-normal"][-1] == row[0]
    assert a["rows"]["wall"][3] not in (None, row[3]) and a["rows"]["wall"][1:3] == row[1:3]
    assert a["undo"] is None  # new tiles were revealed: barrier
    with pytest.raises(IllegalMove):
        do(a, {"type": "refresh", "row": "upgrade", "slots": [0, 1], "pay": "gold"})


def test_PRG_HEX_04_refill_on_request_or_at_the_end():
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = do(s, {"type": "upgrade", "slot": 0, "rotation": 0})
    assert s["rows"]["upgrade"][0] is None and s["turn"]["refill"] == [["upgrade", 0]]
    a = do(s, {"type": "refill", "row": "upgrade"})
    assert a["rows"]["upgrade"][0] is not None and a["undo"] is None
    b = do(s, {"type": "end_turn"})
    assert b["rows"]["upgrade"][0] is not None


def test_PRG_HEX_03_special_tile_needs_the_wheel_bonus():
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    with pytest.raises(IllegalMove):
        do(s, {"type": "upgrade", "slot": 3, "rotation": 0})
    s["turn"]["special"] = {"vp": 2, "state": "open"}
    do(s, {"type": "upgrade", "slot": 3, "rotation": 0})


def test_PRG_HEX_05_empty_stack_leaves_the_slot_empty():
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s["stacks"]["upgrade-1-normal"] = []
    s = do(s, {"type": "upgrade", "slot": 0, "rotation": 0})
    s = do(s, {"type": "refill", "row": "upgrade"})
    assert s["rows"]["upgrade"][0] is None
