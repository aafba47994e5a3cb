"""Move submit throughput against a bare one-INSERT view, side by side, as in production.

    .venv/bin/python benchmarks/load.py [--clients 50] [--games 200] [--seconds 15] [--rounds 2]
                                        [--moves 1000] [--server-times]
                                        [--database praga_load] [--redis redis://127.0.0.1:6379/7]

Needs PostgreSQL and Redis on 127.0.0.1 (the production path). It creates the database
`praga_load` (--database) afresh, seats users with API tokens in ROUNDS sets of GAMES two-player
Praga games (each submit round plays its own set), starts gunicorn (2 workers × 4 threads, DEBUG
off) and a Celery worker, then alternates: CLIENTS threads hammering the bare view (one INSERT,
in benchmarks/load_urls.py only, never in the site's URLs) and CLIENTS threads playing real
games through the JSON API (each submits its games' moves in turn, chosen beforehand, so only
the submit is timed). It prints requests/s, p50 and p99 of each run and the ratio of the
medians, and the CPU time per request of the web workers, the database backends and the Celery
worker (persistent connections, as in production): unlike requests/s, that figure barely moves
when other programs compete for the cores.

The games' moves are played beforehand up to MOVES or to the move before the game's end, so that
no game ends in the timed rounds (an ending move takes the locked way and queues the worker's
tasks); a round in which a client ran out of moves is marked as not valid. Each submit round
also prints the share of moves decided on a game its web process kept (games/move_cache.py);
`--server-times` adds p50/p99 of the time each request spent inside the web worker (gunicorn's
access log), which against the client's p50/p99 splits the work from the wait for a thread.
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
DATABASE = "praga_load"  # --database: several people benchmarking on one machine need their own
BASE_ENV = {
    "DJANGO_SETTINGS_MODULE": "benchmarks.load_settings",
    "DEBUG": "False",
    "SECRET_KEY": "load-benchmark-only-not-a-secret-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "LOG_LEVEL": "WARNING",
    "DB_CONN_MAX_AGE": "60",  # persistent connections, as docs/deploy.md sets in production
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
    # No password (no slow hashing): the clients use API tokens.
    users = [User.objects.create_user(f"load{number}x{seat}", f"load{number}x{seat}@example.com")
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
        after = praga.apply(state, seat, move)
        # Not the move that ends the game: an ending move archives the game's moves (the locked
        # way) and queues the worker's tasks, so rounds in which more games end would cost more.
        if not praga.to_act(after):
            break
        state = after
        moves.append([seat, move])
    games.append([game.pk, keys, moves])
print(json.dumps(games))
"""


def start_servers(env, port, access_log=None):
    # --server-times: gunicorn logs each request's path and its time inside the worker (from the
    # request read to the response written, in microseconds), without the wait for a thread.
    access = ["--access-logfile", str(access_log), "--access-logformat", "%(U)s %(D)s"] if access_log else []
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "praga_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--threads", "4", "--timeout", "60", "--log-level", "warning", *access], cwd=ROOT, env=env)
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


def process_tree(pid):
    """`pid` and its descendants."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        pending.extend(int(child) for child in children)
    return found


_monitor = []  # the connection database_backends() asks over (psycopg's connections are thread-safe)


def database_backends():
    """The process ids of the database's backends, over one connection kept open for the run (a
    `psql` started every second forked this process of 50 client threads and made the database
    start a backend, beside the requests being measured)."""
    import psycopg

    if not _monitor:
        _monitor.append(psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres", autocommit=True))
    rows = _monitor[0].execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [DATABASE]).fetchall()
    return [pid for (pid,) in rows]


def hot_updates(tables=("games_game", "games_seat")):
    """{table: (row updates, of them HOT)} since the database was created. A HOT update rewrites the
    row in place on its page, without new index entries: possible only when no indexed column
    changes and the page has room. Counted once the backends have ended (they report at exit)."""
    names = ", ".join(f"'{table}'" for table in tables)
    sql = f"SELECT relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname IN ({names})"
    out = subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", DATABASE, "-Atc", sql],
                         capture_output=True, text=True).stdout
    return {name: (int(updates), int(hot)) for name, updates, hot in (line.split("|") for line in out.split())}


def print_hot_updates():
    for table, (updates, hot) in sorted(hot_updates().items()):
        print(f"{table}: {updates} row updates, {hot} of them HOT ({100 * hot / max(1, updates):.0f} %)")


def cpu_seconds(pids):
    """User + system CPU time of these processes so far (gone processes count 0)."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """CPU seconds spent by the web workers, the database backends and the Celery worker during a run:
    unlike requests/s, barely moved by other programs competing for the cores.

    A database backend ends when its persistent connection reaches DB_CONN_MAX_AGE (60 s) and its
    CPU figure goes with it, so every process is read once a second during the run: one that ends
    counts what it had spent by its last reading (at most a second of its work is lost, where a
    reading at the end only would lose all of it)."""

    SAMPLE_SECONDS = 1.0

    def __init__(self, gunicorn, worker):
        self.groups = {"web": lambda: process_tree(gunicorn.pid)[1:], "database": database_backends,
                       "worker": lambda: process_tree(worker.pid)}

    def start(self):
        self.spent = {name: 0.0 for name in self.groups}
        self.last = {name: {} for name in self.groups}  # pid: its CPU seconds at its last reading
        self.read(baseline=True)
        self.stopping = threading.Event()
        self.sampler = threading.Thread(target=self.sample, daemon=True)
        self.sampler.start()

    def sample(self):
        while not self.stopping.wait(self.SAMPLE_SECONDS):
            self.read()

    def read(self, baseline=False):
        for name, find in self.groups.items():
            last = self.last[name]
            for pid in set(find()) | set(last):
                if not Path(f"/proc/{pid}").exists():
                    last.pop(pid, None)  # ended: its CPU up to the last reading is counted
                    continue
                now, before = cpu_seconds([pid]), last.get(pid)
                if before is None or now < before:  # new during the run (or a new process took the id)
                    self.spent[name] += 0 if baseline else now
                else:
                    self.spent[name] += now - before
                last[pid] = now

    def stop(self):
        self.stopping.set()
        self.sampler.join()
        self.read()
        return dict(self.spent)


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
    while time.monotonic() < deadline:
        if all(NEXT[game] >= len(moves) for game, _keys, moves in mine):
            RAN_OUT.append(index)  # fewer clients from here on: the round's figures do not count
            return
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
RAN_OUT = []  # clients whose games had no prepared move left before a round's end


def kept_counts(port, workers=2, attempts=50):
    """{web process id: {"taken": n, "missed": n}}: how many moves each web process decided on a
    game it kept (games/move_cache.py) and how many read their game afresh. A new connection
    lands on either process, so it asks until it has heard from both."""
    found = {}
    for _ in range(attempts):
        client = Client(port)
        _status, body = client.request("GET", "/bench/kept/")
        client.connection.close()
        answer = json.loads(body)
        found[answer.pop("pid")] = answer
        if len(found) == workers:
            break
    return found


def kept_share(before, after):
    """The share of moves decided on a kept game between two kept_counts(), or None if a process
    was not heard from."""
    if set(before) != set(after):
        return None
    taken = sum(after[pid]["taken"] - before[pid]["taken"] for pid in after)
    missed = sum(after[pid]["missed"] - before[pid]["missed"] for pid in after)
    return taken / max(1, taken + missed)


def percentile_99(ordered):
    """The 99th percentile of sorted values (the lower one: at least 1 % are slower or as slow)."""
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


class ServerTimes:
    """Each request's time inside gunicorn's worker, read from its access log (--server-times):
    set against the time the client waited, it splits the work from the queueing."""

    def __init__(self, path):
        self.path, self.offset = path, 0

    def skip(self):
        """Forget what was logged so far (the requests between the rounds)."""
        self.since_last("")

    def since_last(self, prefix):
        """p50 and p99 in ms of the requests whose path starts with `prefix` logged since the last call."""
        with open(self.path) as log:
            log.seek(self.offset)
            lines = log.read()
            self.offset = log.tell()
        times = sorted(int(line.split()[1]) / 1000 for line in lines.splitlines()
                       if line.startswith(prefix) and len(line.split()) == 2)
        if not times:
            return None
        return statistics.median(times), percentile_99(times)


def measure(loop, port, clients, seconds, games, meter=None):
    latencies, statuses = [], []
    if meter:
        meter.start()
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
    cpu = meter.stop() if meter else {}
    return {"cpu": {name: seconds * 1000 / max(1, len(latencies)) for name, seconds in cpu.items()},"rps": len(latencies) / elapsed, "p50": statistics.median(ordered) * 1000,
            "p99": percentile_99(ordered) * 1000 if ordered else 0,
            "count": len(latencies), "errors": sum(1 for status in statuses if status >= 500),
            "refused": sum(1 for status in statuses if 400 <= status < 500)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--moves", type=int, default=1000,
                        help="moves prepared per game (fewer where the game would end: no game ends in the rounds)")
    parser.add_argument("--database", default=DATABASE, help="PostgreSQL database to create afresh")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/7",
                        help="the broker's Redis database (the cache takes the next one)")
    parser.add_argument("--server-times", action="store_true",
                        help="also print p50/p99 of the time each request spent inside the web worker")
    args = parser.parse_args()
    globals()["DATABASE"] = args.database
    env = {**os.environ, **BASE_ENV, "PYTHONPATH": str(ROOT), "REDIS_URL": args.redis,
           "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{args.database}"}
    print(f"preparing {args.rounds} × {args.games} games ...", flush=True)
    # A set of GAMES games for each round: a game ends after ~165 moves, and on a fast machine the
    # clients of the less busy web process would run out of moves in a second round on the same games.
    games = prepare(env, args.games * args.rounds, args.moves)
    game_sets = [games[number * args.games:(number + 1) * args.games] for number in range(args.rounds)]
    lengths = sorted(len(moves) for _game, _keys, moves in games)
    print(f"{sum(lengths)} moves prepared, {lengths[0]} to {lengths[-1]} per game", flush=True)
    NEXT.update({game: 0 for game, _keys, _moves in games})
    port = free_port()
    access_log = Path(f"/tmp/{args.database}-access.log") if args.server_times else None
    if access_log:
        access_log.unlink(missing_ok=True)
    gunicorn, worker = start_servers(env, port, access_log)
    server_times = ServerTimes(access_log) if access_log else None
    try:
        measure(bare_loop, port, 8, 2, games)  # warm both paths up (and open every connection)
        measure(submit_loop, port, 8, 2, game_sets[-1])  # a few moves of the last set
        meter = CpuMeter(gunicorn, worker)
        results = {"bare": [], "submit": []}
        for round_number in range(args.rounds):
            for name, loop in (("bare", bare_loop), ("submit", submit_loop)):
                if server_times:
                    server_times.skip()
                kept_before = kept_counts(port) if name == "submit" else None
                RAN_OUT.clear()
                result = measure(loop, port, args.clients, args.seconds, game_sets[round_number], meter)
                result["ran_out"] = len(RAN_OUT)
                results[name].append(result)
                notes = [f"{len(RAN_OUT)} clients ran out of moves: this round is not valid"] if RAN_OUT else []
                if kept_before is not None:
                    share = kept_share(kept_before, kept_counts(port))
                    notes.append("kept game used: " + (f"{100 * share:.0f} %" if share is not None else "unknown"))
                if server_times:
                    inside = server_times.since_last("/bench/insert/" if name == "bare" else "/api/games/")
                    if inside:
                        notes.append(f"inside the worker p50 {inside[0]:.1f} ms p99 {inside[1]:.1f} ms")
                print(f"round {round_number + 1} {name:6}: {result['rps']:7.1f} req/s  p50 {result['p50']:7.1f} ms  "
                      f"p99 {result['p99']:7.1f} ms  ({result['count']} requests, {result['refused']} 4xx, "
                      f"{result['errors']} 5xx); CPU per request: "
                      + ", ".join(f"{name} {ms:.1f} ms" for name, ms in result["cpu"].items())
                      + "".join(f"; {note}" for note in notes), flush=True)
        left = sum(len(moves) - NEXT[game] for game, _keys, moves in games)
        print(f"prepared moves not yet submitted: {left}")
        bare = statistics.median(r["rps"] for r in results["bare"])
        submit = statistics.median(r["rps"] for r in results["submit"])
        p50 = statistics.median(r["p50"] for r in results["submit"])
        p99 = statistics.median(r["p99"] for r in results["submit"])
        invalid = sum(1 for r in results["submit"] if r["ran_out"])
        print(f"bare view {bare:.1f} req/s, move submit {submit:.1f} req/s: submit = {100 * submit / bare:.1f} % "
              f"of the bare view; submit p99/p50 = {p99 / p50:.2f}"
              + (f" (NOT VALID: clients ran out of moves in {invalid} round(s); raise --games)" if invalid else ""))
        # The Celery worker's CPU is mostly its idle polling, the same in both runs: left out of the ratio.
        cpu = {name: statistics.median(r["cpu"]["web"] + r["cpu"]["database"] for r in results[name])
               for name in results}
        print(f"CPU per request (web + database): bare {cpu['bare']:.1f} ms, submit {cpu['submit']:.1f} ms: "
              f"the bare view's CPU is {100 * cpu['bare'] / cpu['submit']:.1f} % of the submit's")
    finally:
        gunicorn.terminate()
        worker.terminate()
        gunicorn.wait(timeout=30)
        worker.wait(timeout=30)
    time.sleep(1)  # the database backends end after their clients and report their counts then
    print_hot_updates()


if __name__ == "__main__":
    main()
