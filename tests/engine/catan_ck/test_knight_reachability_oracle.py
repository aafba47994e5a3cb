"""Spec 8.3.5: knight reachability (CK-KNIGHT-07, option knight_path_through_opponents, OQ-07)
by breadth-first search in the engine, against an enumeration of every simple path along the
player's roads on random small positions (road sets grown from a start, opponents' buildings
and knights scattered)."""

import random

import pytest

from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.knights import reachable
from tests.engine.catan_ck.helpers import empty_board


def enumerate_paths(state, seat, start, through):
    """{end: fewest road steps} over every simple path of the seat's roads from `start`;
    an intersection strictly inside a path may not hold another player's piece (unless
    `through`)."""
    best = {}

    def foreign(x):
        b, k = state["buildings"].get(x), state["knights"].get(x)
        return bool((b and b["owner"] != seat) or (k and k["owner"] != seat))

    def walk(node, visited, length):
        if node != start:
            best[node] = min(best.get(node, length), length)
            if foreign(node) and not through:
                return
        for path in GEOMETRY.intersection_paths[node]:
            if state["roads"].get(path) != seat:
                continue
            a, b = GEOMETRY.path_ends[path]
            other = b if a == node else a
            if other not in visited:
                visited.add(other)
                walk(other, visited, length + 1)
                visited.discard(other)

    walk(start, {start}, 0)
    return best


def random_position(rng, through):
    state = empty_board(seed=rng.randrange(50), players=3)
    state["options"] = dict(state["options"], knight_path_through_opponents=through)
    start = rng.choice(GEOMETRY.intersections)
    frontier, roads = [start], set()
    for _ in range(rng.randrange(4, 13)):  # a tree or cycles grown from the start
        node = rng.choice(frontier)
        path = rng.choice(GEOMETRY.intersection_paths[node])
        roads.add(path)
        frontier += [e for e in GEOMETRY.path_ends[path] if e not in frontier]
    for path in roads:
        state["roads"][path] = 0
    for x in rng.sample(frontier, min(len(frontier), rng.randrange(0, 5))):
        if x == start:
            continue
        owner = rng.randrange(3)
        if rng.random() < 0.5:
            state["buildings"][x] = {"owner": owner, "kind": "settlement", "wall": False, "metropolis": None,
                                     "on_side": False}
        else:
            state["knights"][x] = {"owner": owner, "strength": 1, "active": False, "ready": False,
                                   "promoted": False}
    return state, start


@pytest.mark.parametrize("through", [False, True])
def test_CK_KNIGHT_07_bfs_agrees_with_every_simple_path(through):
    rng = random.Random(7 + through)
    for _ in range(400):
        state, start = random_position(rng, through)
        assert reachable(state, 0, start) == enumerate_paths(state, 0, start, through), start
