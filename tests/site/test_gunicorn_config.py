"""gunicorn.conf.py, the web processes' settings (docs/deploy.md): the memory glibc's malloc keeps
after Python freed it is limited (issue 10: a worker serving pages ≤ 100 MB), and what a worker
holds once loaded is frozen out of the cycle collector's full collections (their pauses set the
submit's p99)."""

import itertools
import subprocess
import sys
from pathlib import Path

from gunicorn.app.wsgiapp import WSGIApplication

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "gunicorn.conf.py"

# Loads the settings file as gunicorn's master does, then keeps 8 threads alive at once, each
# having allocated (as a worker's threads serving requests), and prints malloc's statistics.
ARENAS_PROBE = """
import ctypes, runpy, sys, threading
if sys.argv[1] == "with the settings":
    runpy.run_path(sys.argv[2])
together = threading.Barrier(8)

def serve():
    kept = [bytearray(4096) for _ in range(100)]
    together.wait()

threads = [threading.Thread(target=serve) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
ctypes.CDLL(None).malloc_stats()
"""


def arenas(*arguments):
    result = subprocess.run([sys.executable, "-c", ARENAS_PROBE, *arguments], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    return sum(1 for line in result.stderr.splitlines() if line.startswith("Arena "))


def test_the_threads_of_a_worker_share_two_malloc_arenas():
    assert arenas("without") > 2  # glibc's default: one arena per thread, up to 8 × cores
    assert arenas("with the settings", str(CONFIG)) <= 2


def test_gunicorn_takes_the_settings_and_a_worker_trims_every_hundredth_request(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["gunicorn", "praga_site.wsgi", "--config", str(CONFIG)])  # docs/deploy.md
    hook = WSGIApplication().cfg.post_request
    trims = []
    monkeypatch.setitem(hook.__globals__, "trim", lambda: trims.append(1))
    for _ in range(250):
        hook(None, None, {}, None)
    assert len(trims) == 2


def test_a_worker_freezes_what_it_holds_once_loaded_and_again_once_warm(monkeypatch):
    monkeypatch.setattr(sys, "argv", ["gunicorn", "praga_site.wsgi", "--config", str(CONFIG)])
    config = WSGIApplication().cfg
    settings = config.post_request.__globals__  # the settings file's, which both hooks share
    freezes = []
    monkeypatch.setitem(settings, "freeze_what_is_held", lambda: freezes.append(1))
    monkeypatch.setitem(settings, "_served", itertools.count(1))
    monkeypatch.setitem(settings, "trim", lambda: None)
    config.post_worker_init(None)
    assert len(freezes) == 1
    for _ in range(3 * settings["WARM_REQUESTS"]):
        config.post_request(None, None, {}, None)
    assert len(freezes) == 2


def test_what_is_frozen_is_no_longer_walked_by_a_full_collection():
    """The collector's full collections walk only what the worker made since its freezes."""
    probe = f"""
import gc, runpy
settings = runpy.run_path({str(CONFIG)!r})
held = [[index] for index in range(50_000)]
before = len(gc.get_objects())
settings["freeze_what_is_held"]()
print(before, len(gc.get_objects()), gc.get_freeze_count())
"""
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    before, walked, frozen = map(int, result.stdout.split())
    assert before > 50_000 and walked < 1_000 and frozen >= 50_000
