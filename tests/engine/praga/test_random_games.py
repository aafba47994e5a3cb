"""Random complete games over a spread of player counts and variants.

At every step: the state survives a JSON round trip unchanged; every listed legal move
applies (all of them in some games, a sample in the others); to_act is non-empty until the end; illegal and malformed moves raise IllegalMove
and leave the state untouched; undo restores the exact earlier state. Games end after
16 rounds with a valid outcome.
"""

import json

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from engine.praga.bots import random_move
from tests.engine.praga.helpers import random_options

MALFORMED = [
    None, 3, "end_turn", {}, {"type": "nonsense"}, {"type": "take"}, {"type": "take", "tile": 5},
    {"type": "take", "tile": "AT1", "extra": 1}, {"type": "end_turn", "keep": {"sw": "2", "gw": 0}},
    {"type": "building", "slot": 0, "site": "PL01-E", "rotation": 9, "cube": False},
    {"type": "wall", "slot": 0, "position": [9, 9], "rotation": 0},
    {"type": "refresh", "row": "upgrade", "slots": [0, 0], "pay": "gold"},
    {"type": "choose", "item": 999, "option": 0}, {"type": "use_tech", "tech": "T9-9"},
    {"type": "seal", "seal": "SEAL-GOLD"}, {"type": "climb", "structure": "moon"},
    {"type": "undo", "x": 1},
]


def play_checked(players, seed, options, sample=3, check_every=1):
    state = P.new(options, players, seed)
    rng = Rng.from_seed(seed + 1000)
    steps = 0
    previous = None
    while True:
        seats = P.to_act(state)
        if not seats:
            break
        assert len(seats) == 1
        seat = next(iter(seats))
        if steps % check_every == 0:
            snapshot = json.dumps(state, sort_keys=True)
            assert json.loads(snapshot) == state  # JSON round trip
            moves = P.legal_moves(state, seat)
            assert moves, "seat stuck"
            tried = moves if sample is None else [moves[rng.below(len(moves))] for _ in range(min(sample, len(moves)))]
            for m in tried:
                P.apply(state, seat, m)
            bad = MALFORMED[rng.below(len(MALFORMED))]
            with pytest.raises(IllegalMove):
                P.apply(state, seat, bad)
            with pytest.raises(IllegalMove):
                P.apply(state, (seat + 1) % max(players, 2) if players > 1 else 5, {"type": "end_turn"})
            assert json.dumps(state, sort_keys=True) == snapshot  # nothing mutated
            if previous is not None and any(m["type"] == "undo" for m in moves):
                back = P.apply(state, seat, {"type": "undo"})
                assert json.dumps(back, sort_keys=True) == json.dumps(previous[0], sort_keys=True)
        move = random_move(state, seat, rng)
        new = P.apply(state, seat, move)
        previous = (state, seat)
        state = new
        steps += 1
        assert steps < 4000
    out = P.outcome(state)
    assert out is not None and state["phase"] == "over"
    assert all(pl["turns"] == 16 for pl in state["players"])
    assert sorted(out["ranking"]) == list(range(players))
    for b, total in zip(out["breakdown"], out["scores"]):
        assert b["total"] == total == b["in_game"] + sum(b["final"].values())
        assert sum(b["in_game_by_source"].values()) == b["in_game"]
    return state, steps


CASES = [(n, seed) for seed in range(6) for n in (1, 2, 3, 4)]


@pytest.mark.parametrize("players,seed", CASES)
def test_random_game_fully_checked(players, seed):
    play_checked(players, seed, random_options(seed, players))


@pytest.mark.parametrize("players,seed", [(n, s) for s in range(500, 503) for n in (1, 2, 3, 4)])
def test_random_game_every_listed_move_applies_at_every_step(players, seed):
    play_checked(players, seed, random_options(seed, players), sample=None)


@pytest.mark.parametrize("players,seed", [(n, s) for s in range(6, 60) for n in (1, 2, 3, 4)])
def test_random_game_light(players, seed):
    play_checked(players, seed, random_options(seed, players), sample=1, check_every=7)


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(n, s) for s in range(100, 1100) for n in (1, 2, 3, 4)])
def test_random_game_many(players, seed):
    play_checked(players, seed, random_options(seed, players), sample=1, check_every=5)


def test_both_solo_modes_finish():
    for mode in ("dummy", "parler"):
        state, _ = play_checked(1, 77, {"solo_mode": mode})
        assert state["result"]["winner"] is None
