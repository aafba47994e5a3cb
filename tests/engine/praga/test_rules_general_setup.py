"""Rule statements of spec 4.1 (PRG-GEN), 4.2 (PRG-SETUP) and 4.25 (PRG-VAR), one test per ID.

Edition provisional-1 where a test reads numbers (counts of plazas, sites, tokens, start values);
tests marked [mechanics] do not depend on provisional values.
"""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from engine.praga.bots import random_move
from engine.praga.common import clone
from engine.praga.scoring import final_breakdown
from engine.praga.wheel import tile_positions
from tests.engine.praga.helpers import ED, complete_turn, do, edit_player, new_game, put_tile_in_row, set_turn


def me(s):
    return s["players"][s["active"]]


# ---------------------------------------------------------------- PRG-GEN


def test_PRG_GEN_01_one_to_four_players_solo_against_dummy_or_parler():
    for n in (1, 2, 3, 4):
        s = new_game(n, 5)
        assert len(s["players"]) == n and s["players_count"] == n
    for bad_count in (0, 5):
        with pytest.raises(Exception):
            new_game(bad_count, 5)
    assert new_game(1, 5, solo_mode="dummy")["parler"] is None
    assert new_game(1, 5, solo_mode="parler")["parler"] is not None


def test_PRG_GEN_02_turns_go_in_seat_order_from_the_start_player():
    """[mechanics]"""
    s = new_game(3, 7)
    seen = []
    for _ in range(7):
        seen.append(s["active"])
        s = complete_turn(s)
    order = s["order"]
    assert seen == [order[i % 3] for i in range(7)]


def test_PRG_GEN_04_eggs_windows_markers_have_no_holding_limit():
    s = set_turn(new_game(2, 9))
    s = edit_player(s, s["active"], eggs=30, sw=20, gw=20, rm=40, bm=40)
    s = do(s, {"type": "buy_extra", "pay": "gold"})
    s = do(s, {"type": "mines", "via": "extra", "option": "produce"})
    p = me(s)
    assert (p["eggs"], p["sw"], p["gw"], p["rm"], p["bm"]) == (30, 20, 18, 40, 40)
    s = put_tile_in_row(s, "wall", 0, "W1-09")  # reward RM
    s = edit_player(s, s["active"], stone=2)
    s = do(s, {"type": "wall", "slot": 0, "position": [0, -2], "rotation": 0})
    assert me(s)["rm"] == 41


def test_PRG_GEN_05_victory_points_are_never_lost():
    """[mechanics] Random complete games: no move lowers a player's VP."""
    for seed in (1, 2):
        s = new_game(2, seed)
        rng = Rng.from_seed(seed)
        while P.to_act(s):
            seat = next(iter(P.to_act(s)))
            before = [p["vp"] for p in s["players"]]
            s = P.apply(s, seat, random_move(s, seat, rng))
            assert all(p["vp"] >= b for p, b in zip(s["players"], before))
        out = P.outcome(s)
        assert all(b["total"] >= b["in_game"] for b in out["breakdown"])


def test_PRG_GEN_08_nothing_is_used_before_it_is_paid():
    s = set_turn(new_game(2, 13), tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = put_tile_in_row(s, "building", 0, "B1-07")  # costs 1G 1S, rewards 1G 1S
    s = edit_player(s, s["active"], gold=0, stone=1)
    with pytest.raises(IllegalMove):  # its own reward cannot pay for it
        do(s, {"type": "building", "slot": 0, "site": "PL08-NE", "rotation": 0, "cube": False})
    assert not any(m["type"] == "building" and m["slot"] == 0 for m in P.legal_moves(s, s["active"]))
    # a red-zone tile whose bonus is 1 gold cannot be taken without the gold for it
    s = clone(new_game(2, 13, first_game=True))
    s["active"] = s["turn"]["seat"] = 0
    s["players"][0]["gold"] = 0
    assert s["wheel"]["at"]["AT1"] == 3 and tile_positions(s["wheel"])["AT1"] == 0  # notch 3: gain 1 gold
    with pytest.raises(IllegalMove):
        do(s, {"type": "take", "tile": "AT1"})


# ---------------------------------------------------------------- PRG-SETUP


def test_PRG_SETUP_01_random_start_player_solo_player_starts():
    starts = set()
    for seed in range(12):
        s = new_game(4, seed)
        o = s["order"]
        assert o == [(o[0] + i) % 4 for i in range(4)] and s["active"] == o[0]
        starts.add(o[0])
    assert len(starts) > 1
    for seed in range(5):
        assert new_game(1, seed)["order"] == [0]


def test_PRG_SETUP_02_bridge_pieces_random_order_side_and_orientation():
    layouts = set()
    for seed in range(6):
        s = new_game(2, seed)
        b = s["bridge"]
        assert len(b["spaces"]) == 10 and b["covered"] == [False] * 10 and b["planks"] == []
        assert sorted(x["piece"] for x in b["layout"]) == ["BP1", "BP2", "BP3", "BP4", "BP5"]
        pieces = {p["id"]: p for p in ED.BRIDGE_PIECES}
        for j, lay in enumerate(b["layout"]):
            halves = [list(h) for h in pieces[lay["piece"]]["sides"][lay["side"]]]
            if lay["flipped"]:
                halves.reverse()
            assert b["spaces"][2 * j:2 * j + 2] == halves
        layouts.add(tuple((x["piece"], x["side"], x["flipped"]) for x in b["layout"]))
    assert len(layouts) > 1


def test_PRG_SETUP_03_iv_stack_and_v_tiles_split_between_bridge_and_cathedral():
    s = new_game(2, 3)
    assert sorted(s["iv_stack"]) == ["IV-%d" % i for i in range(1, 7)]
    assert len(s["v_bridge"]) == 3 and len(s["v_cathedral"]) == 3
    assert sorted(s["v_bridge"] + s["v_cathedral"]) == ["V-%d" % i for i in range(1, 7)]


def test_PRG_SETUP_04_level_sets_and_road_variant_sides_are_put_in_place():
    s = new_game(2, 4, hunger_wall="A", cathedral="B", road_I="a", road_II="b")
    assert s["options"]["hunger_wall"] == "A" and s["options"]["cathedral"] == "B"
    seat = s["active"]
    s = edit_player(s, seat, hw={"row": 3, "col": 0, "dead": []}, ca={"row": 3, "col": 0, "dead": []})
    f = final_breakdown(s, seat)["final"]
    assert f["hunger_wall"] == 4 and f["cathedral"] == 5  # row 3: A 4 VP, B 5 VP (provisional-1)
    s = set_turn(s, tile="AT3", actions=("UPGRADE", "ROAD"))
    s = do(s, {"type": "road"})
    free = [i for i in s["turn"]["pending"] if i["kind"] == "road_free"]
    s = do(s, {"type": "road_effect", "item": free[0]["id"]})
    choice = [i for i in s["turn"]["pending"] if i["kind"] == "choice"][0]
    assert choice["options"] == [["1SW", "1S"], ["1SW", "1G"]]  # KRV-I side a


def test_PRG_SETUP_05_plazas_in_play_get_a_tile_of_their_colour():
    colour = {t["id"]: t["colour"] for t in ED.PLAZA_TILES}
    hexcol = {p["id"]: p["colour"] for p in ED.CITY["plazas"]}
    for n, count in ((1, 8), (2, 8), (3, 9), (4, 10)):
        s = new_game(n, 8)
        assert len(s["plazas"]) == count and sorted(s["plazas"]) == sorted(s["plaza_order"])
        tiles = [p["tile"] for p in s["plazas"].values()]
        assert len(set(tiles)) == count
        for pid, p in s["plazas"].items():
            assert colour[p["tile"]] == hexcol[pid] and p["side"] in ("a", "b") and not p["scored"]


def test_PRG_SETUP_06_twelve_shuffled_hex_stacks():
    s = new_game(4, 1)
    t = new_game(4, 2)
    assert len(s["stacks"]) == 12
    for key, stack in s["stacks"].items():
        row, era, kind = key.split("-")
        for tid in stack:
            rec = ED.TILES[tid]
            assert (rec["type"], rec["era"], rec["kind"]) == (row, int(era), kind)
    shown = [x for r in s["rows"].values() for x in r]
    every = sorted(sum(s["stacks"].values(), []) + shown)
    assert every == sorted(ED.TILES)  # 4 players: nothing pre-filled
    assert s["stacks"]["wall-2-normal"] != t["stacks"]["wall-2-normal"]


def test_PRG_SETUP_07_prefilled_sites_neutral_normal_era_I_buildings():
    for n, count in ((1, 7), (2, 7), (3, 4), (4, 0)):
        s = new_game(n, 3)
        assert len(s["city"]) == count
        for site, b in s["city"].items():
            rec = ED.TILES[b["tile"]]
            assert (rec["type"], rec["era"], rec["kind"]) == ("building", 1, "normal")
            assert b["owner"] is None and b["cube"] is False and 0 <= b["rot"] <= 5
    # a pre-filled building counts for "buildings around this plaza" (PRG-BUILD-07)
    s = new_game(2, 3)
    assert "PL03-E" in s["city"]
    s = set_turn(s, tile="AT2", actions=("QUARRIES", "BUILDING"))
    s = put_tile_in_row(s, "building", 0, "B1-06")  # no cube space, 3 gold, reward 2U
    s = edit_player(s, s["active"], gold=9)
    s = do(s, {"type": "building", "slot": 0, "site": "PL03-W", "rotation": 0, "cube": False})
    assert me(s)["vp_by_source"]["buildings"] == 2 + 2  # site VP 2 + two buildings at PL03


def test_PRG_SETUP_08_display_three_normal_and_one_special_era_I_tile_per_row():
    s = new_game(2, 6)
    for row, tiles in s["rows"].items():
        kinds = [ED.TILES[t]["kind"] for t in tiles]
        assert kinds == ["normal", "normal", "normal", "special"]
        assert all(ED.TILES[t]["era"] == 1 and ED.TILES[t]["type"] == row for t in tiles)


def test_PRG_SETUP_09_technology_stacks_by_level():
    s = new_game(2, 6)
    assert sorted(s["tech_stacks"]) == ["1", "2", "3", "4"]
    for level, stack in s["tech_stacks"].items():
        assert len(stack) == 6 and all(t.startswith("T%s-" % level) for t in stack)
    assert s["tech_stacks"] != new_game(2, 7)["tech_stacks"]


def test_PRG_SETUP_11_the_engine_counts_rounds():
    """[mechanics]"""
    s = new_game(2, 6)
    assert P.view(s, 0)["round"] == 1
    s = complete_turn(complete_turn(s))
    assert P.view(s, 0)["round"] == 2 and s["turn_no"] == 2


def test_PRG_SETUP_12_production_tokens_of_the_player_count_in_the_river():
    for n, count in ((1, 4), (2, 4), (3, 6), (4, 8)):
        s = new_game(n, 2)
        assert sorted(s["river"]) == sorted(ED.PRODUCTION_TOKEN_SETS[str(n)]) and len(s["river"]) == count


def test_PRG_SETUP_13_five_point_token_starts_next_to_the_crane():
    s = new_game(2, 2)
    assert s["wheel"]["token"] is None


def test_PRG_SETUP_14_player_start_values():
    s = new_game(3, 2)
    for p in s["players"]:
        assert (p["gold"], p["stone"], p["mines"], p["quarries"]) == (2, 2, 4, 3)
        assert (p["tech"], p["uni"], p["cubes"], p["wealth"], p["road"], p["vp"]) == (0, 0, 2, [], 0, 0)
        assert p["hw"] == {"row": 1, "col": 0, "dead": []} and p["ca"] == {"row": 1, "col": 0, "dead": []}


def test_PRG_SETUP_15_no_eggs_windows_markers_or_technologies_at_the_start():
    for p in new_game(4, 2)["players"]:
        assert (p["eggs"], p["sw"], p["gw"], p["rm"], p["bm"], p["techs"]) == (0, 0, 0, 0, 0, [])


# ---------------------------------------------------------------- PRG-VAR


def test_PRG_VAR_01_action_tiles_side_B_never_mixed():
    s = new_game(2, 4, action_side="B")
    seat = s["active"]
    tid = sorted(s["wheel"]["at"])[0]
    s = edit_player(s, seat, gold=9)
    s = do(s, {"type": "take", "tile": tid})
    b_side = {t["id"]: t["actions"] for t in ED.ACTION_TILES["B"]}
    assert s["turn"]["tile_actions"] == b_side[tid]
    with pytest.raises(IllegalMove):
        new_game(2, 4, action_side="B", first_game=True)


def test_PRG_VAR_02_road_variant_per_space_independently():
    s = new_game(2, 4, road_I="b", road_II="base", road_III="a")
    s = set_turn(s, tile="AT3", actions=("UPGRADE", "ROAD"), extra="bought")
    seat = s["active"]
    s = do(s, {"type": "road"})
    assert not [i for i in s["turn"]["pending"] if i["kind"] == "road_free"]  # I: side b, ongoing
    s = edit_player(s, seat, road=1)
    s = do(s, {"type": "road", "via": "extra"})
    [free] = [i for i in s["turn"]["pending"] if i["kind"] == "road_free"]
    s = edit_player(s, seat, gold=1)
    s = do(s, {"type": "road_effect", "item": free["id"]})  # II base: pay 1 gold for 4 VP
    assert me(s)["vp"] == 4 and me(s)["gold"] == 0


def test_PRG_VAR_03_hunger_wall_and_cathedral_level_sets_independent():
    seat = 0
    for hw, ca, expect in (("original", "original", (5, 5)), ("A", "original", (4, 5)),
                           ("original", "B", (5, 5)), ("B", "A", (5, 4))):
        s = new_game(2, 4, hunger_wall=hw, cathedral=ca)
        s = edit_player(s, seat, hw={"row": 3, "col": 0, "dead": []}, ca={"row": 3, "col": 0, "dead": []})
        f = final_breakdown(s, seat)["final"]
        assert (f["hunger_wall"], f["cathedral"]) == expect


def test_PRG_VAR_04_first_game_fixed_order_whatever_the_seed():
    """[mechanics] The order itself is provisional-1 data (AT1..AT6 from p0)."""
    for seed in range(4):
        s = new_game(2, seed, first_game=True)
        assert tile_positions(s["wheel"]) == {"AT1": 0, "AT2": 1, "AT3": 2, "AT4": 3, "AT5": 4, "AT6": 5}


def test_PRG_GEN_07_draws_happen_when_applied_revealing_moves_are_undo_barriers():
    s = set_turn(new_game(2, 13))
    seat = s["active"]
    s = edit_player(s, seat, gold=3)
    a = do(s, {"type": "mines", "option": "produce"})  # reveals nothing: may be taken back
    assert a["rng"] == s["rng"] and {"type": "undo"} in P.legal_moves(a, seat)
    assert P.apply(a, seat, {"type": "undo"})["players"][seat] == s["players"][seat]
    stack = list(a["stacks"]["wall-1-normal"])
    b = do(a, {"type": "refresh", "row": "wall", "slots": [0, 1], "pay": "gold"})  # draws from a stack
    assert b["undo"] is None and {"type": "undo"} not in P.legal_moves(b, seat)
    assert b["rows"]["wall"][:2] == stack[:2]
