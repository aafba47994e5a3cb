"""Server-side render time of the leaderboard and a profile with 10,000 rated players.

    .venv/bin/python benchmarks/ratings.py [--users 10000] [--games 30000] [--runs 20] [--database NAME]

Needs PostgreSQL on 127.0.0.1 (database `praga_ratings` or --database, created afresh). Seeds USERS players
and GAMES finished Praga games between them (2 to 4 seats, random results, a few seats
dropped), one player with 300 games, then rates them all with `recompute_ratings` (timed:
the rebuild of every rating) and prints the median time of each page through Django's test
client: the leaderboard's first and a middle page (as a player in the middle of it: the
"your place" query), the profile of the busy player (as himself and as a visitor), a solo
high-score table. Goal: each page under 50 ms. Medians over the runs; "executed" is
PostgreSQL's own planning + execution time of the page's queries (EXPLAIN ANALYZE), which the
client's wait for a core on a busy machine does not inflate.
"""

import argparse
import datetime
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "praga_ratings"


def fresh_database(name):
    for sql in (f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True, capture_output=True)


def setup_django(name):
    os.environ.update({"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{name}",
                       "DJANGO_SETTINGS_MODULE": "praga_site.settings", "LOG_LEVEL": "ERROR",
                       "SECRET_KEY": "benchmark-only-not-secret", "DEBUG": "False"})
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def seed(users_count, games_count):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from accounts.models import Profile
    from games.models import Game, Seat

    rng = random.Random(7)
    password = make_password("benchmark")
    User = get_user_model()
    User.objects.bulk_create([User(username=f"player{i:05d}", email=f"player{i:05d}@example.org", password=password)
                              for i in range(users_count)], batch_size=2000)
    users = list(User.objects.order_by("pk").values_list("pk", flat=True))
    Profile.objects.bulk_create([Profile(user_id=pk) for pk in users], batch_size=2000)
    busy = users[len(users) // 2]
    start = datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)
    games, seatings = [], []
    for number in range(games_count):
        players = rng.randint(2, 4)
        table = rng.sample(users, players)
        if number % 100 == 0:  # the busy player: 300 games among 30,000
            table[0] = busy if busy not in table[1:] else table[0]
        when = start + datetime.timedelta(minutes=20 * number)
        scores = [rng.randint(40, 120) for _ in table]
        order = sorted(range(players), key=lambda seat: -scores[seat])
        games.append(Game(game_id="praga", options={"players": players}, seed=number, state={}, version=200,
                          status=Game.Status.FINISHED, outcome={"ranking": order, "scores": scores},
                          days_per_move=3, created=when - datetime.timedelta(days=20), updated=when, finished=when))
        seatings.append((table, scores, order))
    for number in range(users_count // 4):  # solo games against both opponents
        when = start + datetime.timedelta(minutes=7 * number)
        games.append(Game(game_id="praga", options={"solo_mode": rng.choice(["parler", "dummy"])}, seed=number,
                          state={}, version=100, status=Game.Status.FINISHED,
                          outcome={"ranking": [0], "scores": [rng.randint(30, 110)]}, created=when, updated=when,
                          finished=when))
        seatings.append(([rng.choice(users)], games[-1].outcome["scores"], [0]))
    Game.objects.bulk_create(games, batch_size=2000)
    seats = []
    for game, (table, scores, order) in zip(games, seatings):
        for position, user in enumerate(table):
            seats.append(Seat(game=game, position=position, user_id=user, rank=order.index(position) + 1,
                              score=scores[position], dropped=len(table) > 2 and rng.random() < 0.02))
    Seat.objects.bulk_create(seats, batch_size=5000)
    # The busy player's games carry a real finished state (a recorded Praga game's), as on the
    # site: a page that loaded game states by accident would pay for it here.
    Game.objects.filter(seats__user_id=busy).update(state=finished_state())
    return User.objects.get(pk=busy)


def finished_state():
    import json

    import engine.praga as praga

    with open(ROOT / "benchmarks/games/praga-4p-greedy-3.json") as f:
        record = json.load(f)
    state = praga.new(record["options"], record["players"], record["seed"])
    for seat, move in record["moves"]:
        state = praga.apply(state, seat, move)
    return state


def measure(call, runs):
    """Median wall time, median CPU time of this process (Django and the template) and median
    time of the page's queries as the database driver saw them, in ms, over `runs` requests
    (medians: the machine is shared, a single request may wait for a core)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call()
    walls, cpus, sqls = [], [], []
    for _ in range(runs):
        with CaptureQueriesContext(connection) as queries:
            wall, cpu = time.perf_counter(), time.process_time()
            response = call()
            cpus.append((time.process_time() - cpu) * 1000)
            walls.append((time.perf_counter() - wall) * 1000)
        sqls.append(sum(float(query["time"]) for query in queries.captured_queries) * 1000)
        assert response.status_code == 200, response.status_code
    return (statistics.median(walls), statistics.median(cpus), statistics.median(sqls), len(queries.captured_queries),
            executed(queries.captured_queries))


def executed(queries, runs=5):
    """PostgreSQL's own execution time of a page's queries (EXPLAIN ANALYZE, the median of `runs`,
    summed), in ms: the SQL figure without the client's wait for a core on a busy machine."""
    from django.db import connection

    total = 0.0
    for query in queries:
        if not query["sql"].lstrip().upper().startswith("SELECT"):
            continue
        times = []
        for _ in range(runs):
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + query["sql"])
                plan = cursor.fetchone()[0]
            plan = plan[0] if isinstance(plan, list) else json.loads(plan)[0]
            times.append(plan["Planning Time"] + plan["Execution Time"])
        total += statistics.median(times)
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=30_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--reuse", action="store_true", help="measure the database seeded by the last run")
    parser.add_argument("--database", default=DATABASE, help="the database to create afresh (several runs at once)")
    args = parser.parse_args()
    if not args.reuse:
        fresh_database(args.database)
    setup_django(args.database)
    from django.conf import settings
    from django.core.management import call_command
    from django.core.signals import request_started
    from django.db import connection, reset_queries
    from django.test import Client

    from players import rating, reliability
    from players.models import Rating, RatingChange

    settings.ALLOWED_HOSTS = ["*"]
    settings.STORAGES = dict(settings.STORAGES, staticfiles={
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"})
    if args.reuse:
        from django.contrib.auth import get_user_model

        busy = get_user_model().objects.get(pk=Rating.objects.order_by("-games").first().user_id)
    else:
        call_command("migrate", verbosity=0)
        began = time.perf_counter()
        busy = seed(args.users, args.games)
        print(f"seeded {args.users} players, {args.games} rated games and {args.users // 4} solo games "
              f"in {time.perf_counter() - began:.1f} s")
        began = time.perf_counter()
        rating.recompute()
        print(f"recompute_ratings (every rating rebuilt): {time.perf_counter() - began:.1f} s")
        reliability.refresh(busy.pk)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    established = Rating.objects.filter(game_id="praga", games__gte=rating.PROVISIONAL_GAMES).count()
    print(f"{Rating.objects.count()} ratings ({established} on the leaderboard), {RatingChange.objects.count()} "
          f"history rows; busy player: {Rating.objects.get(user=busy).games} rated games")
    middle = Rating.objects.filter(game_id="praga", games__gte=rating.PROVISIONAL_GAMES).order_by(
        "-ordinal")[established // 2].user
    as_middle, as_busy, visitor = Client(), Client(), Client()
    as_middle.force_login(middle)
    as_busy.force_login(busy)
    pages = [
        ("leaderboard, page 1, visitor", visitor, "/ratings/praga/"),
        ("leaderboard, page 1, a player", as_middle, "/ratings/praga/"),
        ("leaderboard, middle page", as_middle, f"/ratings/praga/?page={established // 100}"),
        ("solo table vs Peter Parler", as_busy, "/ratings/praga/solo/peter-parler/"),
        ("profile of a busy player, own", as_busy, f"/players/{busy.username}/"),
        ("profile of a busy player, visitor", visitor, f"/players/{busy.username}/"),
    ]
    request_started.disconnect(reset_queries)  # keep the query log of a whole request
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall times include waiting for a core)")
    worst = worst_executed = 0
    for label, client, url in pages:
        wall, cpu, database, count, server = measure(lambda: client.get(url, secure=True), args.runs)
        worst, worst_executed = max(worst, cpu + database), max(worst_executed, cpu + server)
        print(f"{label:36} wall {wall:6.1f} ms  cpu {cpu:5.1f} ms  + sql {database:5.1f} ms in {count} queries"
              f"  (executed {server:4.1f} ms)")
    print("goal: every page under 50 ms (cpu + sql):", "yes" if worst < 50 else "no",
          "| (cpu + executed):", "yes" if worst_executed < 50 else "no")


if __name__ == "__main__":
    main()
