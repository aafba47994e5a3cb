"""Who may move and who may look."""

import json

import pytest

from games.models import Move
from tests.conftest import client_for
from tests.support.games import post_move, start_game


@pytest.fixture
def private_game(alice, bob):
    return start_game("toy", [alice, bob], visibility="private")


def select(game, seat=0):
    return {"type": "select", "card": game.state["hands"][seat][0]}


def test_a_stranger_cannot_move(toy_game, carol_client):
    response = post_move(carol_client, toy_game, select(toy_game))
    assert response.status_code == 403
    assert not Move.objects.exists()


def test_an_anonymous_visitor_cannot_move(toy_game, client):
    assert post_move(client, toy_game, select(toy_game)).status_code in (401, 403)
    assert not Move.objects.exists()


@pytest.mark.parametrize("path", ["/games/{pk}/", "/games/{pk}/live/", "/games/{pk}/replay/", "/games/{pk}/replay/0/",
                                  "/games/{pk}/chat/", "/games/{pk}/poll/", "/api/games/{pk}/",
                                  "/api/games/{pk}/moves/", "/api/games/{pk}/log/", "/api/games/{pk}/version/"])
def test_a_stranger_cannot_read_a_private_game(private_game, carol_client, client, path):
    url = path.format(pk=private_game.pk)
    assert carol_client.get(url).status_code == 404
    assert client.get(url).status_code == 404


def test_players_can_read_their_private_game(private_game, bob_client):
    assert bob_client.get(f"/games/{private_game.pk}/").status_code == 200
    assert bob_client.get(f"/api/games/{private_game.pk}/").json()["seat"] == 1


def test_anyone_may_watch_a_public_game(toy_game, client):
    assert client.get(f"/games/{toy_game.pk}/").status_code == 200
    body = client.get(f"/api/games/{toy_game.pk}/").json()
    assert body["seat"] is None and "hand" not in body["view"]


def test_a_player_cannot_move_for_another_seat(toy_game, bob_client, alice_client):
    assert post_move(alice_client, toy_game, select(toy_game), seat=1).status_code == 403
    assert not Move.objects.exists()


def test_a_player_cannot_move_out_of_turn(toy_game, bob_client):
    response = post_move(bob_client, toy_game, select(toy_game, seat=1))
    assert response.status_code == 403
    assert response.json()["error"] == "It is not your turn."
    assert not Move.objects.exists()


def test_a_stranger_cannot_chat(toy_game, carol_client):
    assert carol_client.post(f"/games/{toy_game.pk}/chat/", {"body": "hi"}).status_code == 404
    assert not toy_game.chat.exists()


def test_session_posts_need_the_csrf_token(toy_game, alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = post_move(client, toy_game, select(toy_game))
    assert response.status_code == 403
    assert not Move.objects.exists()


def test_a_token_authenticates_without_csrf(toy_game, alice):
    from django.test import Client

    from accounts.models import ApiToken

    _token, key = ApiToken.issue(alice)
    client = Client(enforce_csrf_checks=True)
    body = json.dumps({"move": select(toy_game), "version": 0})
    response = client.post(f"/api/games/{toy_game.pk}/moves/", body, content_type="application/json",
                           headers={"Authorization": f"Token {key}"})
    assert response.status_code == 200
    bad = client.get(f"/api/games/{toy_game.pk}/", headers={"Authorization": "Token wrong"})
    assert bad.status_code == 401


def test_the_page_form_cannot_move_for_a_stranger(toy_game, carol):
    client = client_for(carol)
    response = client.post(f"/games/{toy_game.pk}/move/", {"move": json.dumps(select(toy_game)), "version": "0"})
    assert response.status_code in (302, 403, 404)
    assert not Move.objects.exists()
