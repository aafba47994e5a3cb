"""Board geometry with canonical names (spec 5.3, 5.4) and layouts (CAT-BOARD, section 8.3.2)."""

from collections import Counter

import pytest

from engine.core.contract import normalize_options
from engine.core.rng import Rng
from engine.catan_ck.board import (
    GEOMETRY, OUTER_CORNERS, adjacent, generate, hex_name, parse_hex, red_numbers_apart, spiral_tokens,
)
from engine.catan_ck.data.harbours import HARBOUR_TYPES, HARBOURS
from engine.catan_ck.data.tokens import RED_NUMBERS
from engine.catalogue.catan_ck import OPTIONS


def options(**values):
    return normalize_options(OPTIONS, values, 4)


def test_CAT_BOARD_01_nineteen_land_hexes_row_by_row():
    assert len(GEOMETRY.land) == 19
    assert GEOMETRY.land_names[:3] == ["0,-2", "1,-2", "2,-2"] and GEOMETRY.land_names[-3:] == ["-2,2", "-1,2", "0,2"]


def test_CAT_BOARD_09_54_intersections_and_72_paths():
    assert len(GEOMETRY.intersections) == 54 and len(GEOMETRY.paths) == 72
    for x in GEOMETRY.intersections:
        assert 1 <= len(GEOMETRY.intersection_hexes[x]) <= 3
        assert len(GEOMETRY.neighbours[x]) in (2, 3)
    assert sum(len(GEOMETRY.neighbours[x]) for x in GEOMETRY.intersections) == 2 * 72


def test_spec_5_3_canonical_names_are_sorted_hex_sets():
    assert "-1,-1;-1,0;0,-1" in GEOMETRY.intersections  # v3 of the Chain fixture
    assert "-1,-1;0,-1" in GEOMETRY.paths
    for name in GEOMETRY.intersections + GEOMETRY.paths:
        hexes = [parse_hex(part) for part in name.split(";")]
        assert hexes == sorted(hexes)
    keys = [tuple(parse_hex(p) for p in name.split(";")) for name in GEOMETRY.intersections]
    assert keys == sorted(keys)  # canonical order
    # a path's ends are the two intersections containing both of its hexes
    assert sorted(GEOMETRY.path_ends["-1,-1;0,-1"]) == ["-1,-1;-1,0;0,-1", "-1,-1;0,-2;0,-1"]


def test_spec_5_4_harbour_intersections():
    expected = {
        "H1": ["2,0;2,1;3,0", "2,0;3,-1;3,0"], "H2": ["0,2;1,1;1,2", "1,1;1,2;2,1"],
        "H3": ["-2,3;-1,2;-1,3", "-1,2;-1,3;0,2"], "H4": ["-3,2;-3,3;-2,2", "-3,3;-2,2;-2,3"],
        "H5": ["-3,1;-3,2;-2,1", "-3,1;-2,0;-2,1"], "H6": ["-2,-1;-2,0;-1,-1", "-2,-1;-1,-2;-1,-1"],
        "H7": ["-1,-2;0,-3;0,-2", "0,-3;0,-2;1,-3"], "H8": ["1,-3;1,-2;2,-3", "1,-2;2,-3;2,-2"],
        "H9": ["2,-2;2,-1;3,-2", "2,-1;3,-2;3,-1"],
    }
    assert {h: set(xs) for h, xs in GEOMETRY.harbour_intersections.items()} == {h: set(xs) for h, xs in expected.items()}


def test_CAT_BOARD_04_spiral_example_of_spec_5_5():
    walk = GEOMETRY.spiral_walk((2, 0), "ccw")
    assert walk == [(2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2),
                    (0, 2), (1, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (0, 0)]
    assert all(adjacent(a, b) for a, b in zip(walk, walk[1:]))
    tokens = spiral_tokens(walk, (0, 0))
    assert tokens["2,0"] == ["A", 5] and tokens["0,-2"] == ["E", 8] and tokens["0,1"] == ["R", 11]
    # with the desert elsewhere, later hexes shift one letter and the centre receives R11
    shifted = spiral_tokens(walk, (2, -2))
    assert shifted["1,-2"] == ["C", 6] and shifted["0,0"] == ["R", 11] and "2,-2" not in shifted


def test_CAT_BOARD_05_all_228_spiral_layouts_keep_red_numbers_apart():
    layouts = 0
    for corner in OUTER_CORNERS:
        for direction in ("ccw", "cw"):
            walk = GEOMETRY.spiral_walk(corner, direction)
            assert sorted(walk) == sorted(GEOMETRY.land) and all(adjacent(a, b) for a, b in zip(walk, walk[1:]))
            for desert in GEOMETRY.land:
                tokens = spiral_tokens(walk, desert)
                layouts += 1
                assert red_numbers_apart(tokens)
                for a in tokens:  # no two equal numbers adjacent either
                    for b in tokens:
                        if a < b and adjacent(parse_hex(a), parse_hex(b)):
                            assert tokens[a][1] != tokens[b][1]
    assert layouts == 228


def _check_board(layout):
    hexes = layout["hexes"]
    assert Counter(h["terrain"] for h in hexes.values()) == Counter(
        {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1})
    assert all((h["number"] is None) == (h["terrain"] == "desert") for h in hexes.values())
    assert hexes[layout["desert"]]["terrain"] == "desert"
    assert Counter(layout["harbours"].values()) == Counter(HARBOUR_TYPES)
    tokens = {name: [h["letter"], h["number"]] for name, h in hexes.items() if h["number"]}
    assert red_numbers_apart(tokens)
    return tokens


@pytest.mark.parametrize("seed", range(40))
def test_TEST_47_spiral_boards_lay_letters_in_walk_order(seed):
    layout = generate(options(spiral_direction="random"), Rng.from_seed(seed))
    tokens = _check_board(layout)
    walks = [GEOMETRY.spiral_walk(c, d) for c in OUTER_CORNERS for d in ("ccw", "cw")]
    desert = parse_hex(layout["desert"])
    assert any(spiral_tokens(walk, desert) == tokens for walk in walks)


@pytest.mark.parametrize("seed", range(40))
def test_CAT_BOARD_05_random_token_layouts_never_put_6_and_8_side_by_side(seed):
    layout = generate(options(token_layout="random"), Rng.from_seed(seed))
    tokens = _check_board(layout)
    assert sorted(letter for letter, _v in tokens.values()) == list("ABCDEFGHIJKLMNOPQR")


def test_CAT_BOARD_05_a_plain_shuffle_would_often_break_the_rule():
    rng, bad = Rng.from_seed(3), 0
    for _ in range(200):
        layout = generate(options(token_layout="random"), rng)
        values = [layout["hexes"][n]["number"] for n in GEOMETRY.land_names]
        rng.shuffle(values)
        shuffled = {n: [None, v] for n, v in zip(GEOMETRY.land_names, values) if v}
        bad += not red_numbers_apart(shuffled)
    assert bad > 50


def test_CAT_BOARD_06_fixed_harbours_follow_table_5_4():
    layout = generate(options(harbor_layout="fixed"), Rng.from_seed(1))
    assert layout["harbours"] == {h["id"]: h["fixed"] for h in HARBOURS}


def test_CAT_BOARD_06_shuffled_harbours_vary_with_the_seed():
    seen = {tuple(generate(options(), Rng.from_seed(seed))["harbours"].values()) for seed in range(10)}
    assert len(seen) > 5


def test_red_numbers_are_6_and_8():
    assert RED_NUMBERS == (6, 8) and hex_name((0, -1)) == "0,-1"
