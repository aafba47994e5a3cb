"""Racing ticks on a Catan decision's deadline (PostgreSQL, one connection per thread): the
default is submitted exactly once."""

import datetime

import pytest

from games import clocks, moves
from games.models import Game, GameEvent, Move, Seat
from games.moves import submit_move
from tests.correspondence.test_concurrency import Gate, postgresql, race  # noqa: F401 (fixture)
from tests.support.catan import seven_ahead, start_catan, user_at

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_ticks_at_once_answer_a_timed_out_discard_once(alice, bob, carol, monkeypatch):
    game = start_catan([alice, bob, carol])
    Game.objects.filter(pk=game.pk).update(days_per_move=1)
    active, (owing, _third) = seven_ahead(game, over_limit=[0])
    game.refresh_from_db()
    submit_move(game.pk, user_at(game, active), {"type": "roll"}, game.version)
    seat = Seat.objects.get(game=game, position=owing)
    assert seat.deadline is not None
    gate = Gate(monkeypatch, moves, "do_apply_move")
    now = seat.deadline + datetime.timedelta(minutes=1)
    race(gate, lambda: clocks.tick(now), lambda: clocks.tick(now))
    assert gate.calls == 1
    timed_out = Move.objects.filter(game=game, payload__timeout=True)
    assert timed_out.count() == 1 and timed_out.get().seat == owing
    seat.refresh_from_db()
    assert not seat.dropped and not seat.to_act
    assert not GameEvent.objects.filter(game=game).exists()
    assert Seat.objects.get(game=game, position=active).to_act
