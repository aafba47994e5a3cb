"""The watchdog: is the site able to serve, and are its clocks being kept?

`GET /health/` answers JSON for a load balancer and for monitoring: the database, the
broker, the age of the last tick and the number of overdue deadlines. It answers 503 only
when this web node cannot serve (the database is unreachable); `?strict=1` answers 503 for
anything that needs an operator (broker down, tick late, deadlines overdue), for alerting.
Errors are logged, never shown: the answer carries no host names or messages.
"""

import logging

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games import downtime

log = logging.getLogger(__name__)

LATE_TICKS = 2  # the tick is late once this many intervals passed without it


def database_ok():
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        log.exception("health: the database is unreachable")
        return False


def broker_state():
    """"ok", "embedded" (no broker: tasks run in-process) or "unavailable"."""
    url = settings.CELERY_BROKER_URL
    if url.startswith("memory://"):
        return "embedded"
    try:
        if url.startswith(("redis://", "rediss://", "unix://")):
            # redis-py, loaded for the cache already: kombu would load ~3.5 MB into every web worker a
            # load balancer's check reaches, which otherwise loads it only to queue a task (issue 10)
            import redis

            broker = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
            try:
                broker.ping()
            finally:
                broker.close()
        else:
            from kombu import Connection

            with Connection(url, connect_timeout=2) as broker:
                broker.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
        return "ok"
    except Exception:
        log.exception("health: the broker is unreachable")
        return "unavailable"


def tick_state(now):
    """(seconds since the last tick or None, "ok" | "late" | "never")."""
    last = downtime.last_tick()
    if last is None:
        return None, "never"
    age = (now - last).total_seconds()
    return round(age), "late" if age > LATE_TICKS * settings.TICK_SECONDS else "ok"


def report(now=None):
    now = now or timezone.now()
    if not database_ok():
        return {"status": "down", "database": "unavailable", "broker": broker_state(),
                "last_tick_seconds": None, "tick": "unknown", "overdue_deadlines": None}
    age, tick = tick_state(now)
    overdue = downtime.overdue(now).count()
    broker = broker_state()
    healthy = broker in ("ok", "embedded") and tick == "ok" and overdue == 0
    return {"status": "ok" if healthy else "degraded", "database": "ok", "broker": broker,
            "last_tick_seconds": age, "tick": tick, "overdue_deadlines": overdue}


@never_cache
@require_GET
def endpoint(request):
    result = report()
    failing = result["status"] == "down" or (request.GET.get("strict") == "1" and result["status"] != "ok")
    return JsonResponse(result, status=503 if failing else 200)
