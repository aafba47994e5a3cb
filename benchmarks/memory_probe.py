"""What a process serving game pages keeps in memory: the live allocations made while serving.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/praga_memory REDIS_URL=redis://127.0.0.1:6379/7 \\
    DJANGO_SETTINGS_MODULE=praga_site.settings DEBUG=False SECRET_KEY=… ALLOWED_HOSTS=testserver \\
    STATIC_ROOT=<a folder `manage.py collectstatic` filled> \\
    .venv/bin/python benchmarks/memory_probe.py [--requests 200] [--top 25] [--first [--game ID …]]

Run it on a database seeded by benchmarks/memory.py (it serves the same mix of pages, live
parts, logs and replay steps of the three games, as an anonymous spectator, through Django's
test client in this one process; the pages need the static files' manifest, hence STATIC_ROOT).
Before tracing starts it prints the RSS after the first page of each game (`--game`: these
games, in this order) and the game modules each first page imported. `tracemalloc` then starts,
so what it lists is what serving added and still holds: totals per source file, then the largest
allocation sites with their call stacks. RSS before and after is printed too; the difference
between RSS growth and the traced total is memory Python freed but the allocator kept (arenas).
`--first`: trace each game's first page instead (what it loaded and still holds, by file and
line) and stop there; RSS then includes tracemalloc's own memory.
"""

import argparse
import gc
import random
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def rss_mb():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def game_modules():
    """{game id: how many modules of its engine and its board are loaded}."""
    return {game_id: sum(1 for name in sys.modules for package in (f"engine.{game_id}", f"games.boards.{game_id}")
                         if name == package or name.startswith(package + "."))
            for game_id in ("praga", "catan_ck", "queens_architect")}


def first_page_report(game_id, top):
    """What the first page of `game_id` allocated and still holds, by file (tracing stopped after)."""
    gc.collect()
    snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    traced, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  held by the first {game_id} page's allocations: {traced / 1e6:.2f} MB; by file:")
    by_file = {}
    for stat in snapshot.statistics("filename"):
        by_file[stat.traceback[0].filename] = by_file.get(stat.traceback[0].filename, 0) + stat.size
    for name, size in sorted(by_file.items(), key=lambda item: -item[1])[:top]:
        print(f"  {size / 1e6:7.3f} MB  {name}")
    print("  largest lines:")
    for stat in snapshot.statistics("lineno")[:top]:
        print(f"  {stat.size / 1e6:7.3f} MB in {stat.count} blocks  {stat.traceback[0]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--first", action="store_true",
                        help="trace the first page of each game instead: what it loaded and still holds, by file")
    parser.add_argument("--game", action="append", help="with --first: only these games' first pages, in this order")
    args = parser.parse_args()
    import django

    django.setup()
    from django.test import Client

    from benchmarks.memory import page_path

    import praga_site.wsgi  # noqa: F401  (as a gunicorn worker: the application loaded)
    from games.models import Game

    games = {}  # {game id: [(pk, version)]}: a request picks a game (id) first, as memory.py's spectators do
    for game_id, pk, version in Game.objects.order_by("pk").values_list("game_id", "pk", "version"):
        games.setdefault(game_id, []).append((pk, version))
    rng, client = random.Random(3), Client()
    print(f"loaded: RSS {rss_mb():.1f} MB, {len(sys.modules)} modules, game modules: {game_modules()}", flush=True)
    firsts = dict(Game.objects.order_by("game_id", "pk").distinct("game_id").values_list("game_id", "pk"))
    for game_id in args.game or sorted(firsts):
        if args.first:
            tracemalloc.start(1)
        before = rss_mb()
        status = client.get(f"/games/{firsts[game_id]}/", HTTP_X_FORWARDED_PROTO="https").status_code
        print(f"after the first {game_id} page ({status}): RSS {rss_mb():.1f} MB (+{rss_mb() - before:.1f}), "
              f"{len(sys.modules)} modules, game modules: {game_modules()}", flush=True)
        if args.first:
            first_page_report(game_id, args.top)
    if args.first:
        return
    tracemalloc.start(12)
    for _ in range(args.requests):
        pk, version = rng.choice(games[rng.choice(sorted(games))])
        path = page_path(pk, version, rng.random(), rng)
        status = client.get(path, HTTP_X_FORWARDED_PROTO="https").status_code  # as behind the TLS proxy
        if status != 200:
            print(f"{path}: {status}", flush=True)
    gc.collect()
    traced, _peak = tracemalloc.get_traced_memory()
    snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    tracemalloc.stop()
    print(f"after {args.requests} requests: RSS {rss_mb():.1f} MB, held by allocations since loading "
          f"{traced / 1e6:.1f} MB (tracing overhead included in RSS)")
    by_file = {}
    for stat in snapshot.statistics("filename"):
        name = stat.traceback[0].filename
        by_file[name] = by_file.get(name, 0) + stat.size
    for name, size in sorted(by_file.items(), key=lambda item: -item[1])[:args.top]:
        print(f"{size / 1e6:7.2f} MB  {name}")
    print("\nlargest allocation sites:")
    for stat in snapshot.statistics("traceback")[:args.top // 2]:
        print(f"{stat.size / 1e6:.2f} MB in {stat.count} blocks")
        for line in stat.traceback.format()[-12:]:
            print("    " + line)


if __name__ == "__main__":
    main()
