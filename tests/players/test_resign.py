"""Resigning in every timeout policy: the game's timeout path takes the seat, the log says so."""

import pytest
from django.utils import translation

from games.models import Game, GameEvent, Seat
from games.text import render
from players.models import RatingChange, Resignation
from players.resign import Refused, resign
from tests.conftest import client_for
from tests.players.support import finish_with_bot, finished_game
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def running_game(users, committed, policy):
    with committed():
        game = start_game("toy", users)
        game.invitation.timeout_policy = policy
        game.invitation.save(update_fields=["timeout_policy"])
    return Game.objects.get(pk=game.pk)


def last_line(game):
    names = {seat.position: seat.user.username for seat in game.seat_list()}
    with translation.override("en"):
        return render(GameEvent.objects.filter(game=game).order_by("pk").last().text, names)


@pytest.mark.parametrize("policy", ["drop", "none"])
def test_resigning_hands_the_seat_to_a_bot_that_plays_to_the_end(alice, bob, carol, committed, policy):
    game = running_game([alice, bob, carol], committed, policy)
    with committed():
        assert resign(game.pk, bob) == "bot"
    seat = Seat.objects.get(game=game, user=bob)
    assert seat.dropped and seat.deadline is None and Resignation.objects.filter(seat=seat).exists()
    assert last_line(game) == "bob resigned; a bot plays this seat to the end."
    game = finish_with_bot(game, committed)
    assert game.status == Game.Status.FINISHED
    assert RatingChange.objects.get(user=bob).place == 3
    assert Seat.objects.get(game=game, user=bob).rank == 3


def test_resigning_under_the_cancel_policy_cancels_the_game(alice, bob, committed):
    game = running_game([alice, bob], committed, "cancel")
    with committed():
        assert resign(game.pk, alice) == "cancelled"
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED and not game.seats.filter(to_act=True).exists()
    assert last_line(game) == "alice resigned; the game is cancelled."
    assert not RatingChange.objects.exists()


def test_the_last_person_resigning_cancels_rather_than_leaving_bots_to_play(alice, bob, committed):
    game = running_game([alice, bob], committed, "drop")
    with committed():
        resign(game.pk, alice)
    with committed():
        assert resign(game.pk, bob) == "cancelled"
    assert Game.objects.get(pk=game.pk).status == Game.Status.CANCELLED
    assert last_line(game) == "bob resigned; nobody is left to play, so the game is cancelled."


def test_resigning_is_refused_to_outsiders_twice_and_after_the_end(alice, bob, carol, committed):
    game = running_game([alice, bob], committed, "drop")
    with pytest.raises(Refused) as outsider:
        resign(game.pk, carol)
    assert outsider.value.status == 403
    with committed():
        resign(game.pk, bob)
    with pytest.raises(Refused) as again:
        resign(game.pk, bob)
    assert again.value.status == 409 and Resignation.objects.count() == 1
    over = finished_game([alice, carol], committed)
    with pytest.raises(Refused) as finished:
        resign(over.pk, alice)
    assert finished.value.status == 409


def test_the_game_page_offers_resigning_and_the_form_resigns(alice, bob, committed):
    game = running_game([alice, bob], committed, "drop")
    client = client_for(alice)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'action="/games/{game.pk}/resign/"' in page and "A bot plays your seat" in page
    assert client.get(f"/games/{game.pk}/resign/").status_code == 405
    with committed():
        response = client.post(f"/games/{game.pk}/resign/", follow=True)
    assert "You resigned; a bot plays your seat to the end." in response.content.decode()
    assert Seat.objects.get(game=game, user=alice).dropped
    assert f'action="/games/{game.pk}/resign/"' not in client.get(f"/games/{game.pk}/").content.decode()


def test_a_private_game_cannot_be_resigned_by_a_stranger(alice, bob, carol, committed):
    with committed():
        game = start_game("toy", [alice, bob], visibility="private")
    assert client_for(carol).post(f"/games/{game.pk}/resign/").status_code == 404
    assert not Resignation.objects.exists()


def test_a_resigned_player_sees_no_move_buttons_before_the_bot_has_moved(alice, bob, committed):
    game = running_game([alice, bob], committed, "drop")
    client = client_for(alice)
    assert 'name="move"' in client.get(f"/games/{game.pk}/").content.decode()  # alice is to move
    assert resign(game.pk, alice) == "bot"  # outside `committed`: the bot's task has not run yet
    assert 'name="move"' not in client.get(f"/games/{game.pk}/").content.decode()
