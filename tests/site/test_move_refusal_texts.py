"""Refusals of games/moves.py whose status and words no other test read (mutation survivors of the
moves target): a request id is looked up in its own game only, a dropped seat and an outsider of a
private game are refused with their own status and text; the last move stamps the end of the game."""

import pytest

from games import move_log
from games.models import Game, Move, Seat
from games.moves import MoveRefused, submit_move
from tests.support.games import play_to_end, post_move, start_game


def select(game, seat=0):
    return {"type": "select", "card": game.state["hands"][seat][0]}


def refused(call):
    with pytest.raises(MoveRefused) as info:
        call()
    return info.value.status, info.value.reason["msg"]


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
