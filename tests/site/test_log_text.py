"""Log lines are stored packed (message number + arguments) and read back as the very same text
(games/log_text.py): the move log is the truth, so nothing may be lost or render differently."""

import importlib
import json
from pathlib import Path

import pytest
from django.db import connection
from hypothesis import given
from hypothesis import strategies as st

import engine.catan_ck as catan
import engine.praga as praga
from games.log_messages import MESSAGES
from games.log_text import pack, unpack
from games.models import Move
from games.moves import submit_move
from games.presenters import log, player_names
from games.text import render
from tests.support.games import start_game

RECORDED = Path(__file__).resolve().parents[2] / "benchmarks" / "games"


def recorded_lines(name):
    record = json.loads((RECORDED / name).read_text())
    rules = catan if name.startswith("catan") else praga  # Catan is not offered on the site yet
    state = rules.new(record.get("options", {}), record.get("players", 4), record["seed"])
    for seat, move in record["moves"]:
        yield rules.describe(move, state)
        state = rules.apply(state, seat, move)


def raw_text(pk):
    with connection.cursor() as cursor:
        cursor.execute("SELECT text FROM games_move WHERE id = %s", [pk])
        raw = cursor.fetchone()[0]
    return json.loads(raw) if isinstance(raw, str) else raw


@pytest.mark.parametrize("name", ["praga-4p-greedy-3.json", "catan-4p-greedy-2.json"])
def test_every_line_of_a_recorded_game_packs_small_and_unpacks_to_the_same_text(name):
    full = packed = 0
    for line in recorded_lines(name):
        stored = json.loads(json.dumps(pack(line)))  # as it comes back from the database
        assert unpack(stored) == line
        assert isinstance(stored, list), line  # every msgid of these games is listed
        full += len(json.dumps(line))
        packed += len(json.dumps(stored))
    assert packed < full / 2


def test_lines_that_cannot_be_packed_are_kept_whole():
    unknown = {"msg": "A message no catalogue lists {x}.", "args": {"x": 1}}
    with_list = {"msg": MESSAGES[0], "args": {"cards": [1, 2]}}
    inner_unknown = {"msg": MESSAGES[0], "args": {"line": unknown}}
    no_args_key = {"msg": MESSAGES[0]}
    for line in (unknown, with_list, inner_unknown, no_args_key, {}, None, "text"):
        assert pack(line) == line and unpack(pack(line)) == line


texts = st.recursive(
    st.builds(lambda msg: {"msg": msg, "args": {}}, st.sampled_from(MESSAGES) | st.text(max_size=20)),
    lambda inner: st.builds(
        lambda msg, args: {"msg": msg, "args": args},
        st.sampled_from(MESSAGES) | st.text(max_size=20),
        st.dictionaries(st.text(max_size=8), inner | st.integers() | st.text(max_size=8) | st.none()
                        | st.booleans() | st.lists(st.integers(), max_size=2), max_size=3)),
    max_leaves=8)


@given(texts)
def test_any_text_survives_packing(line):
    assert unpack(json.loads(json.dumps(pack(line)))) == line


def test_a_submitted_move_stores_its_line_packed_and_every_reader_sees_the_text(alice, bob, carol, dave, client):
    game = start_game("praga", [alice, bob, carol, dave])
    users = {seat.position: seat.user for seat in game.seat_list()}
    lines = []
    for _ in range(12):
        game.refresh_from_db()
        seat = min(praga.to_act(game.state))
        move = next(m for m in praga.legal_moves(game.state, seat) if m["type"] != "undo")
        lines.append(praga.describe(move, game.state))
        submit_move(game.pk, users[seat], move, game.version)
    game.refresh_from_db()
    rows = list(Move.objects.filter(game=game).order_by("seq"))
    assert [row.text for row in rows] == lines
    assert all(isinstance(raw_text(row.pk), list) for row in rows)
    names = player_names(game)
    expected = [render(line, names) for line in lines]
    assert [entry["text"] for entry in log(game)] == expected
    api = client.get(f"/api/games/{game.pk}/log/").json()["entries"]
    assert [entry["text"] for entry in api] == expected
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert all(line.replace("'", "&#x27;") in page for line in expected[-5:])


def test_the_migration_packs_old_rows_and_gives_them_back(alice, bob, carol, dave):
    migration = importlib.import_module("games.migrations.0012_move_log_text_packed_lean_indexes")
    game = start_game("praga", [alice, bob, carol, dave])
    seat = min(praga.to_act(game.state))
    move = next(m for m in praga.legal_moves(game.state, seat) if m["type"] != "undo")
    line = praga.describe(move, game.state)
    submit_move(game.pk, game.seat_list()[seat].user, move, game.version)
    row = Move.objects.get(game=game)
    old = {"msg": "A line written before packing {x}.", "args": {"x": 3}}
    for stored in (line, old):  # an old row holds the whole text dict
        with connection.cursor() as cursor:
            cursor.execute("UPDATE games_move SET text = %s WHERE id = %s", [json.dumps(stored), row.pk])
        assert Move.objects.get(pk=row.pk).text == stored  # renders before the migration ran
        migration.rewrite(connection, pack)
        assert Move.objects.get(pk=row.pk).text == stored
        assert isinstance(raw_text(row.pk), list) == (stored is line)
        migration.rewrite(connection, unpack)
        assert raw_text(row.pk) == stored
