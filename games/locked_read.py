"""A game with everything a move reads: locked for a write (two prepared statements), or as last
committed without a lock (one statement; the guarded write of games/move_write.py checks it is
still current).

The first locks the game row (FOR UPDATE OF the game only) and reads it with its invitation (the
timeout policy); the second, run once the lock is held, reads each seat with its user and
profile. Two statements, not one join: a statement that waited for the lock sees the game row as
the previous move left it, but any other table as it was when the statement began, so seats
read in the same statement could be a move behind (tests/correspondence/test_catan_concurrency.py
races two ticks on this). `Columns` turn the rows into the ORM's own instances, with the
invitation, the seats (as if prefetched: `game.seat_list()` asks nothing more), their users,
profiles and the seats' game filled in. The SQL is written once per process
(praga_site/prepared.py says why). Other databases than PostgreSQL (SQLite: the embedded site)
take the ORM's way.
"""

from functools import lru_cache

from django.contrib.auth import get_user_model
from django.db.models import Prefetch

from accounts.models import Profile
from games.models import Game, Invitation, Seat
from praga_site import prepared
from praga_site.prepared import Columns, split


# What a move, its clocks, its turn emails' timers and its answer read of the players (a name,
# the email settings, a vacation): 9 of 29 columns. Another field loads on first use, as after
# `only()`; tests/site/test_submit_queries.py counts the queries, so a new use shows there.
USER_FIELDS = ("id", "username", "is_active")
PROFILE_FIELDS = ("id", "user", "display_name", "notify_turn", "turn_digest", "vacation_since")


def _column(model, name):
    return model._meta.get_field(name).column


@lru_cache(maxsize=1)
def _statements():
    user_model = get_user_model()
    game, invitation = Columns(Game, "g"), Columns(Invitation, "i")
    seat = Columns(Seat, "s")
    user, profile = Columns(user_model, "u", USER_FIELDS), Columns(Profile, "p", PROFILE_FIELDS)
    locked = (f"SELECT {game.sql}, {invitation.sql} "
              f'FROM "{Game._meta.db_table}" g '
              f'LEFT JOIN "{Invitation._meta.db_table}" i ON i."{Invitation._meta.pk.column}" = '
              f'g."{_column(Game, "invitation")}" '
              f'WHERE g."{Game._meta.pk.column}" = %s FOR UPDATE OF g')
    seats = (f"SELECT {seat.sql}, {user.sql}, {profile.sql} "
             f'FROM "{Seat._meta.db_table}" s '
             f'JOIN "{user_model._meta.db_table}" u ON u."{user_model._meta.pk.column}" = s."{_column(Seat, "user")}" '
             f'LEFT JOIN "{Profile._meta.db_table}" p ON p."{_column(Profile, "user")}" = '
             f'u."{user_model._meta.pk.column}" '
             f'WHERE s."{_column(Seat, "game")}" = %s ORDER BY s."{_column(Seat, "position")}"')
    # Without a lock one statement reads all from one snapshot: a committed whole. A row per
    # seat, the game's columns repeated on each (a game has 1 to 4 seats).
    current = (f"SELECT {game.sql}, {invitation.sql}, {seat.sql}, {user.sql}, {profile.sql} "
               f'FROM "{Game._meta.db_table}" g '
               f'LEFT JOIN "{Invitation._meta.db_table}" i ON i."{Invitation._meta.pk.column}" = '
               f'g."{_column(Game, "invitation")}" '
               f'JOIN "{Seat._meta.db_table}" s ON s."{_column(Seat, "game")}" = g."{Game._meta.pk.column}" '
               f'JOIN "{user_model._meta.db_table}" u ON u."{user_model._meta.pk.column}" = s."{_column(Seat, "user")}" '
               f'LEFT JOIN "{Profile._meta.db_table}" p ON p."{_column(Profile, "user")}" = '
               f'u."{user_model._meta.pk.column}" '
               f'WHERE g."{Game._meta.pk.column}" = %s ORDER BY s."{_column(Seat, "position")}"')
    return (locked, (game, invitation)), (seats, (seat, user, profile)), (current, (game, invitation, seat, user,
                                                                                    profile))


def locked_game(game_pk):
    """The game, locked until the transaction ends; Game.DoesNotExist if there is none."""
    db = prepared.database()
    if db.vendor != "postgresql":
        seats = Prefetch("seats", queryset=Seat.objects.select_related("user__profile"))
        return (Game.objects.select_for_update(of=("self",)).select_related("invitation")
                .prefetch_related(seats).get(pk=game_pk))
    (locked_sql, game_parts), (seats_sql, seat_parts), _current = _statements()
    with prepared.cursor(db) as cursor:
        cursor.execute(locked_sql, [game_pk])
        row = cursor.fetchone()
        if row is None:
            raise Game.DoesNotExist(f"no game {game_pk}")
        cursor.execute(seats_sql, [game_pk])
        seat_rows = cursor.fetchall()
    return _assembled(db, row, game_parts, seat_rows, seat_parts)


def current_game(game_pk):
    """The game as last committed, with its invitation, seats, users and profiles, in one
    statement and without a lock; Game.DoesNotExist if there is none. PostgreSQL only (the
    guarded write that makes it safe to decide a move on is PostgreSQL's)."""
    db = prepared.database()
    _locked, _seats, (current_sql, parts) = _statements()
    with prepared.cursor(db) as cursor:
        cursor.execute(current_sql, [game_pk])
        rows = cursor.fetchall()
    if not rows:  # no game (a game always has its seats)
        raise Game.DoesNotExist(f"no game {game_pk}")
    game_width = len(parts[0]) + len(parts[1])
    # The game's columns of the first row only: the state is decoded once.
    return _assembled(db, rows[0][:game_width], parts[:2], [row[game_width:] for row in rows], parts[2:])


def _assembled(db, row, game_parts, seat_rows, seat_parts):
    """The ORM's instances of a game row and its seat rows, linked as a prefetch would, but for
    the seats' link back to the game (`seat.game` would be read from the database), which
    neither a move nor the clock's and a resignation's locked paths follow: without it the game
    and its seats form no reference cycle, so the game and its state are freed as soon as the
    request lets go of them. In a cycle, a game that lived through a few of the collector's young
    collections (a submit allocates enough to run several) is freed only by a full collection,
    which in a web process under load ran every ~1.5 s and stopped all its threads for 150–250
    ms each time (benchmarks/load.py, session 13)."""
    game_values, invitation_values = split(row, *game_parts)
    game = game_parts[0].instance(game_values, db)
    game._state.fields_cache["invitation"] = game_parts[1].instance(invitation_values, db)
    seats = []
    for seat_row in seat_rows:
        seat_values, user_values, profile_values = split(seat_row, *seat_parts)
        seat, user, profile = (part.instance(values, db) for part, values in zip(seat_parts, (seat_values, user_values,
                                                                                               profile_values)))
        user._state.fields_cache["profile"] = profile
        if profile is not None:
            profile._state.fields_cache["user"] = user
        seat._state.fields_cache["user"] = user
        seats.append(seat)
    # The game's seats as a prefetch leaves them, but in a queryset that names the game by its id:
    # the related manager's own (`game.seats.all()`) holds the game instance in its routing hints
    # and known related objects, a reference cycle through the game's prefetch cache.
    prefetched = Seat.objects.filter(game_id=game.pk)
    prefetched._result_cache, prefetched._prefetch_done = seats, True
    game._prefetched_objects_cache = {Game.seats.rel.cache_name: prefetched}
    return game
