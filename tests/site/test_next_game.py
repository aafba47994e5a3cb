""""Next game": to the game that has waited longest for the player, in the header and after a move."""

from datetime import timedelta

from django.utils import timezone

from games.models import Seat
from tests.support.games import post_move, start_game


def select(game):
    return {"type": "select", "card": game.state["hands"][0][0]}


def waiting_since(game, user, moment):
    Seat.objects.filter(game=game, user=user).update(waiting_since=moment)


def test_next_game_goes_to_the_game_that_has_waited_longest(alice, bob, carol, alice_client):
    now = timezone.now()
    recent, oldest = start_game("toy", [alice, bob]), start_game("toy", [alice, carol])
    waiting_since(recent, alice, now - timedelta(hours=1))
    waiting_since(oldest, alice, now - timedelta(days=2))
    response = alice_client.get("/next/")
    assert response.status_code == 302 and response["Location"] == f"/games/{oldest.pk}/"
    response = alice_client.get(f"/next/?from={oldest.pk}")
    assert response["Location"] == f"/games/{recent.pk}/"


def test_games_of_others_finished_or_dropped_seats_are_not_next(alice, bob, carol, alice_client):
    theirs = start_game("toy", [bob, alice])  # bob is to move
    dropped = start_game("toy", [alice, carol])
    Seat.objects.filter(game=dropped, user=alice).update(dropped=True)
    response = alice_client.get("/next/", follow=True)
    assert response.redirect_chain[-1][0] == "/" and theirs.pk
    assert "No other game is waiting for you." in response.content.decode()


def test_the_header_counts_the_waiting_games(alice, bob, carol, alice_client):
    start_game("toy", [alice, bob])
    start_game("toy", [alice, carol])
    page = alice_client.get("/").content.decode()
    assert "Next game" in page and "2 waiting" in page


def test_after_a_move_the_page_offers_the_next_waiting_game(alice, bob, carol, alice_client):
    here, there = start_game("toy", [alice, bob]), start_game("toy", [alice, carol])
    assert "Your move is in." not in alice_client.get(f"/games/{here.pk}/").content.decode()
    post_move(alice_client, here, select(here))
    here.refresh_from_db()
    post_move(alice_client, here, {"type": "play"})
    live = alice_client.get(f"/games/{here.pk}/live/").content.decode()
    assert "Your move is in." in live and f'href="/games/{there.pk}/"' in live


def test_a_bad_from_is_a_clear_400(alice_client):
    response = alice_client.get("/next/?from=abc")
    assert response.status_code == 400


def test_next_game_needs_a_login(client):
    assert client.get("/next/")["Location"].startswith("/accounts/login/")
