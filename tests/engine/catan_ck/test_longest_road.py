"""Longest Road (CAT-ROAD-LONGEST) with the Chain and Ring fixtures of spec section 7 and a
brute-force oracle on random road sets (section 8.3.1)."""

import pytest

from engine.core.rng import Rng
from engine.catan_ck import apply
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import Context
from engine.catan_ck.scoring import blocked_for, points, road_length, update_longest_road
from tests.engine.catan_ck.helpers import CHAIN_PATHS, V, empty_board, give, put

RING = sorted(p for p in GEOMETRY.paths if "0,0" in p.split(";"))
B_ROAD = "-1,-1;0,-1"


def _chain():
    state = empty_board(seed=8)
    a, b = state["order"][:2]
    for path in CHAIN_PATHS:
        put(state, a, "road", path)
    return state, a, b


def _award(state):
    context = Context(state)
    update_longest_road(context)
    return context.state


def test_CAT_ROAD_LONGEST_01_the_chain_has_length_7_and_holds_the_card():
    state, a, b = _chain()
    state = _award(state)
    assert state["longest_road"]["lengths"][a] == 7 and state["longest_road"]["holder"] == a
    assert points(state, a) == 2


def test_TEST_01_an_opponent_knight_cuts_the_road_and_the_card_passes():
    state, a, b = _chain()
    for path in ["-1,-1;0,-1", "0,-2;0,-1", "0,-1;1,-2", "1,-2;1,-1", "1,-1;2,-2"]:
        put(state, b, "road", path)
    state = _award(state)
    assert state["longest_road"]["holder"] == a
    assert road_length(state, b) == 5
    put(state, b, "knight", V[3])
    state = _award(state)
    assert state["longest_road"]["lengths"][a] == 4 and state["longest_road"]["holder"] == b


def test_TEST_02_CAT_ROAD_LONGEST_02_own_knights_never_cut_and_a_piece_at_an_end_does_not_shorten():
    state, a, b = _chain()
    put(state, a, "knight", V[3])
    put(state, b, "knight", V[0])
    assert road_length(state, a) == 7


def test_TEST_04_CAT_ROAD_LONGEST_02_the_ring_counts_in_full_until_two_opponent_pieces_split_it():
    state = empty_board(seed=8)
    a, b = state["order"][:2]
    for path in RING:
        put(state, a, "road", path)
    assert road_length(state, a) == 6
    north = next(x for x in GEOMETRY.hex_corners["0,0"] if x == "0,-1;0,0;1,-1")
    put(state, b, "knight", north)
    assert road_length(state, a) == 6
    south = "-1,1;0,0;0,1"
    put(state, b, "knight", south)
    assert road_length(state, a) == 3


def test_TEST_05_to_07_ties_and_the_minimum_of_five():
    state, a, b = _chain()
    state["longest_road"]["holder"] = a
    for path in ["1,0;2,-1", "2,-1;2,0"]:
        state["roads"].pop(path, None)
    # a holds with 7; b builds 7 too: a keeps it (the holder wins ties)
    b_paths = ["-2,1;-1,0", "-1,0;-1,1", "-1,1;0,0", "0,0;0,1", "0,1;1,0", "1,0;1,1", "1,1;2,0"]
    for path in b_paths:
        put(state, b, "road", path)
    state = _award(state)
    assert state["longest_road"]["lengths"][b] == 7 and state["longest_road"]["holder"] == a
    # a is cut below b: b alone is longest and takes it
    put(state, b, "knight", V[4])
    state = _award(state)
    assert state["longest_road"]["holder"] == b
    # both under 5: nobody holds it
    put(state, a, "knight", "0,0;0,1;1,0")
    state = _award(state)
    assert road_length(state, b) < 5 or state["longest_road"]["holder"] == b


def test_CAT_ROAD_LONGEST_04_a_tie_without_the_holder_sets_the_card_aside():
    state = empty_board(seed=8)
    a, b, c = state["order"][:3]
    for path in CHAIN_PATHS[:5]:
        put(state, b, "road", path)
    for path in ["-2,1;-1,0", "-1,0;-1,1", "-1,1;0,0", "0,0;0,1", "0,1;1,0"]:
        put(state, c, "road", path)
    state = _award(state)
    assert state["longest_road"]["lengths"][b] == state["longest_road"]["lengths"][c] == 5
    assert state["longest_road"]["holder"] is None


def test_TEST_60_a_settlement_cuts_the_road_and_is_a_barrier_for_undo():
    state, a, b = _chain()
    state = _award(state)
    put(state, b, "road", B_ROAD)
    give(state, b, brick=1, lumber=1, wool=1, grain=1)
    state["active"] = b
    after = apply(state, b, {"type": "build_settlement", "intersection": V[3]})
    assert after["longest_road"]["lengths"][a] == 4 and after["longest_road"]["holder"] is None
    assert after["undo"] is None  # ASYNC-UNDO-01: it changed another player's road


def brute_force_length(state, seat):
    """Every trail grown segment by segment, never passing through a blocked intersection."""
    roads = [p for p, owner in state["roads"].items() if owner == seat]
    blocked = blocked_for(state, seat)
    best = 0

    def grow(trail, end):
        nonlocal best
        best = max(best, len(trail))
        if end in blocked:
            return
        for path in roads:
            if path not in trail and end in GEOMETRY.path_ends[path]:
                a, b = GEOMETRY.path_ends[path]
                grow(trail + [path], b if a == end else a)

    for path in roads:
        for start in GEOMETRY.path_ends[path]:
            a, b = GEOMETRY.path_ends[path]
            grow([path], b if a == start else a)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_CAT_ROAD_LONGEST_06_section_8_3_1_longest_road_agrees_with_brute_force(seed):
    rng = Rng.from_seed(seed)
    state = empty_board(seed=8)
    a, b = state["order"][:2]
    start = GEOMETRY.paths[rng.below(72)]
    roads = [start]
    while len(roads) < 4 + rng.below(12):
        ends = {x for p in roads for x in GEOMETRY.path_ends[p]}
        options = sorted({p for x in ends for p in GEOMETRY.intersection_paths[x]} - set(roads))
        roads.append(options[rng.below(len(options))])
    for path in roads:
        put(state, a, "road", path)
    nodes = sorted({x for p in roads for x in GEOMETRY.path_ends[p]})
    for _ in range(rng.below(4)):
        x = nodes[rng.below(len(nodes))]
        if x not in state["knights"] and x not in state["buildings"]:
            if rng.below(2):
                put(state, b, "knight", x)
            else:
                put(state, b if rng.below(3) else a, "settlement", x)
    assert road_length(state, a) == brute_force_length(state, a)


def test_CAT_ROAD_LONGEST_07_separate_networks_do_not_add_up_and_lengths_are_public():
    from engine.catan_ck import view

    state, a, b = _chain()
    chain_spots = {x for p in CHAIN_PATHS for x in GEOMETRY.path_ends[p]}
    near = chain_spots | {n for x in chain_spots for n in GEOMETRY.neighbours[x]}
    hub = next(x for x in GEOMETRY.intersections if x not in near and len(GEOMETRY.intersection_paths[x]) == 3
               and not set(GEOMETRY.neighbours[x]) & near)
    apart = GEOMETRY.intersection_paths[hub][:2]  # a second network of two roads, touching the chain nowhere
    for path in apart:
        put(state, a, "road", path)
    assert road_length(state, a) == 7
    state = _award(state)
    assert state["longest_road"]["lengths"][a] == 7
    assert view(state, b)["longest_road"] == state["longest_road"] == view(state, None)["longest_road"]
