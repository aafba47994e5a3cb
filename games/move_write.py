"""A move's writes: INSERT the move row and UPDATE the game's cached state in one statement;
the seats it changed. `MoveWrites` collects them while the move is decided, then does them
either one by one under the game's lock (`flush`) or all in one statement guarded by the game's
revision (`write_if_unchanged`: a move decided without a lock).

`Move.objects.create` and `game.save()` each build their SQL anew and each cost a round trip; a
submit runs them on every move, so here they are one statement whose SQL is written once per
process (as the reads in praga_site/prepared.py). The values go through the fields'
`get_db_prep_save`, as the ORM's, and `post_save` is sent for both rows as the ORM would
(games/live.py marks the new version on it). Other databases than PostgreSQL (SQLite: the
embedded site) take the ORM's way, two statements.
"""

from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.db import DatabaseError
from django.db.models.signals import post_save, pre_save

from games.models import Game, GameEvent, Move, Seat, TurnMail
from praga_site import prepared

MOVE_FIELDS = ("game", "seq", "seat", "payload", "text", "request_id", "created_at")
GAME_FIELDS = ("version", "updated", "status", "outcome", "finished", "timed_at")  # and the state, encoded once


@lru_cache(maxsize=1)
def _statement():
    state = Game._meta.get_field("state")  # PostgreSQL's json, not jsonb (games/state_field.py)
    move_fields = [Move._meta.get_field(name) for name in MOVE_FIELDS]
    game_fields = [Game._meta.get_field(name) for name in GAME_FIELDS]
    columns = ", ".join(f'"{field.column}"' for field in move_fields)
    values = ", ".join(["%s"] * len(move_fields))
    assignments = ", ".join(f'"{field.column}" = %s' for field in game_fields)
    sql = (f'WITH new_move AS (INSERT INTO "{Move._meta.db_table}" ({columns}) VALUES ({values}) '
           f'RETURNING "{Move._meta.pk.column}") '
           f'UPDATE "{Game._meta.db_table}" SET "{state.column}" = %s::json, {assignments} '
           f'WHERE "{Game._meta.pk.column}" = %s RETURNING (SELECT "{Move._meta.pk.column}" FROM new_move)')
    return sql, move_fields, game_fields


def append(row, game, encoded_state):
    """Insert `row` (a new Move of `game`) and save the game's state (`encoded_state`, its JSON
    text), version, updated, status, outcome, finished and the next timed move's moment
    (`timed_at`); the game row is locked."""
    db = prepared.database()
    if db.vendor != "postgresql":
        row.save(force_insert=True)
        game.save(update_fields=("state",) + GAME_FIELDS)
        return
    sql, move_fields, game_fields = _statement()
    params = [field.get_db_prep_save(getattr(row, field.attname), db) for field in move_fields]
    params.append(encoded_state)
    params += [field.get_db_prep_save(getattr(game, field.attname), db) for field in game_fields]
    params.append(game.pk)
    with prepared.cursor(db) as cursor:
        cursor.execute(sql, params)
        (row.pk,) = cursor.fetchone()
    row._state.adding, row._state.db = False, db.alias
    post_save.send(sender=Move, instance=row, created=True, update_fields=None, raw=False, using=db.alias)
    post_save.send(sender=Game, instance=game, created=False, raw=False, using=db.alias,
                   update_fields=frozenset(("state",) + GAME_FIELDS))


@lru_cache(maxsize=64)
def _seat_statement(names):
    fields = [Seat._meta.get_field(name) for name in names]
    assignments = ", ".join(f'"{field.column}" = %s' for field in fields)
    return f'UPDATE "{Seat._meta.db_table}" SET {assignments} WHERE "{Seat._meta.pk.column}" = %s', fields


def save_seat(seat, names):
    """`seat.save(update_fields=names)` with its SQL written once per field list (a move that
    passes the turn saves two seats); the game row is locked."""
    db = prepared.database()
    if db.vendor != "postgresql":
        seat.save(update_fields=names)
        return
    names = tuple(names)
    sql, fields = _seat_statement(names)
    params = [field.get_db_prep_save(getattr(seat, field.attname), db) for field in fields]
    params.append(seat.pk)
    pre_save.send(sender=Seat, instance=seat, raw=False, using=db.alias, update_fields=frozenset(names))
    with prepared.cursor(db) as cursor:
        cursor.execute(sql, params)
        if cursor.rowcount != 1:  # as save() says it
            raise DatabaseError("Save with update_fields did not affect any rows.")
    post_save.send(sender=Seat, instance=seat, created=False, raw=False, using=db.alias,
                   update_fields=frozenset(names))


def guarded(db):
    """True where a move may be decided without a lock and written by `write_if_unchanged`: on
    PostgreSQL, whose triggers keep the game's revision (games/migrations/0019_game_revision.py)."""
    return db.vendor == "postgresql"


class MoveWrites:
    """What deciding a move wrote, kept until it is done at once: the move row with the game's
    new state (`append`), log lines of turns the game played by itself (`add_events`), the seats
    it changed (`save_seat`) and the turn emails it made due (`turn_mail`)."""

    def __init__(self):
        self.row = self.game = self.encoded_state = None
        self.events = []
        self.seats = {}  # seat id -> (seat, field names)
        self.mails = {}  # user id -> (now, profile)

    def append(self, row, game, encoded_state):
        self.row, self.game, self.encoded_state = row, game, encoded_state

    def add_events(self, events):
        self.events.extend(events)

    def save_seat(self, seat, names):
        _seat, known = self.seats.get(seat.pk, (seat, ()))
        self.seats[seat.pk] = (seat, tuple(dict.fromkeys([*known, *names])))

    def turn_mail(self, user_id, now, profile):
        """A wait began for this user (games/notifications/turns.schedule)."""
        if profile is not None and profile.notify_turn:
            self.mails[user_id] = (now, profile)

    def flush(self):
        """Each write in turn, in the open transaction; the game row is locked. The game row is
        written first: the seats' trigger then has nothing to add to its revision."""
        from games.notifications import turns

        if self.row is not None:
            append(self.row, self.game, self.encoded_state)
        if self.events:
            GameEvent.objects.bulk_create(self.events)
        for seat, names in self.seats.values():
            save_seat(seat, names)
        for user_id, (now, profile) in self.mails.items():
            turns.schedule(user_id, now, profile)

    def write_if_unchanged(self, revision):
        """Every write in one statement, done only if the game's revision is still `revision`
        (nothing a move reads changed since it was read); the game's new revision if done, else
        None. No lock is held before it: the statement's own UPDATE of the game row waits for
        any other writer of that row and then checks the revision again (PostgreSQL re-reads a
        row that changed while it waited), so of two moves decided on one revision only one is
        written. The seats and the rest are written only with the game row (they read its CTE),
        after it."""
        from games.notifications import turns

        db = prepared.database()
        seats = list(self.seats.values())
        sql, move_fields, game_fields, event_fields, seat_fields = _guarded_statement(
            len(self.events), tuple(names for _seat, names in seats), len(self.mails))
        params = [self.encoded_state]
        params += [field.get_db_prep_save(getattr(self.game, field.attname), db) for field in game_fields]
        params += [self.game.pk, revision]
        params += [field.get_db_prep_save(getattr(self.row, field.attname), db) for field in move_fields]
        for event in self.events:
            params += [field.get_db_prep_save(getattr(event, field.attname), db) for field in event_fields]
        for (seat, _names), fields in zip(seats, seat_fields):
            params += [field.get_db_prep_save(getattr(seat, field.attname), db) for field in fields]
            params.append(seat.pk)
        delay = timedelta(seconds=settings.TURN_EMAIL_DELAY)
        for user_id, (now, profile) in self.mails.items():
            params += [user_id, now + delay, turns.gap(profile)]
        with prepared.cursor(db) as cursor:
            cursor.execute(sql, params)
            found = cursor.fetchone()
        if found is None:
            return None
        self.row.pk, new_revision = found
        self.row._state.adding, self.row._state.db = False, db.alias
        post_save.send(sender=Move, instance=self.row, created=True, update_fields=None, raw=False, using=db.alias)
        post_save.send(sender=Game, instance=self.game, created=False, raw=False, using=db.alias,
                       update_fields=frozenset(("state",) + GAME_FIELDS))
        for seat, names in seats:
            for signal in (pre_save, post_save):
                extra = {} if signal is pre_save else {"created": False}
                signal.send(sender=Seat, instance=seat, raw=False, using=db.alias, update_fields=frozenset(names),
                            **extra)
        return new_revision


EVENT_FIELDS = ("game", "after_seq", "text", "created_at")


@lru_cache(maxsize=64)
def _guarded_statement(events, seat_names, mails):
    """The SQL of `write_if_unchanged` for a move with `events` log lines of its own, seats
    changing `seat_names` (a tuple of field-name tuples) and `mails` turn emails; written once
    per shape and process."""
    db = prepared.database()
    state = Game._meta.get_field("state")
    game_fields = [Game._meta.get_field(name) for name in GAME_FIELDS]
    move_fields = [Move._meta.get_field(name) for name in MOVE_FIELDS]
    event_fields = [GameEvent._meta.get_field(name) for name in EVENT_FIELDS]
    seat_fields = [[Seat._meta.get_field(name) for name in names] for names in seat_names]

    def typed(fields):  # INSERT ... SELECT gives a parameter no column type to take: cast it
        return ", ".join(f"%s::{field.db_type(db)}" for field in fields)

    def columns(fields):
        return ", ".join(f'"{field.column}"' for field in fields)

    assignments = ", ".join(f'"{field.column}" = %s' for field in game_fields)
    parts = [f'game_row AS (UPDATE "{Game._meta.db_table}" SET "{state.column}" = %s::json, {assignments} '
             f'WHERE "{Game._meta.pk.column}" = %s AND "revision" = %s RETURNING "revision")',
             f'new_move AS (INSERT INTO "{Move._meta.db_table}" ({columns(move_fields)}) '
             f'SELECT {typed(move_fields)} FROM game_row RETURNING "{Move._meta.pk.column}")']
    if events:
        rows = ", ".join(f"({typed(event_fields)})" for _ in range(events))
        parts.append(f'new_events AS (INSERT INTO "{GameEvent._meta.db_table}" ({columns(event_fields)}) '
                     f'SELECT line.* FROM game_row, (VALUES {rows}) AS line)')
    for index, fields in enumerate(seat_fields):
        seat_assignments = ", ".join(f'"{field.column}" = %s' for field in fields)
        parts.append(f'seat_{index} AS (UPDATE "{Seat._meta.db_table}" SET {seat_assignments} '
                     f'WHERE "{Seat._meta.pk.column}" = %s AND EXISTS (SELECT FROM game_row))')
    mail_table, user_column = TurnMail._meta.db_table, TurnMail._meta.get_field("user").column
    for index in range(mails):  # turns.schedule: due after the delay, or a gap after the last email
        parts.append(f'mail_{index} AS (INSERT INTO "{mail_table}" ("{user_column}", "due") '
                     f'SELECT %s::{TurnMail._meta.get_field("user").db_type(db)}, %s::timestamptz FROM game_row '
                     f'ON CONFLICT ("{user_column}") DO UPDATE SET "due" = '
                     f'GREATEST(EXCLUDED."due", "{mail_table}"."last" + %s::interval) '
                     f'WHERE "{mail_table}"."due" IS NULL)')
    # No row when the revision had changed. The revision as the game row's trigger raised it (the
    # seats' trigger adds nothing when the game row was written by the same transaction).
    sql = "WITH " + ", ".join(parts) + f' SELECT new_move."{Move._meta.pk.column}", game_row."revision" ' \
                                       f'FROM new_move, game_row'
    return sql, move_fields, game_fields, event_fields, seat_fields
