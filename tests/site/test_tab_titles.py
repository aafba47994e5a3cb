"""The browser tab says when it is the reader's turn: "(Your turn) Toy #1 · Praga Play" on the
game page, "(2) My games" when two games wait for the reader."""

import re

import pytest

from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def title(response):
    return re.search(r"<title>(.*?)</title>", response.content.decode(), re.S).group(1).strip()


def test_the_game_page_title_says_your_turn_only_to_the_player_to_move(alice, bob, alice_client, bob_client, client):
    game = start_game("toy", [alice, bob])
    acting, other = (alice_client, bob_client) if game.seats.get(user=alice).to_act else (bob_client, alice_client)
    assert title(acting.get(f"/games/{game.pk}/")) == f"(Your turn) Toy #{game.pk} · Praga Play"
    assert title(other.get(f"/games/{game.pk}/")) == f"Toy #{game.pk} · Praga Play"
    assert title(client.get(f"/games/{game.pk}/")) == f"Toy #{game.pk} · Praga Play"  # a spectator
    live = acting.get(f"/games/{game.pk}/live/").content.decode()
    assert f'data-page-title="(Your turn) Toy #{game.pk} · Praga Play"' in live  # the page keeps it up to date


def test_the_german_title_says_it_in_german(alice, bob, alice_client, bob_client):
    for user in (alice, bob):
        user.profile.language = "de"
        user.profile.save()
    game = start_game("toy", [alice, bob])
    acting = alice_client if game.seats.get(user=alice).to_act else bob_client
    assert title(acting.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de")).startswith("(Du bist am Zug) ")


def test_my_games_counts_the_games_waiting_for_the_reader(alice, bob, carol, alice_client):
    assert title(alice_client.get("/")) == "My games · Praga Play"
    games = [start_game("toy", [alice, bob]), start_game("toy", [alice, carol]), start_game("toy", [bob, alice])]
    waiting_for_alice = sum(1 for game in games if game.seats.get(user=alice).to_act)
    assert waiting_for_alice >= 1
    assert title(alice_client.get("/")) == f"({waiting_for_alice}) My games · Praga Play"
