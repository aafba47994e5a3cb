"""The portable game record (docs/record.md): export, import through the engine, refusals."""

import json
import random

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from games import move_log, notes, presenters, records, replays
from games.models import Game, Move, MoveArchive, Seat
from tests.support.games import play_random_move, play_to_end, start_game


def record_of(client, game):
    response = client.get(f"/games/{game.pk}/record/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    return json.loads(response.content)


def upload(client, data, name="record.json"):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/games/import/", {"record": SimpleUploadedFile(name, raw, "application/json")})


def everything_about(game):
    """Per step: every seat's and a spectator's view, and the rendered log; plus the outcome."""
    game = Game.objects.get(pk=game.pk)
    seats = [None] + [seat.position for seat in game.seat_list()]
    views = [[replays.view_at(game, step, seat) for seat in seats] for step in range(game.version + 1)]
    log = [(entry["seq"], entry["player"], entry["text"], entry["at"]) for entry in presenters.log(game)]
    players = [(p["seat"], p["name"], p["rank"], p["score"]) for p in presenters.players(game)]
    return {"views": views, "log": log, "players": players, "outcome": game.outcome, "state": game.state,
            "game_id": game.game_id, "version": game.version}


def counts():
    return (Game.objects.count(), Move.objects.count(), MoveArchive.objects.count(), Seat.objects.count(),
            get_user_model().objects.count())


@pytest.fixture
def finished_toy(alice, bob):
    return play_to_end(start_game("toy", [alice, bob], options={"hand_size": 3}))


def test_a_finished_game_exports_everything_a_replay_needs(finished_toy, alice_client, carol_client):
    notes.save(finished_toy, finished_toy.seat_list()[0].user, "my plan")
    record = record_of(alice_client, finished_toy)
    assert record["format"] == records.FORMAT and record["format_version"] == 1
    assert record["game"] == {"id": finished_toy.pk, "type": "toy", "title": "Toy", "imported": False}
    assert record["seed"] == finished_toy.seed and record["rules_version"] == 1
    assert record["options"] == finished_toy.options and record["players"] == 2
    assert [seat["name"] for seat in record["seats"]] == ["alice", "bob"]
    assert len(record["moves"]) == finished_toy.version
    first = move_log.moves(finished_toy)[0]
    assert record["moves"][0] == {"seq": 1, "seat": first.seat, "move": first.payload,
                                  "time": first.created_at.isoformat()}
    assert record["outcome"] == finished_toy.outcome and record["status"] == "finished"
    assert record["notes"] == "my plan"
    watcher = record_of(carol_client, finished_toy)
    assert "notes" not in watcher and watcher["seed"] == finished_toy.seed


def test_a_running_game_exports_only_the_readers_view(alice, bob, alice_client, carol_client):
    game = start_game("toy", [alice, bob], options={"hand_size": 3})
    rng = random.Random(3)
    for _ in range(3):
        play_random_move(game, rng, skip_undo=True)
    game.refresh_from_db()
    notes.save(game, bob, "bob's secret plan")
    record = record_of(alice_client, game)
    raw = json.dumps(record)
    assert "seed" not in record and "outcome" not in record
    assert all("move" not in entry for entry in record["moves"]) and record["moves"][0]["log"]
    assert record["view"]["hand"] == game.state["hands"][0] and record["view_of"] == 0
    hidden = [card for card in game.state["hands"][1] + game.state["deck"]]
    assert not [card for card in hidden if card in raw]
    assert str(game.seed) not in raw and "bob's secret plan" not in raw
    assert "hand" not in record_of(carol_client, game)["view"]


def test_a_private_game_has_no_record_for_outsiders(alice, bob, carol_client, client):
    game = play_to_end(start_game("toy", [alice, bob], visibility="private"))
    assert carol_client.get(f"/games/{game.pk}/record/").status_code == 404
    assert client.get(f"/games/{game.pk}/record/").status_code == 404


@pytest.mark.django_db(transaction=True)  # the flush needs its own transactions
def test_export_then_import_on_a_fresh_database_gives_the_identical_replay(finished_toy, alice_client, tmp_path):
    record = record_of(alice_client, finished_toy)
    before = everything_about(finished_toy)
    call_command("flush", interactive=False, verbosity=0)  # a fresh database
    assert counts() == (0, 0, 0, 0, 0)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    call_command("import_game", str(path), stdout=open(tmp_path / "out.txt", "w"))
    game = Game.objects.get()
    assert game.imported and game.imported_by is None and game.is_finished
    assert everything_about(game) == before
    assert "Imported as game %d" % game.pk in (tmp_path / "out.txt").read_text()


def test_a_praga_game_survives_the_round_trip_through_the_upload_page(alice, alice_client):
    game = start_game("praga", [alice], options={"solo_mode": "parler"})
    rng = random.Random(2)
    while play_random_move(game, rng, skip_undo=True) is not None:
        pass
    game.refresh_from_db()
    assert game.is_finished
    record = record_of(alice_client, game)
    before = everything_about(game)
    Game.objects.all().delete()
    response = upload(alice_client, record)
    imported = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{imported.pk}/replay/{imported.version}/"
    assert everything_about(imported) == before
    assert imported.imported_by == alice
    page = alice_client.get(response["Location"]).content.decode()
    assert "Imported game" in page
    assert f"/games/{imported.pk}/replay/{imported.version}/" in alice_client.get("/games/import/").content.decode()
    # Peter Parler's turns, played inside the human's moves, are in the imported log too.
    assert any("Peter Parler" in line for _seq, _player, line, _at in before["log"])


def test_imported_players_are_placeholders_nobody_can_log_in_as(finished_toy, alice_client, client):
    upload(alice_client, record_of(alice_client, finished_toy))
    imported = Game.objects.get(imported=True)
    for seat in imported.seat_list():
        assert not seat.user.is_active and not seat.user.has_usable_password()
        assert " " in seat.user.username
    assert [p["name"] for p in presenters.players(imported)] == ["alice", "bob"]


def refused(client, data):
    before = counts()
    response = upload(client, data)
    assert response.status_code == 400
    assert counts() == before
    page = response.content.decode()
    return page[page.index('role="alert">') + len('role="alert">'):page.index("</p>", page.index('role="alert"'))]


def test_an_altered_move_is_refused_with_its_step_and_reason(finished_toy, alice_client):
    record = record_of(alice_client, finished_toy)
    step = next(entry for entry in record["moves"] if entry["move"]["type"] == "select")
    step["move"]["card"] = "ruby99"
    message = refused(alice_client, record)
    assert message == f"Move {step['seq']} cannot be played: That card is not in your hand."
    record = record_of(alice_client, finished_toy)
    record["moves"][1]["seat"] = 1 - record["moves"][1]["seat"]
    assert refused(alice_client, record) == "Move 2 cannot be played: It is not your turn."


def test_an_altered_outcome_is_refused(finished_toy, alice_client):
    record = record_of(alice_client, finished_toy)
    record["outcome"]["scores"][0] += 1
    assert refused(alice_client, record) == "The replayed outcome differs from the recorded one."
    record = record_of(alice_client, finished_toy)
    record["moves"].pop()
    assert "do not finish the game" in refused(alice_client, record)


def test_a_refusal_names_the_step(finished_toy, alice_client):
    record = record_of(alice_client, finished_toy)
    record["moves"][4]["move"] = {"type": "play", "extra": 1}
    with pytest.raises(records.RecordRefused) as refusal:
        records.import_record(record)
    assert refusal.value.step == 5


@pytest.mark.parametrize("change, reason", [
    (lambda r: r.pop("seed"), "This is the record of a running game"),
    (lambda r: r.update(format="something else"), "not a game record of this site"),
    (lambda r: r.update(format_version=2), "format version is not supported"),
    (lambda r: r["game"].update(type="chess"), "does not offer the game chess"),
    (lambda r: r.update(players="2"), "The field players is missing or has a wrong type."),
    (lambda r: r.update(seed=2 ** 70), "The seed is out of range."),
    (lambda r: r.update(seed=True), "The field seed is missing or has a wrong type."),
    (lambda r: r["seats"].pop(), "one seat per player"),
    (lambda r: r["seats"][1].update(name=" "), "Seat 1 needs its number and a name."),
    (lambda r: r.update(rules_version=99), "rules version 99"),
    (lambda r: r.update(edition="provisional-9"), "data edition provisional-9"),
    (lambda r: r["options"].update(hand_size=7), "The options cannot be used: Option hand_size cannot be 7."),
    (lambda r: r.update(status="running"), "Only finished or cancelled games can be imported."),
    (lambda r: r["moves"][2].update(time="yesterday"), "Move 3 has no valid time."),
    (lambda r: r["moves"][2].update(seq=7), "Move 3 is missing or out of order."),
    (lambda r: r["moves"][0].update(seat=5), "Move 1 names no seat of this game."),
    (lambda r: r["moves"][0].update(move=[1, 2]), "Move 1 cannot be played: A move must be an object"),
    (lambda r: r.update(moves={}), "The field moves is missing or has a wrong type."),
])
def test_bad_records_get_a_clear_400_and_change_nothing(finished_toy, alice_client, change, reason):
    record = record_of(alice_client, finished_toy)
    change(record)
    assert reason in refused(alice_client, record)


def test_bad_files_get_a_clear_400_and_change_nothing(alice_client, monkeypatch):
    assert "not a JSON document" in refused(alice_client, b"\xff\xfe not json")
    assert "not a game record of this site" in refused(alice_client, b"[1, 2, 3]")
    monkeypatch.setattr(records, "MAX_BYTES", 100)
    assert "too large" in refused(alice_client, b" " * 101)
    response = alice_client.post("/games/import/", {})
    assert response.status_code == 400 and "Choose a record file" in response.content.decode()


def test_the_upload_page_needs_an_account(client, alice_client):
    assert client.get("/games/import/").status_code == 302
    page = alice_client.get("/games/import/").content.decode()
    assert 'type="file"' in page and 'name="record"' in page


def test_the_command_says_why_it_refuses(finished_toy, alice_client, tmp_path):
    record = record_of(alice_client, finished_toy)
    record["outcome"]["ranking"].reverse()
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError, match="Refused: The replayed outcome differs"):
        call_command("import_game", str(path))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_game", str(tmp_path / "missing.json"))
