"""CPU per move submit against the bare one-INSERT view, one request at a time, through the WSGI application.

    .venv/bin/python benchmarks/submit_cpu.py [--games 30] [--moves 40] [--requests 300] [--statements]
        [--profile] [--database praga_submit_cpu] [--redis redis://127.0.0.1:6379/7]

The same games, moves, settings and bare view as benchmarks/load.py (two-player Praga games, API
tokens, DEBUG off, persistent connections, PostgreSQL and Redis), but no HTTP server and no
concurrency: this process calls the site's WSGI application (praga_site.wsgi, as gunicorn does)
for REQUESTS submits, then REQUESTS bare requests, and prints the CPU each cost in this process,
in its database backend and in the Redis server (from /proc; Redis is shared with anything else
using it). With one request at a time these figures move little with the machine's load, unlike
load.py's requests per second; their ratio is what load.py's throughput ratio tends to on a
machine where only these processes run (plus the HTTP server and the clients, the same for both).
`--statements`: the database backend's CPU per statement (PostgreSQL's log_statement_stats, sent
to this client): planning, the locks, the state's compression. `--profile`: cProfile of further
submits through the WSGI application (it inflates code made of many small Python calls).
"""

import argparse
import collections
import cProfile
import io
import json
import os
import pstats
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # not benchmarks/ itself: its engine.py would hide the engine package

from benchmarks import load  # noqa: E402  (the games, the settings and the bare view are load.py's)


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def redis_pid(url):
    found = subprocess.run(["redis-cli", "-u", url, "info", "server"], capture_output=True, text=True).stdout
    match = re.search(r"process_id:(\d+)", found)
    return int(match[1]) if match else None


class Site:
    """The WSGI application called in-process, and the games' next moves."""

    def __init__(self, games):
        from praga_site.wsgi import application

        self.application, self.games = application, games
        self.next = {game: 0 for game, _keys, _moves in games}
        self.turn = 0

    def call(self, path, body, token=None):
        data = json.dumps(body).encode()
        environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
                   "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http",
                   "wsgi.input": io.BytesIO(data), "CONTENT_LENGTH": str(len(data)),
                   "CONTENT_TYPE": "application/json", "HTTP_HOST": "127.0.0.1", "HTTP_X_FORWARDED_PROTO": "https",
                   "wsgi.errors": sys.stderr, "wsgi.multithread": True, "wsgi.multiprocess": True,
                   "wsgi.run_once": False}
        if token:
            environ["HTTP_AUTHORIZATION"] = f"Token {token}"
        started = {}
        result = self.application(environ, lambda status, headers, exc_info=None: started.update(status=status))
        body = b"".join(result)
        getattr(result, "close", lambda: None)()
        if not started["status"].startswith("200"):
            raise RuntimeError(f"{path}: {started['status']} {body[:300]!r}")

    def bare(self):
        self.call("/bench/insert/", {"n": 1})

    def submit(self):
        """The next prepared move of the next game that has one (games in turn, as load.py's clients)."""
        for _ in range(len(self.games)):
            game, keys, moves = self.games[self.turn % len(self.games)]
            self.turn += 1
            if self.next[game] < len(moves):
                seat, move = moves[self.next[game]]
                self.call(f"/api/games/{game}/moves/", {"move": move, "version": self.next[game]}, keys[str(seat)])
                self.next[game] += 1
                return
        raise RuntimeError("no prepared moves left: raise --games or --moves")


def measure(request, count, backend, redis):
    """Milliseconds of CPU per request: this process, the database backend, Redis."""
    before = (time.process_time(), cpu_seconds(backend), cpu_seconds(redis) if redis else 0)
    for _ in range(count):
        request()
    after = (time.process_time(), cpu_seconds(backend), cpu_seconds(redis) if redis else 0)
    return [(late - early) * 1000 / count for early, late in zip(before, after)]


def statement_cpu(site, count):
    """The backend's CPU per statement kind, from log_statement_stats sent to this client."""
    from django.db import connection

    spent, current = collections.defaultdict(lambda: [0, 0.0]), {"sql": "BEGIN/COMMIT"}

    def notice(diagnostic):
        text = f"{diagnostic.message_primary or ''}\n{diagnostic.message_detail or ''}"
        match = re.search(r"!\s+([\d.]+) s user, ([\d.]+) s system", text)
        if match:
            # A statement's parse, bind and execute each report; BEGIN comes with the first
            # statement of a transaction, COMMIT with the last.
            entry = spent[current["sql"]]
            entry[0] += 1
            entry[1] += float(match[1]) + float(match[2])

    def named(execute, sql, params, many, context):
        current["sql"] = " ".join(sql.split()[:5])[:80]
        return execute(sql, params, many, context)

    connection.ensure_connection()
    connection.connection.add_notice_handler(notice)
    with connection.cursor() as cursor:
        cursor.execute("SET client_min_messages = log")
        cursor.execute("SET log_statement_stats = on")
    with connection.execute_wrapper(named):
        for _ in range(count):
            site.submit()
    with connection.cursor() as cursor:
        cursor.execute("SET log_statement_stats = off")
        cursor.execute("SET client_min_messages = notice")
    print("\ndatabase CPU per submit by statement (the one before COMMIT includes it):")
    for sql, (_reports, seconds) in sorted(spent.items(), key=lambda item: -item[1][1]):
        print(f"  {seconds * 1000 / count:6.3f} ms  {sql}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--moves", type=int, default=40, help="moves prepared per game")
    parser.add_argument("--requests", type=int, default=300, help="of each kind")
    parser.add_argument("--statements", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--database", default="praga_submit_cpu", help="PostgreSQL database to create afresh")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7",
                        help="the broker's Redis database (the cache takes the next one)")
    args = parser.parse_args()
    load.DATABASE = args.database
    env = {**load.BASE_ENV, "PYTHONPATH": str(ROOT), "REDIS_URL": args.redis,
           "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{args.database}"}
    print(f"preparing {args.games} games ...", flush=True)
    games = load.prepare({**os.environ, **env}, args.games, args.moves)
    os.environ.update(env)
    import django

    django.setup()
    from django.db import connection

    site = Site(games)
    for _ in range(50):  # connections opened, statements prepared, caches warm
        site.bare()
    for _ in range(2 * len(games)):
        site.submit()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    redis = redis_pid(args.redis)
    submit = measure(site.submit, args.requests, backend, redis)
    bare = measure(site.bare, args.requests, backend, redis)
    for name, figures in (("bare view", bare), ("submit", submit)):
        print(f"{name:9}: CPU per request: web {figures[0]:.2f} ms, database {figures[1]:.2f} ms, "
              f"Redis {figures[2]:.2f} ms ({args.requests} requests)")
    print(f"web + database: bare {bare[0] + bare[1]:.2f} ms, submit {submit[0] + submit[1]:.2f} ms: the bare "
          f"view's CPU is {100 * (bare[0] + bare[1]) / (submit[0] + submit[1]):.1f} % of the submit's")
    if args.statements:
        statement_cpu(site, args.requests)
    if args.profile:
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        for _ in range(args.requests):
            site.submit()
        profiler.disable()
        stats = pstats.Stats(profiler)
        print(f"\nprofiled: {stats.total_tt * 1000 / args.requests:.2f} ms per submit (profiler overhead included)")
        stats.sort_stats(os.environ.get("PROFILE_SORT", "cumulative")).print_stats(50)
        if os.environ.get("PROFILE_DUMP"):  # for pstats by hand: python -m pstats FILE
            stats.dump_stats(os.environ["PROFILE_DUMP"])
    connection.close()  # the backend reports its counts as it ends
    time.sleep(1)
    load.print_hot_updates()


if __name__ == "__main__":
    main()
