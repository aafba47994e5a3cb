"""Queueing a Celery task from a web process without loading Celery there (issue 10: a worker
serving pages stays under 100 MB).

Celery, kombu and what they import take ~9 MB of a process that queues one task (an email, a
finished game's rating, a bot's move), and a web worker that queued one kept them for good. So a
process hands a task over as a JSON entry `[task name, arguments]` on a Redis list of the broker
named after the queue (one LPUSH through redis-py, which the cache has loaded already), and
every Celery worker runs a thread (`HandoverStep` in praga_site/celery.py) that pops the list
and queues each entry as that task on the same queue, with Celery's own client. No Celery
message is written here: Celery writes its messages itself.

An entry is at least as safe as the task it stands for: it lives in the broker's Redis as
Celery's own messages do, and waits there while no worker runs. A worker killed between the pop
and the queueing loses that one entry; every task queued this way is also found again by the
tick (unsent emails, bots that must move, due deadlines) or by the next finished game's rating
(players/hooks.py), as a task lost with the broker always was.

Without a broker (the embedded site) and while tasks run eagerly (tests), the task runs here
in-process, as before.
"""

import json
import logging
import sys
import threading

from django.conf import settings

log = logging.getLogger(__name__)

PREFIX = "praga:handover:"
WAIT_SECONDS = 1  # how long a worker's pop waits for an entry before it looks whether to stop
_client = {}
_client_lock = threading.Lock()


def key(queue):
    return PREFIX + queue


def eager():
    """Whether tasks run in-process: the Celery app's setting where this process has loaded it
    (tests switch it there), else the settings' (no broker configured)."""
    celery = sys.modules.get("praga_site.celery")
    return celery.app.conf.task_always_eager if celery is not None else settings.CELERY_TASK_ALWAYS_EAGER


def client():
    """One redis-py client (a thread-safe connection pool) per process and broker address."""
    url = settings.REDIS_URL
    with _client_lock:
        if url not in _client:
            import redis

            _client[url] = redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
        return _client[url]


def send(name, *args):
    """Queue the task `name` ("games.tasks.send_email") with `args` (JSON values, as Celery's
    own serializer needs). Never raises: a task not queued is found again by the tick."""
    try:
        if eager():
            from importlib import import_module

            module, function = name.rsplit(".", 1)
            getattr(import_module(module), function).apply_async(args, queue=settings.CELERY_TASK_DEFAULT_QUEUE)
        else:
            client().lpush(key(settings.CELERY_TASK_DEFAULT_QUEUE), json.dumps([name, list(args)]))
    except Exception:
        log.exception("could not queue %s%r", name, args)


def drain(app, queue, stopping):
    """Run by each Celery worker until `stopping` is set: queue every entry handed over for
    `queue` as its task, oldest first."""
    import redis

    # A pop waits up to WAIT_SECONDS on the server: the socket waits longer than that.
    connection = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2,
                                      socket_timeout=WAIT_SECONDS + 5)
    while not stopping.is_set():
        try:
            popped = connection.brpop([key(queue)], timeout=WAIT_SECONDS)
        except (redis.RedisError, OSError):
            log.warning("handover: the broker's Redis is unreachable; trying again", exc_info=True)
            stopping.wait(WAIT_SECONDS)
            continue
        if popped is not None:
            forward(app, queue, popped[1])


def forward(app, queue, entry):
    """Queue one handed-over entry as its task; an entry naming no task of the app is logged."""
    try:
        name, args = json.loads(entry)
        task = app.tasks[name]
    except (ValueError, TypeError, KeyError):
        log.error("handover: %r names no task of this site; dropped", entry)
        return
    try:
        task.apply_async(args, queue=queue)
    except Exception:  # the broker went away between the pop and now: the tick finds it again
        log.exception("handover: could not queue %s%r", name, args)
