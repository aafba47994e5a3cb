"""The clock pinned down to the minute: it does not restart on a partial move, the game's start
sends no separate turn email, and the warning comes at 80 % of the time per move, not before."""

import datetime

import pytest
import time_machine
from django.core import mail

from games import clocks
from games.models import Email, Game, Seat
from tests.correspondence.conftest import move, tick
from tests.support.games import start_game

pytestmark = pytest.mark.django_db
START = datetime.datetime(2026, 3, 2, 9, 0, tzinfo=datetime.timezone.utc)
HOUR = datetime.timedelta(hours=1)
DAY = datetime.timedelta(days=1)


def game_at_start(users, committed, days=3):
    with time_machine.travel(START, tick=False), committed():
        game = start_game("toy", users)
    Game.objects.filter(pk=game.pk).update(days_per_move=days)
    game.seats.update(clock_since=None)  # set the clock up again with this time per move
    with time_machine.travel(START, tick=False), committed():
        clocks.sync_game(game.pk)
    game.refresh_from_db()
    return game


def seat(game, user):
    return Seat.objects.get(game=game, user=user)


def kinds(user):
    return [e.kind for e in Email.objects.filter(user=user).order_by("pk")]


def test_a_partial_move_does_not_push_the_deadline_back(alice, bob, committed):
    game = game_at_start([alice, bob], committed)
    assert seat(game, alice).deadline == START + 3 * DAY
    with time_machine.travel(START + 2 * DAY, tick=False), committed():
        move(game, alice, "select")  # her turn goes on: she must still play the card
    waiting = seat(game, alice)
    assert waiting.to_act
    assert waiting.waiting_since == START and waiting.clock_since == START
    assert waiting.deadline == START + 3 * DAY


def test_the_clock_restarts_when_the_turn_passes(alice, bob, committed):
    game = game_at_start([alice, bob], committed)
    with time_machine.travel(START + 2 * DAY, tick=False), committed():
        move(game, alice, "select")
        move(game, alice, "play")
    assert seat(game, bob).waiting_since == START + 2 * DAY
    assert seat(game, bob).deadline == START + 5 * DAY
    assert seat(game, alice).deadline is None and seat(game, alice).waiting_since is None


def test_the_first_player_gets_the_game_started_email_and_no_turn_email(alice, bob, committed):
    mail.outbox.clear()
    game = game_at_start([alice, bob], committed)
    assert seat(game, alice).turn_emailed  # the "game started" email told her it is her turn
    for hours in (1, 2, 6):
        with time_machine.travel(START + hours * HOUR, tick=False), committed():
            tick()
    assert kinds(alice) == ["started"]
    assert [m.subject for m in mail.outbox if m.to == [alice.email]] == [f"Toy #{game.pk} has started: it's your turn"]


def test_the_warning_comes_at_80_percent_of_the_time_not_before(alice, bob, committed):
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = game_at_start([alice, bob], committed, days=5)
    warning_time = START + 4 * DAY  # 80 % of 5 days
    assert clocks.warn_at(seat(game, alice), game) == warning_time
    with time_machine.travel(START + 3 * DAY + 2 * HOUR, tick=False), committed():
        tick()  # the third daily reminder: the next nag is the warning, not a day later
    assert seat(game, alice).next_nag == warning_time
    with time_machine.travel(warning_time - datetime.timedelta(minutes=1), tick=False), committed():
        tick()
    assert "warning" not in kinds(alice)
    with time_machine.travel(warning_time, tick=False), committed():
        tick()
    assert kinds(alice).count("warning") == 1 and seat(game, alice).warned
