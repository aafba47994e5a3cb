"""Checks every game's `determinize(state, seat, seed)` must pass (docs/engine.md).

Each game's tests call these with its own states and its own way of reading the hidden
groups out of a state (`hidden(state, seat) -> {group name: [items in their places]}`).
"""

import json

from engine.core.rng import Rng


def assert_view_unchanged(game, state, seat, seeds=range(5)):
    expected = game.view(state, seat)
    for seed in seeds:
        determinized = game.determinize(state, seat, seed)
        assert json.loads(json.dumps(determinized)) == determinized
        assert game.view(determinized, seat) == expected, seed


def assert_seeds_differ(game, state, seat, hidden):
    first = hidden(game.determinize(state, seat, 1), seat)
    second = hidden(game.determinize(state, seat, 2), seat)
    assert first != second


def assert_unpredictable(game, state, seat, hidden, group, runs=400):
    """Over many seeds every unseen item of `group` turns up in every place, and the real
    item of a place is found there no more often than chance allows."""
    real = hidden(state, seat)[group]
    places = len(real)
    assert places >= 2, "the group must hide a choice"
    seen = {(item, place): 0 for item in real for place in range(places)}
    matches = 0
    for seed in range(runs):
        dealt = hidden(game.determinize(state, seat, seed), seat)[group]
        assert sorted(dealt) == sorted(real)
        for place, item in enumerate(dealt):
            seen[(item, place)] += 1
        matches += sum(1 for place in range(places) if dealt[place] == real[place])
    missing = [key for key, count in seen.items() if count == 0]
    assert not missing, missing[:5]
    # A uniform deal matches the real item of a place once per `places` runs on average.
    expected = runs  # places * runs / places
    assert abs(matches - expected) < 5 * expected ** 0.5, (matches, expected)


def assert_games_finish(game, state, seat, random_move, seeds=range(3), max_steps=20000):
    """Random games from determinized states finish, every chosen move being legal."""
    for seed in seeds:
        current = game.determinize(state, seat, seed)
        rng = Rng.from_seed(seed)
        for _ in range(max_steps):
            seats = game.to_act(current)
            if not seats:
                break
            mover = min(seats)
            current = game.apply(current, mover, random_move(current, mover, rng))
        else:
            raise AssertionError("the game did not finish")
        assert game.outcome(current) is not None


def assert_ignores_real_hidden_parts(game, state, seat, rearranged, seeds=range(3)):
    """Two states differing only in what `seat` cannot see determinize alike: the deal is
    drawn from what the seat knows, never from the real arrangement."""
    assert game.view(rearranged, seat) == game.view(state, seat)
    assert rearranged != state
    for seed in seeds:
        assert game.determinize(rearranged, seat, seed) == game.determinize(state, seat, seed)
