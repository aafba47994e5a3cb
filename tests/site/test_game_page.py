"""The game page: board, moves as buttons, players, log, chat, undo, live updates."""

import json

from games.models import Move
from tests.support.games import post_move

HTMX = {"HX-Request": "true"}


def select(game):
    return {"type": "select", "card": game.state["hands"][0][0]}


def test_the_acting_player_sees_his_moves_as_buttons(toy_game, alice_client, bob_client):
    page = alice_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert "Your turn" in page and 'name="move"' in page
    assert toy_game.state["hands"][0][0] in page
    other = bob_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert 'id="waiting"' in other and "Waiting for alice" in other  # the banner, and no move card
    assert 'id="moves"' not in other and 'name="move"' not in other


def test_a_move_from_the_page_returns_the_refreshed_live_part(toy_game, alice_client):
    response = alice_client.post(f"/games/{toy_game.pk}/move/", {
        "move": json.dumps(select(toy_game)), "version": "0", "request_id": "r1"}, headers=HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="live"' in body and "Undo" in body and "<html" not in body
    assert Move.objects.get().request_id == "r1"


def test_a_refused_move_shows_the_reason(toy_game, alice_client):
    response = alice_client.post(f"/games/{toy_game.pk}/move/", {
        "move": json.dumps({"type": "play"}), "version": "0"}, headers=HTMX)
    assert "Choose a card first." in response.content.decode()


def test_without_javascript_a_move_redirects_back(toy_game, alice_client):
    response = alice_client.post(f"/games/{toy_game.pk}/move/", {"move": json.dumps(select(toy_game)),
                                                                  "version": "0"})
    assert response.status_code == 302 and response["Location"] == f"/games/{toy_game.pk}/"


def test_undo_from_the_page(toy_game, alice_client):
    post_move(alice_client, toy_game, select(toy_game))
    response = alice_client.post(f"/games/{toy_game.pk}/move/", {
        "move": json.dumps({"type": "undo"}), "version": "1"}, headers=HTMX)
    assert response.status_code == 200
    toy_game.refresh_from_db()
    assert toy_game.version == 2 and toy_game.state["selected"][0] is None
    assert "takes back a move" in response.content.decode()


def test_the_poll_answers_204_until_something_changes(toy_game, bob_client, alice_client):
    url = f"/games/{toy_game.pk}/poll/?v=0&c=0"
    assert bob_client.get(url).status_code == 204
    post_move(alice_client, toy_game, select(toy_game))
    response = bob_client.get(url)
    assert response.status_code == 200
    assert json.loads(response["HX-Trigger"]) == {"game-changed": True}
    assert "v=1" in response.content.decode()
    alice_client.post(f"/games/{toy_game.pk}/chat/", {"body": "hello"})
    response = bob_client.get(f"/games/{toy_game.pk}/poll/?v=1&c=0")
    assert json.loads(response["HX-Trigger"]) == {"chat-changed": True}


def test_the_live_part_and_the_log_follow_the_game(toy_game, alice_client, bob_client):
    post_move(alice_client, toy_game, select(toy_game))
    body = bob_client.get(f"/games/{toy_game.pk}/live/", headers=HTMX).content.decode()
    assert "alice chooses a card." in body


def test_chat_messages_are_posted_and_escaped(toy_game, alice_client, bob_client):
    alice_client.post(f"/games/{toy_game.pk}/chat/", {"body": "<b>good luck</b>"}, headers=HTMX)
    page = bob_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert "&lt;b&gt;good luck&lt;/b&gt;" in page


def test_whose_turn_is_shown_in_the_readers_time_zone(toy_game, bob, bob_client):
    bob.profile.time_zone = "Asia/Tokyo"
    bob.profile.save()
    page = bob_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert "Asia/Tokyo" in page and "to move" in page


def test_a_per_game_board_template_is_used_when_present(toy_game, client, tmp_path, settings):
    board = tmp_path / "games" / "boards"
    board.mkdir(parents=True)
    (board / "toy.html").write_text("<p>TOY BOARD</p>")
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}]
    assert "TOY BOARD" in client.get(f"/games/{toy_game.pk}/").content.decode()
