"""Clocks, reminders, the 80 % warning, timeouts by policy, vacation; time is travelled."""

import datetime

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from accounts.models import Profile
from games import clocks, move_log
from games.models import Email, Game, GameEvent, Seat
from games.moves import MoveRefused
from tests.conftest import client_for
from tests.correspondence.conftest import move, play_turn, tick
from tests.support.games import start_game

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


def new_game(users, committed, policy="drop", days=3, game_id="toy"):
    with committed():
        game = start_game(game_id, users)
        Game.objects.filter(pk=game.pk).update(days_per_move=days)
        game.invitation.timeout_policy = policy
        game.invitation.save()
    game.seats.update(clock_since=None)  # set the clock up again with this policy and time
    with committed():
        clocks.sync_game(game.pk)
    game.refresh_from_db()
    return game


def at(start, delta, committed):
    """Travel to start + delta and run the tick there."""
    with time_machine.travel(start + delta, tick=False), committed():
        tick()


def kinds(user):
    return [e.kind for e in Email.objects.filter(user=user).order_by("pk")]


def seat(game, user):
    return Seat.objects.get(game=game, user=user)


def test_the_clock_runs_only_for_the_seat_that_must_act(alice, bob, committed):
    game = new_game([alice, bob], committed)
    assert seat(game, alice).deadline == seat(game, alice).waiting_since + 3 * DAY
    assert seat(game, bob).deadline is None
    with committed():
        play_turn(game, alice)
    assert seat(game, alice).deadline is None
    assert seat(game, bob).deadline is not None


def test_it_reminds_after_a_day_then_daily_and_warns_at_80_percent(alice, bob, committed):
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([alice, bob], committed, days=5)
    start = seat(game, alice).waiting_since
    at(start, 23 * datetime.timedelta(hours=1), committed)
    assert "reminder" not in kinds(alice)
    at(start, 25 * datetime.timedelta(hours=1), committed)
    at(start, 26 * datetime.timedelta(hours=1), committed)
    assert kinds(alice).count("reminder") == 1
    reminder = Email.objects.get(user=alice, kind="reminder")
    assert f"Toy #{game.pk} has been waiting for your move for 1\xa0day" in reminder.text
    for day in (2, 3):
        at(start, day * DAY + datetime.timedelta(hours=2), committed)
    assert kinds(alice).count("reminder") == 3
    at(start, 4 * DAY + datetime.timedelta(minutes=1), committed)  # 80 % of 5 days
    assert kinds(alice).count("warning") == 1
    warning = [m for m in mail.outbox if m.subject.startswith("Your time is running out")]
    assert len(warning) == 1 and f"/games/{game.pk}/" in warning[0].body


def test_in_a_one_day_game_the_80_percent_warning_comes_before_any_reminder(alice, bob, committed):
    """The warning falls due (after 19.2 hours) before the first reminder would (after a day):
    the clock's first reminder is the warning."""
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([alice, bob], committed, days=1)
    start = seat(game, alice).waiting_since
    assert seat(game, alice).next_nag == start + 0.8 * DAY
    at(start, 0.8 * DAY + datetime.timedelta(minutes=1), committed)
    assert kinds(alice).count("warning") == 1 and "reminder" not in kinds(alice)

def test_a_dropped_seat_is_played_by_a_bot_and_ranks_last(alice, bob, committed):
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([alice, bob], committed, policy="drop", days=1)
    start = seat(game, alice).waiting_since
    at(start, DAY + datetime.timedelta(minutes=1), committed)
    at(start, DAY + datetime.timedelta(minutes=2), committed)  # a second tick changes nothing
    dropped = seat(game, alice)
    assert dropped.dropped
    assert GameEvent.objects.filter(game=game).count() == 1
    assert kinds(alice).count("timed_out") == 1 and kinds(bob).count("player_timed_out") == 1
    with pytest.raises(MoveRefused):
        move(game, alice, "select")
    game.refresh_from_db()
    while not game.is_finished:
        with committed():
            play_turn(game, bob)
    assert seat(game, alice).rank == 2 and seat(game, bob).rank == 1
    logged = move_log.moves(game)  # packed into one row now that the game is over
    assert any(m.seat == dropped.position for m in logged)  # the bot moved through games.moves
    assert not [m.payload for m in logged if m.payload["type"] == "undo"]  # a bot never takes back
    assert kinds(bob).count("finished") == 1


def test_the_cancel_policy_ends_the_game_without_result(alice, bob, committed):
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([alice, bob], committed, policy="cancel", days=2)
    ran_out = seat(game, alice).waiting_since + 2 * DAY + datetime.timedelta(seconds=1)
    at(ran_out, datetime.timedelta(0), committed)
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED and game.is_finished and game.finished == ran_out
    clocks_left = game.seats.values_list("to_act", "waiting_since", "clock_since", "deadline", "clock_left", "next_nag")
    assert set(clocks_left) == {(False, None, None, None, None, None)}  # nobody waits in a cancelled game
    api = client_for(bob).get(f"/api/games/{game.pk}/").json()
    assert [(p["to_act"], p["waiting_since"]) for p in api["players"]] == [(False, None), (False, None)]
    assert kinds(alice).count("timed_out") == 1 and kinds(bob).count("timeout_cancelled") == 1
    assert "so the game is cancelled without a result" in Email.objects.get(user=alice, kind="timed_out").text
    with pytest.raises(MoveRefused):
        move(game, bob, "select")


def test_without_limit_a_game_idle_for_60_days_is_cancelled(alice, bob, committed):
    game = new_game([alice, bob], committed, policy="none")
    assert seat(game, alice).deadline is None
    at(game.updated, 59 * DAY, committed)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    at(game.updated, 61 * DAY, committed)
    last_move = game.updated
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED and game.finished == last_move + 61 * DAY
    assert kinds(bob).count("idle_cancelled") == 1
    [event] = GameEvent.objects.filter(game=game)  # the game log says why
    assert event.text["msg"] == "Nobody moved for 60 days; the game is cancelled."


def test_vacation_pauses_the_clock_and_costs_days(alice, bob, committed):
    game = new_game([alice, bob], committed, days=1)
    start = seat(game, alice).waiting_since
    with time_machine.travel(start + datetime.timedelta(hours=12), tick=False):
        assert clocks.start_vacation(alice)
    assert seat(game, alice).deadline is None
    assert seat(game, alice).clock_left == datetime.timedelta(hours=12)
    at(start, 5 * DAY, committed)
    assert not seat(game, alice).dropped
    with time_machine.travel(start + 5 * DAY + datetime.timedelta(hours=12), tick=False):
        assert clocks.end_vacation(alice)
    alice.profile.refresh_from_db()
    assert alice.profile.vacation_left == datetime.timedelta(days=15)
    assert seat(game, alice).deadline == start + 6 * DAY


def test_a_vacation_pauses_and_resumes_every_clock_of_its_player_and_no_other(alice, bob, committed):
    start = timezone.now()
    with time_machine.travel(start, tick=False):  # clocks that start together: equal deadlines
        limited = new_game([alice, bob], committed, days=3)
        unlimited = new_game([alice, bob], committed, policy="none")
        bobs_turn = new_game([bob, alice], committed, days=3)
    assert seat(limited, alice).deadline == seat(bobs_turn, bob).deadline == start + 3 * DAY
    with time_machine.travel(start + 2 * DAY, tick=False):
        assert clocks.start_vacation(alice)
        assert seat(bobs_turn, bob).deadline == start + 3 * DAY  # alice's vacation leaves bob's clock alone
        paused = seat(unlimited, alice)  # no limit, yet the reminders pause too
        assert (paused.deadline, paused.next_nag, paused.clock_left) == (None, None, None)
        assert clocks.start_vacation(bob)
    assert seat(limited, alice).clock_left == DAY
    back = start + 3 * DAY
    with time_machine.travel(back, tick=False):
        assert clocks.end_vacation(alice)
    resumed = seat(limited, alice)  # the day it had left; warned at 80 % of the 3 days
    assert (resumed.deadline, resumed.clock_left) == (back + DAY, None)
    assert resumed.next_nag == back + DAY - 0.2 * 3 * DAY
    without_limit = seat(unlimited, alice)  # paused with no time left to keep: reminders resume
    assert without_limit.deadline is None and without_limit.clock_left is None
    assert without_limit.next_nag == back + clocks.reminder_after()
    still_paused = seat(bobs_turn, bob)  # bob is still away
    assert (still_paused.deadline, still_paused.next_nag, still_paused.clock_left) == (None, None, DAY)


@pytest.mark.parametrize("warned_before", [False, True])
def test_a_vacation_begun_past_the_warning_time_before_the_warning_went_out_warns_at_once_on_return(
        alice, bob, committed, warned_before):
    """The tick sends the 80 % warning up to a minute after its time. A vacation begun in that
    minute keeps less than a fifth of the time: on return the warning is due at once. Its first
    reminder a day later would come after the deadline, so without it the seat timed out unwarned.
    A seat warned before its vacation gets the next reminder as usual, not the warning again."""
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([alice, bob], committed, days=3)
    start = seat(game, alice).waiting_since
    warning_time = start + 0.8 * 3 * DAY
    if warned_before:
        at(start, 0.8 * 3 * DAY + datetime.timedelta(seconds=20), committed)
        assert kinds(alice).count("warning") == 1
    with time_machine.travel(warning_time + datetime.timedelta(seconds=30), tick=False):
        assert clocks.start_vacation(alice)
    back = warning_time + 2 * DAY
    with time_machine.travel(back, tick=False):
        assert clocks.end_vacation(alice)
    resumed = seat(game, alice)
    assert resumed.deadline == back + 0.2 * 3 * DAY - datetime.timedelta(seconds=30)
    if warned_before:
        assert resumed.next_nag == back + clocks.reminder_after()
        return
    assert resumed.next_nag == back
    at(back, datetime.timedelta(minutes=1), committed)
    assert kinds(alice).count("warning") == 1 and "reminder" not in kinds(alice)
    assert seat(game, alice).warned and seat(game, alice).next_nag < resumed.deadline + DAY


def test_vacation_starts_automatically_before_a_timeout(alice, bob, committed, alice_client):
    game = new_game([alice, bob], committed, days=1)
    start = seat(game, alice).waiting_since
    at(start, DAY + datetime.timedelta(minutes=1), committed)
    alice.profile.refresh_from_db()
    assert alice.profile.vacation_since is not None and not seat(game, alice).dropped
    assert kinds(alice).count("vacation") == 1
    vacation_email = Email.objects.get(user=alice, kind="vacation")
    assert "Vacation days left: 20." in vacation_email.text and "Vacation days left: 20." in vacation_email.html
    with time_machine.travel(start + 3 * DAY, tick=False):
        alice_client.get("/")  # coming back ends an automatic vacation
    alice.profile.refresh_from_db()
    assert alice.profile.vacation_since is None
    assert alice.profile.vacation_left == datetime.timedelta(days=18, minutes=1)


def test_a_late_time_out_task_starts_the_vacation_at_the_ticks_time(alice, bob, committed):
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    ticked = deadline + datetime.timedelta(minutes=1)
    with time_machine.travel(ticked + datetime.timedelta(hours=1), tick=False), committed():  # a busy worker
        assert clocks.time_out(seat(game, alice).pk, deadline, ticked) == "vacation"
    assert Profile.objects.get(user=alice).vacation_since == ticked
    assert GameEvent.objects.get(game=game).created_at == ticked


def test_the_bank_running_out_ends_the_vacation_and_then_the_timeout_applies(alice, bob, committed):
    alice.profile.vacation_left = datetime.timedelta(days=2)
    alice.profile.save()
    game = new_game([alice, bob], committed, days=1)
    start = seat(game, alice).waiting_since
    at(start, DAY + datetime.timedelta(minutes=1), committed)  # automatic vacation, 2 days
    at(start, 3 * DAY + datetime.timedelta(minutes=2), committed)  # bank empty: clock resumes, runs out
    at(start, 3 * DAY + datetime.timedelta(minutes=3), committed)
    assert seat(game, alice).dropped


def test_one_vacation_day_is_earned_per_8_finished_games(alice, bob, committed):
    alice.profile.games_counted = 7
    alice.profile.save()
    game = new_game([alice, bob], committed)
    while not game.is_finished:
        with committed():
            play_turn(game, game.seat_list()[[s.to_act for s in game.seat_list()].index(True)].user)
    alice.profile.refresh_from_db()
    assert alice.profile.games_counted == 8
    assert alice.profile.vacation_left == datetime.timedelta(days=21)
