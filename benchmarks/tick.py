"""The cost of the correspondence tick as the site grows.

    .venv/bin/python benchmarks/tick.py [--games 100000] [--runs 15] [--explain]
                                        [--database praga_tick] [--redis redis://127.0.0.1:6379/7] [--reuse]

Needs PostgreSQL on 127.0.0.1 (database DATABASE, created afresh) and Redis (REDIS: the
tick only queues tasks there; no worker runs, so emails are queued, not sent). Seeds GAMES
running two-player games (one seat waiting, deadlines and reminders spread evenly over the
next three days, as at a steady state), as many finished games, 250 players on vacation,
and prints the median (and best) wall time, this process's CPU time and the query count of a
tick with nothing due, then of a tick one minute later (a minute of due work: timeouts,
reminders, warnings). `--explain` prints the plan of each query of the idle tick (for
docs/performance.md). `--reuse` times the games the last run seeded on DATABASE again, at the
moment they were seeded for (a tick only queues the due work for workers, none of which runs
here, so the next run finds the same work due): the seeding takes minutes, the timing seconds,
so it can wait for a quiet moment of the machine.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "praga_tick"


def fresh_database():
    for sql in (f"DROP DATABASE IF EXISTS {DATABASE}", f"CREATE DATABASE {DATABASE}"):
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True, capture_output=True)


def setup_django(redis_url):
    os.environ.update({"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
                       "REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "praga_site.settings",
                       "LOG_LEVEL": "ERROR"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def seed(games, now):
    import datetime
    import random

    from django.contrib.auth import get_user_model
    from django.db import connection

    from accounts.models import Profile
    from games.models import Game, Heartbeat, Invitation, Seat

    rng = random.Random(1)
    user_model = get_user_model()
    players = max(100, games // 5)
    user_model.objects.bulk_create(
        [user_model(username=f"p{i}", email=f"p{i}@example.com", password="!") for i in range(players)],
        batch_size=5000)
    users = list(user_model.objects.values_list("pk", flat=True))
    Profile.objects.bulk_create([Profile(user_id=pk) for pk in users], batch_size=5000)
    away = users[:250]  # on vacation, a few of them used up long ago
    Profile.objects.filter(user_id__in=away[:200]).update(vacation_since=now - datetime.timedelta(days=1))
    Profile.objects.filter(user_id__in=away[200:]).update(vacation_since=now - datetime.timedelta(days=40))
    period = datetime.timedelta(days=3)
    for status, count in ((Game.Status.RUNNING, games), (Game.Status.FINISHED, games)):
        batch = 5000
        for start in range(0, count, batch):
            size = min(batch, count - start)
            pair = [rng.sample(users, 2) for _ in range(size)]
            invitations = Invitation.objects.bulk_create([
                Invitation(host_id=p[0], game_id="praga", players=2, status=Invitation.Status.STARTED)
                for p in pair])
            rows = Game.objects.bulk_create([
                Game(game_id="praga", invitation=inv, seed=1, state={}, status=status, updated=now, version=10)
                for inv in invitations])
            seats = []
            for game, p in zip(rows, pair):
                left = datetime.timedelta(seconds=rng.uniform(1, period.total_seconds()))
                since = now - (period - left)
                waiting = status == Game.Status.RUNNING
                seats.append(Seat(game=game, position=0, user_id=p[0], to_act=waiting,
                                  waiting_since=since if waiting else None, clock_since=since if waiting else None,
                                  deadline=now + left if waiting else None,
                                  next_nag=now + datetime.timedelta(seconds=rng.uniform(1, 86400)) if waiting else None,
                                  turn_emailed=True))
                seats.append(Seat(game=game, position=1, user_id=p[1]))
            Seat.objects.bulk_create(seats, batch_size=5000)
    Heartbeat.objects.update_or_create(name="tick", defaults={"last": now})
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def timed_tick(moment, runs):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    import datetime

    from games import clocks
    from games.models import Heartbeat

    times, cpu_times, queries = [], [], 0
    for _ in range(runs):
        # a scheduler that ran a minute ago (no downtime to give back)
        Heartbeat.objects.filter(name="tick").update(last=moment - datetime.timedelta(minutes=1))
        with CaptureQueriesContext(connection) as captured:
            started, cpu_started = time.perf_counter(), time.process_time()
            clocks.tick(moment)
            times.append(time.perf_counter() - started)
            cpu_times.append(time.process_time() - cpu_started)
        queries = len(captured.captured_queries)  # before session 8 it printed one fewer
    return (statistics.median(times) * 1000, min(times) * 1000, statistics.median(cpu_times) * 1000, queries,
            captured.captured_queries)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--database", default=DATABASE, help="created afresh: one per person benchmarking")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7")
    parser.add_argument("--reuse", action="store_true",
                        help="time the games the last run seeded on DATABASE again (wait for a quiet machine)")
    args = parser.parse_args()
    globals()["DATABASE"] = args.database
    if not args.reuse:
        fresh_database()
    setup_django(args.redis)
    import datetime

    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from games.models import Heartbeat

    if args.reuse:  # the moment the games were seeded for: their deadlines are spread from there
        now = Heartbeat.objects.get(name="seeded").last
    else:
        call_command("migrate", verbosity=0)
        now = timezone.now()
        started = time.perf_counter()
        seed(args.games, now)
        Heartbeat.objects.create(name="seeded", last=now)
        print(f"seeded {args.games} running and {args.games} finished games in {time.perf_counter() - started:.0f} s")
    idle, best, cpu, count, captured = timed_tick(now, args.runs)
    print(f"tick with nothing due: {idle:.1f} ms median of {args.runs} (best {best:.1f} ms; this process's CPU "
          f"{cpu:.1f} ms), {count} queries")
    if args.explain:
        with connection.cursor() as cursor:
            for query in captured:
                sql = query["sql"]
                if not sql.lstrip().upper().startswith(("SELECT", "UPDATE")):
                    continue  # the heartbeat's UPDATE carries the probe: run again, it moves nothing
                cursor.execute("EXPLAIN ANALYZE " + sql)
                print("\n" + sql + "\n" + "\n".join("    " + row[0] for row in cursor.fetchall()))
    due, _best, cpu, count, _captured = timed_tick(now + datetime.timedelta(minutes=1), 1)
    print(f"tick with one minute of due work: {due:.0f} ms (this process's CPU {cpu:.0f} ms), {count} queries")


if __name__ == "__main__":
    main()
