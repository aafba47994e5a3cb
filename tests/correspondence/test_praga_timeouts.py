"""Praga through a timeout in each policy: the Praga bot plays a dropped seat to the end,
a cancelled game stops, a game without a limit is cancelled when idle; the emails say so."""

import datetime
import random

import pytest
import time_machine
from django.core import mail

from engine import registry
from games import engines, move_log
from games.models import Email, Game, GameEvent, Seat
from games.moves import MoveRefused, submit_move
from tests.correspondence.conftest import tick
from tests.correspondence.test_timeouts import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.skipif("praga" not in registry.GAMES, reason="Praga is not registered")]
DAY = datetime.timedelta(days=1)


def praga_game(users, committed, policy, days=2):
    for user in users:
        user.profile.vacation_auto = False  # the timeout applies at once, no automatic vacation
        user.profile.save()
    return new_game(users, committed, policy, days, game_id="praga")


def seat_of(game, user):
    return Seat.objects.get(game=game, user=user)


def first_and_other(game, alice, bob):
    """(the user who acts first, the other): Praga's start player depends on the seed."""
    return (alice, bob) if seat_of(game, alice).to_act else (bob, alice)


def kinds(user):
    return [e.kind for e in Email.objects.filter(user=user).order_by("pk")]


def at(moment, committed):
    with time_machine.travel(moment, tick=False), committed():
        tick()


def test_a_dropped_praga_seat_is_played_by_the_praga_bot_to_the_end(alice, bob, committed):
    game = praga_game([alice, bob], committed, "drop")
    alice, bob = first_and_other(game, alice, bob)
    first, other = seat_of(game, alice), seat_of(game, bob)
    assert first.to_act and first.deadline == first.waiting_since + 2 * DAY
    # alice begins her turn (a partial move: she still acts), then lets the clock run out.
    rng = random.Random(7)
    legal = [m for m in engines.legal_moves("praga", game.state, first.position) if m["type"] != "undo"]
    with committed():
        submit_move(game.pk, alice, rng.choice(legal), game.version)
    assert seat_of(game, alice).to_act and seat_of(game, alice).deadline == first.deadline
    at(first.deadline + datetime.timedelta(minutes=1), committed)
    game.refresh_from_db()
    dropped = seat_of(game, alice)
    assert dropped.dropped and not dropped.to_act  # the bot finished her turn at once
    timed_out_after = GameEvent.objects.get(game=game).after_seq
    assert timed_out_after == 1
    assert kinds(alice)[-1] == "timed_out" and kinds(alice).count("timed_out") == 1
    assert kinds(bob).count("player_timed_out") == 1
    timeout_mail = [m for m in mail.outbox if m.to == [alice.email] and "time" in m.subject.lower()]
    assert len(timeout_mail) == 1 and f"/games/{game.pk}/" in timeout_mail[0].body
    with pytest.raises(MoveRefused) as refused:
        submit_move(game.pk, alice, {"type": "end_turn"}, game.version)
    assert refused.value.status == 403

    for _ in range(3000):  # bob plays at random; after each of his turns the bot plays alice's
        game.refresh_from_db()
        if game.is_finished:
            break
        assert seat_of(game, bob).to_act, "the bot left alice's seat waiting"
        legal = [m for m in engines.legal_moves("praga", game.state, other.position) if m["type"] != "undo"]
        with committed():
            submit_move(game.pk, bob, rng.choice(legal), game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    logged = move_log.moves(game)  # packed into one row now that the game is over
    bot_moves = [move for move in logged if move.seat == first.position and move.seq > timed_out_after]
    assert len(bot_moves) > 20  # a whole game of turns, not one
    assert engines.to_act("praga", game.state) == set()
    # The log replays to the cached state: the bot moved through the same pipeline as players.
    *_, replayed = engines.replay("praga", game.options, 2, game.seed,
                                  [(m.seat, m.payload) for m in logged])
    assert replayed == game.state
    assert seat_of(game, alice).rank == 2 and seat_of(game, bob).rank == 1
    assert game.outcome["dropped"] == [first.position]
    assert kinds(alice).count("finished") == 1 and kinds(bob).count("finished") == 1
    assert kinds(alice).count("turn") == 0  # nobody mails a seat the bot plays


def test_a_praga_game_with_the_cancel_policy_stops_at_the_timeout(alice, bob, committed):
    game = praga_game([alice, bob], committed, "cancel")
    alice, bob = first_and_other(game, alice, bob)
    deadline = seat_of(game, alice).deadline
    at(deadline - datetime.timedelta(minutes=1), committed)
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING
    at(deadline + datetime.timedelta(minutes=1), committed)
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED and game.outcome is None
    assert not game.seats.filter(to_act=True).exists()
    assert kinds(alice)[-1] == "timed_out" and kinds(bob)[-1] == "timeout_cancelled"
    cancelled = [m for m in mail.outbox if m.to == [bob.email]][-1]
    assert alice.username in cancelled.body and f"/games/{game.pk}/" in cancelled.body
    with pytest.raises(MoveRefused) as refused:
        legal = engines.legal_moves("praga", game.state, game.seat_of(alice).position)
        submit_move(game.pk, alice, legal[0], game.version)
    assert refused.value.status in (403, 409)
    assert game.moves.count() == 0


def test_a_praga_game_without_a_limit_never_times_out_and_is_cancelled_when_idle(alice, bob, committed):
    game = praga_game([alice, bob], committed, "none")
    alice, bob = first_and_other(game, alice, bob)
    assert seat_of(game, alice).deadline is None
    start = seat_of(game, alice).waiting_since
    at(start + 30 * DAY, committed)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and not seat_of(game, alice).dropped
    assert "timed_out" not in kinds(alice) and "warning" not in kinds(alice)
    assert "reminder" in kinds(alice)  # reminders still go out without a limit
    at(game.updated + 61 * DAY, committed)
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED
    assert kinds(alice)[-1] == "idle_cancelled" and kinds(bob)[-1] == "idle_cancelled"
    assert GameEvent.objects.filter(game=game).count() == 1
