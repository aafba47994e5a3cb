"""Where the live marks of games.live are kept: Redis, and a copy in each process kept current by pub/sub.

A mark is a cache key holding an integer (`live:7:version` = 12, `live:7:version:superseded:11` = 1).
Every write sets its marks and publishes them in one Redis script (which runs whole, as a
transaction), so a mark is never set without being announced. Each server process keeps a copy
of the marks it has read, fed by a subscriber thread; an unchanged poll then costs no network
round trip at all.

The copy is trusted only while the subscriber is connected, and only for what it learnt during
that connection (the `generation`): when the connection drops, the copy is emptied and polls
read Redis as before until the subscriber is back, so nothing a lost message said can be missed.
A mark read from Redis never overwrites one learnt from a message (which is at least as new),
and a superseded mark, once known, stays known: a value that was replaced stays replaced.
"""

import functools
import hashlib
import json
import logging
import os
import threading
import time

import redis
from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, RedisError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from games.memory_budget import entry_bytes

log = logging.getLogger(__name__)

# The copy's budget per process (~25,000 marks); past it the copy starts afresh (reads refill it).
# Counting 200,000 marks instead let it reach ~27 MB: messages name every game written to.
MEMORY_BYTES = 4_000_000
HEALTH_SECONDS = 1.0  # the subscriber pings this often, and gives the connection up after 3 silent pings
RECONNECT_SECONDS = (0.2, 5.0)  # first and longest wait before subscribing again

_clients = {}


def redis_location():
    """The cache's Redis address, or None when the cache is not Redis (then Django's cache is used)."""
    if not settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        return None
    return settings.CACHES["default"]["LOCATION"]


def client(location):
    """One client per process and address: Django's cache builds a new one per call, which costs
    more than a whole unchanged poll."""
    key = (os.getpid(), location)
    if key not in _clients:
        _clients[key] = redis.Redis.from_url(location, socket_timeout=0.5, socket_connect_timeout=0.5)
    return _clients[key]


@functools.cache
def channel(location):
    """Pub/sub channels are shared by all databases of a Redis server: one channel per address."""
    return "games.live.marks:" + hashlib.sha256(location.encode()).hexdigest()[:16]


# SET each key (KEYS) to its value (ARGV, in order) for ARGV[#KEYS + 1] seconds, then PUBLISH
# ARGV[#KEYS + 3] on channel ARGV[#KEYS + 2]: a script runs whole, as MULTI ... EXEC would, but
# as one command (a MULTI with two SETs and a PUBLISH was five to pack and six answers to read:
# ~60 of its ~145 microseconds of a submit's CPU).
WRITE_SCRIPT = """
local seconds = ARGV[#KEYS + 1]
for index, key in ipairs(KEYS) do
  redis.call('SET', key, ARGV[index], 'EX', seconds)
end
return redis.call('PUBLISH', ARGV[#KEYS + 2], ARGV[#KEYS + 3])
"""
_write_scripts = {}


def write_script(location):
    """The write script for this process and address (redis-py sends it by its digest and loads
    it again whenever Redis says it does not know it, e.g. after a restart)."""
    key = (os.getpid(), location)
    if key not in _write_scripts:
        _write_scripts[key] = client(location).register_script(WRITE_SCRIPT)
    return _write_scripts[key]


def write(entries, seconds):
    """Set `entries` ({key: int}) for `seconds` and announce them, together or not at all."""
    location = redis_location()
    if location is None:
        cache.set_many(entries, seconds)
        return
    make_key = caches[DEFAULT_CACHE_ALIAS].make_key  # `cache` is a proxy that looks it up on every use
    full = {make_key(key): int(value) for key, value in entries.items()}
    announcement = json.dumps(full)
    args = [*full.values(), int(seconds), channel(location), announcement]
    script = write_script(location)
    try:
        _evalsha(script, list(full), args)
    except (NoScriptError, RedisConnectionError, RedisTimeoutError):
        # redis-py's own way: it loads the script where Redis does not know it (a restart), and
        # retries on a new connection. A script run twice sets the same values and announces
        # them again, which only repeats what the copies learn.
        script(keys=list(full), args=args)
    memory = _memories.get((os.getpid(), location))
    if memory is not None:  # a process that answers polls knows at once, not a moment later
        memory.learn_marks(full)


def _evalsha(script, keys, args):
    """EVALSHA of `script` on a connection of its client's pool: redis-py's client layers (its
    retries, observability hooks and response callbacks) cost about as much CPU as the round trip
    itself, ~40 of ~85 microseconds per submit (docs/performance.md, session 11). The command is
    packed by the connection itself. Errors are raised as redis-py raises them; the caller falls
    back to the script's own call for those it handles."""
    pool = script.registered_client.connection_pool
    connection = pool.get_connection()
    try:
        connection.send_command("EVALSHA", script.sha, len(keys), *keys, *args)
        return connection.read_response()
    except ResponseError:  # an answer was read (NOSCRIPT among them): the connection is clean
        raise
    except BaseException:
        # A command whose answer was not read must not go back to the pool: the next command on
        # that connection would read this one's answer as its own.
        connection.disconnect()
        raise
    finally:
        pool.release(connection)


def read(keys):
    """{key: int} of the `keys` found: from this process's copy where it can answer, else one MGET."""
    location = redis_location()
    if location is None:
        return cache.get_many(keys)
    full = [cache.make_key(key) for key in keys]
    memory = process_memory(location)
    known = memory.lookup(full)
    if known is None:
        generation = memory.generation
        values = client(location).mget(full)
        known = [None if value is None else int(value) for value in values]
        memory.store(generation, full, known)  # None too: "not in Redis" until a message says otherwise
    return {key: value for key, value in zip(keys, known) if value is not None}


def _cost(marks):
    return sum(entry_bytes(key, value) for key, value in marks.items())


class Memory:
    """This process's copy of the marks and the subscriber thread that keeps it current."""

    def __init__(self, location):
        self.location = location
        self.values, self.size = {}, 0  # size: the bytes the values hold (games.memory_budget)
        self.generation = 0
        self.connected = False
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._subscribe_forever, name="live-marks", daemon=True)

    def lookup(self, keys):
        """The values of `keys` if all are known from the live connection, else None."""
        if not self.connected:
            return None
        values = self.values
        try:
            return [values[key] for key in keys]
        except KeyError:
            return None

    def store(self, generation, keys, values):
        """Marks read from Redis while `generation` was current: kept only if it still is."""
        with self.lock:
            if not self.connected or generation != self.generation:
                return
            new = {key: value for key, value in zip(keys, values) if key not in self.values}
            cost = _cost(new)
            if self.size + cost > MEMORY_BYTES:
                self._start_afresh()
                return
            self.values.update(new)
            self.size += cost

    def learn(self, data):
        self.learn_marks(json.loads(data))

    def learn_marks(self, marks):
        """{key: int} announced by a write (a message's JSON decoded, or this process's own write)."""
        with self.lock:
            cost = _cost({key: value for key, value in marks.items() if key not in self.values})
            if self.size + cost > MEMORY_BYTES:  # messages name every game written to, polled here or not
                self._start_afresh()
                cost = _cost(marks)
            self.values.update(marks)
            self.size += cost

    def _forget(self, connected):
        with self.lock:
            self._start_afresh()
            self.connected = connected

    def _start_afresh(self):
        """Empty the copy (the lock held). A read begun before this must not refill it: what a
        message said since that read began may have been emptied with the rest."""
        self.values, self.size = {}, 0
        self.generation += 1

    def _subscribe_forever(self):
        wait = RECONNECT_SECONDS[0]
        while not self.stopping.is_set():
            try:
                self._listen()
                wait = RECONNECT_SECONDS[0]
            except (RedisError, OSError, ValueError) as error:
                log.info("live marks subscriber lost (%r); polls read Redis until it is back", error)
            finally:
                self._forget(connected=False)
            if self.stopping.wait(wait):
                return
            wait = min(wait * 2, RECONNECT_SECONDS[1])

    def _listen(self):
        connection = redis.Redis.from_url(self.location, socket_timeout=HEALTH_SECONDS * 3,
                                          socket_connect_timeout=0.5)
        pubsub = connection.pubsub()
        try:
            pubsub.subscribe(channel(self.location))
            last_heard = time.monotonic()
            next_ping = last_heard + HEALTH_SECONDS
            while not self.stopping.is_set():
                message = pubsub.get_message(timeout=HEALTH_SECONDS / 4)
                now = time.monotonic()
                if message is not None:
                    last_heard = now
                    if message["type"] == "subscribe":
                        self._forget(connected=True)  # only what is heard from now on is trusted
                    elif message["type"] == "message":
                        self.learn(message["data"])
                if now - last_heard > HEALTH_SECONDS * 3:
                    raise RedisError("no answer to the subscriber's pings")
                if now >= next_ping:
                    pubsub.ping()
                    next_ping = now + HEALTH_SECONDS
        finally:
            pubsub.close()
            connection.close()

    def stop(self):
        self.stopping.set()
        self.thread.join(timeout=HEALTH_SECONDS * 5)


_memories = {}
_memories_lock = threading.Lock()


def process_memory(location):
    """This process's copy for `location`, its subscriber started on first use (after a fork,
    each worker starts its own)."""
    key = (os.getpid(), location)
    memory = _memories.get(key)
    if memory is None:
        with _memories_lock:
            memory = _memories.get(key)
            if memory is None:
                memory = _memories[key] = Memory(location)
                memory.thread.start()
    return memory
