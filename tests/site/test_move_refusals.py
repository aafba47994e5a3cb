"""Refusals of games/moves.py not reached elsewhere (their status and words: a request id is looked up in
its own game only, a dropped seat and an outsider of a private game have their own; a stale version
and a finished game answer 409 with the current state), the last move stamping the end of the game
and packing its moves, and the engine-crash safety net of games/engines.py."""

import pytest

from engine.core.errors import IllegalMove
from games import engines, move_log
from games.models import Game, Move, MoveArchive, Seat
from games.moves import MoveRefused, submit_move
from tests.support import toygame
from tests.support.games import play_to_end, post_move, start_game


def select(game, seat=0):
    return {"type": "select", "card": game.state["hands"][seat][0]}


def refused(call):
    with pytest.raises(MoveRefused) as info:
        call()
    return info.value.status, info.value.reason["msg"]


def test_a_request_id_used_by_another_seat_gets_409_and_writes_nothing(toy_game, alice_client, bob_client):
    post_move(alice_client, toy_game, select(toy_game), request_id="shared-1")
    toy_game.refresh_from_db()
    post_move(alice_client, toy_game, {"type": "play"})
    toy_game.refresh_from_db()
    response = post_move(bob_client, toy_game, select(toy_game, seat=1), request_id="shared-1")
    assert response.status_code == 409
    assert response.json()["reason"]["msg"] == "This request id was already used."
    assert response.json()["state"]["version"] == 2  # the current state comes with it
    assert list(Move.objects.filter(game=toy_game).values_list("seat", flat=True)) == [0, 0]


def test_a_request_id_is_checked_before_it_is_looked_up(toy_game, alice):
    for request_id in ("", "a" * 65, "has space", 12, "ü"):
        assert refused(lambda: submit_move(toy_game.pk, alice, select(toy_game), 0, request_id=request_id)) == (
            400, "The request id must be 1 to 64 letters, digits, - or _.")
    assert submit_move(toy_game.pk, alice, select(toy_game), 0, request_id="a" * 64).duplicate is False


def test_a_missing_game_gets_404(alice, alice_client, toy_game):
    missing = Game.objects.order_by("-pk").first().pk + 100
    assert refused(lambda: submit_move(missing, alice, {"type": "play"}, 0)) == (404, "There is no such game.")
    response = alice_client.post(f"/api/games/{missing}/moves/", '{"move": {"type": "play"}, "version": 0}',
                                 content_type="application/json")
    assert response.status_code == 404


def test_moving_for_another_seat_or_in_a_finished_game_is_refused(toy_game, alice, bob, carol):
    assert refused(lambda: submit_move(toy_game.pk, carol, select(toy_game), 0)) == (
        403, "You do not play in this game.")
    assert refused(lambda: submit_move(toy_game.pk, alice, select(toy_game), 0, seat=1)) == (
        403, "You can only move for your own seat.")
    assert refused(lambda: submit_move(toy_game.pk, bob, select(toy_game, seat=1), 0)) == (
        403, "It is not your turn.")
    for version in (None, "0", True, 0.0):
        assert refused(lambda: submit_move(toy_game.pk, alice, select(toy_game), version)) == (
            400, "Send the version of the game you saw.")
    Game.objects.filter(pk=toy_game.pk).update(status=Game.Status.FINISHED)
    assert refused(lambda: submit_move(toy_game.pk, alice, select(toy_game), 0)) == (409, "The game is over.")
    assert not Move.objects.exists()


def test_a_stale_version_is_told_the_game_changed_and_gets_the_current_state(toy_game, alice_client):
    post_move(alice_client, toy_game, select(toy_game))
    response = post_move(alice_client, toy_game, {"type": "play"}, version=0)
    assert response.status_code == 409
    assert response.json()["reason"]["msg"] == "The game has changed since you looked at it."
    assert (response.json()["state"]["version"], response.json()["state"]["seat"]) == (1, 0)
    assert Move.objects.filter(game=toy_game).count() == 1


def test_a_move_in_a_finished_game_gets_409_with_the_final_state(toy_game, alice_client):
    game = play_to_end(toy_game)
    response = post_move(alice_client, game, {"type": "play"})
    assert response.status_code == 409
    assert response.json()["reason"]["msg"] == "The game is over."
    state = response.json()["state"]  # the client sees the result instead of a dead end
    assert (state["status"], state["version"], state["to_act"]) == ("finished", game.version, [])
    assert Game.objects.get(pk=game.pk).version == game.version


# The engine-crash safety net --------------------------------------------------------------------

def crashing_apply(state, seat, move):
    raise KeyError("a bug in the rules")


def test_an_engine_crash_on_an_illegal_move_is_an_illegal_move(toy_game, alice_client, monkeypatch):
    monkeypatch.setattr(toygame, "apply", crashing_apply)
    response = post_move(alice_client, toy_game, {"type": "select", "card": "nonsense9"})
    assert response.status_code == 400
    assert response.json()["reason"]["msg"] == "This move is not possible now."
    assert not Move.objects.exists()


def test_an_engine_crash_on_a_legal_move_is_not_hidden(toy_game, monkeypatch):
    monkeypatch.setattr(toygame, "apply", crashing_apply)
    with pytest.raises(KeyError):  # a real bug: it must reach the error log, not pose as a refusal
        engines.apply("toy", toy_game.state, 0, select(toy_game))


def test_an_engine_refusal_passes_through_unchanged(toy_game):
    with pytest.raises(IllegalMove) as refusal:
        engines.apply("toy", toy_game.state, 1, {"type": "play"})
    assert refusal.value.as_text()["msg"] == "It is not your turn."


def test_an_unknown_game_is_a_lookup_error():
    with pytest.raises(engines.UnknownGame):
        engines.rules("no-such-game")


def test_a_request_id_used_in_another_game_is_a_new_move_there(toy_game, alice, bob):
    """The same player, seat and request id in a second game: not a duplicate of the first game's move."""
    other = start_game("toy", [alice, bob])
    first = submit_move(toy_game.pk, alice, select(toy_game), 0, request_id="same-id")
    second = submit_move(other.pk, alice, select(other), 0, request_id="same-id")
    assert second.duplicate is False
    assert second.move.pk != first.move.pk and second.move.game_id == other.pk
    other.refresh_from_db()
    assert other.version == 1
    assert list(Move.objects.filter(request_id="same-id").order_by("game_id").values_list("game_id", flat=True)) == [
        toy_game.pk, other.pk]


def test_a_dropped_seat_is_refused_with_403_and_told_a_bot_plays_it(toy_game, alice, alice_client):
    Seat.objects.filter(game=toy_game, position=0).update(dropped=True)
    message = "You ran out of time; a bot plays your seat now."
    assert refused(lambda: submit_move(toy_game.pk, alice, select(toy_game), 0)) == (403, message)
    response = post_move(alice_client, toy_game, select(toy_game))
    assert response.status_code == 403
    assert response.json()["reason"]["msg"] == message
    assert not Move.objects.exists()


def test_an_outsider_of_a_private_game_is_told_there_is_no_such_game_its_players_move(alice, bob, carol):
    game = start_game("toy", [alice, bob], visibility="private")
    assert not game.is_public
    assert refused(lambda: submit_move(game.pk, carol, select(game), 0)) == (404, "There is no such game.")
    assert not Move.objects.exists()
    assert Game.objects.get(pk=game.pk).version == 0
    assert submit_move(game.pk, alice, select(game), 0).move.seq == 1  # its own players move as usual


def test_the_last_move_finishes_the_game_at_its_own_time(toy_game):
    """The end of the game is stamped with the time of the move that ended it (lists and records show it)."""
    assert toy_game.finished is None
    game = play_to_end(toy_game)
    last = move_log.moves(game)[-1]  # a finished game's moves are packed (games/move_archive.py)
    assert game.status == Game.Status.FINISHED
    assert game.finished == last.created_at == game.updated


def test_the_last_move_packs_the_games_moves_into_one_row(toy_game):
    game = play_to_end(toy_game)
    assert game.is_finished and not Move.objects.filter(game=game).exists()
    assert MoveArchive.objects.get(game=game).moves == game.version
    assert [move.seq for move in move_log.moves(Game.objects.get(pk=game.pk))] == list(range(1, game.version + 1))
