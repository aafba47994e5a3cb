"""Rule statements of spec 4.6-4.14 (PRG-MINES, PRG-CUBE, PRG-PROD, PRG-SEAL, PRG-HEX, PRG-ADJ,
PRG-UPG, PRG-WALL, PRG-BUILD) not covered elsewhere, and one test per production token (table 5.5).

Edition provisional-1: track bonuses (gold mines: 1VP at 5, 1T at 7, 2VP at 8; quarries: 1VP at 4,
1T at 6, 2VP at 7), wealth bonuses (6 gold 1E, 6 stone 1SW, 9 1GW), hex tiles of spec 6.6, action
board of spec 6.10, city of spec 6.7.
"""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.praga.common import clone
from engine.praga.scoring import final_breakdown
from tests.engine.praga.helpers import (
    ED, add_item, do, edit_player, new_game, pending, put_tile_in_row, set_turn,
)


def me(s):
    return s["players"][s["active"]]


def base(players=2, seed=11, **turn):
    return set_turn(new_game(players, seed), **turn)


def with_upgrade(s, action, tile, rot=0, **flags):
    s = clone(s)
    entry = {"tile": tile, "rot": rot, "n": False, "c": False}
    entry.update(flags)
    me(s)["upgrades"].setdefault(action, []).append(entry)
    return s


def with_wall(s, pos, tile, rot=0):
    s = clone(s)
    me(s)["walls"]["%d,%d" % tuple(pos)] = {"tile": tile, "rot": rot, "n": False, "c": False}
    return s


# ---------------------------------------------------------------- PRG-MINES


def test_PRG_MINES_01_count_is_the_number_left_of_the_cube():
    for pos, vp in ((1, 0), (4, 0), (6, 1), (9, 3)):  # printed 1VP left of 6; 1VP, 1T, 2VP left of 9
        s = base()
        s = edit_player(s, s["active"], mines=pos, gold=0)
        s = do(s, {"type": "mines", "option": "produce"})
        assert me(s)["gold"] == min(9, pos - 1) and me(s)["vp"] == vp


def test_PRG_MINES_03_manage_quarries_increase_or_produce():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = edit_player(s, s["active"], stone=0, quarries=5)
    inc = do(s, {"type": "quarries", "option": "increase"})
    assert me(inc)["stone"] == 1 and me(inc)["quarries"] == 6
    prod = do(s, {"type": "quarries", "option": "produce"})
    assert me(prod)["stone"] == 4 and me(prod)["vp"] == 1  # 4 quarries + printed 1VP at space 4
    assert me(prod)["quarries"] == 5


def test_PRG_MINES_05_plus_rewards_move_the_cube_without_resource():
    s = base()
    s = edit_player(s, s["active"], gold=0, mines=4)
    s, item = add_item(s, {"kind": "choice", "options": [["M+"], ["1VP"]], "source": "tiles"})
    a = do(s, {"type": "choose", "item": item, "option": 0})
    assert me(a)["mines"] == 5 and me(a)["gold"] == 0
    full = edit_player(s, s["active"], mines=9)
    b = do(full, {"type": "choose", "item": item, "option": 0})
    assert me(b)["mines"] == 9 and me(b)["seal_rights"] == 0 and me(b)["gold"] == 0


def test_PRG_MINES_08_technology_production_counts_bonuses_and_token_no_upgrade_bonus():
    s = base()
    s = with_upgrade(s, "QUARRIES", "U1-03")  # centre 1S
    s = clone(s)
    me(s)["tokens"]["quarries"] = "PT-2VP-a"
    s = edit_player(s, s["active"], gold=0, stone=0, quarries=7,
                    techs=[{"id": "T3-6", "level": 3, "new": False}])
    s = do(s, {"type": "use_tech", "tech": "T3-6"})
    p = me(s)
    # 6 quarries + 1VP (space 4) + 1T (space 6) + token 2VP; +2 gold of T3-6; no upgrade stone
    assert (p["stone"], p["gold"], p["tech"]) == (6, 2, 1)
    assert p["vp_by_source"]["production"] == 3 and "upgrades" not in p["vp_by_source"]
    assert s["turn"]["perf"] == {}


def test_PRG_MINES_09_track_cubes_are_never_available_cubes():
    s = base()
    s = edit_player(s, s["active"], mines=8, gold=0)
    s = do(s, {"type": "mines", "option": "increase"})
    p = me(s)
    assert p["mines"] == 9 and p["seal_rights"] == 1 and p["cubes"] == 2


# ---------------------------------------------------------------- PRG-CUBE


def test_PRG_CUBE_01_gold_and_stone_held_between_0_and_9():
    s = base()
    s = edit_player(s, s["active"], gold=8, stone=9, mines=9)
    s = do(s, {"type": "mines", "option": "produce"})
    assert me(s)["gold"] == 9 and me(s)["stone"] == 9
    assert P.view(s, s["active"])["players"][s["active"]]["gold"] == 9
    poor = edit_player(base(tile="AT2", actions=("QUARRIES", "BUILDING")), s["active"], gold=0)
    poor = put_tile_in_row(poor, "building", 0, "B1-02")
    with pytest.raises(IllegalMove):
        do(poor, {"type": "building", "slot": 0, "site": "PL08-NE", "rotation": 0, "cube": False})


def test_PRG_CUBE_03_two_available_cubes_plus_one_per_wealth_bonus_at_most_five():
    s = base(extra="bought")
    seat = s["active"]
    assert me(s)["cubes"] == 2
    s = edit_player(s, seat, gold=5, stone=5, mines=5, quarries=8)
    s = do(s, {"type": "mines", "option": "increase"})  # 6 gold
    assert me(s)["cubes"] == 3 and me(s)["wealth"] == ["gold6"]
    s = do(s, {"type": "quarries", "via": "extra", "option": "produce"})  # +7 stone -> 9 (+ bonuses)
    assert sorted(me(s)["wealth"]) == ["gold6", "nine", "stone6"] and me(s)["cubes"] == 5
    s = edit_player(s, seat, gold=0, stone=0)
    s = set_turn(s, seat=seat)
    s = do(s, {"type": "mines", "option": "produce"})
    assert me(s)["cubes"] == 5


def test_PRG_CUBE_04_only_buildings_and_seals_use_available_cubes():
    """Seed note: [Y] words the cube on a building as an instruction ("lege einen Würfel deiner Farbe auf
    das Feld"); the spec reads it as optional (PRG-BUILD-06, following [K]), as the engine does."""
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"), extra="bought")
    seat = s["active"]
    s = put_tile_in_row(s, "building", 0, "B1-02")
    s = put_tile_in_row(s, "wall", 0, "W1-11")
    s = edit_player(s, seat, gold=4, stone=4, seal_rights=1)
    s = do(s, {"type": "building", "slot": 0, "site": "PL08-NE", "rotation": 0, "cube": True})
    assert me(s)["cubes"] == 1
    s = do(s, {"type": "wall", "via": "extra", "slot": 0, "position": [0, -2], "rotation": 0})
    for item in pending(s, "side"):
        s = do(s, {"type": "side", "item": item["id"]})
    assert me(s)["cubes"] == 1
    s = do(s, {"type": "seal", "seal": "SEAL-6"})
    assert me(s)["cubes"] == 0 and s["seals"]["SEAL-6"] == seat


def test_PRG_CUBE_05_building_cubes_return_at_scoring_seal_cubes_stay():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    seat = s["active"]
    s["plazas"]["PL09"] = {"tile": "P01", "side": "a", "scored": False}
    for site in ("PL09-E", "PL09-W"):
        s["city"][site] = {"tile": "B1-02", "rot": 0, "owner": seat, "cube": True, "spent": 2}
    assert "PL09-SE" in s["city"]  # pre-filled with 2 players
    s["seals"]["SEAL-4"] = seat
    s = edit_player(s, seat, cubes=0, seals=["SEAL-4"], seal_rights=1, gold=2)
    s = put_tile_in_row(s, "building", 0, "B1-10")  # no cube space
    free = [x for x in ("PL09-E", "PL09-SE", "PL09-SW", "PL09-W") if x not in s["city"]]
    s = do(s, {"type": "building", "slot": 0, "site": free[0], "rotation": 0, "cube": False})
    assert s["plazas"]["PL09"]["scored"]
    assert me(s)["cubes"] == 2 and me(s)["seals"] == ["SEAL-4"] and s["seals"]["SEAL-4"] == seat


# ---------------------------------------------------------------- PRG-PROD


def test_PRG_PROD_01_choose_a_token_from_the_river_for_that_track():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = edit_player(s, s["active"], quarries=4)
    river = list(s["river"])
    s = do(s, {"type": "quarries", "option": "increase"})
    [item] = pending(s, "token")
    assert item["track"] == "quarries"
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    tok = river[-1]
    s = do(s, {"type": "token", "item": item["id"], "token": tok})
    assert me(s)["tokens"] == {"mines": None, "quarries": tok}
    assert sorted(s["river"]) == sorted(river[:-1])


def test_PRG_PROD_03_one_token_per_track():
    s = base(extra="bought")
    s = clone(s)
    me(s)["tokens"]["mines"] = "PT-G-a"
    s = edit_player(s, s["active"], mines=5, quarries=4)
    s = do(s, {"type": "mines", "option": "increase"})
    assert me(s)["mines"] == 6 and not pending(s, "token")  # the gold-mine track holds its token
    s = do(s, {"type": "quarries", "via": "extra", "option": "increase"})
    [item] = pending(s, "token")
    s = do(s, {"type": "token", "item": item["id"], "token": s["river"][0]})
    assert me(s)["tokens"]["mines"] == "PT-G-a" and me(s)["tokens"]["quarries"] is not None


def test_PRG_PROD_05_tokens_in_play_by_player_count():
    counts = {n: len(new_game(n, 4)["river"]) for n in (1, 2, 3, 4)}
    assert counts == {1: 4, 2: 4, 3: 6, 4: 8}
    assert sorted(new_game(1, 4, solo_mode="parler")["river"]) == sorted(ED.PRODUCTION_TOKEN_SETS["2"])


@pytest.mark.parametrize("token,gold,stone,vp", [
    ("PT-2VP-a", 0, 0, 2), ("PT-VPG-a", 1, 0, 1), ("PT-VPS-a", 0, 1, 1), ("PT-G-a", 1, 0, 0), ("PT-S-a", 0, 1, 0),
])
def test_PROD_TOKEN_reward_added_to_each_production_of_its_track(token, gold, stone, vp):
    """Table 5.5: PT-2VP, PT-VPG, PT-VPS, PT-G, PT-S (one test per kind)."""
    s = base()
    s = clone(s)
    me(s)["tokens"]["mines"] = token
    s = edit_player(s, s["active"], gold=0, stone=0, mines=2)  # 1 mine, no printed bonus
    a = do(s, {"type": "mines", "option": "produce"})
    assert (me(a)["gold"], me(a)["stone"], me(a)["vp"]) == (1 + gold, stone, vp)
    # not on the other track's production, nor on an increase
    b = do(s, {"type": "mines", "option": "increase"})
    assert (me(b)["gold"], me(b)["stone"], me(b)["vp"]) == (1, 0, 0)


# ---------------------------------------------------------------- PRG-SEAL


def test_PRG_SEAL_01_one_right_per_track_end_at_most_two_seals():
    s = base(extra="bought")
    seat = s["active"]
    s = edit_player(s, seat, mines=8, quarries=7, cubes=3, sw=6)
    s = do(s, {"type": "mines", "option": "increase"})
    assert me(s)["seal_rights"] == 1
    s = do(s, {"type": "seal", "seal": "SEAL-6"})
    assert not any(m["type"] == "seal" for m in P.legal_moves(s, seat))
    s = do(s, {"type": "quarries", "via": "extra", "option": "increase"})
    assert me(s)["seal_rights"] == 2
    s = do(s, {"type": "seal", "seal": "SEAL-GOLD"})
    assert me(s)["sw"] == 4 and me(s)["seals"] == ["SEAL-6", "SEAL-GOLD"]
    with pytest.raises(IllegalMove):
        do(s, {"type": "seal", "seal": "SEAL-4"})


# ---------------------------------------------------------------- PRG-HEX


def test_PRG_HEX_01_three_rows_three_normal_and_one_special_of_the_era():
    s = new_game(2, 23)
    assert sorted(s["rows"]) == ["building", "upgrade", "wall"]
    for row, tiles in s["rows"].items():
        assert len(tiles) == 4 and ED.TILES[tiles[3]]["kind"] == "special"
        assert {ED.TILES[t]["kind"] for t in tiles[:3]} == {"normal"}


def test_PRG_HEX_02_any_normal_tile_only_affordable_walls_and_buildings():
    s = base(tile="AT1", actions=("MINES", "WALL"))
    for slot, tile in enumerate(("W1-01", "W1-04", "W1-11")):  # 2S, 3S, 1S
        s = put_tile_in_row(s, "wall", slot, tile)
    s = edit_player(s, s["active"], stone=2, gold=0)
    slots = {m["slot"] for m in P.legal_moves(s, s["active"]) if m["type"] == "wall"}
    assert slots == {0, 2}
    with pytest.raises(IllegalMove):
        do(s, {"type": "wall", "slot": 1, "position": [0, -2], "rotation": 0})
    a = do(s, {"type": "wall", "slot": 2, "position": [0, -2], "rotation": 0})
    assert me(a)["walls"]["0,-2"]["tile"] == "W1-11"
    u = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    u = edit_player(u, u["active"], gold=0, stone=0)
    assert {m["slot"] for m in P.legal_moves(u, u["active"]) if m["type"] == "upgrade"} == {0, 1, 2}


def test_PRG_HEX_07_refresh_needs_two_tiles_pending_refills_first():
    s = base(tile="AT1", actions=("MINES", "WALL"))
    s = edit_player(s, s["active"], stone=9, gold=2)
    s = do(s, {"type": "wall", "slot": 0, "position": [0, -2], "rotation": 0})
    for i in pending(s, "side"):
        s = do(s, {"type": "side", "item": i["id"]})
    assert s["rows"]["wall"][0] is None
    top = s["stacks"]["wall-1-normal"][0]
    a = do(s, {"type": "refresh", "row": "wall", "slots": [0, 1], "pay": "gold"})
    assert a["rows"]["wall"][0] not in (None, top) and top not in a["stacks"]["wall-1-normal"][:1]
    # with the stack empty the slot stays empty and cannot be part of a refresh
    b = clone(s)
    b["stacks"]["wall-1-normal"] = []
    with pytest.raises(IllegalMove):
        do(b, {"type": "refresh", "row": "wall", "slots": [0, 1], "pay": "gold"})
    assert not any(m["type"] == "refresh" and m["row"] == "wall" and 0 in m["slots"]
                   for m in P.legal_moves(b, b["active"]))


# ---------------------------------------------------------------- PRG-ADJ


def test_PRG_ADJ_01_printed_neighbour_symbol_on_the_action_board():
    # MINES hex (1,-1) shows 1SW on edge 0, facing wall position (2,-2)
    s = base(tile="AT1", actions=("MINES", "WALL"))
    s = put_tile_in_row(s, "wall", 0, "W1-07")  # 3S, reward 1T, symbol 2VP on edge 0
    s = edit_player(s, s["active"], stone=3)
    a = do(s, {"type": "wall", "slot": 0, "position": [2, -2], "rotation": 3})  # symbol on edge 3
    assert me(a)["sw"] == 1 and me(a)["vp"] == 2
    b = do(s, {"type": "wall", "slot": 0, "position": [2, -2], "rotation": 0})
    assert me(b)["sw"] == 0 and me(b)["vp"] == 0


def test_PRG_ADJ_03_university_icon_is_no_neighbour_symbol():
    """The University reminder is not data: an upgrade whose symbol meets nothing gains only its
    University step, whatever the neighbours hold."""
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = with_wall(s, (2, -2), "W1-02", rot=0)  # symbol on edge 0, facing away from the Mines hex
    s = put_tile_in_row(s, "upgrade", 0, "U1-01")
    before = clone(me(s))
    a = do(s, {"type": "upgrade", "slot": 0, "rotation": 0})
    p = me(a)
    assert p["uni"] == 1 and (p["sw"], p["tech"], p["vp"], p["rm"]) == (before["sw"], before["tech"], 0, 0)


def test_PRG_ADJ_06_only_the_placing_player_gains():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    other = [x for x in s["order"] if x != s["active"]][0]
    # the other player's B1-04 (blue corner 1) at PL08-NW, rotation 0; B1-12 at PL08-NE, rotation 4
    # puts its blue corner on that vertex
    s["city"]["PL08-NW"] = {"tile": "B1-04", "rot": 0, "owner": other, "cube": False, "spent": 3}
    s = put_tile_in_row(s, "building", 0, "B1-12")  # 2G, blue corner 1, no cube space
    s = edit_player(s, s["active"], gold=2)
    before = clone(s["players"][other])
    a = do(s, {"type": "building", "slot": 0, "site": "PL08-NE", "rotation": 4, "cube": False})
    assert me(a)["bm"] == 1
    assert a["players"][other] == before


def test_PRG_ADJ_07_only_the_top_tile_of_an_action_hex_counts():
    # the Mines hex printed symbol (1SW, edge 0) is covered by U1-01 turned so its symbol faces elsewhere
    s = base(tile="AT1", actions=("MINES", "WALL"))
    s = with_upgrade(s, "MINES", "U1-01", rot=3)
    s = put_tile_in_row(s, "wall", 0, "W1-07")
    s = edit_player(s, s["active"], stone=3)
    a = do(s, {"type": "wall", "slot": 0, "position": [2, -2], "rotation": 3})
    assert me(a)["sw"] == 0 and me(a)["vp"] == 0
    # the top tile's own symbol does count: U1-01 with rot 0 faces (2,-2)
    s2 = base(tile="AT1", actions=("MINES", "WALL"))
    s2 = with_upgrade(s2, "MINES", "U1-02", rot=3)
    s2 = with_upgrade(s2, "MINES", "U1-01", rot=0)
    s2 = put_tile_in_row(s2, "wall", 0, "W1-07")
    s2 = edit_player(s2, s2["active"], stone=3)
    b = do(s2, {"type": "wall", "slot": 0, "position": [2, -2], "rotation": 3})
    assert me(b)["sw"] == 1 and me(b)["vp"] == 2 and me(b)["tech"] == 1  # 1SW + 2VP, 1T reward


def test_PRG_ADJ_09_adjacency_bonuses_are_ordinary_gains_for_technologies():
    # printed red corner: corner 0 of wall position (-1,2); W1-05 red corner 4 turned 2 -> corner 0
    s = base(tile="AT1", actions=("MINES", "WALL"))
    s = put_tile_in_row(s, "wall", 0, "W1-05")  # 2S, reward 1G 1S
    s = edit_player(s, s["active"], stone=2, gold=0, techs=[{"id": "T2-2", "level": 2, "new": False}])
    a = do(s, {"type": "wall", "slot": 0, "position": [-1, 2], "rotation": 2})
    p = me(a)
    assert p["rm"] == 1 and p["vp"] == 1 and p["gold"] == 1 + 1


# ---------------------------------------------------------------- PRG-UPG


def test_PRG_UPG_01_upgrade_goes_on_its_action_hex_for_free_in_any_rotation():
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = put_tile_in_row(s, "upgrade", 1, "U1-03")  # QUARRIES
    s = edit_player(s, s["active"], gold=0, stone=0)
    rots = {m["rotation"] for m in P.legal_moves(s, s["active"]) if m["type"] == "upgrade" and m["slot"] == 1}
    assert rots == set(range(6))
    a = do(s, {"type": "upgrade", "slot": 1, "rotation": 4})
    assert me(a)["upgrades"]["QUARRIES"] == [{"tile": "U1-03", "rot": 4, "n": False, "c": False}]
    assert (me(a)["gold"], me(a)["stone"]) == (0, 0)


def test_PRG_UPG_05_only_the_top_tile_bonus_counts():
    s = base()
    s = with_upgrade(s, "MINES", "U1-02")  # 1VP
    s = with_upgrade(s, "MINES", "U1-01")  # 1G on top (placed in an earlier turn)
    s = edit_player(s, s["active"], gold=0)
    legal = [m for m in P.legal_moves(s, s["active"]) if m["type"] == "mines"]
    assert all("bonus" not in m for m in legal)
    a = do(s, {"type": "mines", "option": "produce"})
    assert me(a)["gold"] == 3 + 1 and me(a)["vp"] == 0


def test_PRG_UPG_09_upgrade_gets_corner_bonus_of_the_placement():
    # U1-02 red corner 2 on the Mines hex (1,-1): corner 2 = corner 4 of (2,-1) = corner 0 of (1,0)
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = with_wall(s, (2, -1), "W1-05", rot=0)  # red corner 4
    s = put_tile_in_row(s, "upgrade", 0, "U1-02")
    a = do(s, {"type": "upgrade", "slot": 0, "rotation": 0})
    assert me(a)["rm"] == 1
    b = do(s, {"type": "upgrade", "slot": 0, "rotation": 1})
    assert me(b)["rm"] == 0


# ---------------------------------------------------------------- PRG-WALL


def test_PRG_WALL_04_wall_corner_bonus_with_another_wall():
    # corner 3 of (2,-2) = corner 5 of (2,-1)
    s = base(tile="AT1", actions=("MINES", "WALL"))
    s = with_wall(s, (2, -2), "W1-04", rot=0)  # red corner 3
    s = put_tile_in_row(s, "wall", 0, "W1-05")  # red corner 4
    s = edit_player(s, s["active"], stone=2)
    a = do(s, {"type": "wall", "slot": 0, "position": [2, -1], "rotation": 1})
    assert me(a)["rm"] == 1
    b = do(s, {"type": "wall", "slot": 0, "position": [2, -1], "rotation": 0})
    assert me(b)["rm"] == 0


def test_PRG_WALL_06_walls_count_at_the_final_scoring():
    s = base(tile="AT1", actions=("MINES", "WALL"))
    for pos in ((0, -2), (1, -2)):
        s = with_wall(s, pos, "W1-02")
    assert final_breakdown(s, s["active"])["final"]["walls"] == 0
    s = put_tile_in_row(s, "wall", 0, "W1-02")
    s = edit_player(s, s["active"], stone=2)
    s = do(s, {"type": "wall", "slot": 0, "position": [-2, 0], "rotation": 0})
    assert final_breakdown(s, s["active"])["final"]["walls"] == 4


# ---------------------------------------------------------------- PRG-BUILD


def test_PRG_BUILD_03_green_reward_and_old_town_site_vp():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = put_tile_in_row(s, "building", 0, "B1-10")  # 2G, reward 1VP 1SW, no cube space
    s = edit_player(s, s["active"], gold=4)
    a = do(s, {"type": "building", "slot": 0, "site": "PL01-NE", "rotation": 0, "cube": False})
    p = me(a)
    assert p["gold"] == 0 and p["sw"] == 1  # 2 + 2 extra gold paid
    assert p["vp_by_source"]["tiles"] == 1 and p["vp_by_source"]["buildings"] == 3 + 1


def test_PRG_BUILD_04_blue_corner_meets_printed_corner_depending_on_rotation():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = put_tile_in_row(s, "building", 0, "B1-04")  # blue corner 1
    s = edit_player(s, s["active"], gold=9)
    # PL01-E has a printed blue corner at its corner 4
    a = do(s, {"type": "building", "slot": 0, "site": "PL01-E", "rotation": 3, "cube": False})
    b = do(s, {"type": "building", "slot": 0, "site": "PL01-E", "rotation": 0, "cube": False})
    assert (me(a)["bm"], me(b)["bm"]) == (1, 0)
    assert a["city"]["PL01-E"]["rot"] == 3


def test_PRG_BUILD_05_cathedral_symbol_gives_a_mandatory_cathedral_step():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = put_tile_in_row(s, "building", 0, "B1-03")  # Cathedral symbol
    s = edit_player(s, s["active"], gold=2)
    s = do(s, {"type": "building", "slot": 0, "site": "PL08-NE", "rotation": 0, "cube": False})
    [side] = pending(s, "side")
    assert side["structure"] == "ca" and not side["optional"]
    with pytest.raises(IllegalMove):
        do(s, {"type": "end_turn"})
    s = do(s, {"type": "side", "item": side["id"]})
    assert me(s)["ca"]["col"] == 1
    s2 = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    s2 = put_tile_in_row(s2, "building", 0, "B1-02")  # no symbol
    s2 = edit_player(s2, s2["active"], gold=2)
    s2 = do(s2, {"type": "building", "slot": 0, "site": "PL08-NE", "rotation": 0, "cube": False})
    assert not pending(s2, "side")


def test_PRG_BUILD_09_order_cube_before_plaza_scoring_markers_before_technology_triggers():
    s = base(tile="AT2", actions=("QUARRIES", "BUILDING"))
    seat = s["active"]
    other = [x for x in s["order"] if x != seat][0]
    s["plazas"]["PL09"] = {"tile": "P01", "side": "a", "scored": False}
    s["city"]["PL09-E"] = {"tile": "B1-02", "rot": 0, "owner": other, "cube": True, "spent": 2}
    s["city"]["PL09-W"] = {"tile": "B1-02", "rot": 0, "owner": seat, "cube": True, "spent": 2}
    free = [x for x in ("PL09-E", "PL09-SE", "PL09-SW", "PL09-W") if x not in s["city"]]
    assert len(free) == 1
    s = put_tile_in_row(s, "building", 0, "B1-03")  # 2G, 1SW, cube space, Cathedral symbol
    s = edit_player(s, seat, gold=2, cubes=1)
    s = do(s, {"type": "building", "slot": 0, "site": free[0], "rotation": 0, "cube": True})
    # the new cube counts for the majority (2 vs 1) and comes back at once with the other
    [own] = pending(s, "plaza")
    assert own["both"] and me(s)["cubes"] == 2 and s["deferred"] == {str(other): [{"plaza": "PL09",
                                                                                  "both": False}]}
    assert pending(s, "side")  # the Cathedral step is pending next to the plaza reward


def test_PRG_ADJ_02_two_touching_symbols_give_both_bonuses_an_edge_without_symbol_nothing():
    # W1-02 (symbol 1T) at (2,-2) turned 3 faces the Mines hex (1,-1); U1-01 (symbol 1SW) turned 0 faces it
    s = base(tile="AT3", actions=("UPGRADE", "ROAD"))
    s = with_wall(s, (2, -2), "W1-02", rot=3)
    s = put_tile_in_row(s, "upgrade", 0, "U1-01")
    a = do(s, {"type": "upgrade", "slot": 0, "rotation": 0})
    assert (me(a)["sw"], me(a)["tech"]) == (1, 1)
    b = do(s, {"type": "upgrade", "slot": 0, "rotation": 1})  # symbol faces (2,-1): empty
    assert (me(b)["sw"], me(b)["tech"]) == (0, 0)
    c = with_wall(s, (2, -2), "W1-02", rot=0)  # the wall's edge facing the hex has no symbol
    c = do(c, {"type": "upgrade", "slot": 0, "rotation": 0})
    assert (me(c)["sw"], me(c)["tech"]) == (0, 0)


def test_PRG_WALL_02_green_window_reward_at_once():
    s = base(tile="AT1", actions=("MINES", "WALL"))
    s = put_tile_in_row(s, "wall", 0, "W1-13")  # 3S, reward 2VP 1E
    s = edit_player(s, s["active"], stone=3)
    s = do(s, {"type": "wall", "slot": 0, "position": [0, -2], "rotation": 0})
    assert (me(s)["vp"], me(s)["eggs"], me(s)["stone"]) == (2, 1, 0)


def test_PRG_WALL_05_hunger_wall_symbol_gives_one_mandatory_step_to_the_left():
    s = base(tile="AT1", actions=("MINES", "WALL"))
    s = put_tile_in_row(s, "wall", 0, "W1-01")  # Hunger Wall symbol
    s = put_tile_in_row(s, "wall", 1, "W1-02")  # none
    s = edit_player(s, s["active"], stone=2)
    a = do(s, {"type": "wall", "slot": 0, "position": [0, -2], "rotation": 0})
    [side] = pending(a, "side")
    assert side["structure"] == "hw" and not side["optional"]
    with pytest.raises(IllegalMove):
        do(a, {"type": "end_turn"})
    a = do(a, {"type": "side", "item": side["id"]})
    assert me(a)["hw"] == {"row": 1, "col": 1, "dead": []}
    b = do(s, {"type": "wall", "slot": 1, "position": [0, -2], "rotation": 0})
    assert not pending(b, "side")


def test_T21_PRG_BUILD_08_plaza_completed_by_a_building_without_cube_space():
    s = base(players=3, seed=12, tile="AT2", actions=("QUARRIES", "BUILDING"))
    p1 = s["active"]
    p2, p3 = [s["order"][(s["order"].index(p1) + k) % 3] for k in (1, 2)]
    assert "PL10-NE" in s["city"]  # pre-filled with 3 players
    s["plazas"]["PL10"] = {"tile": "P01", "side": "a", "scored": False}
    s["city"]["PL10-E"] = {"tile": "B1-02", "rot": 0, "owner": p2, "cube": True, "spent": 2}
    s["city"]["PL10-SE"] = {"tile": "B1-02", "rot": 0, "owner": p2, "cube": True, "spent": 2}
    s["city"]["PL10-W"] = {"tile": "B1-02", "rot": 0, "owner": p3, "cube": True, "spent": 2}
    s = edit_player(put_tile_in_row(s, "building", 0, "B1-10"), p1, gold=2)  # no cube space
    s = do(s, {"type": "building", "slot": 0, "site": "PL10-NW", "rotation": 0, "cube": False})
    assert me(s)["vp_by_source"]["buildings"] == 5 and s["plazas"]["PL10"]["scored"]
    assert not pending(s, "plaza")
    assert s["deferred"] == {str(p2): [{"plaza": "PL10", "both": True}], str(p3): [{"plaza": "PL10", "both": False}]}
