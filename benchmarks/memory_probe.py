"""What a process serving game pages keeps in memory: the live allocations made while serving.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/praga_memory REDIS_URL=redis://127.0.0.1:6379/7 \\
    DJANGO_SETTINGS_MODULE=praga_site.settings DEBUG=False SECRET_KEY=… ALLOWED_HOSTS=testserver \\
    .venv/bin/python benchmarks/memory_probe.py [--requests 200] [--top 25]

Run it on a database seeded by benchmarks/memory.py (it serves the same mix of pages, live
parts, logs and replay steps, as an anonymous spectator, through Django's test client in this
one process). `tracemalloc` starts after the site is loaded, so what it lists is what serving
added and still holds: totals per source file, then the largest allocation sites with their
call stacks. RSS before and after is printed too; the difference between RSS growth and the
traced total is memory Python freed but the allocator kept (arenas).
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    import django

    django.setup()
    from django.test import Client

    from benchmarks.memory import page_path

    import praga_site.wsgi  # noqa: F401  (as a gunicorn worker: the application loaded)
    from games.models import Game

    games = list(Game.objects.values_list("pk", "version"))
    rng, client = random.Random(3), Client()
    print(f"loaded: RSS {rss_mb():.1f} MB", flush=True)
    tracemalloc.start(12)
    for _ in range(args.requests):
        pk, version = rng.choice(games)
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
