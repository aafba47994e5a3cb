"""What open game pages cost: unchanged polls per CPU second, and how soon a move is seen.

    .venv/bin/python benchmarks/live.py [--pages 10000] [--games 200] [--clients 8] [--seconds 20]

Needs PostgreSQL on 127.0.0.1; starts a redis-server of its own (so its CPU is counted alone),
creates the database `praga_live` afresh with GAMES two-player Praga games, and PAGES poll
addresses spread over them (each seat's and visitors' pages, with the signed token a page
carries). It starts gunicorn (2 workers × 4 threads, DEBUG off), as in production, then:

1. polls every address once (the view reads the database and puts the marks in the cache);
2. CLIENTS threads poll the addresses round-robin as fast as the server answers for SECONDS,
   counting the CPU time gunicorn and redis-server spend (from /proc) and PostgreSQL
   transactions of the database (pg_stat_database), and prints CPU per poll and the cores that
   PAGES pages polling every 3 s would need;
3. while that load runs on, one page polls every 3 s as the browser does while another player
   submits moves through the JSON API, and the delay from each submit to the poll that sees it
   is printed (goal: within 3 s);
4. the floor: the same clients against gunicorn serving an application that only answers 204
   (benchmarks/floor_app.py), in the same run, since the machine is shared and its speed varies.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.load import ROOT, Client, free_port  # noqa: E402
from tests.support.redis_server import RedisServer  # noqa: E402

DATABASE = "praga_live"
POLL_SECONDS = 3  # the page's poll interval (templates/games/_poller.html)

SEED = """
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from accounts.models import ApiToken, Profile
from games import invitations, live
from games.models import Game

games, pages = int(sys.argv[1]), int(sys.argv[2])
User = get_user_model()
made = []
for number in range(games):
    users = [User.objects.create_user(f"live{number}x{seat}") for seat in (0, 1)]  # no password: no slow hashing
    for user in users:
        Profile.objects.create(user=user, notify_turn=False)
    invitation = invitations.create_invitation(users[0], "praga", 2, {}, [users[1]], fixed_order=True)
    invitations.join(invitation, users[1])
    game = Game.objects.get(invitation=invitation)
    made.append((game.pk, [user.pk for user in users], [ApiToken.issue(user, "live")[1] for user in users]))
urls = []
for index in range(pages):
    game, user_ids, _tokens = made[index % games]
    viewer = (user_ids + [0])[(index // games) % 3]  # both players, then visitors
    urls.append(f"/games/{game}/poll/?v=0&c=0&t={live.poll_token(game, viewer)}")
print(json.dumps({"urls": urls, "games": made}))
"""


def psql(*sql, database="postgres"):
    return subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", database, "-tAqc", *sql],
                          check=True, capture_output=True, text=True).stdout.strip()


def cpu_seconds(pids):
    """User + system CPU of these processes and their threads so far (from /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def children(pid):
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def transactions():
    return int(psql(f"SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '{DATABASE}'"))


def poll_loop(port, urls, deadline, counts, statuses):
    client = Client(port)
    done = 0
    while time.monotonic() < deadline:
        status, _ = client.request("GET", urls[done % len(urls)])
        statuses[status] = statuses.get(status, 0) + 1
        done += 1
    counts.append(done)


def page_sees_moves(port, game, tokens, url, moves):
    """A page polling on its own 3 s schedule while the other seat submits `moves` at odd moments:
    the delay from each submit to the first poll that reports it."""
    page, player = Client(port), Client(port)
    submitted, seen = {}, {}
    stop = threading.Event()

    def watch():
        version, address = 0, url
        while not stop.wait(POLL_SECONDS):
            status, _ = page.request("GET", address)
            if status == 200:
                version += 1
                seen[version] = time.monotonic()
                address = address.replace(f"v={version - 1}&", f"v={version}&")

    watcher = threading.Thread(target=watch)
    watcher.start()
    for version, (seat, move) in enumerate(moves, start=1):
        time.sleep(POLL_SECONDS * 1.37)  # not in step with the page's polls
        status, _ = player.request("POST", f"/api/games/{game}/moves/", {"move": move, "version": version - 1},
                                   token=tokens[seat])
        assert status == 200, status
        submitted[version] = time.monotonic()
        while version not in seen:
            time.sleep(0.05)
    stop.set()
    watcher.join()
    return [seen[version] - submitted[version] for version in submitted]


MOVES_SCRIPT = """
import json
import django
django.setup()
import engine.praga as praga
from games.models import Game
game = Game.objects.order_by("pk").first()
state, moves = game.state, []
while len(moves) < 4:
    seat = min(praga.to_act(state))
    move = next(m for m in praga.legal_moves(state, seat) if m.get("type") != "undo")
    state = praga.apply(state, seat, move)
    moves.append([seat, move])
print(json.dumps(moves))
"""


def start_gunicorn(application, port, env):
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", application, "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--threads", "4", "--log-level", "warning"], cwd=ROOT, env=env)
    for _ in range(100):
        try:
            Client(port).request("GET", "/health/")
            return server
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def hammer(port, urls, clients, seconds):
    """CLIENTS threads requesting `urls` round-robin for SECONDS: (requests, statuses, elapsed)."""
    counts, statuses = [], {}
    started = time.monotonic()
    threads = [threading.Thread(target=poll_loop, args=(port, urls[index::clients], started + seconds, counts, statuses))
               for index in range(clients)]
    for thread in threads:
        thread.start()
    return threads, counts, statuses, started


def floor(urls, clients, seconds, env):
    """CPU per request of gunicorn answering 204 without any work: what no poll can cost less than."""
    port = free_port()
    server = start_gunicorn("benchmarks.floor_app", port, env)
    try:
        pids = [server.pid] + children(server.pid)
        before = cpu_seconds(pids)
        threads, counts, _statuses, _started = hammer(port, urls, clients, seconds)
        for thread in threads:
            thread.join()
        return (cpu_seconds(pids) - before) / sum(counts)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    redis = RedisServer()
    redis.start()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "praga_site.settings",
           "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
           "REDIS_URL": f"redis://127.0.0.1:{redis.port}/0", "DEBUG": "False",
           "SECRET_KEY": "live-benchmark-only-not-a-secret-0123456789abcdef",
           "ALLOWED_HOSTS": "127.0.0.1,localhost", "LOG_LEVEL": "WARNING"}
    gunicorn = None
    try:
        psql(f"DROP DATABASE IF EXISTS {DATABASE}")
        psql(f"CREATE DATABASE {DATABASE}")
        subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
        print(f"preparing {args.games} games and {args.pages} pages ...", flush=True)
        seeded = json.loads(subprocess.run([sys.executable, "-c", SEED, str(args.games), str(args.pages)], cwd=ROOT,
                                           env=env, check=True, capture_output=True, text=True).stdout.splitlines()[-1])
        moves = json.loads(subprocess.run([sys.executable, "-c", MOVES_SCRIPT], cwd=ROOT, env=env,
                                          check=True, capture_output=True, text=True).stdout.splitlines()[-1])
        urls = seeded["urls"]
        port = free_port()
        gunicorn = start_gunicorn("praga_site.wsgi", port, env)
        # 1. every page once: the view answers from the database and fills the marks
        warm_statuses = {}
        first = time.monotonic()
        client = Client(port)
        for url in urls:
            status, _ = client.request("GET", url)
            warm_statuses[status] = warm_statuses.get(status, 0) + 1
        print(f"first poll of every page: {len(urls)} in {time.monotonic() - first:.1f} s, statuses {warm_statuses}")
        # 2. unchanged polls as fast as the server answers
        servers = [gunicorn.pid] + children(gunicorn.pid)
        cpu_before, redis_before, sql_before = cpu_seconds(servers), cpu_seconds([redis.process.pid]), transactions()
        # the game where moves are made is watched by its own page (step 3): its other addresses
        # would keep polling an old version, which is no longer "unchanged", so they stay out
        game, _users, tokens = seeded["games"][0]
        watched = next(url for url in urls if url.startswith(f"/games/{game}/poll/"))
        urls = [url for url in urls if not url.startswith(f"/games/{game}/poll/")]
        threads, counts, statuses, started = hammer(port, urls, args.clients, args.seconds)
        # 3. meanwhile a page watches a game where moves are made
        delays = page_sees_moves(port, game, tokens, watched, moves)
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        cpu = cpu_seconds(servers) - cpu_before
        redis_cpu = cpu_seconds([redis.process.pid]) - redis_before
        sql = transactions() - sql_before
        polls = sum(counts)
        per_poll = (cpu + redis_cpu) / polls
        needed = args.pages / POLL_SECONDS * per_poll
        print(f"unchanged polls: {polls} in {elapsed:.1f} s = {polls / elapsed:.0f}/s, statuses {statuses}")
        print(f"CPU: gunicorn {cpu:.2f} s + redis-server {redis_cpu:.2f} s = {per_poll * 1e6:.0f} µs per poll; "
              f"PostgreSQL transactions during the load: {sql} (the {len(moves)} submits' own included)")
        print(f"{args.pages} open pages polling every {POLL_SECONDS} s need {needed:.2f} cores "
              f"({args.pages / POLL_SECONDS:.0f} polls/s)")
        print(f"a move is seen by a page polling every {POLL_SECONDS} s after "
              + ", ".join(f"{delay:.1f}" for delay in delays) + f" s (max {max(delays):.1f} s, "
              f"median {statistics.median(delays):.1f} s)")
        gunicorn.terminate()
        gunicorn.wait(timeout=30)
        gunicorn = None
        floor_per_request = floor(urls, args.clients, args.seconds, env)
        print(f"the floor, gunicorn answering 204 with no work (same clients, same run): "
              f"{floor_per_request * 1e6:.0f} µs per request = {args.pages / POLL_SECONDS * floor_per_request:.2f} "
              f"cores for {args.pages} pages; an unchanged poll costs {(per_poll - floor_per_request) * 1e6:.0f} µs "
              f"above it")
    finally:
        if gunicorn is not None:
            gunicorn.terminate()
            gunicorn.wait(timeout=30)
        redis.stop()


if __name__ == "__main__":
    main()
