"""What the site's submit relies on to apply a move once (games/moves.py), for every registered
game and the site's toy games, over random games:

- `describe(move, state, seat, after=apply(state, seat, move))` gives the line `describe` gives
  when it applies the move itself (the submit passes the state it already has);
- `apply`'s result is plain JSON data: its JSON text decodes to an equal value of the same types
  at every depth (the submit keeps the engine's result as the game's state instead of decoding
  the text it stores, which a replay would read)."""

import importlib

import pytest

from engine import registry
from engine.core.contract import normalize_options
from engine.core.rng import Rng
from praga_site import fast_json
from tests.support import toygame, toygame_notes

STEPS = 150


def same(a, b):
    """Equal and of the same type at every depth (1 == 1.0 == True and (1,) != [1] for ==)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(type(k) is str for k in a) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def test_same_tells_apart_what_a_round_trip_changes():
    assert same({"a": [1, "x", None, True, 1.5]}, {"a": [1, "x", None, True, 1.5]})
    assert not same([1, 2], (1, 2))
    assert not same({"a": (1, 2)}, {"a": [1, 2]})
    assert not same({1: "a"}, {"1": "a"})
    assert not same([True], [1])
    assert not same([1], [1.0])


def chooser(rules):
    """The game's random bot, or a random legal move where it has none."""
    name = getattr(rules, "__name__", "")
    try:
        return importlib.import_module(name + ".bots").BOTS["random"]
    except (ImportError, AttributeError, KeyError):
        def choose(state, seat, rng):
            legal = list(rules.legal_moves(state, seat))
            return legal[rng.below(len(legal))]
        return choose


GAMES = [(game_id, players) for game_id in registry.GAMES for players in (1, 2, 3, 4)]
TOYS = [(toy, players) for toy in (toygame, toygame_notes) for players in (1, 2)]


def play(rules, players, seed):
    """(state, seat, move, after) of each step of a random game, STEPS at most."""
    options = normalize_options(rules.OPTIONS, {}, players)
    state, rng, choose = rules.new(options, players, seed), Rng.from_seed(seed), chooser(rules)
    for _ in range(STEPS):
        seats = sorted(rules.to_act(state))
        if not seats:
            return
        seat = seats[rng.below(len(seats))]
        move = choose(state, seat, rng)
        after = rules.apply(state, seat, move)
        yield state, seat, move, after
        state = after


def check(rules, players, seed):
    steps = 0
    for state, seat, move, after in play(rules, players, seed):
        assert rules.describe(move, state, seat, after=after) == rules.describe(move, state, seat), move
        assert same(fast_json.loads(fast_json.dumps(after)), after), move
        steps += 1
    assert steps >= 5


@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_game_describes_with_the_applied_state_and_applies_to_plain_json(game_id, players):
    rules = registry.GAMES[game_id]
    if not rules.OPTIONS["players"]["min"] <= players <= rules.OPTIONS["players"]["max"]:
        pytest.skip(f"{game_id} has no {players}-player games")
    for seed in (1, 2):
        check(rules, players, seed)


@pytest.mark.parametrize("toy,players", TOYS)
def test_the_toy_games_too(toy, players):
    check(toy, players, 5)
