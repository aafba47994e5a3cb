"""The tick's sweeps find what is due among many rows, whatever their order."""

import datetime

import pytest
from django.utils import timezone

from accounts.models import Profile
from games import clocks
from tests.support.players import make_user

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


def test_used_up_vacations_behind_a_full_batch_of_ongoing_ones_are_ended(monkeypatch):
    monkeypatch.setattr(clocks, "BATCH", 5)
    now = timezone.now()
    ongoing = [make_user(f"away{i}") for i in range(8)]
    used_up = [make_user(f"back{i}") for i in range(2)]  # created last: last in any natural order
    Profile.objects.filter(user__in=ongoing).update(vacation_since=now - DAY, vacation_left=10 * DAY)
    Profile.objects.filter(user__in=used_up).update(vacation_since=now - 3 * DAY, vacation_left=2 * DAY)
    clocks.end_used_up_vacations(now)
    assert Profile.objects.filter(user__in=used_up, vacation_since=None).count() == 2
    assert Profile.objects.filter(user__in=ongoing, vacation_since=None).count() == 0


def test_the_tick_hands_due_timeouts_and_reminders_to_workers_and_a_task_delivered_twice_acts_once(
        alice, bob, monkeypatch, django_capture_on_commit_callbacks):
    import time_machine

    from games import tasks
    from games.models import GameEvent, Heartbeat, Seat
    from games.notifications import outbox
    from tests.support.games import start_game

    with django_capture_on_commit_callbacks(execute=True):
        game = start_game("toy", [alice, bob])
    Profile.objects.filter(user=alice).update(vacation_auto=False)
    seat = Seat.objects.get(game=game, user=alice)
    queued = []
    monkeypatch.setattr(outbox, "delay", lambda name, *args: queued.append((name, args)))
    moment = seat.deadline + datetime.timedelta(minutes=1)
    Heartbeat.objects.update_or_create(name="tick", defaults={"last": moment - datetime.timedelta(minutes=1)})
    with time_machine.travel(moment, tick=False):
        clocks.tick(moment)
    assert [name for name, _args in queued if name in ("time_out", "remind")] == ["time_out", "remind"]
    assert not Seat.objects.get(pk=seat.pk).dropped  # the tick itself only queued the work
    time_out = next(args for name, args in queued if name == "time_out")
    for _delivery in range(2):
        tasks.time_out.apply(time_out)
    assert Seat.objects.get(pk=seat.pk).dropped
    assert GameEvent.objects.filter(game=game).count() == 1
