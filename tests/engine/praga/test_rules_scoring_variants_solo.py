"""Final-scoring abilities (gold V tiles, table 5.2; seals, table 5.3, PRG-SEAL-04), the solo game
against the dummy (PRG-SOLO) and against Peter Parler (PRG-PARLER) not covered elsewhere.

Edition provisional-1 (V-6 scale 2 VP per row, seal costs of table 5.3, Parler cards of 6.15).
"""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.praga.common import clone
from engine.praga.scoring import final_breakdown
from engine.praga.wheel import tile_positions, tiles_by_age
from tests.engine.praga.helpers import ED, do, edit_player, new_game, put_tile_in_row, set_turn


def abilities(s, seat=0, **fields):
    s = clone(s)
    s["players"][seat].update(fields)
    return final_breakdown(s, seat)["final"]["abilities"]


# ---------------------------------------------------------------- gold V tiles (final scoring)


def test_BRIDGE_V_1_university_position_at_the_end():
    """Position = steps advanced, not the multiplier (OQ-37)."""
    s = new_game(2, 1)
    assert abilities(s, v_tiles=["V-1"], uni=6) == 6
    assert abilities(s, v_tiles=["V-1"], uni=0) == 0


def test_BRIDGE_V_2_three_vp_per_upgrade_tile_covered_included():
    s = new_game(2, 1)
    ups = {"MINES": [{"tile": "U1-01", "rot": 0, "n": False, "c": False},
                     {"tile": "U1-02", "rot": 0, "n": False, "c": False}],
           "ROAD": [{"tile": "U1-10", "rot": 0, "n": False, "c": False}]}
    assert abilities(s, v_tiles=["V-2"], upgrades=ups) == 9


def test_BRIDGE_V_3_two_vp_per_wall():
    s = new_game(2, 1)
    walls = {k: {"tile": "W1-01", "rot": 0, "n": False, "c": False} for k in ("2,-2", "2,-1", "2,0")}
    assert abilities(s, v_tiles=["V-3"], walls=walls) == 6


def test_BRIDGE_V_4_one_vp_per_quarry():
    assert abilities(new_game(2, 1), v_tiles=["V-4"], quarries=6) == 5


def test_BRIDGE_V_5_one_vp_per_gold_mine():
    assert abilities(new_game(2, 1), v_tiles=["V-5"], mines=9) == 8


def test_BRIDGE_V_6_two_vp_per_row_above_the_bottom_on_each_structure():
    """Scale PROVISIONAL (provisional-1: 2 VP per row)."""
    s = new_game(2, 1)
    assert abilities(s, v_tiles=["V-6"], hw={"row": 3, "col": 0, "dead": []},
                     ca={"row": 6, "col": 2, "dead": []}) == 2 * (2 + 5)
    assert abilities(s, v_tiles=["V-6"]) == 0


@pytest.mark.parametrize("tile,vp", [("V-1", 3), ("V-2", 0), ("V-3", 0), ("V-4", 3), ("V-5", 3), ("V-6", 0)])
def test_BRIDGE_V_immediate_part_when_taken_at_the_cathedral(tile, vp):
    s = set_turn(new_game(2, 71))
    s = edit_player(s, s["active"], ca={"row": 4, "col": 0, "dead": []}, sw=2, gold=5, stone=5)
    s["v_cathedral"] = [tile]
    s = do(s, {"type": "climb", "structure": "ca"})
    item = [i for i in s["turn"]["pending"] if i["kind"] == "cathedral_v"][0]
    s = do(s, {"type": "cathedral_v", "item": item["id"], "tile": tile})
    assert s["players"][s["active"]]["vp_by_source"].get("bridge", 0) == vp


# ---------------------------------------------------------------- seals (table 5.3)


def test_PRG_SEAL_04_seals_count_only_at_the_final_scoring():
    s = set_turn(new_game(2, 5))
    seat = s["active"]
    s = edit_player(s, seat, seal_rights=1)
    s = do(s, {"type": "seal", "seal": "SEAL-6"})
    assert s["players"][seat]["vp"] == 0
    assert final_breakdown(s, seat)["final"]["abilities"] == 6


def _claim(sid, sw=2):
    s = set_turn(new_game(2, 5))
    s = edit_player(s, s["active"], seal_rights=1, sw=sw)
    return s, s["active"]


@pytest.mark.parametrize("sid", ["SEAL-GOLD", "SEAL-STONE", "SEAL-PAIR"])
def test_SEAL_paying_seals_cost_two_silver_windows(sid):
    """SEAL-PAIR cost PROVISIONAL."""
    s, seat = _claim(sid, sw=1)
    with pytest.raises(IllegalMove):
        do(s, {"type": "seal", "seal": sid})
    s, seat = _claim(sid, sw=2)
    s = do(s, {"type": "seal", "seal": sid})
    assert s["players"][seat]["sw"] == 0 and s["seals"][sid] == seat


def test_SEAL_GOLD_two_vp_per_gold():
    s = new_game(2, 5)
    assert abilities(s, seals=["SEAL-GOLD"], gold=9, stone=4) == 18


def test_SEAL_STONE_two_vp_per_stone():
    s = new_game(2, 5)
    assert abilities(s, seals=["SEAL-STONE"], gold=9, stone=4) == 8


def test_SEAL_PAIR_three_vp_per_gold_and_stone_pair():
    s = new_game(2, 5)
    assert abilities(s, seals=["SEAL-PAIR"], gold=5, stone=8) == 15


def test_SEAL_6_six_vp_free_claim():
    s, seat = _claim("SEAL-6", sw=0)
    s = do(s, {"type": "seal", "seal": "SEAL-6"})
    assert final_breakdown(s, seat)["final"]["abilities"] == 6


def test_SEAL_4_four_vp_free_claim():
    """Claim cost (none) PROVISIONAL."""
    s, seat = _claim("SEAL-4", sw=0)
    s = do(s, {"type": "seal", "seal": "SEAL-4"})
    assert final_breakdown(s, seat)["final"]["abilities"] == 4


# ---------------------------------------------------------------- PRG-SOLO (dummy)


def test_PRG_SOLO_01_setup_as_two_players_human_starts_dummy_has_no_components():
    s = new_game(1, 8, solo_mode="dummy")
    two = new_game(2, 8)
    assert s["order"] == [0] and s["active"] == 0 and len(s["players"]) == 1
    assert len(s["plaza_order"]) == len(two["plaza_order"]) == 8 and len(s["city"]) == 7
    assert s["wheel"]["offset"] == two["wheel"]["offset"] == 9 and s["parler"] is None
    assert sorted(s["river"]) == sorted(two["river"])


def test_PRG_SOLO_03_era_change_as_for_two_players():
    s = clone(set_turn(new_game(1, 8, solo_mode="dummy"), main="MINES"))
    s["turn_no"] = 14  # the human's 8th turn; the dummy's 8th turn follows inside the end-turn move
    s = do(s, {"type": "end_turn"})
    assert s["turn_no"] == 16 and s["era"] == 2 and s["active"] == 0


def test_PRG_SOLO_04_the_result_is_the_score():
    s = clone(set_turn(new_game(1, 8, solo_mode="dummy"), main="MINES"))
    s["turn_no"] = 30
    s["players"][0]["vp"] = 141
    s = do(s, {"type": "end_turn"})
    out = P.outcome(s)
    assert s["phase"] == "over" and out["winner"] is None and out["ranking"] == [0]
    assert out["scores"] == [out["breakdown"][0]["total"]] and out["scores"][0] >= 141


# ---------------------------------------------------------------- PRG-PARLER


def parler(seed=91, card=None):
    s = set_turn(new_game(1, seed, solo_mode="parler"), main="MINES")
    if card:
        s["parler"]["deck"] = [card] + [c for c in s["parler"]["deck"] if c != card]
    return s


def test_PRG_PARLER_01_setup_tracks_two_player_tokens_shuffled_deck():
    decks = set()
    for seed in range(5):
        s = new_game(1, seed, solo_mode="parler")
        p = s["parler"]
        assert (p["mines"], p["quarries"]) == (4, 3) and p["tokens"] == {"mines": None, "quarries": None}
        assert sorted(p["deck"]) == ["PP1", "PP2", "PP3", "PP4", "PP5"] and p["discard"] == []
        assert sorted(s["river"]) == sorted(ED.PRODUCTION_TOKEN_SETS["2"])
        decks.add(tuple(p["deck"]))
    assert len(decks) > 1


def test_PRG_PARLER_02_pawn_on_a_plaza_in_play_cube_on_a_tile_of_each_row():
    for seed in range(5):
        s = new_game(1, seed, solo_mode="parler")
        p = s["parler"]
        assert p["pawn"] in s["plaza_order"]
        assert set(p["cubes"]) == {"upgrade", "wall", "building"} and all(0 <= c <= 3 for c in p["cubes"].values())


def test_PRG_PARLER_03_one_card_per_turn_reshuffle_nth_oldest_tile():
    """"Oldest" is counted like the dummy's "furthest forward" (OQ-47/48): highest board position first.
    Seed wording for the dummy: "am weitesten vorn ... am nächsten zum blauen Bereich"."""
    s = parler(card="PP5")  # take the 3rd oldest tile
    third = tiles_by_age(s["wheel"])[2]
    after = do(s, {"type": "end_turn"})
    assert after["parler"]["last_card"] == "PP5" and after["parler"]["discard"] == ["PP5"]
    assert len(after["parler"]["deck"]) == 4 and tile_positions(after["wheel"])[third] == 0
    # an empty draw pile is reshuffled from the discards first
    s = parler()
    s["parler"]["discard"], s["parler"]["deck"] = list(s["parler"]["deck"]), []
    after = do(s, {"type": "end_turn"})
    assert len(after["parler"]["deck"]) == 4 and len(after["parler"]["discard"]) == 1


def test_PRG_PARLER_04_take_wall_tile_under_the_stack_cube_moves_right_row_refilled():
    s = parler(card="PP2")
    s["parler"]["cubes"]["wall"] = 3
    tile = s["rows"]["wall"][3]
    top = s["stacks"]["wall-1-special"][0]
    after = do(s, {"type": "end_turn"})
    assert after["stacks"]["wall-1-special"][-1] == tile and after["rows"]["wall"][3] == top
    assert after["parler"]["cubes"]["wall"] == 0 and after["parler"]["quarries"] == 4


def test_PRG_PARLER_06_parler_cube_on_building_scoring_defers_the_human_reward():
    """Seed difference: [Y] moves Parler's row cube only after taking an upgrade or wall tile; the spec
    (following [SH]) and the engine also move it after a building."""
    s = parler(card="PP1")
    s["parler"]["pawn"] = "PL09"
    s["plazas"]["PL09"] = {"tile": "P01", "side": "a", "scored": False}
    s["city"]["PL09-E"] = {"tile": "B1-02", "rot": 0, "owner": 0, "cube": True, "spent": 2}
    s["city"]["PL09-W"] = {"tile": "B1-13", "rot": 0, "owner": 0, "cube": True, "spent": 3}
    slot = s["parler"]["cubes"]["building"]
    s = put_tile_in_row(s, "building", slot, "B1-07")  # cube space, cost 1G 1S
    s["players"][0]["cubes"] = 0
    after = do(s, {"type": "end_turn"})
    assert after["city"]["PL09-SW"]["owner"] == "bot" and after["plazas"]["PL09"]["scored"]
    assert after["players"][0]["cubes"] == 2
    # the human (2 cubes to 1) receives both rewards at the start of the next turn
    item = [i for i in after["turn"]["pending"] if i["kind"] == "plaza"][0]
    assert item["deferred"] and item["both"] and after["active"] == 0
    assert after["parler"]["cubes"]["building"] == (slot + 1) % 4
    assert after["parler"]["pawn"] != "PL09"


def test_PRG_PARLER_11_parler_scores_nothing_and_takes_no_token_vp():
    s = parler(card="PP3")
    oldest = tiles_by_age(s["wheel"])[0]
    s["wheel"]["token"] = oldest
    before = s["players"][0]["vp"]
    after = do(s, {"type": "end_turn"})
    assert after["wheel"]["token"] is None and after["players"][0]["vp"] == before
    assert "vp" not in after["parler"] and len(after["players"]) == 1


def test_PRG_PARLER_07_pawn_moves_on_when_the_human_fills_its_plaza():
    s = set_turn(new_game(1, 91, solo_mode="parler"), tile="AT2", actions=("QUARRIES", "BUILDING"))
    s["parler"]["pawn"] = "PL09"
    for site in ("PL09-E", "PL09-W"):
        s["city"][site] = {"tile": "B1-02", "rot": 0, "owner": 0, "cube": False, "spent": 2}
    s = edit_player(put_tile_in_row(s, "building", 0, "B1-02"), 0, gold=2)
    s = do(s, {"type": "building", "slot": 0, "site": "PL09-SW", "rotation": 0, "cube": False})
    assert s["parler"]["pawn"] == "PL10"


def test_PRG_TURN_09_automatic_window_gain_before_the_discard():
    s = set_turn(new_game(2, 51), main="MINES", wheel_bonus={"kind": "gain", "reward": ["1SW"], "used": False})
    seat = s["active"]
    s = edit_player(s, seat, sw=2, gw=1)
    ends = [m for m in P.legal_moves(s, seat) if m["type"] == "end_turn"]
    assert ends == [{"type": "end_turn", "keep": {"sw": 1, "gw": 1}}, {"type": "end_turn", "keep": {"sw": 2, "gw": 0}}]
    after = do(s, {"type": "end_turn", "keep": {"sw": 2, "gw": 0}})
    assert (after["players"][seat]["sw"], after["players"][seat]["gw"]) == (2, 0)
