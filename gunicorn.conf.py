"""gunicorn's settings for the site's web processes (docs/deploy.md).

gunicorn reads this file when started in the project's folder (`--config gunicorn.conf.py` says
so explicitly); options on the command line (`--workers`, `--threads`, `--bind`) apply on top.

Memory (issue 10: a worker serving pages ≤ 100 MB; benchmarks/memory.py, docs/performance.md):
RSS also counts memory Python has freed but glibc's malloc keeps. Two settings give it back:

- at most ARENAS malloc arenas per process: glibc gives each thread an arena of its own (up to
  8 × cores), and memory freed in one thread's arena is not reused by another's;
- `malloc_trim` every TRIM_EVERY requests of a worker: it returns the free pages inside the heaps
  (freed page strings, querysets) to the system, which malloc alone does only at a heap's top.

Pauses (issue 10: a submit's p99 ≤ 3 × its p50): Python's collector of reference cycles, in a
full collection, walks every object the process holds (120,000–140,000 in a web worker, most
of them Django's and the site's code) and holds every thread meanwhile: 60–100 ms each under
load in benchmarks/load.py, every few seconds, even with the submit leaving no garbage in
cycles. So each worker freezes what it holds once it has loaded the site, and again after its
first WARM_REQUESTS requests (URLs, templates, translations and the engines load on first use):
frozen objects are never walked again, and a full collection walks only what requests made
since (the kept games, caches): under 40 ms there. A freeze keeps forever only what was garbage
in a cycle at that moment and not freed by the collection just before it (a request in flight
in another thread), and what becomes garbage in a cycle later (frozen objects are never freed
by the collector).

Nothing here imports the site: the master process loads this file before it forks the workers,
and whatever it imported every worker would inherit. A C library other than glibc (musl, macOS)
has neither function; then nothing happens.
"""

import ctypes
import ctypes.util
import gc
import itertools

ARENAS = 2
TRIM_EVERY = 100  # requests of one worker; a trim takes well under a millisecond of its time
WARM_REQUESTS = 500  # requests of one worker after which the code it loaded on first use is frozen
M_ARENA_MAX = -8  # glibc's malloc.h


def _glibc():
    name = ctypes.util.find_library("c")
    try:
        library = ctypes.CDLL(name) if name else None
        return library if library is not None and hasattr(library, "malloc_trim") else None
    except OSError:
        return None


_LIBC = _glibc()


def limit_arenas(arenas=ARENAS):
    """True if malloc took the limit; it applies to the arenas made from now on, so it is set in the
    master, before any worker (and any worker's thread) exists."""
    return _LIBC is not None and _LIBC.mallopt(ctypes.c_int(M_ARENA_MAX), ctypes.c_int(arenas)) == 1


def trim():
    """Give the free memory inside malloc's heaps back to the system; True if some was."""
    return _LIBC is not None and _LIBC.malloc_trim(ctypes.c_size_t(0)) == 1


_served = itertools.count(1)  # each worker counts its own requests (it has its own copy after the fork)


def freeze_what_is_held():
    """Move every object the process holds out of the collector's sight (after collecting the
    garbage among them)."""
    gc.collect()
    gc.freeze()


def post_worker_init(worker):  # gunicorn's hook: the worker has loaded the site
    freeze_what_is_held()


def post_request(worker, request, environ, response):  # gunicorn's hook, in the worker's thread
    served = next(_served)
    if served == WARM_REQUESTS:
        freeze_what_is_held()
    if served % TRIM_EVERY == 0:
        trim()


limit_arenas()
