"""Downtime-safe clocks: time the site (or its scheduler) was down is given back to every clock.

Each tick records when it ran (`Heartbeat` "tick"). If the previous tick is longer ago than
a few tick intervals, nobody could be reminded or time out fairly in between: every running
deadline and reminder moves forward by the gap, vacations do not use the days up, a game without
a time limit does not count the gap towards its 60 idle days, and the log of each game with a
clock says so. The heartbeat row is locked while this happens, so of several
ticks racing after an outage exactly one gives the time back.
"""

import datetime
import logging

from django.conf import settings
from django.db import connection, transaction
from django.db.models import DateTimeField, DurationField, ExpressionWrapper, F, Value
from django.db.models.functions import Coalesce, Greatest
from django.db.models.sql import UpdateQuery
from django.utils import timezone

from accounts.models import Profile
from engine.core.text import text
from games.models import Game, GameEvent, Heartbeat, Seat, TimeoutPolicy

log = logging.getLogger(__name__)

TICK = "tick"
MISSED_TICKS = 5  # a gap longer than this many intervals is downtime, not a slow tick


def interval():
    return datetime.timedelta(seconds=settings.TICK_SECONDS)


def downtime_after():
    return MISSED_TICKS * interval()


def last_tick():
    beat = Heartbeat.objects.filter(name=TICK).first()
    return beat.last if beat is not None else None


def record_tick(now=None):
    """Mark this tick as run; after downtime first give the time back. Returns the gap bridged."""
    now = now or timezone.now()
    sql, params = recent_tick_update(now)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if cursor.rowcount == 1:
            return None
    return record_late_tick(now)


# Committing the heartbeat waited for PostgreSQL to flush its WAL to disk: 3.7 ms median (up to
# 14 ms) on this machine's busy disk against 0.24 ms without, the largest part of an idle tick.
# A heartbeat lost in a database crash (at most the last ~0.6 s of commits: three times
# wal_writer_delay) leaves the previous tick's, a minute older, far below the downtime threshold,
# so the tick's own transaction commits without waiting. The setting is local to that
# transaction (it does not outlive the statement in autocommit) and is set inside the statement,
# which costs no round trip. Other databases (SQLite) have no such setting.
ASYNCHRONOUS_COMMIT = "set_config('synchronous_commit', 'off', true)"


def recent_tick_update(now, returning=None):
    """The common case of recording a tick as one UPDATE statement (SQL, parameters): the last
    tick was recent, so there is no time to give back. It changes no row when there is (or when
    no tick was ever recorded): then `record_late_tick` must run. The row lock of the UPDATE
    orders it after a racing tick that gives time back. `returning`: SQL of one value the UPDATE
    returns (clocks.tick's probe: one round trip for an idle tick), its last column."""
    query = Heartbeat.objects.filter(name=TICK, last__gte=now - downtime_after()).query.chain(UpdateQuery)
    query.add_update_values({"last": Greatest(F("last"), Value(now, output_field=DateTimeField()))})
    sql, params = query.get_compiler(connection.alias).as_sql()
    values = ([ASYNCHRONOUS_COMMIT] if connection.vendor == "postgresql" else []) + ([returning] if returning else [])
    return (f"{sql} RETURNING {', '.join(values)}" if values else sql), params


def record_late_tick(now):
    """Record a tick whose predecessor is not recent (or missing) under the heartbeat's row lock,
    so that of several racing ticks after an outage exactly one gives the time back."""
    Heartbeat.objects.get_or_create(name=TICK)
    with transaction.atomic():
        beat = Heartbeat.objects.select_for_update().get(name=TICK)
        gap = now - beat.last if beat.last is not None else None
        if beat.last is None or now > beat.last:
            Heartbeat.objects.filter(name=TICK).update(last=now)
        if gap is None or gap <= downtime_after():
            return None
        games = give_time_back(beat.last, now)
    log.warning("no tick for %s: %d running games got the time back", gap, games)
    return gap


def give_time_back(last, now):
    """Move every running deadline and reminder forward by the part of the outage (`last` to
    `now`) during which its clock ran; one log line per game."""
    gap = now - last
    running = Seat.objects.filter(game__status=Game.Status.RUNNING)
    affected = set(running.exclude(deadline=None).values_list("game_id", flat=True))
    # A clock started during the outage (the pages worked, the scheduler did not) gets back
    # only the time since it started.
    since = Greatest(Coalesce(F("clock_since"), Value(last)), Value(last), output_field=DateTimeField())
    lost = ExpressionWrapper(Value(now, output_field=DateTimeField()) - since, output_field=DurationField())
    running.exclude(deadline=None).update(deadline=F("deadline") + lost)
    running.exclude(next_nag=None).update(next_nag=F("next_nag") + lost)
    # A game without a time limit is cancelled after 60 days without a move (games/clocks.py,
    # counted from `updated`): the days nobody could move are not idle days either.
    idle_since = Greatest(F("updated"), Value(last), output_field=DateTimeField())
    Game.objects.filter(status=Game.Status.RUNNING, invitation__timeout_policy=TimeoutPolicy.NONE).update(
        updated=F("updated") + ExpressionWrapper(Value(now, output_field=DateTimeField()) - idle_since,
                                                 output_field=DurationField()))
    # Vacation days are used up by the clock on the wall: the outage must not spend them.
    Profile.objects.exclude(vacation_since=None).update(
        vacation_since=F("vacation_since") + ExpressionWrapper(
            Value(now, output_field=DateTimeField()) - Greatest(F("vacation_since"), Value(last),
                                                                 output_field=DateTimeField()),
            output_field=DurationField()))
    hours, minutes = divmod(int(gap.total_seconds()) // 60, 60)
    line = text("The site was down for {hours} h {minutes} min; every running clock got that time back.",
                hours=hours, minutes=minutes)
    GameEvent.objects.bulk_create(
        GameEvent(game_id=pk, after_seq=version, text=line, created_at=now)
        for pk, version in Game.objects.filter(pk__in=affected).values_list("pk", "version"))
    return len(affected)


def overdue(now=None):
    """Seats whose deadline passed more than two ticks ago and still wait: the tick missed them."""
    now = now or timezone.now()
    return Seat.objects.filter(deadline__lt=now - 2 * interval(), to_act=True, dropped=False,
                               game__status=Game.Status.RUNNING)


def report_overdue(now):
    """A tick step: an overdue deadline is an error in the logs (monitoring alerts on it)."""
    late = list(overdue(now).order_by().values_list("game_id", flat=True)[:20])
    if late:
        log.error("%d deadline(s) overdue by more than two ticks; games %s (manage.py check_clocks)",
                  overdue(now).count(), sorted(set(late)))
    return len(late)
