"""A game's moves once it is over: packed into one compressed row (`MoveArchive`).

While a game runs, each move is a row of `games_move`: a submit appends one, and a page reads a
window of them by index. When the game ends (finished, or cancelled), its moves are packed in the
same transaction, column by column (the seq steps, seats, payloads, log lines packed as in
games/log_text.py, times as microsecond steps), as compact JSON compressed with zlib, and the
rows are deleted; autovacuum gives their room to the moves of running games. A 344-move
4-player Praga game: ~101 KB of rows with their index entries, ~5 KB packed
(benchmarks/storage.py, docs/performance.md).

A move's request id matters only while a retry of it may still come (docs/api.md: the same
request answers "duplicate"); the archive keeps the ids of the last KEEP_REQUEST_IDS moves, the
ones whose retry can arrive after the end. An older retry is answered "The game is over", and
applies nothing either way.

Readers never decode this themselves: games/move_log.py reads rows and archives alike.
"""

import datetime
import json
import zlib
from collections import namedtuple

from games.log_text import pack, unpack

FORMAT = 1
KEEP_REQUEST_IDS = 8
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)

# One move as every reader sees it, whether it came from a row or from an archive.
LoggedMove = namedtuple("LoggedMove", "seq seat payload text request_id created_at")


def encode(moves):
    """The archive's bytes for `moves` (LoggedMove, oldest first)."""
    seqs = [move.seq for move in moves]
    times = [_microseconds(move.created_at) for move in moves]
    columns = {
        "format": FORMAT,
        "seq_steps": _steps(seqs),
        "seats": [move.seat for move in moves],
        "payloads": [move.payload for move in moves],
        "texts": [pack(move.text) for move in moves],
        "time_steps": _steps(times),
        "request_ids": {str(move.seq): move.request_id for move in moves[-KEEP_REQUEST_IDS:]
                        if move.request_id is not None},
    }
    return zlib.compress(json.dumps(columns, separators=(",", ":"), ensure_ascii=False).encode(), 9)


def decode(data, read_text=unpack):
    """The moves (LoggedMove, oldest first) of an archive's bytes, each text as `read_text` makes
    it of the stored line: the text dict by default. Unpacking the log lines is most of the work,
    so a reader that shows a few lines (or none) reads them packed (`keep`) or not at all (`drop`)."""
    columns = json.loads(zlib.decompress(bytes(data)))
    if columns.get("format") != FORMAT:
        raise ValueError(f"unknown move archive format {columns.get('format')!r}")
    seqs, times = _sums(columns["seq_steps"]), _sums(columns["time_steps"])
    request_ids = columns["request_ids"]
    return [LoggedMove(seq, seat, payload, read_text(line), request_ids.get(str(seq)), _moment(at))
            for seq, seat, payload, line, at in zip(seqs, columns["seats"], columns["payloads"],
                                                     columns["texts"], times)]


def keep(line):
    return line


def drop(line):
    return None


def archive(game):
    """Pack the moves of `game` (over, its row locked by the caller) and delete their rows.

    Packing twice changes nothing: a game whose rows are gone keeps its archive."""
    from games.models import Move

    rows = Move.objects.filter(game=game).order_by("seq")
    moves = [LoggedMove(*values) for values in
             rows.values_list("seq", "seat", "payload", "text", "request_id", "created_at")]
    if not moves:
        return
    store(game, moves)
    Move.objects.filter(game=game).order_by().delete()


def store(game, moves):
    """Write the archive of `game` holding `moves` (LoggedMove, oldest first)."""
    from games.models import MoveArchive
    from games.move_log import CACHED

    MoveArchive.objects.create(game=game, moves=len(moves), data=encode(moves))
    # What this game object's readers see from now on (lines packed, as games/move_log.py keeps them).
    game.__dict__[CACHED] = [move._replace(text=pack(move.text)) for move in moves]


def _steps(numbers):
    return [later - earlier for earlier, later in zip([0] + numbers, numbers)]


def _sums(steps):
    total, out = 0, []
    for step in steps:
        total += step
        out.append(total)
    return out


def _microseconds(moment):
    delta = moment - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def _moment(microseconds):
    return EPOCH + datetime.timedelta(microseconds=microseconds)
