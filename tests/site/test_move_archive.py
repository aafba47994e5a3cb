"""A game that is over keeps its moves packed in one row (games/move_archive.py): every reader
(replays, logs, records, emails, reliability, the board's log) answers exactly as it did from
the move rows, whichever way the game ended, and the migration packs and unpacks old games."""

import datetime
import importlib
import json
import random

import pytest
from django.apps import apps
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.praga as praga
from games import clocks, engines, move_archive, move_log, presenters, records, replays
from games.boards.catan_ck.log import log_entries as catan_log
from games.boards.praga.log import log_entries as praga_log
from games.boards.queens_architect.log import log_entries as queens_architect_log
from games.log_messages import MESSAGES
from games.models import Game, Move, MoveArchive
from games.moves import MoveRefused, submit_move
from players import reliability
from tests.support.games import play_random_move, play_to_end, start_game

MIGRATION = importlib.import_module("games.migrations.0014_move_archive")


def fresh(game):
    return Game.objects.get(pk=game.pk)  # no archive kept on the object from an earlier read


def readers(game, client):
    """What every reader of moves answers for `game`, read afresh."""
    game = fresh(game)
    names = presenters.player_names(game)
    steps = sorted({1, 2, game.version // 2, game.version - 1, game.version})
    found = {
        "log": presenters.log(game),
        "last 5": presenters.log(fresh(game), last=5),
        "until": [presenters.log(fresh(game), until=step) for step in steps],
        "after": [presenters.log(fresh(game), after=step) for step in steps],
        "states": list(replays.states(fresh(game))),
        "state at": [replays.state_at(fresh(game), step) for step in steps],
        "moves of": [replays.moves_of(fresh(game), until=step, after=step // 2) for step in steps],
        "last seq": [move_log.last_seq_of(fresh(game), seat.position) for seat in game.seat_list()],
        "reliability": [reliability.measure(seat.user_id) for seat in game.seat_list()],
        "api log": client.get(f"/api/games/{game.pk}/log/").json(),
    }
    export = {user.pk: records.export(fresh(game), user) for user in [seat.user for seat in game.seat_list()]}
    for record in export.values():
        record.pop("exported")
    found["export"] = export
    if game.game_id == "praga":
        view = engines.view("praga", game.state, None)
        found["board log"] = [praga_log(fresh(game), names, view, until=step) for step in steps + [None]]
    board_logs = {"catan_ck": catan_log, "queens_architect": queens_architect_log}
    if game.game_id in board_logs:
        found["board log"] = [board_logs[game.game_id](fresh(game), names, until=step) for step in steps + [None]]
    return found


def unpack_into_rows():
    """Back to one row per move, as before this change (the migration's way back)."""
    MIGRATION.unpack_archives(apps, None)


def cancelled_after(game_id, players, count):
    """A game `count` random moves in, ended by cancellation (games/clocks.py)."""
    game = start_game(game_id, players)
    rng = random.Random(5)
    for _ in range(count):
        play_random_move(game, rng, skip_undo=True)
    game = fresh(game)
    clocks.cancel(game, game.updated, {"msg": "Nobody moved for 60 days; the game is cancelled.", "args": {}},
                  None)
    return game


def finished_praga(players):
    """A 4-player Praga game some 40 moves in, ended by cancellation (games/clocks.py)."""
    game = start_game("praga", players)
    rng = random.Random(5)
    for _ in range(40):
        play_random_move(game, rng, skip_undo=True)
    game = fresh(game)
    clocks.cancel(game, game.updated, {"msg": "Nobody moved for 60 days; the game is cancelled.", "args": {}},
                  None)
    return game


def test_a_finished_game_keeps_its_moves_in_one_packed_row(alice, bob):
    game = play_to_end(start_game("toy", [alice, bob], options={"hand_size": 3}))
    assert game.is_finished and game.version > 5
    assert not Move.objects.filter(game=game).exists()
    archive = MoveArchive.objects.get(game=game)
    assert archive.moves == game.version
    assert [move.seq for move in move_log.moves(fresh(game))] == list(range(1, game.version + 1))


@pytest.fixture
def rows_kept(monkeypatch):
    """Games end without packing their moves (as before this change); returns the real packer."""
    monkeypatch.setattr(move_archive, "archive", lambda game: None)
    return ARCHIVE


ARCHIVE = move_archive.archive


def test_every_reader_answers_the_same_from_rows_and_from_the_archive_toy(alice, bob, client, rows_kept):
    game = play_to_end(start_game("toy", [alice, bob], options={"hand_size": 3}))
    from_rows = readers(game, client)
    assert Move.objects.filter(game=game).count() == game.version and not MoveArchive.objects.exists()
    rows_kept(fresh(game))
    assert not Move.objects.exists() and readers(game, client) == from_rows
    unpack_into_rows()  # the migration's way back
    assert Move.objects.filter(game=game).count() == game.version and readers(game, client) == from_rows


def test_every_reader_answers_the_same_for_a_cancelled_praga_game(alice, bob, carol, dave, client, rows_kept):
    game = finished_praga([alice, bob, carol, dave])
    from_rows = readers(game, client)
    assert len(from_rows["board log"][-1]) >= 40 and from_rows["log"]
    rows_kept(fresh(game))
    assert game.is_cancelled and not Move.objects.filter(game=game).exists()
    assert readers(game, client) == from_rows
    page = client.get(f"/games/{game.pk}/replay/20/")
    assert page.status_code == 200


@pytest.mark.parametrize("game_id", ["catan_ck", "queens_architect"])
def test_every_reader_answers_the_same_for_a_cancelled_game_with_its_own_board_log(
        alice, bob, carol, client, rows_kept, game_id):
    game = cancelled_after(game_id, [alice, bob, carol], 60)
    from_rows = readers(game, client)
    assert len(from_rows["board log"][-1]) >= 30
    rows_kept(fresh(game))
    assert game.is_cancelled and not Move.objects.filter(game=game).exists()
    assert readers(game, client) == from_rows


def test_a_game_ended_by_a_timeout_is_packed(alice, bob, carol, dave):
    game = finished_praga([alice, bob, carol, dave])
    assert game.is_cancelled and not Move.objects.filter(game=game).exists()
    assert MoveArchive.objects.get(game=game).moves == game.version == 40


def test_the_migration_packs_games_that_are_over_and_leaves_running_ones(alice, bob, carol, client):
    over = play_to_end(start_game("toy", [alice, bob], options={"hand_size": 3}))
    running = start_game("toy", [alice, carol], options={"hand_size": 3})
    rng = random.Random(1)
    for _ in range(3):
        play_random_move(running, rng, skip_undo=True)
    before = readers(over, client)
    unpack_into_rows()
    MIGRATION.pack_finished(apps, None)
    assert MoveArchive.objects.get().game_id == over.pk
    assert set(Move.objects.values_list("game_id", flat=True)) == {running.pk}
    assert readers(over, client) == before


def test_a_retry_of_the_last_moves_is_still_a_duplicate_after_the_end(alice, bob):
    game = start_game("toy", [alice, bob], options={"hand_size": 3})
    rng = random.Random(2)
    sent = []
    while not game.is_finished:
        game = fresh(game)
        seat = next(seat for seat in game.seat_list() if seat.to_act)
        legal = [move for move in engines.legal_moves("toy", game.state, seat.position) if move["type"] != "undo"]
        move = rng.choice(legal)
        request_id = f"r{game.version + 1}"
        submit_move(game.pk, seat.user, move, game.version, request_id=request_id)
        sent.append((seat.user, move, request_id))
        game = fresh(game)
    assert len(sent) > move_archive.KEEP_REQUEST_IDS
    user, move, request_id = sent[-1]
    result = submit_move(game.pk, user, move, game.version - 1, request_id=request_id)
    assert result.duplicate and result.move.seq == game.version
    user, move, request_id = sent[0]
    with pytest.raises(MoveRefused) as refused:
        submit_move(game.pk, user, move, 0, request_id=request_id)
    assert refused.value.status == 409  # an old retry applies nothing either
    assert fresh(game).version == len(sent) and MoveArchive.objects.get(game=game).moves == len(sent)


def test_a_page_that_saw_the_game_running_reads_its_moves_after_another_ended_it(alice, bob):
    game = start_game("toy", [alice, bob], options={"hand_size": 3})
    rng = random.Random(4)
    seen = []
    while play_random_move(game, rng, skip_undo=True) is not None:
        seen.append(fresh(game))
    seen_running, ended = seen[-2], fresh(game)
    assert not seen_running.is_finished and ended.is_finished
    assert [move.seq for move in move_log.moves(seen_running)] == list(range(1, ended.version + 1))
    assert [move.seq for move in move_log.newest(seen_running, 3)] == [ended.version - n for n in range(3)]


def test_an_imported_game_is_stored_packed_and_exports_the_same_moves(alice, bob, alice_client):
    game = play_to_end(start_game("toy", [alice, bob], options={"hand_size": 3}))
    record = alice_client.get(f"/games/{game.pk}/record/").json()
    imported = records.import_record(record, alice)
    assert not Move.objects.filter(game=imported).exists()
    again = records.export(fresh(imported), alice)
    assert again["moves"] == record["moves"]


lines = st.builds(lambda number, args: {"msg": MESSAGES[number], "args": args},
                  st.integers(0, len(MESSAGES) - 1),
                  st.dictionaries(st.sampled_from(["player", "n", "x"]), st.integers() | st.text(max_size=5),
                                  max_size=2))
plain_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6),
                          lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                     max_size=3), max_leaves=6)
moments = st.datetimes(min_value=datetime.datetime(2000, 1, 1), max_value=datetime.datetime(2100, 1, 1),
                       timezones=st.just(datetime.timezone.utc))


@settings(max_examples=60)
@given(st.lists(st.tuples(st.integers(0, 5), plain_json, lines, st.none() | st.text(max_size=8),
                          moments), max_size=30))
def test_any_moves_survive_packing(rows):
    moves = [move_archive.LoggedMove(seq, seat, payload, text, request_id, at)
             for seq, (seat, payload, text, request_id, at) in enumerate(rows, start=1)]
    data = move_archive.encode(moves)
    kept = len(moves) - move_archive.KEEP_REQUEST_IDS
    expected = [move._replace(request_id=None) if index < kept else move for index, move in enumerate(moves)]
    assert move_archive.decode(data) == expected
    assert move_archive.decode(data, read_text=move_archive.drop) == [move._replace(text=None) for move in expected]


def test_a_recorded_praga_game_packs_to_a_few_kilobytes():
    from pathlib import Path

    record = json.loads((Path(__file__).resolve().parents[2] / "benchmarks" / "games" / "praga-4p-greedy-3.json")
                        .read_text())
    state = praga.new(record.get("options", {}), 4, record["seed"])
    start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    moves = []
    for seq, (seat, move) in enumerate(record["moves"], start=1):
        moves.append(move_archive.LoggedMove(seq, seat, move, praga.describe(move, state), f"request-{seq}",
                                             start + datetime.timedelta(minutes=37 * seq, microseconds=seq)))
        state = praga.apply(state, seat, move)
    data = move_archive.encode(moves)
    assert move_archive.decode(data)[-1] == moves[-1]
    assert len(data) < 20 * len(moves)  # a move row with its index entries takes ~300 bytes
