"""The guards of games/moves.py reached one by one with bodies that are valid in every other way
(the version the player saw, the player's own seat, no extra keys), so each refusal comes from the
guard named and nothing is written. Just inside each limit the move passes the guard and reaches
the rules, which refuse it for their own reason."""

import json

import pytest

from games.models import Move
from games.moves import MAX_MOVE_BYTES, MAX_MOVE_DEPTH, MoveRefused, submit_move
from tests.support.games import post_move

TOO_LARGE = "This move is too large."
TOO_DEEP = "This move is nested too deeply."
NOT_PLAIN = "A move must be plain JSON."
NOT_IN_HAND = "That card is not in your hand."


def sized(size):
    """A select move whose JSON encoding is exactly `size` characters."""
    bare = len(json.dumps({"type": "select", "card": ""}))
    move = {"type": "select", "card": "x" * (size - bare)}
    assert len(json.dumps(move)) == size
    return move


def nested(depth):
    """A select move whose card is nested so that the move's depth is exactly `depth`."""
    card = "ruby1"
    for _ in range(depth - 1):
        card = [card]
    return {"type": "select", "card": card}


def refusal(client, game, move):
    response = post_move(client, game, move)
    assert response.status_code == 400, response.content
    return response.json()["reason"]["msg"]


def unchanged(game):
    before = (game.state, game.version)
    game.refresh_from_db()
    return (game.state, game.version) == before and not Move.objects.filter(game=game).exists()


def test_a_move_over_the_size_limit_is_refused_by_the_size_guard(toy_game, alice_client):
    assert len(json.dumps({"move": sized(MAX_MOVE_BYTES + 1), "version": 0})) < 32_000  # under the body limit
    assert refusal(alice_client, toy_game, sized(MAX_MOVE_BYTES + 1)) == TOO_LARGE
    assert unchanged(toy_game)


def test_a_move_at_the_size_limit_passes_the_guard(toy_game, alice_client):
    assert refusal(alice_client, toy_game, sized(MAX_MOVE_BYTES)) == NOT_IN_HAND


def test_a_move_nested_too_deeply_is_refused_by_the_depth_guard(toy_game, alice_client):
    assert refusal(alice_client, toy_game, nested(MAX_MOVE_DEPTH + 1)) == TOO_DEEP
    assert unchanged(toy_game)


def test_a_move_nested_to_the_limit_passes_the_guard(toy_game, alice_client):
    assert refusal(alice_client, toy_game, nested(MAX_MOVE_DEPTH)) == NOT_IN_HAND


@pytest.mark.parametrize("container", [dict, list])
def test_depth_counts_objects_and_lists_alike(toy_game, alice_client, container):
    card = "ruby1"
    for _ in range(MAX_MOVE_DEPTH):
        card = {"card": card} if container is dict else [card]
    assert refusal(alice_client, toy_game, {"type": "select", "card": card}) == TOO_DEEP
    card = "ruby1"
    for _ in range(MAX_MOVE_DEPTH - 1):
        card = {"card": card} if container is dict else [card]
    assert refusal(alice_client, toy_game, {"type": "select", "card": card}) == NOT_IN_HAND


@pytest.mark.parametrize("empty", [[], {}], ids=["list", "object"])
def test_an_empty_container_counts_as_a_level_holding_a_value(toy_game, alice_client, empty):
    """An empty list or object as deep as the limit allows passes; one level deeper it is refused,
    exactly like a value at its place."""
    card = empty
    for _ in range(MAX_MOVE_DEPTH - 2):  # with the move's own level and the empty container's: the limit
        card = [card]
    assert refusal(alice_client, toy_game, {"type": "select", "card": card}) == NOT_IN_HAND
    assert refusal(alice_client, toy_game, {"type": "select", "card": [card]}) == TOO_DEEP


def test_a_deep_move_of_any_size_is_refused_before_it_is_walked(toy_game, alice_client):
    assert refusal(alice_client, toy_game, nested(200)) == TOO_DEEP


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_a_move_with_a_number_json_cannot_carry_is_refused_by_the_plain_json_guard(toy_game, alice_client, number):
    # Python's json reads NaN and Infinity; the guard must refuse what a replay could not store.
    body = '{"move": {"type": "select", "card": %s}, "version": 0}' % number
    response = alice_client.post(f"/api/games/{toy_game.pk}/moves/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["reason"]["msg"] == NOT_PLAIN
    assert unchanged(toy_game)


def test_a_move_object_that_is_not_json_is_refused_by_the_plain_json_guard(toy_game, alice):
    for card in ({"ruby1"}, b"ruby1", object()):
        with pytest.raises(MoveRefused) as refused:
            submit_move(toy_game.pk, alice, {"type": "select", "card": card}, 0)
        assert (refused.value.status, refused.value.reason["msg"]) == (400, NOT_PLAIN)
    assert unchanged(toy_game)


@pytest.mark.parametrize("move", [["select"], "select", {"card": "ruby1"}, {"type": 3}, None])
def test_a_move_without_a_type_is_refused_by_the_shape_guard(toy_game, alice_client, move):
    assert refusal(alice_client, toy_game, move) == "A move must be an object with a type."
    assert unchanged(toy_game)
