"""Each process's copy of the live marks: fed by Redis pub/sub, trusted only while subscribed."""

import os
import subprocess
import sys
import time
from unittest import mock

import pytest
from django.conf import settings
from django.core.cache import cache

from games import live, live_marks, memory_budget
from tests.support.redis_server import RedisServer
from tests.support.services import require_redis



@pytest.fixture(autouse=True)
def redis_cache():
    """The copy exists only with a Redis cache: skipped without Redis, a failure in CI."""
    require_redis("the copy of the live marks exists only with a Redis cache")

REPORT_ELSEWHERE = """
import sys
import django
from django.conf import settings
django.setup()
settings.CACHES["default"]["KEY_PREFIX"] = sys.argv[1]
from games import live
live.report(int(sys.argv[2]), "version", 1, replaced=(0,))
"""


def subscribed_memory():
    memory = live_marks.process_memory(live_marks.redis_location())
    eventually(lambda: memory.connected)
    return memory


def eventually(condition, seconds=5):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.02)


def redis_reads():
    """Counts the MGETs that reach Redis."""
    client = live_marks.client(live_marks.redis_location())
    return mock.patch.object(client, "mget", wraps=client.mget)


def test_an_unchanged_poll_is_answered_from_memory_without_a_round_trip():
    subscribed_memory()
    live.report(4242, "version", 3, replaced=(2,))
    live.report(4242, "chat", 0)
    assert live.unchanged(4242, {"version": 3, "chat": 0})  # the first read fills the copy
    with redis_reads() as mget:
        assert live.unchanged(4242, {"version": 3, "chat": 0})
        assert not live.unchanged(4242, {"version": 2, "chat": 0})
    assert mget.call_count == 0  # what this process wrote it knows at once


def test_a_mark_published_in_another_process_is_seen_here():
    subscribed_memory()
    live.report(4343, "version", 0)
    live.report(4343, "chat", 0)
    assert live.unchanged(4343, {"version": 0, "chat": 0})
    subprocess.run([sys.executable, "-c", REPORT_ELSEWHERE, settings.CACHES["default"]["KEY_PREFIX"], "4343"],
                   check=True, env={**os.environ, "DJANGO_SETTINGS_MODULE": "praga_site.settings"})
    with redis_reads() as mget:
        eventually(lambda: not live.unchanged(4343, {"version": 0, "chat": 0}), seconds=2)
    assert mget.call_count == 0  # learnt from the message, not read
    assert live.unchanged(4343, {"version": 1, "chat": 0})


@pytest.fixture
def own_redis(settings):
    server = RedisServer()
    server.start()
    settings.CACHES = {"default": {**settings.CACHES["default"], "LOCATION": f"redis://127.0.0.1:{server.port}/0"}}
    yield server
    live_marks.process_memory(live_marks.redis_location()).stop()
    server.stop()


def test_losing_the_subscriber_empties_the_copy_and_polls_read_redis(own_redis):
    memory = subscribed_memory()
    live.report(7, "version", 0)
    live.report(7, "chat", 0)
    assert live.unchanged(7, {"version": 0, "chat": 0})
    own_redis.stop()
    eventually(lambda: not memory.connected)
    assert not live.unchanged(7, {"version": 0, "chat": 0})  # Redis is down: ask the database
    own_redis.start()
    # a move made while the subscriber was away: its marks are in Redis, its message was never heard
    client = live_marks.client(live_marks.redis_location())
    client.set(cache.make_key("live:7:version"), 1)
    client.set(cache.make_key("live:7:version:superseded:0"), 1)
    client.set(cache.make_key("live:7:chat"), 0)
    assert not live.unchanged(7, {"version": 0, "chat": 0})
    eventually(lambda: memory.connected)
    assert not live.unchanged(7, {"version": 0, "chat": 0})
    assert live.unchanged(7, {"version": 1, "chat": 0})


def test_a_read_never_overwrites_what_a_message_said():
    memory = subscribed_memory()
    generation = memory.generation
    key = cache.make_key("live:4444:version:superseded:5")
    memory.learn(f'{{"{key}": 1}}')
    memory.store(generation, [key], [None])  # a read that began before the message arrived
    assert memory.lookup([key]) == [1]


def test_a_read_from_before_a_reconnection_is_not_kept():
    memory = subscribed_memory()
    generation = memory.generation
    memory._forget(connected=True)  # what a new subscription does
    memory.store(generation, [cache.make_key("live:4545:version")], [3])
    assert memory.lookup([cache.make_key("live:4545:version")]) is None


def test_a_full_copy_starts_afresh_and_keeps_no_read_from_before(monkeypatch):
    memory = subscribed_memory()
    monkeypatch.setattr(live_marks, "MEMORY_BYTES", 2 * memory_budget.entry_bytes("a", 1))
    generation = memory.generation
    memory.learn('{"a": 1, "b": 2}')
    memory.learn('{"c": 3}')  # past the limit: emptied first
    assert memory.lookup(["a"]) is None and memory.lookup(["c"]) == [3]
    memory.store(generation, ["a"], [0])  # read before the emptying: what a message said may be lost
    assert memory.lookup(["a"]) is None


def test_a_write_sets_its_marks_for_their_time_even_after_redis_forgot_the_script(own_redis):
    """The marks are written by a script sent by its digest: a Redis that restarted, or flushed
    its scripts, is sent the script again, and the marks are kept (not skipped as a failure)."""
    client = live_marks.client(live_marks.redis_location())
    for game in (4545, 4646):
        client.script_flush()
        live.report(game, "version", 2, replaced=(1,))
        current = cache.make_key(f"live:{game}:version")
        assert client.get(current) == b"2" and client.get(cache.make_key(f"live:{game}:version:superseded:1")) == b"1"
        assert 0 < client.ttl(current) <= live.MARK_SECONDS


def test_a_connection_whose_answer_was_not_read_is_closed_before_it_goes_back_to_the_pool(own_redis):
    """The short path sent its EVALSHA but gave up waiting for the answer: that connection must
    not serve another command, which would read the late answer as its own (redis-py's pool
    checks for unread data only as far as it has arrived). The marks still land."""
    from redis.connection import AbstractConnection, ConnectionPool
    from redis.exceptions import TimeoutError

    client = live_marks.client(live_marks.redis_location())
    real_read, real_release, real_disconnect = (AbstractConnection.read_response, ConnectionPool.release,
                                                AbstractConnection.disconnect)
    events = []

    def first_read_times_out(connection, *args, **kwargs):
        timed_out_before = any(kind == "timed out" for kind, _connection in events)
        if not timed_out_before and sys._getframe(1).f_code.co_name == "_evalsha":  # the short path's own read
            events.append(("timed out", connection))
            raise TimeoutError("Timeout reading from socket")
        return real_read(connection, *args, **kwargs)

    def release(pool, connection):
        events.append(("released", connection))
        return real_release(pool, connection)

    def disconnect(connection, *args, **kwargs):
        events.append(("closed", connection))
        return real_disconnect(connection, *args, **kwargs)

    with mock.patch.object(AbstractConnection, "read_response", first_read_times_out), \
            mock.patch.object(ConnectionPool, "release", release), \
            mock.patch.object(AbstractConnection, "disconnect", disconnect):
        live.report(4949, "version", 8, replaced=(7,))
    # The timed-out connection's own events: a subscriber thread that another test of this process
    # started may release connections of its own meanwhile.
    timed_out = next(index for index, (kind, _connection) in enumerate(events) if kind == "timed out")
    stale = events[timed_out][1]
    after = [kind for kind, connection in events[timed_out + 1:] if connection is stale]
    assert after and after[0] == "closed"  # not "released": back in the pool still open
    assert client.get(cache.make_key("live:4949:version")) == b"8"
    assert client.get(cache.make_key("live:4949:version:superseded:7")) == b"1"


def test_a_write_whose_connection_failed_is_sent_again_the_ordinary_way(own_redis):
    """The write's own short path gives up on a connection error; redis-py's script call then
    retries on a new connection, so the marks are kept (not skipped as a failure)."""
    from redis.exceptions import ConnectionError

    client = live_marks.client(live_marks.redis_location())
    with mock.patch.object(live_marks, "_evalsha", side_effect=ConnectionError("reset by peer")) as short:
        live.report(4747, "version", 3, replaced=(2,))
    assert short.call_count == 1
    assert client.get(cache.make_key("live:4747:version")) == b"3"
    assert client.get(cache.make_key("live:4747:version:superseded:2")) == b"1"


def test_a_write_tells_this_process_copy_at_once():
    memory = subscribed_memory()
    live.report(4848, "version", 5, replaced=(4,))
    assert memory.lookup([cache.make_key("live:4848:version"), cache.make_key("live:4848:version:superseded:4")]) == [5, 1]
