"""Plazas, King's Road and bridge, technologies, University, Hunger Wall and Cathedral
(PRG-PLAZA, PRG-ROAD, PRG-BRIDGE, PRG-TECH, PRG-UNI, PRG-WALLCATH). Edition provisional-1."""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.praga.bridge import plank_spaces
from engine.praga.common import clone
from tests.engine.praga.helpers import (
    add_item, complete_turn, do, edit_player, new_game, pending, put_tile_in_row, set_turn,
)


def me(s):
    return s["players"][s["active"]]


def _plaza_game(spent_b_second="B1-05"):
    s = new_game(4, 21)
    c = s["active"]
    a, b = (c + 1) % 4, (c + 2) % 4
    s = set_turn(s, tile="AT2", actions=("QUARRIES", "BUILDING"))
    s["plazas"]["PL08"] = {"tile": "P03", "side": "a", "scored": False}
    city = s["city"]
    city["PL08-NE"] = {"tile": "B1-02", "rot": 0, "owner": a, "cube": True, "spent": 2}
    city["PL08-E"] = {"tile": "B1-11", "rot": 0, "owner": a, "cube": True, "spent": 4}
    city["PL08-SW"] = {"tile": "B1-01", "rot": 0, "owner": b, "cube": True, "spent": 4}
    second = {"B1-05": 3, "B1-07": 2}[spent_b_second]
    city["PL08-W"] = {"tile": spent_b_second, "rot": 0, "owner": b, "cube": True, "spent": second}
    for seat in (a, b):
        s["players"][seat]["cubes"] = 0
    s = put_tile_in_row(s, "building", 0, "B1-04")
    s = edit_player(s, c, gold=3)
    return s, a, b, c


def test_T03_PRG_PLAZA_04_05_07_08_tie_broken_by_money_spent():
    s, a, b, c = _plaza_game()
    s = do(s, {"type": "building", "slot": 0, "site": "PL08-NW", "rotation": 0, "cube": True})
    assert s["plazas"]["PL08"]["scored"]
    assert s["deferred"] == {str(a): [{"plaza": "PL08", "both": False}], str(b): [{"plaza": "PL08", "both": True}]}
    [item] = pending(s, "plaza")
    assert item["both"] is False
    assert [s["players"][x]["cubes"] for x in (a, b, c)] == [2, 2, 2]
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    with pytest.raises(IllegalMove):
        do(s, {"type": "plaza_reward", "item": item["id"]})
    s = do(s, {"type": "plaza_reward", "item": item["id"], "choice": 1})
    assert me(s)["stone"] == 2 + 2
    s = do(s, {"type": "end_turn"})
    assert s["active"] == a  # PRG-TURN-06: A resolves the deferred reward first
    moves = P.legal_moves(s, a)
    assert {m["type"] for m in moves} == {"plaza_reward"}
    with pytest.raises(IllegalMove):
        do(s, {"type": "take", "tile": sorted(s["wheel"]["at"])[0]})
    s = do(s, {"type": "plaza_reward", "item": moves[0]["item"], "choice": 0})
    assert s["players"][a]["gold"] == 2 + 2


def test_T03_PRG_PLAZA_06_full_tie_both_get_both():
    s, a, b, c = _plaza_game("B1-07")
    s = do(s, {"type": "building", "slot": 0, "site": "PL08-NW", "rotation": 0, "cube": True})
    assert s["deferred"][str(a)][0]["both"] and s["deferred"][str(b)][0]["both"]
    assert not pending(s, "plaza")[0]["both"]


def test_PRG_PLAZA_03_no_cube_no_reward():
    s, a, b, c = _plaza_game()
    s = do(s, {"type": "building", "slot": 0, "site": "PL08-NW", "rotation": 0, "cube": False})
    assert not pending(s, "plaza")


def test_T09_PRG_PLAZA_09_bonus_only_turn_after_the_last_round():
    s = new_game(2, 31)
    p1, p2 = s["order"]
    s = set_turn(s, tile="AT2", actions=("QUARRIES", "BUILDING"), seat=p2)
    s["turn_no"] = 31
    s["players"][p1]["turns"] = 16
    s["players"][p2]["turns"] = 15
    s["plazas"]["PL01"] = {"tile": "P02", "side": "b", "scored": False}  # top: 1T · 1SW
    s["city"]["PL01-NE"] = {"tile": "B1-02", "rot": 0, "owner": p1, "cube": True, "spent": 9}
    s["city"]["PL01-E"] = {"tile": "B1-13", "rot": 0, "owner": p2, "cube": False, "spent": 4}
    s["city"]["PL01-W"] = {"tile": "B1-12", "rot": 0, "owner": None, "cube": False, "spent": 0}
    s = put_tile_in_row(s, "building", 0, "B1-02")
    s = edit_player(s, p2, gold=4)
    s = do(s, {"type": "building", "slot": 0, "site": "PL01-NW", "rotation": 0, "cube": True})
    [own] = pending(s, "plaza")
    s = do(s, {"type": "plaza_reward", "item": own["id"], "choice": 1})
    s = complete_turn(s)
    assert s["phase"] == "bonus" and P.to_act(s) == {p1} and s["turn"]["bonus_only"]
    refused = [{"type": "buy_extra", "pay": "gold"}, {"type": "climb", "structure": "hw"},
               {"type": "refresh", "row": "wall", "slots": [0, 1], "pay": "gold"},
               {"type": "seal", "seal": "SEAL-6"}, {"type": "use_tech", "tech": "T3-3"},
               {"type": "take", "tile": "AT1"}, {"type": "end_turn"}]
    s = edit_player(s, p1, gw=2, sw=2, seal_rights=1, techs=[{"id": "T3-3", "level": 3, "new": False}])
    for m in refused:
        with pytest.raises(IllegalMove):
            do(s, m)
    moves = P.legal_moves(s, p1)
    assert {m["type"] for m in moves} == {"plaza_reward"} and all("choice" not in m for m in moves)
    s = do(s, moves[0])
    # 1T reaches the level I technology space: the choice belongs to the bonus turn
    assert {m["type"] for m in P.legal_moves(s, p1)} == {"tech"}
    s = do(s, P.legal_moves(s, p1)[0])
    s = do(s, {"type": "end_turn"})
    assert s["phase"] == "over" and P.outcome(s)["winner"] in (p1, p2)


def road_state(pawn=0, eggs=0, **options):
    s = new_game(2, 41, **options)
    s = set_turn(s, tile="AT3", actions=("UPGRADE", "ROAD"), extra="bought")
    return edit_player(s, s["active"], road=pawn, eggs=eggs)


def test_PRG_ROAD_03_free_effect_and_optional_egg_effect():
    s = do(road_state(eggs=1), {"type": "road"})
    [free] = pending(s, "road_free")
    [egg] = pending(s, "road_egg")
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    s = do(s, {"type": "road_effect", "item": free["id"]})
    [choice] = pending(s, "choice")
    s = do(s, {"type": "choose", "item": choice["id"], "option": 1})  # 2 stone
    assert me(s)["stone"] == 4
    s2 = do(s, {"type": "road_effect", "item": egg["id"]})
    assert me(s2)["eggs"] == 0
    s = do(s, {"type": "end_turn"})  # the egg effect lapses


def test_T19_PRG_ROAD_04_deferred_road_effect_counts_later_upgrade():
    s = road_state(pawn=2)
    s = clone(s)
    me(s)["upgrades"]["WALL"] = [{"tile": "U1-06", "rot": 0, "n": False, "c": False}]
    s = do(s, {"type": "road"})
    s = put_tile_in_row(s, "upgrade", 0, "U1-07")
    s = do(s, {"type": "upgrade", "via": "extra", "slot": 0, "rotation": 0})
    [free] = pending(s, "road_free")
    s = do(s, {"type": "road_effect", "item": free["id"]})
    assert me(s)["vp_by_source"]["road"] == 6


def test_T19_KRV_II_side_a_counts_windows_held_when_resolved():
    s = road_state(pawn=1, road_II="a")
    s = edit_player(s, s["active"], sw=1)
    s["turn"]["wheel_bonus"] = {"kind": "gain", "reward": ["1SW"], "used": False}
    s = do(s, {"type": "road"})
    s = do(s, {"type": "wheel_bonus"})
    [free] = pending(s, "road_free")
    s = do(s, {"type": "road_effect", "item": free["id"]})
    assert me(s)["vp"] == 4 and me(s)["sw"] == 2


def test_PRG_ROAD_07_side_b_is_ongoing_while_the_pawn_stands_there():
    s = road_state(pawn=1, road_II="b", eggs=0)
    s = do(s, {"type": "road"})
    assert not pending(s, "road_free")
    s = put_tile_in_row(s, "wall", 0, "W1-11")  # 1 stone, 1 VP
    s = edit_player(s, s["active"], stone=3)
    s = do(s, {"type": "wall", "via": "extra", "slot": 0, "position": [2, -2], "rotation": 0})
    assert me(s)["vp_by_source"]["road"] == 2


def test_PRG_ROAD_05_bridge_needs_an_egg_PRG_BRIDGE_02_draw_three_keep_one():
    s = road_state(pawn=3, eggs=0)
    with pytest.raises(IllegalMove):
        do(s, {"type": "road"})
    s = edit_player(s, s["active"], eggs=1)
    stack = list(s["iv_stack"])
    s = do(s, {"type": "road"})
    assert s["undo"] is None and me(s)["eggs"] == 0 and me(s)["road"] == 4
    [item] = pending(s, "bridge")
    assert item["drawn"] == stack[:3]
    tile = item["drawn"][0]
    with pytest.raises(IllegalMove):
        do(s, {"type": "bridge", "item": item["id"], "tile": tile, "space": 1})
    s = do(s, {"type": "bridge", "item": item["id"], "tile": tile, "space": 0})
    assert s["bridge"]["covered"][:2] == [True, True] and s["iv_stack"] == stack[3:] + item["drawn"][1:]


def test_PRG_ROAD_06_pawn_on_V_cannot_move():
    s = road_state(pawn=5, eggs=3)
    with pytest.raises(IllegalMove):
        do(s, {"type": "road"})
    assert not any(m["type"] == "road" for m in P.legal_moves(s, s["active"]))


def test_T13_PRG_BRIDGE_01_even_runs():
    s = new_game(2, 1)
    assert plank_spaces(s) == [0, 2, 4, 6, 8]
    s["bridge"]["covered"] = [True, True, False, False, True, True, False, False, False, False]
    assert plank_spaces(s) == [2, 6, 8]


def test_T13_PRG_BRIDGE_05_06_complete_bridge():
    s = road_state(pawn=3, eggs=2)
    s["bridge"]["covered"] = [True] * 10
    s = do(s, {"type": "road"})
    [item] = pending(s, "bridge")
    with pytest.raises(IllegalMove):
        do(s, {"type": "bridge", "item": item["id"], "tile": item["drawn"][0], "space": 0})
    iv = next(t for t in item["drawn"])
    s = do(s, {"type": "bridge", "item": item["id"], "tile": iv})
    assert s["bridge"]["planks"] == []
    s = complete_turn(s)
    # V with none left: allowed, costs the egg, gives nothing
    s = set_turn(s, tile="AT3", actions=("UPGRADE", "ROAD"), seat=s["order"][0])
    s = edit_player(s, s["active"], road=4, eggs=1)
    s["v_bridge"] = []
    s = do(s, {"type": "road"})
    assert me(s)["road"] == 5 and me(s)["eggs"] == 0 and not pending(s, "bridge")


def test_PRG_BRIDGE_03_V_tile_as_plank_with_immediate_part():
    s = road_state(pawn=4, eggs=1)
    s["v_bridge"] = ["V-1", "V-3", "V-5"]
    s = do(s, {"type": "road"})
    [item] = pending(s, "bridge")
    assert item["drawn"] == ["V-1", "V-3", "V-5"]
    s = do(s, {"type": "bridge", "item": item["id"], "tile": "V-5", "space": 8})
    assert me(s)["v_tiles"] == ["V-5"] and s["v_bridge"] == ["V-1", "V-3"]
    assert me(s)["vp_by_source"]["bridge"] >= 3


def tech_state(**turn):
    s = new_game(2, 51)
    return set_turn(s, **turn)


def test_PRG_TECH_01_draw_three_keep_one_others_under_the_stack():
    s = tech_state()
    stack = list(s["tech_stacks"]["1"])
    s, item = add_item(s, {"kind": "choice", "options": [["1T"], ["1VP"]], "source": "tiles"})
    s = do(s, {"type": "choose", "item": item, "option": 0})
    [t] = pending(s, "tech")
    assert t["drawn"] == stack[:3] and s["undo"] is None
    s = do(s, {"type": "tech", "item": t["id"], "tech": stack[1]})
    assert s["tech_stacks"]["1"] == stack[3:] + [stack[0], stack[2]]
    assert me(s)["techs"] == [{"id": stack[1], "level": 1, "new": True}]


def test_PRG_TECH_03_steps_at_the_top_give_2_VP():
    s = edit_player(tech_state(), 0, tech=8)
    s["active"] = s["turn"]["seat"] = 0
    s, item = add_item(s, {"kind": "choice", "options": [["2T"], ["1VP"]], "source": "tiles"})
    s = do(s, {"type": "choose", "item": item, "option": 0})
    assert s["players"][0]["tech"] == 8 and s["players"][0]["vp"] == 4


def test_PRG_UNI_02_steps_at_the_top_give_2_VP():
    s = edit_player(tech_state(), 0, uni=7)
    s["active"] = s["turn"]["seat"] = 0
    s, item = add_item(s, {"kind": "choice", "options": [["3U"], ["1VP"]], "source": "tiles"})
    s = do(s, {"type": "choose", "item": item, "option": 0})
    assert s["players"][0]["uni"] == 8 and s["players"][0]["vp"] == 4


def test_T16_PRG_TECH_04_level_I_not_usable_in_the_turn_gained():
    s = tech_state()
    seat = s["active"]
    s = edit_player(s, seat, techs=[{"id": "T1-5", "level": 1, "new": True}])
    a = do(s, {"type": "mines", "option": "increase"})
    assert me(a)["vp"] == 0
    a = do(a, {"type": "end_turn"})
    assert a["players"][seat]["techs"][0]["new"] is False
    b = set_turn(a, seat=seat)
    b = do(b, {"type": "mines", "option": "increase"})
    assert me(b)["vp"] == 2


def test_PRG_TECH_05_level_III_used_once_at_any_time():
    s = tech_state()
    s = edit_player(s, s["active"], techs=[{"id": "T3-3", "level": 3, "new": True}])
    s = do(s, {"type": "use_tech", "tech": "T3-3"})
    assert me(s)["uni"] == 4 and me(s)["techs"] == [] and me(s)["used_techs"] == ["T3-3"]
    with pytest.raises(IllegalMove):
        do(s, {"type": "use_tech", "tech": "T3-3"})


def test_T4_1_building_with_discount_and_T4_3_any_action():
    s = tech_state(tile="AT1", actions=("MINES", "WALL"))
    s = edit_player(s, s["active"], gold=1, techs=[{"id": "T4-1", "level": 4, "new": False}])
    s = put_tile_in_row(s, "building", 0, "B1-02")
    a = do(s, {"type": "building", "via": "T4-1", "slot": 0, "site": "PL01-E", "rotation": 0, "cube": False})
    assert me(a)["gold"] == 0 and me(a)["used_techs"] == ["T4-1"]
    s = edit_player(s, s["active"], techs=[{"id": "T4-3", "level": 4, "new": False}])
    a = do(s, {"type": "road", "via": "T4-3"})
    assert me(a)["road"] == 1


def test_T3_5_production_is_not_the_mines_action():
    s = tech_state()
    s = clone(s)
    me(s)["upgrades"]["MINES"] = [{"tile": "U1-01", "rot": 0, "n": False, "c": False}]
    s = edit_player(s, s["active"], gold=0, stone=0, techs=[{"id": "T3-5", "level": 3, "new": False}])
    s = do(s, {"type": "use_tech", "tech": "T3-5"})
    assert me(s)["gold"] == 3 and me(s)["stone"] == 2


def hw_state(row=2, col=1, gold=3, stone=0, sw=0, **options):
    s = new_game(2, 61, **options)
    s = set_turn(s)
    return edit_player(s, s["active"], hw={"row": row, "col": col, "dead": []}, gold=gold, stone=stone, sw=sw)


def test_T10_PRG_WALLCATH_07_unpaid_up_arrow_is_dead():
    s = hw_state()
    s, item = add_item(s, {"kind": "side", "structure": "hw", "optional": False})
    a = do(s, {"type": "side", "item": item})
    assert me(a)["hw"] == {"row": 2, "col": 2, "dead": [[2, 2]]}
    a = edit_player(a, a["active"], sw=2, gold=1, stone=1)
    a = do(a, {"type": "climb", "structure": "hw"})
    assert me(a)["hw"]["row"] == 3 and me(a)["gold"] == 0 and me(a)["stone"] == 0
    # with the stone: the player may pay and continue at once (T1-6 +2 VP)
    b = edit_player(s, s["active"], stone=1, techs=[{"id": "T1-6", "level": 1, "new": False}])
    b = do(b, {"type": "side", "item": item})
    [arrow] = pending(b, "arrow")
    with pytest.raises(IllegalMove):
        do(b, {"type": "end_turn"})
    c = do(b, {"type": "arrow", "item": arrow["id"], "pay": True})
    assert me(c)["hw"]["row"] == 3 and me(c)["vp"] == 2
    d = do(b, {"type": "arrow", "item": arrow["id"], "pay": False})
    assert me(d)["hw"]["dead"] == [[2, 2]]


def test_PRG_WALLCATH_03_sideways_in_the_outer_column_has_no_effect():
    s = hw_state(row=1, col=5)
    s, item = add_item(s, {"kind": "side", "structure": "hw", "optional": False})
    s = do(s, {"type": "side", "item": item})
    assert me(s)["hw"]["col"] == 5


def test_PRG_WALLCATH_04_05_climbing_costs_windows_and_level_cost():
    s = hw_state(row=2, col=0, gold=0, stone=0, sw=2)
    with pytest.raises(IllegalMove, match="enough gold"):  # PRG-WALLCATH-05: level III's cost is due
        do(s, {"type": "climb", "structure": "hw"})
    s = hw_state(row=1, col=0, gold=0, stone=0, sw=1)
    with pytest.raises(IllegalMove, match="enough silver windows"):
        do(s, {"type": "climb", "structure": "hw"})
    s = hw_state(row=1, col=0, gold=0, stone=0, sw=3)
    s = do(s, {"type": "climb", "structure": "hw"})
    assert me(s)["hw"]["row"] == 2 and me(s)["sw"] == 1


def test_PRG_WALLCATH_08_first_entry_to_level_III_of_the_cathedral():
    s = new_game(2, 71)
    s = set_turn(s)
    s = edit_player(s, s["active"], ca={"row": 4, "col": 0, "dead": []}, sw=2, gold=5, stone=5)
    s["v_cathedral"] = ["V-2", "V-6"]
    s = do(s, {"type": "climb", "structure": "ca"})
    [item] = pending(s, "cathedral_v")
    assert item["options"] == ["V-2", "V-6"] and s["undo"] is None
    s = do(s, {"type": "cathedral_v", "item": item["id"], "tile": "V-6"})
    assert me(s)["v_tiles"] == ["V-6"] and s["v_cathedral"] == ["V-2"]


def test_T3_2_waives_the_level_cost():
    s = hw_state(row=2, col=0, gold=0, stone=0)
    s = edit_player(s, s["active"], techs=[{"id": "T3-2", "level": 3, "new": False}])
    s = do(s, {"type": "use_tech", "tech": "T3-2", "structure": "hw"})
    assert me(s)["hw"]["row"] == 3
