"""A task handed over on the broker's Redis (games/handover.py) is queued by a worker as that
task, on the same queue; nothing a web process does there can fail its request. The whole way
through a real worker: test_worker_emails.py, test_seat_bots_worker.py."""

import json
import logging
import threading

import pytest

from games import handover, tasks
from praga_site.celery import app as celery_app
from tests.support import services


@pytest.fixture
def handed_over(settings):
    """Tasks handed over (not eager) on a queue of this test's own in the broker's Redis."""
    import uuid

    import redis

    services.require_redis("the hand-over goes through the broker's Redis")
    settings.CELERY_TASK_DEFAULT_QUEUE = f"test-handover-{uuid.uuid4().hex[:10]}"
    broker = redis.Redis.from_url(settings.REDIS_URL)
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    yield broker, settings.CELERY_TASK_DEFAULT_QUEUE
    celery_app.conf.task_always_eager = before
    broker.delete(handover.key(settings.CELERY_TASK_DEFAULT_QUEUE))


def test_a_worker_queues_each_entry_as_its_task_on_the_same_queue_oldest_first(handed_over, monkeypatch):
    broker, queue = handed_over
    handover.send("games.tasks.send_email", 7)
    handover.send("games.tasks.time_out", 3, "2026-11-26T10:00:00+00:00", "2026-11-26T10:01:00+00:00")
    assert [json.loads(entry) for entry in reversed(broker.lrange(handover.key(queue), 0, -1))] == [
        ["games.tasks.send_email", [7]],
        ["games.tasks.time_out", [3, "2026-11-26T10:00:00+00:00", "2026-11-26T10:01:00+00:00"]]]
    queued, done = [], threading.Event()

    def record(task):
        def apply_async(args, queue=None):
            queued.append((task, list(args), queue))
            if len(queued) == 2:
                done.set()
        return apply_async

    monkeypatch.setattr(tasks.send_email, "apply_async", record("send_email"))
    monkeypatch.setattr(tasks.time_out, "apply_async", record("time_out"))
    stopping = threading.Event()
    worker = threading.Thread(target=handover.drain, args=(celery_app, queue, stopping))
    worker.start()
    try:
        assert done.wait(10)
    finally:
        stopping.set()
        worker.join(10)
    assert not worker.is_alive()
    assert queued == [("send_email", [7], queue),
                      ("time_out", [3, "2026-11-26T10:00:00+00:00", "2026-11-26T10:01:00+00:00"], queue)]
    assert broker.llen(handover.key(queue)) == 0


def test_an_entry_naming_no_task_is_logged_and_dropped(caplog):
    with caplog.at_level(logging.ERROR, logger="games.handover"):
        handover.forward(celery_app, "celery", b'["games.tasks.no_such_task", [1]]')
        handover.forward(celery_app, "celery", b"not json")
    assert [record.getMessage() for record in caplog.records] == [
        "handover: b'[\"games.tasks.no_such_task\", [1]]' names no task of this site; dropped",
        "handover: b'not json' names no task of this site; dropped"]


def test_an_unreachable_broker_is_logged_and_the_request_goes_on(settings, caplog):
    settings.REDIS_URL = "redis://127.0.0.1:1/4"  # nothing listens there
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    try:
        with caplog.at_level(logging.ERROR, logger="games.handover"):
            handover.send("games.tasks.send_email", 5)  # the tick queues it again later
    finally:
        celery_app.conf.task_always_eager = before
    [record] = caplog.records
    assert record.getMessage() == "could not queue games.tasks.send_email(5,)"


def test_eager_tasks_run_in_this_process(monkeypatch):
    ran = []
    monkeypatch.setattr(tasks.send_email, "apply_async", lambda args, queue=None: ran.append((list(args), queue)))
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        handover.send("games.tasks.send_email", 9)
    finally:
        celery_app.conf.task_always_eager = before
    assert ran == [([9], "celery")]
