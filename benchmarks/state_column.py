"""The database's CPU for a move's read and write of the game state: jsonb against json, side by side.

    .venv/bin/python benchmarks/state_column.py [--moves 40 120 300] [--writes 1500] [--database praga_state_column]

Needs PostgreSQL on 127.0.0.1. Creates the database afresh, and in it one table per column type
(lz4 compression, as migration 0016 sets for the game's state), each with one row holding a
4-player Praga state after MOVES recorded moves (benchmarks/games/praga-4p-random-1.json). Then,
in turns, WRITES transactions on each table as a move submit runs them (the row read FOR UPDATE,
the state written back with a new version, prepared statements) and prints the CPU the backend
spent per transaction (from /proc), with the stored size of the state. The state's text is
written by praga_site.fast_json, as a submit writes it (games/state_field.py).
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine.praga as praga  # noqa: E402
from praga_site import fast_json  # noqa: E402

GAME = ROOT / "benchmarks" / "games" / "praga-4p-random-1.json"
KINDS = ("jsonb", "json")


def state_after(moves):
    game = json.loads(GAME.read_text())
    state = praga.new(game["options"], game["players"], game["seed"])
    for seat, move in game["moves"][:moves]:
        state = praga.apply(state, seat, move)
    return state


def backend_cpu(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def transactions(connection, kind, text, count):
    for version in range(count):
        with connection.transaction():
            connection.execute(f"SELECT id, version, state FROM state_{kind} WHERE id = 1 FOR UPDATE",
                               prepare=True).fetchone()
            connection.execute(f"UPDATE state_{kind} SET state = %s::{kind}, version = %s WHERE id = 1",
                               [text, version], prepare=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, nargs="+", default=[40, 120, 300])
    parser.add_argument("--writes", type=int, default=1500)
    parser.add_argument("--database", default="praga_state_column")
    args = parser.parse_args()
    for sql in (f"DROP DATABASE IF EXISTS {args.database}", f"CREATE DATABASE {args.database}"):
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True, capture_output=True)
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{args.database}", autocommit=True) as connection:
        backend = connection.execute("SELECT pg_backend_pid()").fetchone()[0]
        for moves in args.moves:
            text = fast_json.dumps(state_after(moves))
            for kind in KINDS:
                connection.execute(f"DROP TABLE IF EXISTS state_{kind}")
                connection.execute(f"CREATE TABLE state_{kind} (id int PRIMARY KEY, version int, "
                                   f"state {kind} COMPRESSION lz4)")
                connection.execute(f"INSERT INTO state_{kind} VALUES (1, 0, %s::{kind})", [text])
            spent = {kind: 0.0 for kind in KINDS}
            for _turn in range(3):  # in turns, so that the machine's load weighs on both alike
                for kind in KINDS:
                    before = backend_cpu(backend)
                    transactions(connection, kind, text, args.writes // 3)
                    spent[kind] += backend_cpu(backend) - before
            sizes = {kind: connection.execute(f"SELECT pg_column_size(state) FROM state_{kind}").fetchone()[0]
                     for kind in KINDS}
            print(f"after {moves} moves ({len(text.encode())} bytes of JSON text): "
                  + "; ".join(f"{kind} {spent[kind] * 1e6 / args.writes:.0f} µs of database CPU per read and "
                              f"write, {sizes[kind]} bytes stored" for kind in KINDS)
                  + f" (load average {os.getloadavg()[0]:.1f})", flush=True)
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", f"DROP DATABASE IF EXISTS {args.database}"],
                   check=True, capture_output=True)


if __name__ == "__main__":
    main()
