"""Rule statements of spec 4.16-4.20 (PRG-ROAD, PRG-BRIDGE, PRG-TECH, PRG-UNI, PRG-WALLCATH) not
covered elsewhere, and one test per technology tile (table 5.1), silver IV bridge tile (table 5.2)
and King's Road effect (table 5.4, base game and variant sides a/b).

Edition provisional-1: technology track spaces 1/3/5/6, University multipliers of spec 6.9,
Hunger Wall and Cathedral original levels of spec 6.11, tiles of spec 6.6.
"""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.praga.bridge import plank_spaces
from engine.praga.common import clone
from engine.praga.scoring import final_breakdown
from tests.engine.praga.helpers import (
    ED, add_item, do, edit_player, new_game, pending, put_tile_in_row, set_turn,
)


def me(s):
    return s["players"][s["active"]]


def st(seed=51, players=2, **turn):
    return set_turn(new_game(players, seed), **turn)


def tech(s, tid, new=False, **fields):
    return edit_player(s, s["active"], techs=[{"id": tid, "level": int(tid[1]), "new": new}], **fields)


def gain_choice(s, reward):
    """Let the active player gain `reward` through a pending choice (as a tile reward would)."""
    s, item = add_item(s, {"kind": "choice", "options": [reward, ["1VP"]], "source": "tiles"})
    return do(s, {"type": "choose", "item": item, "option": 0})


# ---------------------------------------------------------------- PRG-TECH / PRG-UNI


def test_PRG_TECH_02_at_most_four_technologies_steps_beyond_still_count():
    s = st()
    seat = s["active"]
    techs = [{"id": t, "level": int(t[1]), "new": False} for t in ("T1-1", "T2-1", "T3-3", "T4-3")]
    s = edit_player(s, seat, tech=6, uni=8, techs=techs)
    stacks = clone(s["tech_stacks"])
    s = gain_choice(s, ["2T"])
    assert me(s)["tech"] == 8 and not pending(s, "tech") and s["tech_stacks"] == stacks
    assert len(me(s)["techs"]) == 4
    assert final_breakdown(s, seat)["final"]["academics"] == 8 * 3


def test_PRG_TECH_06_technologies_are_private_and_public():
    s = st()
    seat = s["active"]
    other = [x for x in s["order"] if x != seat][0]
    s = edit_player(s, other, techs=[{"id": "T3-3", "level": 3, "new": False}])
    assert not any(m["type"] == "use_tech" for m in P.legal_moves(s, seat))
    with pytest.raises(IllegalMove):
        do(s, {"type": "use_tech", "tech": "T3-3"})
    with pytest.raises(IllegalMove):
        P.apply(s, other, {"type": "use_tech", "tech": "T3-3"})
    assert P.view(s, seat)["players"][other]["techs"] == [{"id": "T3-3", "level": 3, "new": False}]


def test_PRG_TECH_07_every_tile_has_an_effect_of_table_5_1():
    ids = sorted(t["id"] for t in ED.TECHNOLOGIES)
    assert ids == sorted("T%d-%d" % (lv, i) for lv in range(1, 5) for i in range(1, 7))
    assert {t["use"] for t in ED.TECHNOLOGIES if t["level"] <= 2} == {"permanent"}
    assert {t["use"] for t in ED.TECHNOLOGIES if t["level"] >= 3} == {"one_shot"}


def test_PRG_UNI_01_university_advanced_by_upgrades_and_U_rewards():
    s = st(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = put_tile_in_row(s, "upgrade", 0, "U1-01")
    s = do(s, {"type": "upgrade", "slot": 0, "rotation": 2})
    assert me(s)["uni"] == 1
    s = gain_choice(s, ["2U"])
    assert me(s)["uni"] == 3 and me(s)["vp"] == 0


def test_PRG_UNI_03_university_position_sets_the_multiplier():
    s = st()
    seat = s["active"]
    got = []
    for uni in range(9):
        s = edit_player(s, seat, tech=5, uni=uni)
        got.append(final_breakdown(s, seat)["final"]["academics"] // 5)
    assert got == [0, 0, 1, 1, 1, 2, 2, 2, 3]


# ---------------------------------------------------------------- technology tiles (table 5.1)


def _wheel_take(s, notch, position_zone_offset=1):
    """Seat to act takes AT1 from `notch` with the wheel at offset 1 (green/blue positions)."""
    s = clone(s)
    s["wheel"] = {"offset": position_zone_offset, "at": {"AT1": notch}, "token": None}
    s["turn"]["tile"] = None
    return do(s, {"type": "take", "tile": "AT1"})


def test_TECH_T1_1_one_more_vp_for_vp_when_taking_the_tile_once_per_turn():
    s = tech(new_game(2, 51), "T1-1")
    a = _wheel_take(s, 9)  # offset 1: notch 9 at p10, blue +3 VP, bonus 1 gold
    assert me(a)["vp"] == 3 + 1
    b = _wheel_take(s, 3)  # p4, green: no VP, no extra VP
    assert me(b)["vp"] == 0
    c = _wheel_take(s, 8, position_zone_offset=3)  # notch 8 at p11 (+5 VP), special bonus
    c = do(c, {"type": "special_vp"})
    assert me(c)["vp"] == 5 + 1 + 2


def test_TECH_T1_2_wheel_gold_gives_one_more_gold_and_1_vp():
    s = tech(new_game(2, 51), "T1-2", gold=0)
    a = do(_wheel_take(s, 3), {"type": "wheel_bonus"})
    assert (me(a)["gold"], me(a)["vp"]) == (2, 1)
    b = do(_wheel_take(s, 2, position_zone_offset=3), {"type": "wheel_bonus"})  # stone bonus: nothing
    assert (me(b)["gold"], me(b)["vp"]) == (0, 0)


def test_TECH_T1_3_wheel_stone_gives_one_more_stone_and_1_vp():
    s = tech(new_game(2, 51), "T1-3", stone=0)
    a = do(_wheel_take(s, 7, position_zone_offset=11), {"type": "wheel_bonus"})  # p6, green
    assert (me(a)["stone"], me(a)["vp"]) == (2, 1)
    b = tech(set_turn(new_game(2, 51), main="MINES", wheel_bonus={"kind": "gain", "reward": ["1S"],
                                                                   "used": False}), "T1-3", stone=0)
    b = do(b, {"type": "end_turn"})  # applied automatically: the technology still triggers
    assert b["players"][b["order"][0]]["vp"] == 1


def test_TECH_T1_4_quarry_advance_gives_2_vp_per_space_any_source():
    s = tech(st(tile="AT2", actions=("QUARRIES", "BUILDING")), "T1-4", quarries=3)
    a = do(s, {"type": "quarries", "option": "increase"})
    assert me(a)["vp"] == 2
    b = gain_choice(s, ["Q+"])
    assert me(b)["vp"] == 2 and me(b)["quarries"] == 4
    c = gain_choice(tech(st(), "T1-4", quarries=8), ["Q+"])  # at the last space: no advance, no VP
    assert me(c)["vp"] == 0


def test_TECH_T1_5_gold_mine_advance_gives_2_vp_per_space():
    s = tech(st(), "T1-5", mines=4)
    a = gain_choice(s, ["M+"])
    assert me(a)["vp"] == 2 and me(a)["mines"] == 5
    b = gain_choice(s, ["Q+"])
    assert me(b)["vp"] == 0


def test_TECH_T1_6_moving_up_a_row_gives_2_vp_any_cause():
    s = tech(st(), "T1-6", sw=2)
    a = do(s, {"type": "climb", "structure": "ca"})
    assert me(a)["vp"] == 2
    # HW original (2,2) is an up arrow into level II: paid, it is one more row up
    b = tech(st(), "T1-6", hw={"row": 2, "col": 1, "dead": []}, gold=1, stone=1)
    b = gain_choice(b, ["HW"])
    [side] = pending(b, "side")
    b = do(b, {"type": "side", "item": side["id"]})
    [arrow] = pending(b, "arrow")
    b = do(b, {"type": "arrow", "item": arrow["id"], "pay": True})
    assert me(b)["hw"]["row"] == 3 and me(b)["vp"] == 2


def test_TECH_T2_1_blue_marker_gives_vp_and_stone_once_per_turn():
    s = tech(st(), "T2-1", stone=0)
    a = gain_choice(s, ["BM", "BM"])
    assert (me(a)["bm"], me(a)["vp"], me(a)["stone"]) == (2, 1, 1)
    a = gain_choice(a, ["BM"])
    assert (me(a)["bm"], me(a)["vp"], me(a)["stone"]) == (3, 1, 1)
    b = gain_choice(s, ["RM"])
    assert (me(b)["vp"], me(b)["stone"]) == (0, 0)


def test_TECH_T2_2_red_marker_gives_vp_and_gold_once_per_turn():
    s = tech(st(), "T2-2", gold=0)
    a = gain_choice(gain_choice(s, ["RM"]), ["RM"])
    assert (me(a)["rm"], me(a)["vp"], me(a)["gold"]) == (2, 1, 1)


def test_TECH_T2_3_wall_with_hunger_wall_symbol_gives_gold_and_vp():
    s = tech(st(), "T2-3", stone=9, gold=0)
    s = put_tile_in_row(s, "wall", 0, "W1-11")  # HW symbol, reward 1VP
    s = put_tile_in_row(s, "wall", 1, "W1-12")  # no symbol, reward 1SW
    a = do(s, {"type": "wall", "slot": 0, "position": [0, -2], "rotation": 0})
    assert (me(a)["gold"], me(a)["vp"]) == (1, 1 + 1)
    b = do(s, {"type": "wall", "slot": 1, "position": [0, -2], "rotation": 0})
    assert (me(b)["gold"], me(b)["vp"]) == (0, 0)


def _build(s, tile, site="PL08-NE", gold=9, stone=9):
    s = put_tile_in_row(s, "building", 0, tile)
    s = edit_player(s, s["active"], gold=gold, stone=stone)
    return do(s, {"type": "building", "slot": 0, "site": site, "rotation": 0, "cube": False})


def test_TECH_T2_4_building_without_cathedral_gives_gold_and_vp():
    """Resource gold is PROVISIONAL (icon missing in [Y]: "die gezeigte Ressource")."""
    s = tech(st(tile="AT2", actions=("QUARRIES", "BUILDING")), "T2-4")
    a = _build(s, "B1-02", gold=2)  # no Cathedral symbol, 2 VP reward
    assert (me(a)["gold"], me(a)["vp"]) == (1, 2 + 1)
    b = _build(s, "B1-03", gold=2)  # Cathedral symbol
    assert (me(b)["gold"], me(b)["vp"]) == (0, 0)


def test_TECH_T2_5_building_with_cathedral_gives_stone_and_vp():
    s = tech(st(tile="AT2", actions=("QUARRIES", "BUILDING")), "T2-5")
    a = _build(s, "B1-03", gold=2, stone=0)
    assert (me(a)["stone"], me(a)["vp"]) == (1, 1)
    b = _build(s, "B1-02", gold=2, stone=0)
    assert (me(b)["stone"], me(b)["vp"]) == (0, 2)


def test_TECH_T2_6_each_egg_gained_or_bought_gives_vp_and_stone():
    """'per egg' is a reading (OQ-31)."""
    s = tech(st(), "T2-6", stone=0)
    a = gain_choice(s, ["2E"])
    assert (me(a)["eggs"], me(a)["vp"], me(a)["stone"]) == (2, 2, 2)
    b = clone(s)
    b["turn"]["wheel_bonus"] = {"kind": "egg", "pay": "gold", "used": False}
    b = do(b, {"type": "wheel_bonus"})
    assert (me(b)["eggs"], me(b)["vp"], me(b)["stone"]) == (1, 1, 1)


def test_TECH_T3_1_egg_then_road_also_at_V_only_the_egg():
    s = tech(st(tile="AT1", actions=("MINES", "WALL")), "T3-1", road=3, eggs=0)
    assert {"type": "road", "via": "T3-1"} in P.legal_moves(s, s["active"])
    a = do(s, {"type": "road", "via": "T3-1"})
    assert me(a)["road"] == 4 and me(a)["eggs"] == 0 and pending(a, "bridge")
    assert me(a)["techs"] == [] and me(a)["used_techs"] == ["T3-1"]
    v = tech(st(), "T3-1", road=5, eggs=0)
    assert {"type": "use_tech", "tech": "T3-1"} in P.legal_moves(v, v["active"])
    v = do(v, {"type": "use_tech", "tech": "T3-1"})
    assert me(v)["eggs"] == 1 and me(v)["road"] == 5
    # while the pawn can move, T3-1 is used through the road action only
    with pytest.raises(IllegalMove):
        do(s, {"type": "use_tech", "tech": "T3-1"})


def test_TECH_T3_2_one_row_up_without_windows_level_cost_waived():
    s = tech(st(), "T3-2", ca={"row": 4, "col": 0, "dead": []}, gold=0, stone=0, sw=0)
    s["v_cathedral"] = ["V-2"]
    s = do(s, {"type": "use_tech", "tech": "T3-2", "structure": "ca"})
    assert me(s)["ca"]["row"] == 5 and (me(s)["gold"], me(s)["stone"]) == (0, 0) and pending(s, "cathedral_v")
    top = tech(st(), "T3-2", hw={"row": 6, "col": 0, "dead": []})
    assert {m.get("structure") for m in P.legal_moves(top, top["active"]) if m["type"] == "use_tech"} == {"ca"}


def test_TECH_T3_3_four_university_steps():
    s = do(tech(st(), "T3-3", uni=6), {"type": "use_tech", "tech": "T3-3"})
    assert me(s)["uni"] == 8 and me(s)["vp"] == 2 * 2


def test_TECH_T3_4_upgrade_action_and_3_vp_with_upgrade_bonus():
    s = tech(st(tile="AT1", actions=("MINES", "WALL")), "T3-4")
    s = clone(s)
    me(s)["upgrades"]["UPGRADE"] = [{"tile": "U1-05", "rot": 0, "n": False, "c": False}]  # centre 2VP
    s = put_tile_in_row(s, "upgrade", 0, "U1-01")
    s = do(s, {"type": "upgrade", "via": "T3-4", "slot": 0, "rotation": 2})
    p = me(s)
    assert p["vp_by_source"]["technologies"] == 3 and p["vp_by_source"]["upgrades"] == 2
    assert p["upgrades"]["MINES"][0]["tile"] == "U1-01" and p["uni"] == 1 and s["turn"]["main"] is None


def test_TECH_T3_5_produce_gold_and_two_stone():
    s = tech(st(), "T3-5", gold=0, stone=0, mines=6)
    s = do(s, {"type": "use_tech", "tech": "T3-5"})
    assert (me(s)["gold"], me(s)["stone"], me(s)["vp"]) == (5, 2, 1)


def test_TECH_T3_6_produce_stone_and_two_gold_no_upgrade_bonus():
    s = tech(st(), "T3-6", gold=0, stone=0)
    s = clone(s)
    me(s)["upgrades"]["QUARRIES"] = [{"tile": "U1-03", "rot": 0, "n": False, "c": False}]
    s = do(s, {"type": "use_tech", "tech": "T3-6"})
    assert (me(s)["gold"], me(s)["stone"]) == (2, 2)


def test_TECH_T4_1_building_gold_cost_minus_2_not_below_0_stone_unchanged():
    s = tech(st(tile="AT1", actions=("MINES", "WALL")), "T4-1")
    s = put_tile_in_row(s, "building", 0, "B1-01")  # 2G 2S
    s = edit_player(s, s["active"], gold=1, stone=2)
    a = do(s, {"type": "building", "via": "T4-1", "slot": 0, "site": "PL01-E", "rotation": 0, "cube": False})
    assert (me(a)["gold"], me(a)["stone"]) == (0, 0)  # 2 + 1 site gold - 2 = 1 gold; 2 stone
    b = edit_player(s, s["active"], gold=9, stone=1)
    with pytest.raises(IllegalMove):
        do(b, {"type": "building", "via": "T4-1", "slot": 0, "site": "PL08-NE", "rotation": 0, "cube": False})


def test_TECH_T4_2_wall_stone_cost_minus_2():
    s = tech(st(tile="AT2", actions=("QUARRIES", "BUILDING")), "T4-2")
    s = put_tile_in_row(s, "wall", 0, "W1-08")  # 2S 1G
    s = edit_player(s, s["active"], gold=1, stone=0)
    a = do(s, {"type": "wall", "via": "T4-2", "slot": 0, "position": [0, -2], "rotation": 0})
    assert (me(a)["gold"], me(a)["stone"], me(a)["gw"]) == (0, 0, 1)
    b = edit_player(s, s["active"], gold=0, stone=5)
    with pytest.raises(IllegalMove):  # the gold part is not reduced
        do(b, {"type": "wall", "via": "T4-2", "slot": 0, "position": [0, -2], "rotation": 0})


def test_TECH_T4_3_any_one_of_the_six_actions():
    s = tech(st(tile="AT1", actions=("MINES", "WALL")), "T4-3", stone=0)
    vias = {m["type"] for m in P.legal_moves(s, s["active"]) if m.get("via") == "T4-3"}
    assert {"mines", "quarries", "upgrade", "road"} <= vias  # (no stone: no wall, no building)
    a = do(s, {"type": "quarries", "via": "T4-3", "option": "produce"})
    assert me(a)["stone"] == 2 and me(a)["techs"] == [] and a["turn"]["main"] is None


def test_TECH_T4_4_upgrade_action_and_a_gold_window():
    s = tech(st(tile="AT1", actions=("MINES", "WALL")), "T4-4")
    s = put_tile_in_row(s, "upgrade", 0, "U2-02")
    s = do(s, {"type": "upgrade", "via": "T4-4", "slot": 0, "rotation": 2})
    assert me(s)["gw"] == 1 and me(s)["uni"] == 2 and me(s)["upgrades"]["MINES"][0]["tile"] == "U2-02"


def test_TECH_T4_5_both_top_rewards_of_any_plaza_in_play_scored_or_not():
    s = tech(st(), "T4-5", gold=0, stone=0)
    s["plazas"]["PL02"] = {"tile": "P03", "side": "a", "scored": True}  # top 2G · 2S
    plazas = {m["plaza"] for m in P.legal_moves(s, s["active"]) if m["type"] == "use_tech"}
    assert plazas == set(s["plaza_order"]) and "PL05" not in plazas
    a = do(s, {"type": "use_tech", "tech": "T4-5", "plaza": "PL02"})
    assert (me(a)["gold"], me(a)["stone"]) == (2, 2)
    with pytest.raises(IllegalMove):
        do(s, {"type": "use_tech", "tech": "T4-5", "plaza": "PL05"})


def test_TECH_T4_6_plus_one_track_then_produce_independent_choices_no_upgrade_bonus():
    s = tech(st(), "T4-6", gold=0, stone=0, mines=4, quarries=3)
    s = clone(s)
    me(s)["upgrades"]["QUARRIES"] = [{"tile": "U1-03", "rot": 0, "n": False, "c": False}]
    a = do(s, {"type": "use_tech", "tech": "T4-6", "track": "mines", "produce": "quarries"})
    assert (me(a)["mines"], me(a)["quarries"], me(a)["gold"], me(a)["stone"]) == (5, 3, 0, 2)
    b = do(s, {"type": "use_tech", "tech": "T4-6", "track": "quarries", "produce": "quarries"})
    assert (me(b)["quarries"], me(b)["stone"], me(b)["vp"]) == (4, 3, 0)  # printed 1VP is at space 4


# ---------------------------------------------------------------- PRG-ROAD and road effects (table 5.4)


def road(pawn=0, eggs=0, seed=41, **options):
    s = new_game(2, seed, **options)
    s = set_turn(s, tile="AT3", actions=("UPGRADE", "ROAD"), extra="bought")
    return edit_player(s, s["active"], road=pawn, eggs=eggs)


def test_PRG_ROAD_01_pawn_path_start_to_V_pawns_never_block():
    s = road(pawn=0, eggs=2)
    seat = s["active"]
    other = [x for x in s["order"] if x != seat][0]
    s = edit_player(s, other, road=1)
    positions = []
    for _ in range(5):
        s = set_turn(s, tile="AT3", actions=("UPGRADE", "ROAD"), seat=seat)
        s = do(s, {"type": "road"})
        positions.append(me(s)["road"])
    assert positions == [1, 2, 3, 4, 5] and s["players"][other]["road"] == 1


def test_PRG_ROAD_02_build_the_kings_road_advances_one_space():
    s = do(road(pawn=1), {"type": "road"})
    assert me(s)["road"] == 2
    s = do(s, {"type": "road", "via": "extra"})
    assert me(s)["road"] == 3


def _arrive(space, **options):
    pawn = {"I": 0, "II": 1, "III": 2}[space]
    return do(road(pawn=pawn, eggs=1, **options), {"type": "road"})


def _free(s):
    [item] = pending(s, "road_free")
    return do(s, {"type": "road_effect", "item": item["id"]})


def _egg(s):
    [item] = pending(s, "road_egg")
    return do(s, {"type": "road_effect", "item": item["id"]})


def _choose(s, k):
    [item] = pending(s, "choice")
    return do(s, {"type": "choose", "item": item["id"], "option": k})


def test_ROAD_base_I_free_two_gold_or_two_stone():
    """Seed note: the action text of [Y] says the two effects are carried out "sofort"; its timing list
    lets the "sofortige" effects of the King's Road wait until any later moment of the same turn
    (PRG-ROAD-04), so they are pending items."""
    s = _free(_arrive("I"))
    assert pending(s, "choice")[0]["options"] == [["2G"], ["2S"]]
    assert me(_choose(s, 0))["gold"] == 4


def test_ROAD_base_I_egg_quarry_or_gold_mine():
    s = _egg(_arrive("I"))
    assert me(s)["eggs"] == 0
    s = _choose(s, 0)
    assert me(s)["quarries"] == 4 and me(s)["stone"] == 2


def test_ROAD_base_II_free_may_pay_one_gold_for_4_vp_once():
    s = _arrive("II")
    [item] = pending(s, "road_free")
    assert item["optional"]
    a = _free(s)
    assert (me(a)["gold"], me(a)["vp"]) == (1, 4) and not pending(a, "road_free")
    poor = edit_player(s, s["active"], gold=0)
    assert not any(m["type"] == "road_effect" and m["item"] == item["id"] for m in P.legal_moves(poor, poor["active"]))
    do(s, {"type": "end_turn"})  # may lapse


def test_ROAD_base_II_egg_gold_window_or_tech_step():
    s = _egg(_arrive("II"))
    assert pending(s, "choice")[0]["options"] == [["1GW"], ["1T"]]
    assert me(_choose(s, 0))["gw"] == 1


def test_ROAD_base_III_free_3_vp_per_era_I_upgrade_covered_included():
    """Covered tiles count (OQ-23)."""
    s = road(pawn=2)
    s = clone(s)
    me(s)["upgrades"] = {"MINES": [{"tile": "U1-01", "rot": 0, "n": False, "c": False},
                                   {"tile": "U2-01", "rot": 0, "n": False, "c": False}],
                         "WALL": [{"tile": "U1-06", "rot": 0, "n": False, "c": False}]}
    s = _free(do(s, {"type": "road"}))
    assert me(s)["vp"] == 6


def test_ROAD_base_III_egg_two_silver_windows_or_quarry_and_mine():
    s = _choose(_egg(_arrive("III")), 1)
    assert (me(s)["quarries"], me(s)["mines"], me(s)["sw"]) == (4, 5, 0)


def test_ROAD_KRV_I_a_silver_window_and_stone_or_gold():
    s = _free(_arrive("I", road_I="a"))
    s = _choose(s, 1)
    assert (me(s)["sw"], me(s)["gold"], me(s)["stone"]) == (1, 3, 2)


def test_ROAD_KRV_I_b_upgrade_action_while_on_I_gives_2_vp_and_gold_or_stone():
    s = _arrive("I", road_I="b")
    assert not pending(s, "road_free") and pending(s, "road_egg")  # egg effect still offered
    assert me(s)["vp"] == 0
    s = put_tile_in_row(s, "upgrade", 0, "U1-01")
    s = do(s, {"type": "upgrade", "via": "extra", "slot": 0, "rotation": 2})
    assert me(s)["vp"] == 2
    s = _choose(s, 1)
    assert me(s)["stone"] == 3
    # not any more once the pawn has moved on
    t = set_turn(edit_player(s, s["active"], road=2), tile="AT3", actions=("UPGRADE", "ROAD"), seat=s["active"])
    t = put_tile_in_row(t, "upgrade", 0, "U1-03")
    t = do(t, {"type": "upgrade", "slot": 0, "rotation": 2})
    assert me(t)["vp"] == 2 and not pending(t, "choice")


def test_ROAD_KRV_II_a_2_vp_per_silver_window_held_kept():
    s = _arrive("II", road_II="a")
    s = _free(edit_player(s, s["active"], sw=3))
    assert me(s)["vp"] == 6 and me(s)["sw"] == 3


def test_ROAD_KRV_II_b_wall_action_while_on_II_gives_2_vp():
    s = _arrive("II", road_II="b")
    assert not pending(s, "road_free")
    s = put_tile_in_row(s, "wall", 0, "W1-12")  # 2S, reward 1SW, no symbol bonus here
    s = do(s, {"type": "wall", "via": "extra", "slot": 0, "position": [0, -2], "rotation": 0})
    assert me(s)["vp"] == 2


def test_ROAD_KRV_III_a_2_vp_and_2_university_steps():
    s = _free(_arrive("III", road_III="a"))
    assert (me(s)["vp"], me(s)["uni"]) == (2, 2)


def test_ROAD_KRV_III_b_building_without_cathedral_while_on_III_gives_3_vp():
    s = _arrive("III", road_III="b")
    assert not pending(s, "road_free")
    move = {"type": "building", "via": "extra", "slot": 0, "site": "PL08-NE", "rotation": 0, "cube": False}
    a = edit_player(put_tile_in_row(s, "building", 0, "B1-13"), s["active"], gold=3)  # reward 3VP
    a = do(a, move)
    assert me(a)["vp"] == 3 + 3
    b = edit_player(put_tile_in_row(s, "building", 0, "B1-03"), s["active"], gold=2)  # Cathedral symbol
    b = do(b, move)
    assert me(b)["vp"] == 0


# ---------------------------------------------------------------- PRG-BRIDGE and IV tiles (table 5.2)


def bridge_state(first, pawn=3, eggs=1, seed=41):
    s = road(pawn=pawn, eggs=eggs, seed=seed)
    s["bridge"]["spaces"] = [[] for _ in range(10)]  # neutral bonuses: only the tile counts
    s["iv_stack"] = [first] + [t for t in s["iv_stack"] if t != first]
    s = do(s, {"type": "road"})
    [item] = pending(s, "bridge")
    return s, item


def test_PRG_BRIDGE_04_five_planks_complete_the_bridge():
    s = new_game(2, 4)
    for k in range(5):
        assert plank_spaces(s)
        s["bridge"]["covered"][2 * k] = s["bridge"]["covered"][2 * k + 1] = True
    assert plank_spaces(s) == []
    s, item = bridge_state("IV-5")
    s["bridge"]["covered"] = [True] * 10
    moves = [m for m in P.legal_moves(s, s["active"]) if m["type"] == "bridge"]
    assert moves and all(m["space"] is None for m in moves)


def test_PRG_BRIDGE_07_the_iv_stack_cannot_run_out():
    """Seed note: for a complete bridge [Y] says "suchst du dir ein Plättchen vom IV-Stapel aus" without
    repeating "draw 3"; the spec reading (OQ-27) and the engine still draw 3 and keep 1."""
    s = new_game(4, 4)
    for seat in range(4):
        s = set_turn(s, tile="AT3", actions=("UPGRADE", "ROAD"), seat=seat)
        s = edit_player(s, seat, road=3, eggs=1)
        s = do(s, {"type": "road"})
        [item] = pending(s, "bridge")
        assert len(item["drawn"]) == 3
        s = do(s, {"type": "bridge", "item": item["id"], "tile": item["drawn"][0],
                   "space": plank_spaces(s)[0]})
        assert len(s["iv_stack"]) == 6 - seat - 1


def test_PRG_BRIDGE_08_complete_bridge_no_bonuses_but_v_tile_effects():
    s = road(pawn=4, eggs=1)
    s["bridge"]["covered"] = [True] * 10
    s["v_bridge"] = ["V-4"]
    s = do(s, {"type": "road"})
    [item] = pending(s, "bridge")
    s = do(s, {"type": "bridge", "item": item["id"], "tile": "V-4"})
    assert me(s)["v_tiles"] == ["V-4"] and me(s)["vp"] == 3 and s["bridge"]["planks"] == []


@pytest.mark.parametrize("tile,field,value", [
    ("IV-1", "bm", 2), ("IV-2", "rm", 2), ("IV-5", "gw", 1), ("IV-6", "uni", 3),
])
def test_BRIDGE_IV_1_2_5_6_tile_effects(tile, field, value):
    """IV-1 2 blue markers, IV-2 2 red markers, IV-5 gold window and 2 gold, IV-6 3 University steps."""
    s, item = bridge_state(tile)
    s = do(s, {"type": "bridge", "item": item["id"], "tile": tile, "space": 0})
    assert me(s)[field] == value and me(s)["iv_tiles"] == [tile]
    if tile == "IV-5":
        assert me(s)["gold"] == 4


@pytest.mark.parametrize("tile,structure", [("IV-3", "hw"), ("IV-4", "ca")])
def test_BRIDGE_IV_3_4_optional_sideways_step_window_and_vp(tile, structure):
    s, item = bridge_state(tile)
    s = do(s, {"type": "bridge", "item": item["id"], "tile": tile, "space": 0})
    assert (me(s)["sw"], me(s)["vp"]) == (1, 2)
    [side] = pending(s, "side")
    assert side["structure"] == structure and side["optional"]
    ended = do(s, {"type": "end_turn"})  # the step may lapse (PRG-TURN-08)
    assert ended["players"][s["active"]][structure]["col"] == 0
    stepped = do(s, {"type": "side", "item": side["id"]})
    assert me(stepped)[structure]["col"] == 1


# ---------------------------------------------------------------- PRG-WALLCATH


def test_PRG_WALLCATH_01_three_levels_level_cost_on_entering_II_and_III():
    s = st()
    seat = s["active"]
    costs = []
    for row in range(1, 6):
        t = edit_player(s, seat, hw={"row": row, "col": 0, "dead": []}, sw=2, gold=5, stone=5)
        t = do(t, {"type": "climb", "structure": "hw"})
        costs.append((5 - me(t)["gold"], 5 - me(t)["stone"]))
    assert costs == [(0, 0), (1, 1), (0, 0), (2, 2), (0, 0)]
    top = edit_player(s, seat, hw={"row": 6, "col": 0, "dead": []}, sw=2)
    with pytest.raises(IllegalMove):
        do(top, {"type": "climb", "structure": "hw"})


def test_PRG_WALLCATH_02_start_bottom_row_start_column_sideways_away_from_it():
    s = st()
    assert me(s)["hw"] == {"row": 1, "col": 0, "dead": []} and me(s)["ca"] == {"row": 1, "col": 0, "dead": []}
    s = gain_choice(s, ["HW", "CA"])
    for item in pending(s, "side"):
        s = do(s, {"type": "side", "item": item["id"]})
    assert me(s)["hw"]["col"] == 1 and me(s)["ca"]["col"] == 1


def test_PRG_WALLCATH_06_landing_effects_chain():
    # Cathedral original: (1,2) +2VP; (2,3) sideways arrow; (3,2) up arrow into... row 4 (same level)
    s = st()
    s = edit_player(s, s["active"], ca={"row": 1, "col": 1, "dead": []})
    s = gain_choice(s, ["CA"])
    s = do(s, {"type": "side", "item": pending(s, "side")[0]["id"]})
    assert me(s)["ca"]["col"] == 2 and me(s)["vp"] == 2
    s = edit_player(s, s["active"], ca={"row": 2, "col": 2, "dead": []}, vp=0)
    s = gain_choice(s, ["CA"])
    s = do(s, {"type": "side", "item": pending(s, "side")[0]["id"]})
    assert me(s)["ca"] == {"row": 2, "col": 4, "dead": []}
    s = edit_player(s, s["active"], ca={"row": 2, "col": 2, "dead": []}, sw=2, gold=1, stone=1)
    s = do(s, {"type": "climb", "structure": "ca"})  # lands on (3,2) up arrow -> (4,2), same level
    assert me(s)["ca"]["row"] == 4 and (me(s)["gold"], me(s)["stone"]) == (0, 0)


def test_PRG_WALLCATH_09_final_scoring_row_vp_and_column_times_markers():
    s = st()
    seat = s["active"]
    s = edit_player(s, seat, hw={"row": 2, "col": 4, "dead": []}, bm=2, ca={"row": 6, "col": 5, "dead": []}, rm=1)
    f = final_breakdown(s, seat)["final"]
    assert f["hunger_wall"] == 2 + 3 * 2 and f["cathedral"] == 16 + 4 * 1


def test_PRG_SCORE_02_academics_technology_steps_times_university_multiplier():
    s = st()
    seat = s["active"]
    assert final_breakdown(edit_player(s, seat, tech=7, uni=8), seat)["final"]["academics"] == 21
    assert final_breakdown(edit_player(s, seat, tech=7, uni=0), seat)["final"]["academics"] == 0


def test_PRG_SCORE_03_structures_row_vp_plus_column_value_times_markers():
    s = st()
    seat = s["active"]
    s = edit_player(s, seat, hw={"row": 4, "col": 3, "dead": []}, bm=3, ca={"row": 5, "col": 2, "dead": []}, rm=4)
    f = final_breakdown(s, seat)["final"]
    assert (f["hunger_wall"], f["cathedral"]) == (8 + 2 * 3, 12 + 2 * 4)
    f = final_breakdown(edit_player(s, seat, bm=0, rm=0), seat)["final"]  # markers valued by their own structure
    assert (f["hunger_wall"], f["cathedral"]) == (8, 12)


def test_PRG_TECH_01_OQ_35_36_each_space_entered_draws_fewer_than_three_left():
    s = edit_player(st(), st()["active"], tech=4)
    s = gain_choice(s, ["2T"])
    assert [(i["kind"], i["level"]) for i in s["turn"]["pending"]] == [("tech", 3), ("tech", 4)]
    t = st()
    t["tech_stacks"]["1"] = ["T1-4"]
    t = gain_choice(t, ["1T"])
    assert [i["drawn"] for i in pending(t, "tech")] == [["T1-4"]]
    u = st()
    u["tech_stacks"]["1"] = []
    u = gain_choice(u, ["1T"])
    assert me(u)["tech"] == 1 and not pending(u, "tech")
