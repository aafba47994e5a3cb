"""Bytes per finished 4-player Praga game in PostgreSQL, dead tuples included.

    .venv/bin/python benchmarks/storage.py [--rounds 10] [--running 6] [--check-every 25]
                                           [--database praga_storage]

Needs PostgreSQL on 127.0.0.1 (database DATABASE, created afresh, with the pgstattuple
extension). Plays the recorded 4-player games (benchmarks/games/praga-4p-*.json) ROUNDS times
each, RUNNING of them at a time, interleaved move by move as on a live site (when a game ends
the next one starts), through `games.moves.submit_move` with its hooks (tasks run inline,
emails go to a scratch directory). Every CHECK_EVERY moves it VACUUMs a
table as autovacuum would with its default settings: when the table's dead rows exceed
50 + 20 % of its live rows. At the end, after such a VACUUM, it prints per table (heap, TOAST
and indexes: pg_total_relation_size, less the empty database's) the bytes per finished game,
and pgstattuple's live, dead and free bytes of heap and TOAST. The total is the issue's figure
(goal: at most 50 KB per game), split into what stays with a finished game and the move table,
which holds only the running games' moves (a game's rows are packed into one `MoveArchive` row
when it ends, games/move_archive.py) and whose room the next games reuse.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATABASE = "praga_storage"  # --database
RECORDED = sorted((ROOT / "benchmarks" / "games").glob("praga-4p-*.json"))
# What one game stores; the outbox (games_email) is listed apart: it is mail, not the game.
GAME_TABLES = ["games_game", "games_move", "games_movearchive", "games_seat", "games_gameevent", "games_invitation", "games_slot",
               "games_chatmessage"]
OTHER_TABLES = ["games_email", "games_turnmail"]


def psql(sql, database="postgres"):
    return subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", database, "-Atqc", sql],
                          check=True, capture_output=True, text=True).stdout


def setup_django(database):
    psql(f"DROP DATABASE IF EXISTS {database}")
    psql(f"CREATE DATABASE {database}")
    psql("CREATE EXTENSION pgstattuple", database)
    os.environ.update({"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{database}", "REDIS_URL": "",
                       "DJANGO_SETTINGS_MODULE": "praga_site.settings", "DEBUG": "False", "LOG_LEVEL": "ERROR",
                       "SECRET_KEY": "storage-benchmark-only-not-a-secret-0123456789abcdef",
                       "EMAIL_FILE_PATH": tempfile.mkdtemp(prefix="praga-storage-mail-")})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def sizes(tables):
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT relname, pg_total_relation_size(oid) FROM pg_class WHERE relname = ANY(%s)",
                       [tables])
        return dict(cursor.fetchall())


def stats(table):
    """pgstattuple of the heap and of its TOAST table: {part: (live, dead, free) bytes}."""
    from django.db import connection

    found = {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltoastrelid::regclass::text FROM pg_class WHERE relname = %s", [table])
        toast = cursor.fetchone()[0]
        for part, relation in (("heap", table), ("toast", toast)):
            if relation in (None, "-"):
                continue
            cursor.execute("SELECT tuple_len, dead_tuple_len, free_space FROM pgstattuple(%s::regclass)",
                           [relation])
            found[part] = cursor.fetchone()
    return found


def autovacuum(tables):
    """VACUUM each table whose dead rows exceed autovacuum's default threshold (50 + 20 % of live)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
        for table in tables:
            cursor.execute("SELECT n_dead_tup, n_live_tup FROM pg_stat_user_tables WHERE relname = %s", [table])
            dead, live = cursor.fetchone()
            if dead > 50 + 0.2 * live:
                cursor.execute(f"VACUUM {table}")
            # The TOAST table has its own counters and its own autovacuum.
            cursor.execute("SELECT t.relname, s.n_dead_tup, s.n_live_tup FROM pg_class c "
                           "JOIN pg_class t ON t.oid = c.reltoastrelid "
                           "JOIN pg_stat_all_tables s ON s.relid = t.oid WHERE c.relname = %s", [table])
            row = cursor.fetchone()
            if row and row[1] > 50 + 0.2 * row[2]:
                cursor.execute(f"VACUUM pg_toast.{row[0]}")


def start(number, record):
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from games import engines, invitations
    from games.models import Game

    users = [get_user_model().objects.create_user(f"g{number}p{seat}", f"g{number}p{seat}@example.com")
             for seat in range(4)]
    for user in users:
        Profile.objects.create(user=user)
    invitation = invitations.create_invitation(users[0], "praga", 4, record.get("options", {}), users[1:],
                                               fixed_order=True)
    for user in users[1:]:
        invitations.join(invitation, user)
    game = Game.objects.get(invitation=invitation)
    game.seed = record["seed"]
    game.options = engines.normalize("praga", record.get("options", {}), 4)
    game.state = engines.new_state("praga", game.options, 4, record["seed"])
    game.save()
    return game, {seat.position: seat.user for seat in game.seat_list()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--running", type=int, default=6, help="games running at once")
    parser.add_argument("--check-every", type=int, default=25)
    parser.add_argument("--database", default=DATABASE, help="created afresh: one per person benchmarking")
    args = parser.parse_args()
    setup_django(args.database)
    from games.models import Game, Move, MoveArchive
    from games.moves import submit_move

    empty = sizes(GAME_TABLES + OTHER_TABLES)
    records = [json.loads(path.read_text()) for path in RECORDED]
    waiting = [(number, record) for number, record in
               enumerate(record for _round in range(args.rounds) for record in records)]
    running, played, started, submitted, most_rows = [], 0, time.perf_counter(), 0, 0
    while waiting or running:
        while waiting and len(running) < args.running:  # a game ends, the next one starts
            number, record = waiting.pop(0)
            game, users = start(number, record)
            running.append([game, users, list(record["moves"]), 0])
            played += 1
        for entry in list(running):
            game, users, moves, position = entry
            seat, move = moves[position]
            submit_move(game.pk, users[seat], move, position)
            entry[3] += 1
            submitted += 1
            if entry[3] == len(moves):
                running.remove(entry)
            if submitted % args.check_every == 0:
                autovacuum(GAME_TABLES)
                most_rows = max(most_rows, Move.objects.count())
    autovacuum(GAME_TABLES)
    finished = Game.objects.filter(status=Game.Status.FINISHED).count()
    print(f"{played} games ({finished} finished, {args.running} running at a time), {submitted} moves "
          f"({submitted / played:.0f} per game) in {time.perf_counter() - started:.0f} s")
    after = sizes(GAME_TABLES + OTHER_TABLES)
    grown = {table: (after.get(table, 0) - empty.get(table, 0)) / played / 1024 for table in GAME_TABLES + OTHER_TABLES}
    print(f"{'table':18} {'KB/game':>8}   heap live/dead/free KB/game   TOAST live/dead/free KB/game")
    for table in GAME_TABLES + OTHER_TABLES:
        parts = stats(table)
        described = "   ".join(
            "/".join(f"{value / played / 1024:.1f}" for value in parts[part]) if part in parts else "-"
            for part in ("heap", "toast"))
        print(f"{table:18} {grown[table]:8.1f}   {described}"
              + ("   (outbox, not counted)" if table in OTHER_TABLES else ""))
    total = sum(grown[table] for table in GAME_TABLES)
    kept = total - grown["games_move"]
    archive_bytes = sum(len(bytes(data)) for data in MoveArchive.objects.values_list("data", flat=True))
    move_table = after["games_move"] - empty["games_move"]
    print(f"total per finished 4-player game: {total:.1f} KB (goal: at most 50 KB), of which {kept:.1f} KB "
          f"stay with it; the rest is the move table, the room of the running games' moves "
          f"({move_table / 1024:.0f} KB for at most {most_rows} move rows: {move_table / max(most_rows, 1):.0f} "
          f"bytes a row, reused as games end)")
    print(f"a finished game's moves packed: {archive_bytes / played / 1024:.1f} KB of data, "
          f"{archive_bytes / submitted:.1f} bytes a move")


if __name__ == "__main__":
    main()
