"""Refusals of games/moves.py not reached elsewhere, and the engine-crash safety net of games/engines.py."""

import pytest

from engine.core.errors import IllegalMove
from games import engines
from games.models import Game, Move
from games.moves import MoveRefused, submit_move
from tests.support import toygame
from tests.support.games import post_move


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
