"""A game's moves, read the same way whether they are rows (a running game) or packed (over).

Every reader of moves goes through here (replays, the logs, records, emails, reliability), so
none needs to know that a game's moves move into one archive row when it ends
(games/move_archive.py). Each move comes as a LoggedMove: seq, seat, payload, text (the log
line's text dict), request_id, created_at.

A game that is over reads its archive once per game object (one query by primary key, then kept
on the object: an archive never changes). A game whose rows are fewer than its version says, seen
as running just before another process ended it, reads the archive too.
"""

from games.log_text import unpack
from games.move_archive import LoggedMove, decode, drop, keep

FIELDS = ("seq", "seat", "payload", "text", "request_id", "created_at")
CACHED = "_move_log_archive"


def moves(game, after=0, until=None):
    """The moves after `after` up to `until` (default: all), oldest first."""
    last = game.version if until is None else min(until, game.version)
    archived = _archive(game) if game.is_finished else None
    if archived is None:
        found = _rows(game, after, until, newest_first=False)
        if len(found) >= last - after:
            return found
        archived = _archive(game, force=True)
        if archived is None:
            return found
    return _unpacked([move for move in archived if after < move.seq and (until is None or move.seq <= until)])


def newest(game, count, after=0, until=None):
    """At most `count` moves after `after` up to `until`, newest first (a log's window)."""
    last = game.version if until is None else min(until, game.version)
    archived = _archive(game) if game.is_finished else None
    if archived is None:
        found = _rows(game, after, until, newest_first=True, count=count)
        if len(found) >= min(count, last - after):
            return found
        archived = _archive(game, force=True)
        if archived is None:
            return found
    window = [move for move in archived if after < move.seq and (until is None or move.seq <= until)]
    return _unpacked(window[::-1][:count])


def by_request_id(game, request_id):
    """The move sent with `request_id`, or None (an archive keeps only the last moves' ids)."""
    from games.models import Move

    row = Move.objects.filter(game=game, request_id=request_id).values_list(*FIELDS).first()
    if row is not None:
        return LoggedMove(*row)
    archived = _archive(game) if game.is_finished else None
    found = [move for move in archived or [] if move.request_id == request_id]
    return _unpacked(found)[0] if found else None


def last_seq_of(game, seat):
    """The seq of the newest move of `seat`, or None."""
    from games.models import Move

    if game.is_finished and _archive(game) is not None:
        return next((move.seq for move in reversed(_archive(game)) if move.seat == seat), None)
    return Move.objects.filter(game=game, seat=seat).order_by("-seq").values_list("seq", flat=True).first()


def of_games(games):
    """{game pk: its moves, oldest first} for several games at once (two queries), without their
    log lines (text None): for figures over many games (players/reliability.py)."""
    from games.models import Move, MoveArchive

    found = {game.pk: [] for game in games}
    for game_pk, data in MoveArchive.objects.filter(game__in=list(found)).values_list("game_id", "data"):
        found[game_pk] = decode(data, read_text=drop)
    fields = [name for name in FIELDS if name != "text"]
    rows = Move.objects.filter(game__in=list(found)).order_by("game", "seq").values_list("game_id", *fields)
    for game_pk, seq, seat, payload, request_id, created_at in rows:
        found[game_pk].append(LoggedMove(seq, seat, payload, None, request_id, created_at))
    return found


def _rows(game, after, until, newest_first, count=None):
    from games.models import Move

    rows = Move.objects.filter(game=game, seq__gt=after)
    if until is not None:
        rows = rows.filter(seq__lte=until)
    rows = rows.order_by("-seq" if newest_first else "seq").values_list(*FIELDS)
    if count is not None:
        rows = rows[:count]
    return [LoggedMove(*values) for values in rows]


def _unpacked(moves):
    """`moves` of an archive (their lines kept packed) with their text dicts: only the lines a
    reader shows are unpacked (a page of a finished game shows 40 or 50 of its 350)."""
    return [move._replace(text=unpack(move.text)) for move in moves]


def _archive(game, force=False):
    """The archived moves of `game` (their log lines still packed), or None if it has no archive
    (its moves are rows)."""
    from games.models import MoveArchive

    if CACHED not in game.__dict__ or (force and game.__dict__[CACHED] is None):
        data = MoveArchive.objects.filter(game_id=game.pk).values_list("data", flat=True).first()
        game.__dict__[CACHED] = decode(data, read_text=keep) if data is not None else None
    return game.__dict__[CACHED]
