"""One move submit in-process: where its time goes, and whether it grows with the game.

    .venv/bin/python benchmarks/submit.py [--games 2] [--moves 400] [--window 40] [--profile]
        [--database praga_submit] [--redis redis://127.0.0.1:6379/9] [--cache redis://127.0.0.1:6379/10]

Needs PostgreSQL on 127.0.0.1 (database DATABASE, created afresh) and Redis (REDIS: the
broker, nothing consumes it; CACHE: the cache), as in production with DEBUG off and persistent
database connections. For each of GAMES 4-player Praga games it chooses MOVES moves beforehand
(random legal moves; now and then the mover takes back a step, as players do, so a game reaches
400 moves), then submits them one by one through the JSON API (Django's test client with an API
token: the whole middleware stack, no network). Three games share each seed and its moves: one is
played up to its last WINDOW moves, which are then submitted in turn with the first WINDOW moves
of the second, and the third stops after move 1. It prints the median submit time (wall and this
process's CPU) of the first WINDOW moves and of the last WINDOW moves, their ratio, the queries
per submit, the game page's render time after move 1, after move WINDOW and after the last (15
GETs of each, the three pages in turn, each seen by the player to act in it), and the replay page's time at steps 1 to WINDOW and at
the last WINDOW steps (3 GETs of each step, an early and a late step in turn; the snapshots kept
in the cache as moves reached them). Fetching both sides of each ratio in turn keeps a change of
the machine's load from weighing on one side only.
`--profile` also prints where the submits' CPU time went (cProfile on process time: waits left
out): the engine (apply, describe, to_act, view), JSON encoding, and the busiest functions,
besides the wall time spent in the database driver.
"""

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "praga_submit"


def setup_django(database, redis, cache):
    for sql in (f"DROP DATABASE IF EXISTS {database}", f"CREATE DATABASE {database}"):
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True, capture_output=True)
    os.environ.update({"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{database}",
                       "REDIS_URL": redis, "CACHE_URL": cache, "DJANGO_SETTINGS_MODULE": "praga_site.settings",
                       "DEBUG": "False", "DB_CONN_MAX_AGE": "60", "LOG_LEVEL": "ERROR",
                       "SECRET_KEY": "submit-benchmark-only-not-a-secret-0123456789abcdef",
                       "ALLOWED_HOSTS": "testserver"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    # Pages render without collectstatic (the manifest is a deployment step).
    settings.STORAGES = dict(settings.STORAGES, staticfiles={
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"})

    call_command("migrate", verbosity=0)


def choose_moves(seed, count):
    """`count` moves of a 4-player game from seed `seed`: random legal moves, with a step taken
    back now and then (undo, then a move again), never the game's end before `count`."""
    import engine.praga as praga

    rng = random.Random(seed)
    state, moves = praga.new({}, 4, seed), []
    while len(moves) < count:
        acting = sorted(praga.to_act(state))
        if not acting:
            raise RuntimeError(f"game {seed} ended after {len(moves)} moves; choose another seed")
        seat = acting[0]
        legal = praga.legal_moves(state, seat)
        undo = [m for m in legal if m["type"] == "undo"]
        others = [m for m in legal if m["type"] != "undo"]
        move = undo[0] if undo and rng.random() < 0.25 else rng.choice(others)
        state = praga.apply(state, seat, move)
        moves.append((seat, move))
    return moves


def start(label, seed):
    from django.contrib.auth import get_user_model

    from accounts.models import ApiToken, Profile
    from games import engines, invitations
    from games.models import Game

    users = [get_user_model().objects.create_user(f"g{label}p{seat}", f"g{label}p{seat}@example.com")
             for seat in range(4)]
    for user in users:
        Profile.objects.create(user=user)
    invitation = invitations.create_invitation(users[0], "praga", 4, {}, users[1:], fixed_order=True)
    for user in users[1:]:
        invitations.join(invitation, user)
    game = Game.objects.get(invitation=invitation)
    game.seed = seed
    game.options = engines.normalize("praga", {}, 4)
    game.state = engines.new_state("praga", game.options, 4, seed)
    game.save()
    tokens = {seat.position: ApiToken.issue(seat.user)[1] for seat in game.seat_list()}
    return game, tokens, users


class SqlTimer:
    """Time spent inside the database driver (execute_wrapper)."""

    def __init__(self):
        self.seconds, self.count = 0.0, 0

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - started
            self.count += 1


def play(game, tokens, moves, client, first=0):
    """Submit every move; [(seconds, queries, seconds in the driver, this process's CPU seconds)] per move."""
    from django.db import connection

    timings = []
    for version, (seat, move) in enumerate(moves, start=first):
        body = json.dumps({"move": move, "version": version})
        timer = SqlTimer()
        with connection.execute_wrapper(timer):
            started, started_cpu = time.perf_counter(), time.process_time()
            response = client.post(f"/api/games/{game.pk}/moves/", body, content_type="application/json",
                                   HTTP_AUTHORIZATION=f"Token {tokens[seat]}", secure=True)
            elapsed, cpu = time.perf_counter() - started, time.process_time() - started_cpu
        assert response.status_code == 200, (version, response.status_code, response.content[:300])
        timings.append((elapsed, timer.count, timer.seconds, cpu))
    return timings


def get_ms(client, path, runs, warm=0):
    """Medians of the wall time and of this process's CPU time of GET `path`, in ms. The CPU
    time leaves out what other programs on a shared machine take (the database's share is
    small and the same at every move for these pages: their queries do not grow with it)."""
    walls, cpus = [], []
    for run in range(warm + runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        response = client.get(path, secure=True)
        if run >= warm:
            walls.append(time.perf_counter() - started)
            cpus.append(time.process_time() - started_cpu)
        assert response.status_code == 200, response.status_code
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def in_turn(requests, runs, warm=0):
    """Medians of the wall and CPU ms of GET each (client, path), fetched in turn run by run."""
    samples = [([], []) for _ in requests]
    for run in range(warm + runs):
        for (client, path), (walls, cpus) in zip(requests, samples):
            wall, cpu = get_ms(client, path, 1)
            if run >= warm:
                walls.append(wall)
                cpus.append(cpu)
    return [(statistics.median(walls), statistics.median(cpus)) for walls, cpus in samples]


def acting_viewer(game):
    """A client logged in as the player to act in `game` (the costliest page: the board offers
    moves), so that the pages compared show the same parts."""
    from django.test import Client

    from games import engines
    from games.models import Game

    game = Game.objects.get(pk=game.pk)
    seat = min(engines.to_act(game.game_id, game.state))
    client = Client()
    client.force_login(game.seats.get(position=seat).user)
    return client


def pages_in_turn(viewers, runs=15):
    """[(wall ms, CPU ms)] of each (client, game)'s page (a first run warms each)."""
    return in_turn([(client, f"/games/{game.pk}/") for client, game in viewers], runs, warm=1)


def replay_steps_in_turn(client, game, early, late, runs=3):
    """{step: (wall ms, CPU ms)} of the replay page, an early and a late step in turn (snapshots warm
    in the cache, as after play)."""
    steps = {}
    for first, second in zip(early, late):
        steps[first], steps[second] = in_turn([(client, f"/games/{game.pk}/replay/{step}/") for step in (first, second)],
                                              runs)
    return steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--window", type=int, default=40)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--database", default=DATABASE, help="created afresh: one per person benchmarking")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9", help="the broker (nothing consumes it)")
    parser.add_argument("--cache", default="redis://127.0.0.1:6379/10")
    args = parser.parse_args()
    setup_django(args.database, args.redis, args.cache)
    from django.test import Client

    # CPU time, not wall time: waits for the database and other programs on the cores are left out.
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    totals = {"submit": 0.0, "sql": 0.0, "count": 0}
    for number in range(args.games):
        seed = 1000 + number
        moves = choose_moves(seed, args.moves)
        # Three games of the same seed and moves: the late one is played to its last WINDOW moves,
        # then those are submitted in turn with the early one's first WINDOW moves, and the pages
        # and replay steps compared are fetched in turn too, so that a change of the machine's
        # load meanwhile weighs on both sides of each ratio alike.
        late, late_tokens, users = start(f"{number}l", seed)
        early, early_tokens, _ = start(f"{number}e", seed)
        after_one, one_tokens, _ = start(f"{number}o", seed)
        client, viewer = Client(), Client()
        viewer.force_login(users[0])  # the replays: a seated player's
        play(after_one, one_tokens, moves[:1], client)
        cut = len(moves) - args.window
        if profiler:
            profiler.enable()
        rest = play(late, late_tokens, moves[:cut], client)
        if profiler:
            profiler.disable()
        early_timings, late_timings = [], []
        for index in range(args.window):
            early_timings += play(early, early_tokens, moves[index:index + 1], client, first=index)
            late_timings += play(late, late_tokens, moves[cut + index:cut + index + 1], client, first=cut + index)
        totals["submit"] += sum(t for t, _q, _s, _c in rest)
        totals["sql"] += sum(s for _t, _q, s, _c in rest)
        totals["count"] += len(rest)
        queries = sorted({q for _t, q, _s, _c in rest + early_timings + late_timings})
        last = len(moves)
        for kind, index in (("wall", 0), ("CPU", 3)):
            first_ms = statistics.median(timing[index] for timing in early_timings) * 1000
            last_ms = statistics.median(timing[index] for timing in late_timings) * 1000
            print(f"game {number + 1}: submit ({kind}), median of moves 1-{args.window}: {first_ms:.2f} ms, of moves "
                  f"{cut + 1}-{last}: {last_ms:.2f} ms (x{last_ms / first_ms:.2f}); queries per submit "
                  f"{queries[0]}-{queries[-1]}", flush=True)
        pages = pages_in_turn([(acting_viewer(game), game) for game in (after_one, early, late)])
        for kind, index in (("wall", 0), ("CPU", 1)):
            page_first, page_window, page_last = (page[index] for page in pages)
            print(f"  game page ({kind}) after move 1: {page_first:.1f} ms, after move {args.window}: "
                  f"{page_window:.1f} ms, after move {last}: {page_last:.1f} ms "
                  f"(x{page_last / page_first:.2f} of move 1, x{page_last / page_window:.2f} of move {args.window})",
                  flush=True)
        steps = replay_steps_in_turn(viewer, late, range(1, args.window + 1), range(cut + 1, last + 1))
        for kind, index in (("wall", 0), ("CPU", 1)):
            early_steps = statistics.median(steps[step][index] for step in range(1, args.window + 1))
            late_steps = statistics.median(steps[step][index] for step in range(cut + 1, last + 1))
            slowest = max(steps, key=lambda step: steps[step][index])
            print(f"  replay page ({kind}), median of steps 1-{args.window}: {early_steps:.1f} ms, of steps "
                  f"{cut + 1}-{last}: {late_steps:.1f} ms (x{late_steps / early_steps:.2f}); "
                  f"slowest step {slowest}: {steps[slowest][index]:.1f} ms", flush=True)
    if profiler:
        submit_ms = totals["submit"] / totals["count"] * 1000
        print(f"\nper submit: {submit_ms:.2f} ms, of it SQL (driver) {totals['sql'] / totals['count'] * 1000:.2f} ms")
        stats = pstats.Stats(profiler)
        wanted = {"apply": "engine apply", "describe": "engine describe", "view": "engine view",
                  "to_act": "engine to_act", "automatic_turns": "engine automatic_turns",
                  "dumps": "json.dumps", "loads": "json.loads"}
        for (filename, _line, name), row in sorted(stats.stats.items()):
            if name in wanted and ("games/engines.py" in filename or filename.endswith("json/__init__.py")):
                print(f"  {wanted[name]:24} {row[3] / totals['count'] * 1000:6.2f} ms per submit "
                      f"(cumulative, {row[1]} calls)")
        print("\nbusiest functions (cumulative, profiler overhead included):")
        stats.sort_stats("cumulative").print_stats(60)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
