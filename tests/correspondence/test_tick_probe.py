"""The tick asks in one statement which sweeps have due work and runs exactly those (issue 10:
an idle tick at 100,000 games in ≤ 20 ms). A sweep with due work skipped by the probe would
leave a timeout, a reminder or an email waiting for good, so each sweep is tested alone: its
due rows made, one tick, and that sweep ran."""

import datetime
import zoneinfo

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Profile
from games import clocks, downtime, invitations
from games.models import (Email, Game, Heartbeat, Invitation, PushMessage, PushSubscription, Seat, TimeoutPolicy,
                          TurnMail, Webhook, WebhookDelivery)
from tests.support.games import start_game

pytestmark = pytest.mark.django_db

MINUTE = datetime.timedelta(minutes=1)
DAY = datetime.timedelta(days=1)


def label(module, name):
    return f"{module.__name__.rsplit('.', 1)[-1]}.{name}"


# What makes each sweep's work due at `now`, in a world of one quiet running game.

def stale_clock(world, now):
    Seat.objects.filter(pk=world["seat"].pk).update(clock_since=None)


def used_up_vacation(world, now):
    Profile.objects.filter(user=world["carol"]).update(vacation_since=now - 3 * DAY, vacation_left=2 * DAY)


def passed_deadline(world, now):
    Seat.objects.filter(pk=world["seat"].pk).update(deadline=now - datetime.timedelta(seconds=1))


def timed_move(world, now):
    Game.objects.filter(pk=world["game"].pk).update(timed_at=now)


def idle_game(world, now):
    Invitation.objects.filter(pk=world["game"].invitation_id).update(timeout_policy=TimeoutPolicy.NONE)
    Game.objects.filter(pk=world["game"].pk).update(updated=now - clocks.IDLE_LIMIT - MINUTE)


def old_invitation(world, now):
    invitation = invitations.create_invitation(world["carol"], "toy", 2, {}, [None])
    Invitation.objects.filter(pk=invitation.pk).update(created=now - 400 * DAY)


def passed_reminder(world, now):
    Seat.objects.filter(pk=world["seat"].pk).update(next_nag=now)


def turn_mail(world, now):
    TurnMail.objects.update_or_create(user=world["carol"], defaults={"due": now})


def lost_email(world, now):
    Email.objects.create(key="lost", user=world["carol"], kind="turn", to="carol@example.com", subject="s",
                         text="t", html="h", created=now - DAY)


def webhook_post(world, now):
    hook = Webhook.objects.create(user=world["carol"], url="https://chat.example.org/carol", secret="s")
    WebhookDelivery.objects.create(webhook=hook, key="due", body={}, due=now)


def push_message(world, now):
    subscription = PushSubscription.objects.create(user=world["carol"], endpoint="https://push.example.org/c",
                                                   p256dh="k", auth="a")
    PushMessage.objects.create(subscription=subscription, key="due", payload={}, due=now)


def bot_to_act(world, now):  # bob's seat: alice's stays a person's, for the other sweeps
    Seat.objects.filter(game=world["game"], position=1).update(dropped=True, to_act=True)


def overdue_deadline(world, now):
    Seat.objects.filter(pk=world["seat"].pk).update(deadline=now - 3 * downtime.interval())


DUE_WORK = {  # each sweep of clocks.SWEEPS: what makes it due, and every sweep that then is due
    "clocks.sync_missed": (stale_clock, {"clocks.sync_missed"}),
    "clocks.end_used_up_vacations": (used_up_vacation, {"clocks.end_used_up_vacations"}),
    "clocks.apply_timeouts": (passed_deadline, {"clocks.apply_timeouts"}),
    "clocks.apply_timed_moves": (timed_move, {"clocks.apply_timed_moves"}),
    "clocks.cancel_idle_games": (idle_game, {"clocks.cancel_idle_games"}),
    "retention.expire_invitations": (old_invitation, {"retention.expire_invitations"}),
    "clocks.send_reminders": (passed_reminder, {"clocks.send_reminders"}),
    "turns.flush": (turn_mail, {"turns.flush"}),
    "outbox.retry": (lost_email, {"outbox.retry"}),
    "webhooks.retry": (webhook_post, {"webhooks.retry"}),
    "push.retry": (push_message, {"push.retry"}),
    "clocks.resume_bots": (bot_to_act, {"clocks.resume_bots"}),
    "downtime.report_overdue": (overdue_deadline, {"clocks.apply_timeouts", "downtime.report_overdue"}),
}


@pytest.fixture
def world(alice, bob, carol, committed):
    """A running game in which alice must act, nothing due for an hour; carol has no game."""
    with committed():
        game = start_game("toy", [alice, bob])
    seat = Seat.objects.get(game=game, user=alice)
    assert seat.deadline and seat.next_nag and seat.clock_since
    Email.objects.update(sent=timezone.now())  # the start's emails went out
    now = min(seat.deadline, seat.next_nag) - datetime.timedelta(hours=1)
    Heartbeat.objects.update_or_create(name=downtime.TICK, defaults={"last": now - MINUTE})
    return {"game": game, "seat": seat, "carol": carol, "now": now}


@pytest.fixture
def ran(monkeypatch):
    """Each sweep replaced by one that records its label: which sweeps a tick ran, in order."""
    calls = []
    for module, name, _rows in clocks.SWEEPS:
        monkeypatch.setattr(module, name, lambda now, sweep=label(module, name): calls.append(sweep))
    return calls


def test_every_sweep_of_the_tick_has_due_work_made_for_it_here():
    assert [label(module, name) for module, name, _rows in clocks.SWEEPS] == list(DUE_WORK)


def test_with_nothing_due_the_tick_runs_no_sweep_and_takes_one_statement(world, ran):
    with CaptureQueriesContext(connection) as statements:
        clocks.tick(world["now"])
    assert ran == []
    assert len(statements.captured_queries) == 1  # recording the tick, returning the probe
    assert downtime.last_tick() == world["now"]


def test_a_tick_behind_the_recorded_one_keeps_the_later_time_and_still_probes(world, ran):
    """A late-running tick (its `now` before the last recorded) must not move the heartbeat back."""
    ahead = world["now"] + MINUTE
    Heartbeat.objects.filter(name=downtime.TICK).update(last=ahead)
    passed_reminder(world, world["now"])
    with CaptureQueriesContext(connection) as statements:
        clocks.tick(world["now"])
    assert downtime.last_tick() == ahead
    assert ran == ["clocks.send_reminders"]
    assert len(statements.captured_queries) == 2  # recorded with the probe; asked again after the sweep


def test_the_first_tick_ever_records_itself_and_probes_alone(world, ran):
    Heartbeat.objects.all().delete()
    passed_reminder(world, world["now"])
    clocks.tick(world["now"])
    assert downtime.last_tick() == world["now"]
    assert ran == ["clocks.send_reminders"]


@pytest.mark.parametrize("sweep", list(DUE_WORK))
def test_a_sweep_with_due_work_runs_in_the_same_tick_and_the_others_do_not(world, ran, sweep):
    make_due, expected = DUE_WORK[sweep]
    make_due(world, world["now"])
    due_alone = {label(module, name) for module, name, rows in clocks.SWEEPS if rows(world["now"]).exists()}
    assert due_alone == expected  # the rows made are due for this sweep (its own queryset says so)
    clocks.tick(world["now"])
    assert ran == [label(module, name) for module, name, _rows in clocks.SWEEPS if label(module, name) in expected]


def test_with_every_sweep_due_every_sweep_runs_once_in_order(world, ran):
    for make_due, _expected in DUE_WORK.values():
        make_due(world, world["now"])
    clocks.tick(world["now"])
    assert ran == list(DUE_WORK)


def test_a_failing_probe_is_logged_and_every_sweep_looks_for_itself(world, ran, monkeypatch, caplog):
    def broken(now):
        raise RuntimeError("probe broken")

    monkeypatch.setattr(clocks, "due_sweeps", broken)
    clocks.tick(world["now"])
    assert ran == list(DUE_WORK)
    assert downtime.last_tick() == world["now"]  # recorded alone when the statement with the probe failed
    failures = [record.getMessage() for record in caplog.records if record.name == "games.clocks" and record.exc_info]
    assert failures == ["tick: recording the tick with the probe failed; each is tried alone",
                        "tick: the probe for due work failed; every sweep runs"]


@pytest.mark.parametrize("offset", [datetime.timedelta(0), -400 * DAY, 3 * DAY + datetime.timedelta(seconds=7.25)])
def test_the_probe_compiled_once_equals_the_probe_compiled_at_each_ticks_time(offset):
    now = timezone.now() + offset
    clocks.probe_statement(now)  # compiled and kept
    assert clocks._probes[connection.alias] is not None, "every parameter is a constant or moves with the time"
    assert clocks.probe_statement(now) == clocks.compile_probe(now)


def test_a_changed_setting_compiles_the_probe_again(settings):
    now = timezone.now()
    clocks.probe_statement(now)
    settings.EMAIL_RETRY_SECONDS += 3600
    assert clocks.probe_statement(now) == clocks.compile_probe(now)


def test_work_a_sweep_makes_due_for_a_later_sweep_is_done_in_the_same_tick(world, ran, monkeypatch):
    """A timeout's bot move owes the next player a turn email: found by the same tick, as when
    every sweep ran every time (the probe is asked again after a sweep that ran)."""
    def apply_timeouts(now):
        ran.append("clocks.apply_timeouts")
        turn_mail(world, now)

    monkeypatch.setattr(clocks, "apply_timeouts", apply_timeouts)
    passed_deadline(world, world["now"])
    clocks.tick(world["now"])
    assert ran == ["clocks.apply_timeouts", "turns.flush"]


def sweep_index(label_wanted):
    return next(index for index, (module, name, _rows) in enumerate(clocks.SWEEPS)
                if label(module, name) == label_wanted)


def due_by_their_own_querysets(now):
    return [index for index, (_module, _name, rows) in enumerate(clocks.SWEEPS) if rows(now).exists()]


def test_asking_which_sweeps_are_due_records_no_tick_and_names_only_the_sweeps_after_the_one_given(world):
    """The tick asks again after each sweep that ran: a question, not a tick. The heartbeat (what
    the watchdog and the time given back after an outage read) stays as the last tick left it,
    with or without one recorded, and the answer holds only the sweeps still to come."""
    reminders = sweep_index("clocks.send_reminders")
    passed_reminder(world, world["now"])
    later = world["now"] + 5 * MINUTE
    assert clocks.probe(later, after=-1) == {reminders}
    assert clocks.probe(later, after=reminders - 1) == {reminders}
    assert clocks.probe(later, after=reminders) == set()  # the sweep just run is not named again
    assert downtime.last_tick() == world["now"] - MINUTE
    Heartbeat.objects.all().delete()  # no tick recorded yet
    assert clocks.probe(later, after=-1) == {reminders}
    assert not Heartbeat.objects.exists()


def test_the_probe_is_compiled_once_and_later_ticks_only_move_its_times(monkeypatch):
    """Compiling the 13 querysets costs several times what the statement costs the database: a
    process compiles them at the two fixed moments only, whatever the number of ticks."""
    monkeypatch.setattr(clocks, "_probes", {})
    compiled, compile_probe = [], clocks.compile_probe
    monkeypatch.setattr(clocks, "compile_probe", lambda now: compiled.append(now) or compile_probe(now))
    now = timezone.now()
    statements = [clocks.probe_statement(now + minute * MINUTE) for minute in range(3)]
    assert compiled == [clocks.PROBE_MOMENT, clocks.PROBE_MOMENT + DAY]
    assert statements == [compile_probe(now + minute * MINUTE) for minute in range(3)]


# Sweeps whose due rows the probe cannot compile once (each time is not `now` plus a constant):
# a tick compiles them at its own time. None of today's sweeps is one; a new one may be.

def shape_changing_with_the_day(now):  # odd days the deadline, even days the reminder
    return Seat.objects.filter(deadline__lte=now) if now.day % 2 else Seat.objects.filter(next_nag__lte=now)


def bound_growing_with_the_day(now):  # a day later it moved by two days, not one
    return Seat.objects.filter(deadline__lte=now + now.day * DAY)


def time_on_even_days_only(now):  # the same column compared with a time some days, a word others
    return Email.objects.filter(subject=now.isoformat() if now.day % 2 == 0 else "random")


EVEN_DAY = datetime.datetime(2026, 12, 10, 12, tzinfo=datetime.timezone.utc)


def alices_clock(**fields):
    return lambda world: Seat.objects.filter(pk=world["seat"].pk).update(
        **{name: EVEN_DAY + delta for name, delta in fields.items()})


def email_titled(subject):
    return lambda world: Email.objects.create(key="odd", user=world["carol"], kind="turn", to="carol@example.com",
                                              subject=subject, text="t", html="h", sent=EVEN_DAY)


ODD_SWEEPS = {
    # rows such that the sweep is due at EVEN_DAY (the 10th) and the probe compiled once would say it is not
    "shape": (shape_changing_with_the_day, alices_clock(deadline=2 * DAY, next_nag=-MINUTE)),
    "bound": (bound_growing_with_the_day, alices_clock(deadline=2 * DAY)),
    "text": (time_on_even_days_only, email_titled(EVEN_DAY.isoformat())),
}


@pytest.mark.parametrize("odd", list(ODD_SWEEPS))
def test_a_sweep_whose_due_rows_do_not_just_move_with_the_time_is_probed_as_compiled_at_the_ticks_time(
        world, monkeypatch, odd):
    rows, make_due = ODD_SWEEPS[odd]
    monkeypatch.setattr(clocks, "_probes", {})
    monkeypatch.setattr(clocks, "SWEEPS", (*clocks.SWEEPS, (clocks, "odd_sweep", rows)))
    make_due(world)
    due = clocks.due_sweeps(EVEN_DAY)
    assert clocks._probes[connection.alias] is None  # it could not be compiled once
    assert len(clocks.SWEEPS) - 1 in due
    assert due == due_by_their_own_querysets(EVEN_DAY)
    later = EVEN_DAY + DAY  # an odd day
    assert clocks.due_sweeps(later) == due_by_their_own_querysets(later)


@pytest.mark.parametrize("zone", ["Asia/Tokyo", "America/Los_Angeles"])
def test_the_probe_compiled_while_a_players_time_zone_is_active_finds_what_is_due_at_the_ticks_time(
        world, monkeypatch, zone):
    """A request activates its player's time zone (accounts/middleware.py), an email its
    recipient's: the probe compiled then must still read times as the database holds them. Nine
    hours off, a timeout would wait nine hours (Tokyo), or a reminder be asked for hours early."""
    monkeypatch.setattr(clocks, "_probes", {})
    passed_deadline(world, world["now"])
    with timezone.override(zoneinfo.ZoneInfo(zone)):
        due = clocks.due_sweeps(world["now"])
    assert due == due_by_their_own_querysets(world["now"]) == [sweep_index("clocks.apply_timeouts")]


def synchronous_commit():
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_only_the_ticks_own_transaction_commits_without_waiting_for_the_disk():
    """The heartbeat (a lost one is harmless: downtime.py) commits without waiting for the WAL
    flush; the connection's later transactions (a move, a timeout) wait for it again."""
    if connection.vendor != "postgresql":
        pytest.skip("synchronous_commit is PostgreSQL's")
    now = timezone.now()
    Heartbeat.objects.update_or_create(name=downtime.TICK, defaults={"last": now - MINUTE})
    with transaction.atomic():
        clocks.tick(now)
        assert synchronous_commit() == "off"
    assert synchronous_commit() == "on"
    clocks.tick(now + MINUTE)  # in autocommit, as beat runs it
    assert synchronous_commit() == "on"
    assert downtime.last_tick() == now + MINUTE
