"""A replay step costs about the same early and late in a long game (snapshots every few moves)."""

import json

import pytest
from django.core.cache import cache

import engine.praga as praga
from games import replays
from games.models import Game, Move
from tests.golden.record import CORPUS, replay as golden_replay
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_game(alice, bob):
    """A stored 2-player Praga game with the moves of a recorded golden game."""
    record = json.loads((CORPUS / "2p-side-b-greedy.json").read_text())
    game = start_game("praga", [alice, bob])
    states = [state for _step, state in golden_replay(record)]
    Game.objects.filter(pk=game.pk).update(seed=record["seed"], options=record["options"], state=states[-1],
                                           version=len(record["moves"]))
    Move.objects.bulk_create(Move(game=game, seq=seq, seat=seat, payload=move)
                             for seq, (seat, move) in enumerate(record["moves"], start=1))
    game.refresh_from_db()
    cache.clear()
    return game, states


def counting_applies(monkeypatch):
    calls = []
    real = praga.apply

    def apply(state, seat, move, *args, **kwargs):
        calls.append(1)
        return real(state, seat, move, *args, **kwargs)

    monkeypatch.setattr(praga, "apply", apply)
    return calls


def test_every_step_shows_the_state_a_full_replay_gives(long_game):
    game, states = long_game
    for step in (0, 1, 24, 25, 26, 99, 100, len(states) - 2, len(states) - 1):
        assert replays.state_at(game, step) == json.loads(json.dumps(states[step])), step


def test_a_late_step_rebuilds_no_more_moves_than_an_early_one(long_game, monkeypatch):
    game, _states = long_game
    late = game.version - 1
    replays.state_at(game, late)  # the first visit builds the snapshots on the way
    calls = counting_applies(monkeypatch)
    replays.state_at(game, late)
    late_cost = len(calls)
    calls.clear()
    replays.state_at(game, replays.SNAPSHOT_EVERY - 1)
    assert late_cost < replays.SNAPSHOT_EVERY and len(calls) < replays.SNAPSHOT_EVERY
    assert late > 4 * replays.SNAPSHOT_EVERY


def test_the_replay_page_late_in_a_long_game_shows_a_window_of_the_log(long_game, alice_client):
    game, _states = long_game
    page = alice_client.get(f"/games/{game.pk}/replay/{game.version - 1}/").content.decode()
    assert "Show the whole log" in page
    assert f'/replay/{game.version - 1}/" class="seq"' in page
    assert '/replay/1/" class="seq"' not in page
