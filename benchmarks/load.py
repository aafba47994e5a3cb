"""Move submit throughput against a bare one-INSERT view, side by side, as in production.

    .venv/bin/python benchmarks/load.py [--clients 50] [--games 200] [--seconds 15] [--rounds 2]

Needs PostgreSQL and Redis on 127.0.0.1 (the production path). It creates the database
`praga_load` afresh, seats 2 × GAMES users in GAMES two-player Praga games with API tokens,
starts gunicorn (2 workers × 4 threads, DEBUG off) and a Celery worker, then alternates:
CLIENTS threads hammering the bare view (one INSERT, in benchmarks/load_urls.py only, never in
the site's URLs) and CLIENTS threads playing real games through the JSON API (each asks for its
legal moves, then submits one; only the submit is timed). It prints requests/s, p50 and p99 of
each run and the ratio of the medians.
"""

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "praga_load"
BASE_ENV = {
    "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
    "REDIS_URL": "redis://127.0.0.1:6379/7",
    "DJANGO_SETTINGS_MODULE": "benchmarks.load_settings",
    "DEBUG": "False",
    "SECRET_KEY": "load-benchmark-only-not-a-secret-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "LOG_LEVEL": "WARNING",
}


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run(command, env, **kwargs):
    return subprocess.run(command, cwd=ROOT, env=env, check=True, **kwargs)


def prepare(env, games, moves):
    """A fresh database with `games` two-player Praga games; returns [(game, {seat: token})]."""
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", f"DROP DATABASE IF EXISTS {DATABASE}"],
                   check=True, capture_output=True)
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", f"CREATE DATABASE {DATABASE}"],
                   check=True, capture_output=True)
    run([sys.executable, "manage.py", "migrate", "-v", "0"], env)
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", DATABASE, "-qc",
                    "CREATE TABLE bench_row (id bigserial PRIMARY KEY, body text)"], check=True, capture_output=True)
    out = run([sys.executable, "-c", SEED, str(games), str(moves)], env, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


SEED = """
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from accounts.models import ApiToken, Profile
from games import invitations
from games.models import Game
import engine.praga as praga
from engine.core.rng import Rng
from engine.praga import bots

games = []
User = get_user_model()
for number in range(int(sys.argv[1])):
    users = [User.objects.create_user(f"load{number}x{seat}", f"load{number}x{seat}@example.com", "x")
             for seat in (0, 1)]
    keys = {}
    for seat, user in enumerate(users):
        Profile.objects.create(user=user, notify_turn=False)
        keys[seat] = ApiToken.issue(user, "load")[1]
    invitation = invitations.create_invitation(users[0], "praga", 2, {}, [users[1]], fixed_order=True)
    invitations.join(invitation, users[1])
    game = Game.objects.get(invitation=invitation)
    # The moves are chosen here, so that the timed clients only submit (no reads in between).
    state, rng, moves = game.state, Rng.from_seed(number), []
    while len(moves) < int(sys.argv[2]) and praga.to_act(state):
        seat = min(praga.to_act(state))
        move = bots.random_move(state, seat, rng)
        if move.get("type") == "undo":
            continue
        state = praga.apply(state, seat, move)
        moves.append([seat, move])
    games.append([game.pk, keys, moves])
print(json.dumps(games))
"""


def start_servers(env, port):
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "praga_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--threads", "4", "--timeout", "60", "--log-level", "warning"], cwd=ROOT, env=env)
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "praga_site", "worker", "-l", "WARNING", "--concurrency", "1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return gunicorn, worker
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


class Client:
    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json", "X-Forwarded-Proto": "https"}  # as behind the TLS proxy
        if token:
            headers["Authorization"] = f"Token {token}"
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=json.dumps(body) if body is not None else None,
                                        headers=headers)
                response = self.connection.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt == 2:
                    raise


def bare_loop(port, deadline, latencies, statuses, _mine, _index):
    client = Client(port)
    while time.monotonic() < deadline:
        started = time.perf_counter()
        status, _ = client.request("POST", "/bench/insert/", {"n": 1})
        latencies.append(time.perf_counter() - started)
        statuses.append(status)


def submit_loop(port, deadline, latencies, statuses, mine, index):
    """Submit this client's games' prepared moves in turn, each with the version it follows."""
    client = Client(port)
    position = 0
    while time.monotonic() < deadline and any(NEXT[game] < len(moves) for game, _keys, moves in mine):
        game, keys, moves = mine[position % len(mine)]
        position += 1
        if NEXT[game] >= len(moves):
            continue
        seat, move = moves[NEXT[game]]
        payload = {"move": move, "version": NEXT[game]}
        started = time.perf_counter()
        status, _body = client.request("POST", f"/api/games/{game}/moves/", payload, token=keys[str(seat)])
        latencies.append(time.perf_counter() - started)
        statuses.append(status)
        NEXT[game] += 1


NEXT = {}  # game -> index of its next prepared move (each game belongs to one client)


def measure(loop, port, clients, seconds, games):
    latencies, statuses = [], []
    deadline = time.monotonic() + seconds
    # Each client plays its own games, so clients race only where real players would.
    threads = [threading.Thread(target=loop, args=(port, deadline, latencies, statuses,
                                                   games[index::clients] or games[:1], index))
               for index in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    ordered = sorted(latencies)
    return {"rps": len(latencies) / elapsed, "p50": statistics.median(ordered) * 1000,
            "p99": ordered[int(len(ordered) * 0.99) - 1] * 1000 if ordered else 0,
            "count": len(latencies), "errors": sum(1 for status in statuses if status >= 500),
            "refused": sum(1 for status in statuses if 400 <= status < 500)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--moves", type=int, default=120, help="moves prepared per game")
    args = parser.parse_args()
    env = {**os.environ, **BASE_ENV, "PYTHONPATH": str(ROOT)}
    print(f"preparing {args.games} games ...", flush=True)
    games = prepare(env, args.games, args.moves)
    NEXT.update({game: 0 for game, _keys, _moves in games})
    port = free_port()
    gunicorn, worker = start_servers(env, port)
    try:
        measure(bare_loop, port, 4, 2, games)  # warm both paths up
        measure(submit_loop, port, 4, 2, games)
        results = {"bare": [], "submit": []}
        for round_number in range(args.rounds):
            for name, loop in (("bare", bare_loop), ("submit", submit_loop)):
                result = measure(loop, port, args.clients, args.seconds, games)
                results[name].append(result)
                print(f"round {round_number + 1} {name:6}: {result['rps']:7.1f} req/s  p50 {result['p50']:7.1f} ms  "
                      f"p99 {result['p99']:7.1f} ms  ({result['count']} requests, {result['refused']} 4xx, "
                      f"{result['errors']} 5xx)", flush=True)
        bare = statistics.median(r["rps"] for r in results["bare"])
        submit = statistics.median(r["rps"] for r in results["submit"])
        p50 = statistics.median(r["p50"] for r in results["submit"])
        p99 = statistics.median(r["p99"] for r in results["submit"])
        print(f"bare view {bare:.1f} req/s, move submit {submit:.1f} req/s: submit = {100 * submit / bare:.1f} % "
              f"of the bare view; submit p99/p50 = {p99 / p50:.2f}")
    finally:
        gunicorn.terminate()
        worker.terminate()
        gunicorn.wait(timeout=30)
        worker.wait(timeout=30)


if __name__ == "__main__":
    main()
