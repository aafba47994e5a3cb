"""The games this process wrote a move to last, kept as the write left them, so that the next move
in such a game is decided without reading the game again (issue 10).

An entry is a Game instance (its invitation, seats, their users and profiles) with the state's
JSON text as written (decoded when the entry is taken: a decoded Praga state holds six to seven
times its text, and in `benchmarks/load.py` a budget that held ~100 decoded games per process
was thrashed by clients going round 200 games) and the revision the database gave the game row
by that write. It is a guess, never trusted: a move decided on it is written only if the
game's revision is still that one (games/move_write.py), and the database raises the revision on any change of what a fresh read would show (the game,
its seats, its invitation, what a move reads of its players: migration 0019). A move whose
write finds the revision changed, or that the entry would refuse, is decided again on a fresh
read (games/moves.py). An entry is kept only once its write is committed (a rolled-back write
leaves nothing behind), and taken out while a request uses it: no two threads share an instance.

The memory is bounded by bytes (MEMORY_BYTES), the least recently kept entry going first.
"""

import copy
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.db.models import QuerySet

from games.models import Game

# ~600 two-player Praga games; a worker serving pages stays within its 100 MB (docs/performance.md).
MEMORY_BYTES = 6_000_000
SEAT_BYTES = 3_000  # a seat with its user and profile instances
GAME_BYTES = 2_000  # the game instance and its invitation


@dataclass
class Entry:
    game: Game  # its state left out: `state`
    state: str
    revision: int
    size: int


_entries = OrderedDict()  # game id -> Entry
_bytes = [0]
_lock = threading.Lock()
# How often a move found its game kept at the version its client saw ("taken"), or not
# ("missed"), since the process started: benchmarks/load.py prints the share per round.
_counts = {"taken": 0, "missed": 0}


def take(game_pk, version):
    """The kept game `game_pk` as (game, revision), removed from the memory, if it is kept at
    `version` (the one the client saw); else None (a kept entry at another version is dropped:
    the client is behind, or another process wrote the game since)."""
    with _lock:
        entry = _entries.pop(game_pk, None)
        if entry is not None:
            _bytes[0] -= entry.size
        if entry is None or entry.game.version != version:
            _counts["missed"] += 1
            return None
        _counts["taken"] += 1
    # Decoded as a read from the database decodes it.
    entry.game.state = Game._meta.get_field("state").from_db_value(entry.state, None, None)
    return entry.game, entry.revision


def keep(game, encoded_state):
    """Remember a copy of `game` as its committed write left it (`game.revision` as that write
    made it; `encoded_state`: the JSON text of its state, as written). A copy: the request that
    wrote it still reads it."""
    size = sys.getsizeof(encoded_state) + GAME_BYTES + SEAT_BYTES * len(game.seat_list())
    if size > MEMORY_BYTES:
        return
    copied = _copy(game)
    copied.state = None
    entry = Entry(copied, encoded_state, game.revision, size)
    with _lock:
        old = _entries.pop(game.pk, None)
        if old is not None:
            _bytes[0] -= old.size
        _entries[game.pk] = entry
        _bytes[0] += size
        while _bytes[0] > MEMORY_BYTES:
            _key, dropped = _entries.popitem(last=False)
            _bytes[0] -= dropped.size


def forget():
    """Drop every entry (tests: a rolled-back test's game must not meet the next test's)."""
    with _lock:
        _entries.clear()
        _bytes[0] = 0


def held_bytes():
    return _bytes[0]


def counts():
    """{"taken": moves decided on a kept game, "missed": moves that read their game afresh}."""
    with _lock:
        return dict(_counts)


def _copy(game):
    """`game` and its seats as new instances, sharing what a move never changes in place: the
    invitation, the users and profiles. Like the read it came from, no seat links back to the
    game: a game in no reference cycle is freed as soon as its request ends (games/locked_read.py,
    `_assembled`, says why that matters)."""
    copied = _instance(game)
    seats = [_instance(seat) for seat in game.seat_list()]
    cached = game._prefetched_objects_cache[Game.seats.rel.cache_name]
    # A queryset of its own (its SQL object shared: a queryset never changes it in place). Not
    # the related manager's: its hints, known related objects and filter hold the game instance
    # it was made for, which would then live as long as its copies were kept.
    prefetched = QuerySet(model=cached.model, query=cached.query, using=cached._db)
    prefetched._result_cache, prefetched._prefetch_done = seats, True
    copied._prefetched_objects_cache = {Game.seats.rel.cache_name: prefetched}
    return copied


def _instance(model_instance):
    """A new instance with the same field values and its own record of related objects."""
    model = type(model_instance)
    copied = model.__new__(model)
    copied.__dict__.update(model_instance.__dict__)
    copied._state = copy.copy(model_instance._state)
    copied._state.fields_cache = dict(model_instance._state.fields_cache)
    return copied
