"""Downtime-safe clocks: when the scheduler was down, nobody times out for the time it lost."""

import datetime
import threading
import time

import pytest
import time_machine
from django.db import connection, connections

from accounts.models import Profile
from games import clocks, downtime
from games.models import Game, GameEvent, Heartbeat, Seat
from tests.correspondence.conftest import play_turn, tick
from tests.correspondence.test_timeouts import new_game, seat
from tests.support.games import start_game

DAY = datetime.timedelta(days=1)
MINUTE = datetime.timedelta(minutes=1)


def scheduler_tick(moment, committed):
    """A tick of the real scheduler at `moment`: no pretending that it ran just before."""
    with time_machine.travel(moment, tick=False), committed():
        clocks.tick()


@pytest.mark.django_db
def test_a_day_without_the_scheduler_times_nobody_out(alice, bob, committed):
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    start = seat(game, alice).waiting_since
    scheduler_tick(start + MINUTE, committed)
    # The scheduler stops; it comes back a day and two hours later, past alice's deadline.
    back = start + DAY + datetime.timedelta(hours=2)
    scheduler_tick(back, committed)
    alice_seat = seat(game, alice)
    assert not alice_seat.dropped and alice_seat.to_act
    assert alice_seat.deadline == deadline + (back - (start + MINUTE))
    [event] = GameEvent.objects.filter(game=game)
    assert event.text == {"msg": "The site was down for {hours} h {minutes} min; every running clock got that "
                                 "time back.", "args": {"hours": 25, "minutes": 59}}
    # With the scheduler running again the clock runs as before: dropped just after the new deadline.
    for moment, dropped in ((alice_seat.deadline - MINUTE, False), (alice_seat.deadline + MINUTE, True)):
        with time_machine.travel(moment, tick=False), committed():
            tick()
        assert seat(game, alice).dropped is dropped


@pytest.mark.django_db
def test_a_game_with_a_time_limit_is_left_to_its_clock_after_an_outage_longer_than_the_idle_limit(
        alice, bob, committed):
    """Nobody could move while the site was down: a game with a time limit gets the outage back
    on its clock, and the idle sweep (meant for games without a limit) must not cancel it although
    its last move is more than 60 days old."""
    game = new_game([alice, bob], committed, days=3)
    deadline = seat(game, alice).deadline
    start = seat(game, alice).waiting_since
    scheduler_tick(start + MINUTE, committed)
    back = start + clocks.IDLE_LIMIT + DAY
    scheduler_tick(back, committed)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.updated < back - clocks.IDLE_LIMIT
    alice_seat = seat(game, alice)
    assert alice_seat.to_act and not alice_seat.dropped
    assert alice_seat.deadline == deadline + (back - (start + MINUTE))


@pytest.mark.django_db
def test_an_outage_does_not_count_towards_the_idle_days_of_a_game_without_a_time_limit(alice, bob, committed):
    """A game without a limit is cancelled after 60 days without a move; days on which the site
    was down (nobody could move) are not idle days."""
    game = new_game([alice, bob], committed, policy="none")
    start = game.updated
    scheduler_tick(start + clocks.IDLE_LIMIT - 2 * DAY, committed)
    # Down for three days, across the 60th day: the game has been idle 57 days of the 60.
    back = start + clocks.IDLE_LIMIT + DAY
    scheduler_tick(back, committed)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert game.updated == start + 3 * DAY
    # With the scheduler running again, the game is cancelled when its 60 days are full.
    for moment, status in ((start + clocks.IDLE_LIMIT + 3 * DAY - MINUTE, Game.Status.RUNNING),
                           (start + clocks.IDLE_LIMIT + 3 * DAY + MINUTE, Game.Status.CANCELLED)):
        with time_machine.travel(moment, tick=False), committed():
            tick()
        game.refresh_from_db()
        assert game.status == status


@pytest.mark.django_db
def test_a_tick_a_few_minutes_late_is_no_downtime(alice, bob, committed):
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    start = seat(game, alice).waiting_since
    scheduler_tick(start + MINUTE, committed)
    scheduler_tick(start + MINUTE + downtime.downtime_after(), committed)
    assert seat(game, alice).deadline == deadline
    assert not GameEvent.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_a_clock_started_during_the_outage_gets_back_only_its_own_part(alice, bob, committed):
    game = new_game([alice, bob], committed, days=3)
    start = seat(game, alice).waiting_since
    scheduler_tick(start + MINUTE, committed)
    with time_machine.travel(start + datetime.timedelta(hours=5), tick=False), committed():
        play_turn(game, alice)  # the pages work; only the scheduler is down
    bob_deadline = seat(game, bob).deadline
    scheduler_tick(start + datetime.timedelta(hours=8), committed)
    assert seat(game, bob).deadline == bob_deadline + datetime.timedelta(hours=3)


@pytest.mark.django_db
def test_the_outage_does_not_use_up_vacation_days(alice, bob, committed):
    game = new_game([alice, bob], committed, days=3)
    start = seat(game, alice).waiting_since
    scheduler_tick(start + MINUTE, committed)
    clocks.start_vacation(alice, start + 2 * MINUTE)
    scheduler_tick(start + 2 * DAY + 2 * MINUTE, committed)
    profile = Profile.objects.get(user=alice)
    assert profile.vacation_since == start + 2 * DAY + 2 * MINUTE  # the days away count from the return


@pytest.mark.django_db
def test_the_first_tick_ever_only_records_itself(alice, bob, committed):
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    Heartbeat.objects.all().delete()
    assert downtime.record_tick(deadline - DAY) is None
    assert Heartbeat.objects.get(name="tick").last == deadline - DAY
    assert seat(game, alice).deadline == deadline


@pytest.mark.django_db
def test_a_failing_tick_record_times_nobody_out(alice, bob, committed, monkeypatch):
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline

    def broken(now):
        raise RuntimeError("database hiccup")

    # Both ways a tick is recorded: the heartbeat's UPDATE carrying the probe, and alone.
    monkeypatch.setattr(downtime, "recent_tick_update", broken)
    monkeypatch.setattr(downtime, "record_tick", broken)
    scheduler_tick(deadline + MINUTE, committed)
    assert not seat(game, alice).dropped


def race_after_an_outage(alice, bob, monkeypatch, step, moment_after_deadline):
    """Two threads run `step(moment)` at once, three days after the last tick, while giving the
    time back is slow enough for both to be inside the outage's window; returns (game, deadline,
    moment) once both ended without an error."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks across threads need PostgreSQL")
    slow = downtime.give_time_back

    def slowly(last, now):
        time.sleep(0.3)
        return slow(last, now)

    monkeypatch.setattr(downtime, "give_time_back", slowly)
    game = start_game("toy", [alice, bob])
    clocks.sync_game(game.pk)
    deadline = Seat.objects.get(game=game, user=alice).deadline
    Heartbeat.objects.update_or_create(name="tick", defaults={"last": deadline - 3 * DAY})
    moment = deadline + moment_after_deadline
    barrier = threading.Barrier(2)
    errors = []

    def run():
        try:
            barrier.wait()
            step(moment)
        except Exception as error:  # reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    return game, deadline, moment


@pytest.mark.django_db(transaction=True)
def test_two_ticks_racing_after_an_outage_give_the_time_back_once(alice, bob, monkeypatch):
    game, deadline, _moment = race_after_an_outage(alice, bob, monkeypatch, downtime.record_tick, -DAY)
    assert Seat.objects.get(game=game, user=alice).deadline == deadline + 2 * DAY
    assert GameEvent.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING


@pytest.mark.django_db(transaction=True)
def test_two_scheduler_ticks_racing_after_an_outage_time_nobody_out(alice, bob, monkeypatch):
    """The whole tick, whose heartbeat UPDATE carries the probe: after an outage it changes no row,
    so both ticks take the row lock in turn; one gives the time back, neither times alice out."""
    # an hour past the deadline: the outage must not count against alice
    game, deadline, moment = race_after_an_outage(alice, bob, monkeypatch, clocks.tick,
                                                  datetime.timedelta(hours=1))
    alice_seat = Seat.objects.get(game=game, user=alice)
    assert alice_seat.deadline == deadline + (moment - (deadline - 3 * DAY))
    assert alice_seat.to_act and not alice_seat.dropped
    assert GameEvent.objects.filter(game=game).count() == 1
    assert Heartbeat.objects.get(name="tick").last == moment
