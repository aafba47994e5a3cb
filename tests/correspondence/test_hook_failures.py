"""A hook that fails after a move committed (games/notifications/hooks.py) is logged by name
and changes nothing about the move: the tick finds whatever the hook missed."""

import logging

import pytest

from games import replays
from games.models import Move
from tests.correspondence.conftest import move
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def test_a_failing_hook_is_logged_with_its_name_and_the_move_stands(alice, bob, committed, caplog, monkeypatch):
    with committed():
        game = start_game("toy", [alice, bob])

    def broken(game):
        raise RuntimeError("snapshot store broken")

    monkeypatch.setattr(replays, "keep_snapshot", broken)
    with caplog.at_level(logging.ERROR, logger="games.notifications.hooks"), committed():
        result = move(game, alice, "select")  # no exception reaches the mover
    assert not result.duplicate
    assert list(Move.objects.filter(game=game).values_list("seq", "seat")) == [(1, 0)]
    [record] = [r for r in caplog.records if r.name == "games.notifications.hooks"]
    assert record.getMessage() == "hook move_applied failed"
    assert record.exc_info[0] is RuntimeError
