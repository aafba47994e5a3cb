"""A move's writes: INSERT the move row and UPDATE the game's cached state in one statement;
the seats it changed.

`Move.objects.create` and `game.save()` each build their SQL anew and each cost a round trip; a
submit runs them on every move, so here they are one statement whose SQL is written once per
process (as the reads in praga_site/prepared.py). The values go through the fields'
`get_db_prep_save`, as the ORM's, and `post_save` is sent for both rows as the ORM would
(games/live.py marks the new version on it). Other databases than PostgreSQL (SQLite: the
embedded site) take the ORM's way, two statements.
"""

from functools import lru_cache

from django.db import DatabaseError
from django.db.models.signals import post_save, pre_save

from games.models import Game, Move, Seat
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
