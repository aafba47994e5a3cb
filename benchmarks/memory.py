"""The memory of a gunicorn worker serving game pages: RSS after many pages of many games.

    .venv/bin/python benchmarks/memory.py [--games 120] [--others 30] [--requests 3000] [--database praga_memory]
                                          [--redis redis://127.0.0.1:6379/7] [--reuse] [--tasks]
                                          [--code DIR --code DIR …]

Needs PostgreSQL and Redis on 127.0.0.1. Creates the database afresh with GAMES public 4-player
Praga games, each at its own point between move 10 and move 300, and OTHERS 3-player Catan and
OTHERS Queen's Architect games, each between move 10 and move 150 (random legal moves and their
log lines written straight to the tables), starts gunicorn as in production (2 workers × 4
threads, DEBUG off; `collectstatic` into a temporary folder first, as a deployment does) and
requests, as 8 anonymous spectators, game pages, their live part, the whole log and replay steps
of random games, each request for one of the three games picked at random (a worker serves all
three boards; `--others 0`: Praga pages only, the mix before session 7).
Prints each worker's resident memory (RSS) after every REQUESTS / 6 requests and at the end.
Goal: at most 100 MB per worker, and flat once every kind of page was served (bounded caches).

`--tasks`: one request in 50 goes to a benchmark-only URL (benchmarks/memory_site/, never the
site's) that queues a task after its commit through the served tree's own `outbox.delay`, as a
move's request does (an email, a rating, a bot's move), so each worker holds what queueing loads.

`--reuse`: serve the games the last run seeded on DATABASE (no seeding; runs in both orders on
one database). `--code DIR` (repeatable): the site's tree to serve, default this one; several are served one
after the other on the same database with the same requests (e.g. a checkout of the previous
release beside this tree: old and new code side by side in one run). Each is served as
production serves it, with its own gunicorn.conf.py if it has one (docs/deploy.md).
"""

import argparse
import shutil
import tempfile
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load import BASE_ENV, Client, free_port, process_tree  # noqa: E402

SEED = """
import random, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from django.utils import timezone
from importlib import import_module
from engine import registry
from engine.core.rng import Rng
from games import invitations
from games.models import Game, Move, Seat

rng, bot_rng = random.Random(7), Rng(7)
User = get_user_model()


def seed(game_id, number, players, most_moves):
    rules, random_move = registry.get(game_id), import_module(f"engine.{game_id}.bots").random_move
    users = [User.objects.create_user(f"{game_id}{number}x{seat}", f"{game_id}{number}x{seat}@example.com")
             for seat in range(players)]
    invitation = invitations.create_invitation(users[0], game_id, players, {}, users[1:], fixed_order=True)
    for user in users[1:]:
        invitations.join(invitation, user)
    game = Game.objects.get(invitation=invitation)
    state, rows, now = game.state, [], timezone.now()
    for seq in range(1, rng.randint(10, most_moves) + 1):
        acting = sorted(rules.to_act(state))
        if not acting:
            break
        move = random_move(state, acting[0], bot_rng)  # a concrete move (Catan's name their cards), never undo
        rows.append(Move(game=game, seq=seq, seat=acting[0], payload=move,
                         text=rules.describe(move, state, seat=acting[0]), created_at=now))
        state = rules.apply(state, acting[0], move)
    Move.objects.bulk_create(rows)
    acting = rules.to_act(state)
    for seat in Seat.objects.filter(game=game):
        seat.to_act = seat.position in acting
        seat.waiting_since = now if seat.to_act else None
        seat.save(update_fields=["to_act", "waiting_since"])
    Game.objects.filter(pk=game.pk).update(state=state, version=len(rows))
    return game.pk, len(rows)


played = []
for number in range(int(sys.argv[1])):
    played.append(("praga",) + seed("praga", number, 4, 300))
for game_id, players in (("catan_ck", 3), ("queens_architect", 3)):
    for number in range(int(sys.argv[2])):
        played.append((game_id,) + seed(game_id, number, players, 150))
print(" ".join(f"{game_id}:{pk}:{version}" for game_id, pk, version in played))
"""


def rss_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


TASK_EVERY = 50  # --tasks: one request in this many queues a task, so every worker has queued some


def page_path(pk, version, kind, rng):
    """The page a spectator asks for, by `kind` in [0, 1): half game pages, then live parts, whole
    logs and replay steps (benchmarks/memory_probe.py serves the same mix)."""
    if kind < 0.5:
        return f"/games/{pk}/"
    if kind < 0.7:
        return f"/games/{pk}/live/"
    if kind < 0.8:
        return f"/games/{pk}/log/"
    return f"/games/{pk}/replay/{rng.randint(0, version)}/"


def serve(code, games, args, env):
    """Serve REQUESTS of the spectators' mix from the site tree `code`, printing its workers' RSS."""
    static_root = tempfile.mkdtemp(prefix="praga-memory-static-")  # not the work tree's staticfiles/
    env = {**env, "PYTHONPATH": str(code), "STATIC_ROOT": static_root}
    if args.tasks:  # the benchmark's URL that queues a task, beside the tree's own settings
        env.update(PYTHONPATH=f"{code}{os.pathsep}{ROOT / 'benchmarks' / 'memory_site'}",
                   DJANGO_SETTINGS_MODULE="memory_task_settings")
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=code, env=env,
                   check=True)
    import redis

    from praga_site.env import redis_next_database

    # no page cached by the tree served before: the site's cache is the database after the broker's
    for url in (args.redis, redis_next_database(args.redis)):
        redis.Redis.from_url(url).flushdb()
    port = free_port()
    config = ["--config", "gunicorn.conf.py"] if (Path(code) / "gunicorn.conf.py").exists() else []
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "praga_site.wsgi", *config, "--bind", f"127.0.0.1:{port}",
         "--workers", "2", "--threads", "4", "--timeout", "60", "--log-level", "warning"], cwd=code, env=env)
    try:
        client = Client(port)
        for _ in range(100):
            try:
                client.request("GET", "/health/")
                break
            except OSError:
                time.sleep(0.2)
        workers = process_tree(gunicorn.pid)[1:]
        print(f"{code}: after start: " + ", ".join(f"{rss_mb(pid):.1f} MB" for pid in workers), flush=True)
        served, errors, lock = [0], [0], threading.Lock()
        checkpoints = {args.requests * step // 6 for step in range(1, 7)}
        rng = random.Random(3)

        def spectator():
            client = Client(port)
            while True:
                with lock:
                    if served[0] >= args.requests:
                        return
                    served[0] += 1
                    count = served[0]
                    pk, version = rng.choice(games[rng.choice(sorted(games))])
                    kind = rng.random()
                path = page_path(pk, version, kind, rng)
                if args.tasks and count % TASK_EVERY == 0:
                    path = f"/bench/queue/{pk}/"
                status, _body = client.request("GET", path)
                if status != 200:
                    with lock:
                        errors[0] += 1
                if count in checkpoints:
                    print(f"after {count} requests: " + ", ".join(f"{rss_mb(pid):.1f} MB" for pid in workers),
                          flush=True)

        threads = [threading.Thread(target=spectator) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        peak = max(rss_mb(pid) for pid in workers)
        counts = ", ".join(f"{len(listed)} {game_id}" for game_id, listed in sorted(games.items()))
        print(f"{code}: {args.requests} requests ({errors[0]} not 200) on {counts} games: largest worker "
              f"{peak:.1f} MB (goal: at most 100 MB)", flush=True)
    finally:
        gunicorn.terminate()
        gunicorn.wait(timeout=30)
        shutil.rmtree(static_root, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--others", type=int, default=30,
                        help="Catan and Queen's Architect games, each (0: Praga pages only, as before session 7)")
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--database", default="praga_memory")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7")
    parser.add_argument("--reuse", action="store_true",
                        help="serve the games seeded by the last run on DATABASE instead of seeding afresh")
    parser.add_argument("--tasks", action="store_true",
                        help=f"one request in {TASK_EVERY} queues a task as a move's commit does (an email, a "
                             "rating, a bot's move): the workers then hold what queueing loads")
    parser.add_argument("--code", action="append", type=lambda path: Path(path).resolve(),
                        help="a site tree to serve (repeatable; default: this one)")
    args = parser.parse_args()
    codes = args.code or [ROOT]
    env = {**os.environ, **BASE_ENV, "PYTHONPATH": str(codes[0]), "REDIS_URL": args.redis,
           "DJANGO_SETTINGS_MODULE": "praga_site.settings",
           "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{args.database}"}
    if args.reuse:
        out = subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", args.database, "-Atc",
                              "SELECT game_id || ':' || id || ':' || version FROM games_game ORDER BY id"],
                             check=True, capture_output=True, text=True).stdout
    else:
        for sql in (f"DROP DATABASE IF EXISTS {args.database}", f"CREATE DATABASE {args.database}"):
            subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True, capture_output=True)
        subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=codes[0], env=env, check=True)
        print(f"seeding {args.games} games ...", flush=True)
        out = subprocess.run([sys.executable, "-c", SEED, str(args.games), str(args.others)], cwd=codes[0], env=env,
                             check=True, stdout=subprocess.PIPE, text=True).stdout
    games = {}  # {game id: [(pk, version)]}: each request picks a game (id) first, then one of its games
    for item in out.split():
        game_id, pk, version = item.split(":")
        games.setdefault(game_id, []).append((int(pk), int(version)))
    for code in codes:
        serve(code, games, args, env)


if __name__ == "__main__":
    main()
