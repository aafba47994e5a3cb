"""Submitting a move: check_move -> plan_move -> its writes -> notify_move (Zulip style).

On PostgreSQL `submit_move` reads the game as last committed (one statement, no lock), checks
who may move and the version the client saw, applies the move with the game's rules, and writes
the move, the game's new state, its seats and turn emails in one statement that is carried out
only if the game's revision is still the one read (games/move_write.py). If anything changed
the game meanwhile (another move, the clock, a resignation), or the move ends the game (its
moves are archived), it decides again the locked way: in one transaction, with the game row
locked before it is read. Elsewhere (SQLite) it always takes the locked way. Side effects wait
for the commit.
"""

import json
import re
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from engine.core.errors import IllegalMove
from engine.core.text import text
from games import engines, locked_read, move_archive, move_cache, move_log, move_write, signals
from games.models import Game, GameEvent, Move
from praga_site import fast_json, prepared

MAX_MOVE_BYTES = 8_000
MAX_MOVE_DEPTH = 8
REQUEST_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class MoveRefused(Exception):
    """Nothing was written. `status` is the HTTP status, `reason` a text dict."""

    def __init__(self, status, reason, game=None):
        super().__init__(reason["msg"])
        self.status = status
        self.reason = reason
        self.game = game


@dataclass
class Checked:
    game: Game
    seat: object
    move: dict
    new_state: dict = field(default=None)
    log_text: dict = field(default=None)
    duplicate: move_log.LoggedMove = None
    automatic: list = field(default_factory=list)  # log lines of turns the game played by itself


@dataclass
class Result:
    game: Game
    move: Move  # or, for a duplicate, the LoggedMove sent first
    duplicate: bool


def locked_game(game_pk):
    """The game row locked for a write, with its invitation (the timeout policy) and its seats,
    their users and profiles: everything a move, its clocks and the answer read, in one round
    trip (games/locked_read.py)."""
    return locked_read.locked_game(game_pk)


def submit_move(game_pk, user, move, version, request_id=None, seat=None):
    """Apply `move` for `user`'s seat in game `game_pk`; Result, or MoveRefused."""
    if move_write.guarded(prepared.database()):
        result = submit_unlocked(game_pk, user, move, version, request_id, seat)
        if result is not None:
            return result
    return submit_locked(game_pk, user, move, version, request_id, seat)


def submit_unlocked(game_pk, user, move, version, request_id=None, seat=None):
    """The move decided on the game as last committed and written only if the game is still so:
    Result, MoveRefused (nothing was written), or None when the game changed meanwhile or the
    move ends it: then nothing was written either, and the move is to be decided the locked way.
    A refusal stands: it was true of a committed state the request saw.

    The game as this process wrote it last (games/move_cache.py), if the client saw that version,
    is tried first: its write checks it was still current, and it may not refuse (it may be
    behind); if it fails, the game is read afresh."""
    kept = move_cache.take(game_pk, version)
    if kept is not None:
        game, revision = kept
        try:
            result = _decided_unlocked(game, revision, user, move, version, request_id, seat)
        except MoveRefused:
            result = None
        if result is not None or game.is_finished:
            return result
    try:
        game = locked_read.current_game(game_pk)
    except Game.DoesNotExist:
        raise MoveRefused(404, text("There is no such game.")) from None
    return _decided_unlocked(game, game.revision, user, move, version, request_id, seat)


def _decided_unlocked(game, revision, user, move, version, request_id, claimed_seat):
    checked = check_move(game, user, move, version, request_id, claimed_seat)
    if checked.duplicate is not None:
        return Result(game, checked.duplicate, duplicate=True)
    writes = move_write.MoveWrites()
    row = plan_move(checked, request_id, writes)
    if game.is_finished:  # its moves are archived in the same transaction: the locked way
        return None
    new_revision = writes.write_if_unchanged(revision)
    if new_revision is None:
        return None
    game.revision = new_revision
    # Kept once committed: a write rolled back with an outer transaction leaves nothing behind.
    transaction.on_commit(lambda: move_cache.keep(game, writes.encoded_state))
    notify_move(game, row)
    return Result(game, row, duplicate=False)


def submit_locked(game_pk, user, move, version, request_id=None, seat=None):
    """The move decided and written in one transaction, the game row locked before it is read."""
    with transaction.atomic():
        try:
            game = locked_game(game_pk)
        except Game.DoesNotExist:
            raise MoveRefused(404, text("There is no such game.")) from None
        checked = check_move(game, user, move, version, request_id, seat)
        if checked.duplicate is not None:
            return Result(game, checked.duplicate, duplicate=True)
        row = do_apply_move(checked, request_id)
    return Result(game, row, duplicate=False)


def check_move(game, user, move, version, request_id, claimed_seat=None):
    """Refuse (MoveRefused) anything but a legal move by this user's seat on the current version.

    `game` is read with its row locked, or as last committed (then only a write guarded by the
    game's revision may follow: games/move_write.py)."""
    seat = game.seat_of(user)
    if seat is None and not game.is_public:  # a private game's existence is not told to outsiders
        raise MoveRefused(404, text("There is no such game."))
    if seat is None:
        raise MoveRefused(403, text("You do not play in this game."))
    if claimed_seat is not None and claimed_seat != seat.position:
        raise MoveRefused(403, text("You can only move for your own seat."))
    if seat.dropped:  # timed out: a bot plays this seat (games/clocks.py)
        raise MoveRefused(403, text("You ran out of time; a bot plays your seat now."))
    if request_id is not None:
        if not isinstance(request_id, str) or not REQUEST_ID.match(request_id):
            raise MoveRefused(400, text("The request id must be 1 to 64 letters, digits, - or _."))
        previous = move_log.by_request_id(game, request_id)
        if previous is not None:
            if previous.seat != seat.position:
                raise MoveRefused(409, text("This request id was already used."), game)
            return Checked(game, seat, previous.payload, duplicate=previous)
    if game.is_finished:
        raise MoveRefused(409, text("The game is over."), game)
    if isinstance(version, bool) or not isinstance(version, int):
        raise MoveRefused(400, text("Send the version of the game you saw."))
    if version != game.version:
        raise MoveRefused(409, text("The game has changed since you looked at it."), game)
    check_shape(move)
    if engines.site_only(game.game_id, move):
        raise MoveRefused(403, text("Only the site's clock makes this move."))
    if seat.position not in engines.to_act(game.game_id, game.state) and not engines.out_of_turn(game.game_id, move):
        raise MoveRefused(403, text("It is not your turn."))
    try:
        new_state = engines.apply(game.game_id, game.state, seat.position, move)
        log_text = engines.describe(game.game_id, move, game.state, seat.position, after=new_state)
        automatic = engines.automatic_turns(game.game_id, move, game.state)
    except IllegalMove as error:
        raise MoveRefused(400, error.as_text()) from None
    return Checked(game, seat, move, new_state, log_text, automatic=automatic)


def check_shape(move):
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise MoveRefused(400, text("A move must be an object with a type."))
    # Depth first: it is bounded, while encoding a deep move may exhaust the stack.
    if _depth(move) > MAX_MOVE_DEPTH:
        raise MoveRefused(400, text("This move is nested too deeply."))
    try:
        encoded = json.dumps(move, allow_nan=False)
    except (ValueError, TypeError):
        raise MoveRefused(400, text("A move must be plain JSON.")) from None
    if len(encoded) > MAX_MOVE_BYTES:
        raise MoveRefused(400, text("This move is too large."))


def _depth(value, level=0):
    if level > MAX_MOVE_DEPTH:
        return level
    if isinstance(value, dict):
        return max([_depth(v, level + 1) for v in value.values()], default=level + 1)
    if isinstance(value, list):
        return max([_depth(v, level + 1) for v in value], default=level + 1)
    return level


def do_apply_move(checked, request_id):
    """Append the move and cache the new state; the game row is locked."""
    game, writes = checked.game, move_write.MoveWrites()
    row = plan_move(checked, request_id, writes)
    writes.flush()
    if game.is_finished:
        move_archive.archive(game)  # its moves become one packed row
    notify_move(game, row)
    return row


def plan_move(checked, request_id, writes):
    """The move's row and the game's new state, seats and clocks, set on the instances and
    handed to `writes` (a move_write.MoveWrites), which writes them; returns the move's row."""
    game, now = checked.game, timezone.now()
    before = game.state
    # The state's text is stored (praga_site.fast_json: the same values as the standard
    # library's, in a fraction of the time).
    encoded_state = fast_json.dumps(checked.new_state)
    row = Move(game=game, seq=game.version + 1, seat=checked.seat.position, payload=checked.move,
               text=checked.log_text, request_id=request_id, created_at=now)
    # The solo opponent's turns played inside this move: in the log right after it.
    if checked.automatic:
        writes.add_events([GameEvent(game=game, after_seq=row.seq, text=line, created_at=now)
                           for line in checked.automatic])
    # The engine's own result is kept, not the text decoded again: a state is plain JSON data
    # (docs/engine.md), so decoding the text gives an equal value (what a replay stores), as
    # tests/engine/test_applied_states.py checks for every registered game.
    game.state = checked.new_state
    game.version = row.seq
    game.updated = now
    update_seats(game, now, before, mover=checked.seat.position, writes=writes)
    game.timed_at = None if game.is_finished else engines.next_timed_at(game.game_id, game.state)
    writes.append(row, game, encoded_state)
    return row


def update_seats(game, now, before, mover=None, writes=None):
    """Cache whose turn it is (and since when), the clocks, and the result once the game ends.

    A seat's wait (its move clock) starts when it begins to act, and again whenever a new
    turn begins (the engine's turn marker changed), even if the same seat acted before:
    in a solo game the bot's turn is played inside the human's last move. A move within a
    turn never restarts it, so a partial move cannot push the deadline back. The clock is
    set in the same UPDATE as the wait (games/clocks.py computes it), so a move leaves no
    bookkeeping for after its commit. The seats' writes and turn emails go to `writes` (a
    move_write.MoveWrites); without it they are done before this returns."""
    from games import clocks
    from games.notifications import turns

    if writes is None:
        writes = move_write.MoveWrites()
        update_seats(game, now, before, mover, writes)
        writes.flush()
        return

    acting = engines.to_act(game.game_id, game.state)
    new_turn = engines.turn_marker(game.game_id, before) != engines.turn_marker(game.game_id, game.state)

    def new_decision(position):
        return (engines.timeout_move(game.game_id, before, position)
                != engines.timeout_move(game.game_id, game.state, position))
    result = engines.outcome(game.game_id, game.state)
    if result is not None:
        game.status = Game.Status.FINISHED
        game.outcome = json.loads(json.dumps(result))
        game.finished = now
        acting = set()
    ranks, scores = ranking(game.outcome) if result is not None else ({}, {})
    fields = ["to_act", "waiting_since", "rank", "score"]
    for seat in game.seat_list():
        cached = [getattr(seat, name) for name in fields]
        was_acting = seat.to_act
        seat.to_act = seat.position in acting
        if not seat.to_act:
            seat.waiting_since = None
        elif not was_acting or seat.waiting_since is None or new_turn or new_decision(seat.position):
            seat.waiting_since = now
        seat.rank = ranks.get(seat.position)
        seat.score = scores.get(seat.position)
        profile = getattr(seat.user, "profile", None)
        clock = {}
        if seat.to_act and not seat.dropped and seat.waiting_since != seat.clock_since:
            clock = clocks.clock_fields(game, seat, profile, mover)
        elif not seat.to_act and any(getattr(seat, name) is not None for name in clocks.STOPPED if name != "warned"):
            clock = clocks.STOPPED
        for name, value in clock.items():
            setattr(seat, name, value)
        if [getattr(seat, name) for name in fields] != cached or clock:  # most moves change no seat
            writes.save_seat(seat, fields + list(clock))
        if clock and not clock.get("turn_emailed", True):
            writes.turn_mail(seat.user_id, now, profile)
    if result is None:
        for user_id, profile in turns.newly_asked(game, before, mover):
            writes.turn_mail(user_id, now, profile)


def ranking(outcome):
    """({seat: rank from 1}, {seat: score}) from an engine outcome, tolerating its shapes."""
    ranks, scores = {}, {}
    raw_scores = outcome.get("scores") if isinstance(outcome, dict) else None
    if isinstance(raw_scores, list):
        scores = {i: s for i, s in enumerate(raw_scores) if isinstance(s, int)}
    elif isinstance(raw_scores, dict):
        scores = {int(k): v for k, v in raw_scores.items() if str(k).isdigit() and isinstance(v, int)}
    order = outcome.get("ranking") if isinstance(outcome, dict) else None
    if isinstance(order, list):
        for place, entry in enumerate(order, start=1):
            if isinstance(entry, dict):  # {"seat", "rank", "score"} (Catan: equal points share a rank)
                if isinstance(entry.get("seat"), int) and isinstance(entry.get("rank"), int):
                    ranks[entry["seat"]] = entry["rank"]
                continue
            group = entry if isinstance(entry, list) else [entry]  # a tie comes as a list
            for seat in group:
                if isinstance(seat, int):
                    ranks[seat] = place
    return ranks, scores


def notify_move(game, row):
    def send():
        signals.move_applied.send(sender=Game, game=game, move=row)
        if game.is_finished:
            signals.game_finished.send(sender=Game, game=game)

    transaction.on_commit(send)
