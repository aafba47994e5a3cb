"""CPU per move submit of two checkouts, measured in lockstep: old and new take turns in small batches.

    .venv/bin/python benchmarks/submit_ab.py --old DIR --new DIR [--games 60] [--moves 40]
        [--rounds 8] [--batch 40] [--database praga_submit_ab] [--redis redis://127.0.0.1:6379/7]

benchmarks/submit_cpu.py run once per checkout, one after the other, measures each under whatever
else the machine was doing during its own ~20 seconds; on a shared machine that moved a submit's
CPU by ±50 % between runs of the same code (docs/performance.md, session 11). Here one database is
prepared (load.py's two-player Praga games, half of them for each side), and two worker processes,
one per checkout (each with its own .venv and code, calling its site's WSGI application as
submit_cpu.py does), submit BATCH moves and then BATCH bare-view requests each in turn, in the order
old, new, new, old, ...: whatever slows the machine down slows both alike within a few seconds.
Each batch's CPU is read as in submit_cpu.py (this worker's process time, its database backend's
and Redis's from /proc). Printed: every round's figures, then each side's CPU per request over all its batches and the ratios.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import load  # noqa: E402

WORKER = r"""
import io, json, os, sys, time
from pathlib import Path
sys.path.insert(0, os.getcwd())
import django
django.setup()
from django.db import connection
from praga_site.wsgi import application


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def call(path, body, token=None):
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
    result = application(environ, lambda status, headers, exc_info=None: started.update(status=status))
    answer = b"".join(result)
    getattr(result, "close", lambda: None)()
    if not started["status"].startswith("200"):
        raise RuntimeError(f"{path}: {started['status']} {answer[:300]!r}")


games = json.loads(Path(sys.argv[1]).read_text())
following = {game: 0 for game, _keys, _moves in games}
turn = [0]


def submit():
    for _ in range(len(games)):
        game, keys, moves = games[turn[0] % len(games)]
        turn[0] += 1
        if following[game] < len(moves):
            seat, move = moves[following[game]]
            call(f"/api/games/{game}/moves/", {"move": move, "version": following[game]}, keys[str(seat)])
            following[game] += 1
            return
    raise RuntimeError("no prepared moves left: raise --games or --moves")


def bare():
    call("/bench/insert/", {"n": 1})


def measure(request, count, backend, redis):
    before = (time.process_time(), cpu_seconds(backend), cpu_seconds(redis) if redis else 0)
    for _ in range(count):
        request()
    after = (time.process_time(), cpu_seconds(backend), cpu_seconds(redis) if redis else 0)
    return [(late - early) * 1000 / count for early, late in zip(before, after)]


for _ in range(50):
    bare()
for _ in range(len(games)):
    submit()
with connection.cursor() as cursor:
    cursor.execute("SELECT pg_backend_pid()")
    backend = cursor.fetchone()[0]
redis = int(sys.argv[2]) or None
print("ready", flush=True)
for line in sys.stdin:
    count = int(line)
    print(json.dumps({"submit": measure(submit, count, backend, redis), "bare": measure(bare, count, backend, redis)}),
          flush=True)
"""


def main():
    from benchmarks.submit_cpu import redis_pid

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old", required=True, help="a checkout (its .venv is used)")
    parser.add_argument("--new", required=True)
    parser.add_argument("--games", type=int, default=60, help="half for each side")
    parser.add_argument("--moves", type=int, default=40, help="moves prepared per game")
    parser.add_argument("--rounds", type=int, default=8, help="each side runs two batches per round")
    parser.add_argument("--batch", type=int, default=40, help="submits (and bare requests) per batch")
    parser.add_argument("--database", default="praga_submit_ab", help="PostgreSQL database to create afresh")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7",
                        help="the broker's Redis database (the cache takes the next one)")
    args = parser.parse_args()
    load.DATABASE = args.database
    env = {**os.environ, **load.BASE_ENV, "REDIS_URL": args.redis,
           "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{args.database}"}
    print(f"preparing {args.games} games ...", flush=True)
    games = load.prepare({**env, "PYTHONPATH": str(ROOT)}, args.games, args.moves)
    needed = (4 * args.rounds * args.batch + len(games)) // 2
    if needed > len(games) // 2 * args.moves:
        sys.exit(f"{needed} moves per side needed: raise --games or --moves")
    workers = {}
    with tempfile.TemporaryDirectory() as folder:
        for index, (name, checkout) in enumerate((("old", args.old), ("new", args.new))):
            path = Path(folder) / f"{name}.json"
            path.write_text(json.dumps(games[index::2]))
            checkout = Path(checkout).resolve()
            workers[name] = subprocess.Popen(
                [str(checkout / ".venv/bin/python"), "-c", WORKER, str(path), str(redis_pid(args.redis) or 0)],
                cwd=checkout, env={**env, "PYTHONPATH": str(checkout)}, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, text=True)
        for worker in workers.values():
            assert worker.stdout.readline().strip() == "ready"
        figures = {"old": [], "new": []}
        for round_number in range(args.rounds):
            order = ("old", "new", "new", "old") if round_number % 2 == 0 else ("new", "old", "old", "new")
            load_before = os.getloadavg()[0]
            for name in order:
                workers[name].stdin.write(f"{args.batch}\n")
                workers[name].stdin.flush()
                figures[name].append(json.loads(workers[name].stdout.readline()))
            recent = {name: figures[name][-2:] for name in figures}
            print(f"round {round_number + 1} (load {load_before:.2f}-{os.getloadavg()[0]:.2f}): " + "; ".join(
                f"{name} submit " + ", ".join(f"{f['submit'][0] + f['submit'][1]:.2f}" for f in recent[name])
                + " bare " + ", ".join(f"{f['bare'][0] + f['bare'][1]:.2f}" for f in recent[name])
                for name in ("old", "new")) + " ms (web + database)", flush=True)
        for worker in workers.values():
            worker.stdin.close()
            worker.wait()
    # Sums, not medians, for the database and Redis: their CPU is read from /proc in ticks of 10 ms,
    # coarse for one batch (0.2 ms per request in a batch of 50), exact enough over all of them.
    requests = 2 * args.rounds * args.batch
    print(f"\nall {2 * args.rounds} batches of {args.batch} per side, CPU per request:")
    totals = {}
    for name in ("old", "new"):
        rows = figures[name]
        web, database, redis = (sum(row["submit"][i] for row in rows) / len(rows) for i in range(3))
        bare_web, bare_database = (sum(row["bare"][i] for row in rows) / len(rows) for i in range(2))
        totals[name] = (web, web + database)
        print(f"  {name}: submit web {web:.2f} + database {database:.2f} = {web + database:.2f} ms "
              f"(Redis {redis:.2f}); bare {bare_web:.2f} + {bare_database:.2f} = {bare_web + bare_database:.2f} ms; "
              f"bare / submit {100 * (bare_web + bare_database) / (web + database):.1f} % ({requests} of each)")
    paired = [new["submit"][0] / old["submit"][0] for old, new in zip(figures["old"], figures["new"])]
    print(f"  new / old: web + database {100 * totals['new'][1] / totals['old'][1]:.1f} %, web "
          f"{100 * totals['new'][0] / totals['old'][0]:.1f} % (median of the batches' web ratios, batch k of "
          f"each side: {100 * statistics.median(paired):.1f} %)")

if __name__ == "__main__":
    main()
