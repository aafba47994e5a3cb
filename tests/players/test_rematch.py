"""Rematch: one click on a finished game invites the same players with the same options."""

import pytest

from games.models import Game, Invitation
from tests.conftest import client_for
from tests.players.support import finished_game
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def test_a_rematch_invites_the_same_players_with_the_same_options(alice, bob, carol, committed):
    game = finished_game([alice, bob, carol], committed, options={"hand_size": 3})
    old = game.invitation
    Invitation.objects.filter(pk=old.pk).update(days_per_move=7, timeout_policy="cancel", note="again?",
                                                min_rating=2.5)
    page = client_for(bob).get(f"/games/{game.pk}/").content.decode()
    assert f'action="/games/{game.pk}/rematch/"' in page
    with committed():
        response = client_for(bob).post(f"/games/{game.pk}/rematch/")
    new = Invitation.objects.exclude(pk=old.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/invitations/{new.pk}/"
    assert new.host == bob and new.status == Invitation.Status.OPEN
    assert (new.game_id, new.players, new.options) == ("toy", 3, game.options)
    assert (new.days_per_move, new.timeout_policy, new.note, new.min_rating) == (7, "cancel", "again?", 2.5)
    slots = new.slot_list()
    assert [slot.user_id for slot in slots] == [bob.pk, None, None]
    others = [seat.user_id for seat in game.seat_list() if seat.user_id != bob.pk]
    assert [slot.invited_id for slot in slots[1:]] == others


def test_a_solo_rematch_starts_at_once(alice, committed):
    game = finished_game([alice], committed)
    with committed():
        response = client_for(alice).post(f"/games/{game.pk}/rematch/")
    new = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == f"/games/{new.pk}/" and new.options == game.options


def test_no_rematch_for_running_games_or_outsiders(alice, bob, carol, committed):
    with committed():
        running = start_game("toy", [alice, bob])
    response = client_for(alice).post(f"/games/{running.pk}/rematch/", follow=True)
    assert "A rematch is possible once the game is finished." in response.content.decode()
    over = finished_game([alice, bob], committed)
    response = client_for(carol).post(f"/games/{over.pk}/rematch/", follow=True)
    assert "Only the players of a game can ask for a rematch." in response.content.decode()
    assert Invitation.objects.count() == 2
    assert f'action="/games/{over.pk}/rematch/"' not in client_for(carol).get(f"/games/{over.pk}/").content.decode()
