"""Invitations: create from the game's OPTIONS, join, leave, decline, cancel, start."""

import pytest

from games import invitations
from games.models import Game, Invitation
from tests.support.games import start_game


def test_the_form_is_rendered_from_the_games_options(alice_client):
    page = alice_client.get("/invitations/new/toy/").content.decode()
    assert "Hand size" in page and "Three cards" in page and "Cards left in the deck" in page
    assert "14 days" in page


def test_creating_an_invitation_with_a_named_and_an_open_seat(alice_client, alice, bob):
    response = alice_client.post("/invitations/new/toy/", {
        "players": "3", "option_hand_size": "3", "option_extra": "0", "seat_1": "bob", "seat_2": "",
        "days_per_move": "7", "visibility": "private", "note": "friendly", "timeout_policy": "drop",
    })
    invitation = Invitation.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/invitations/{invitation.pk}/"
    assert invitation.options == {"hand_size": 3, "extra": 0}
    assert (invitation.days_per_move, invitation.visibility, invitation.note) == (7, "private", "friendly")
    assert [(s.invited_id, s.user_id) for s in invitation.slot_list()] == [(alice.pk, alice.pk), (bob.pk, None),
                                                                          (None, None)]


def test_an_unknown_username_is_refused(alice_client):
    response = alice_client.post("/invitations/new/toy/", {"players": "2", "seat_1": "nobody", "days_per_move": "3",
                                                           "visibility": "public"})
    assert response.status_code == 200 and "There is no player called nobody" in response.content.decode()
    assert not Invitation.objects.exists()


def test_a_solo_game_starts_at_once_from_the_form(alice_client):
    response = alice_client.post("/invitations/new/toy/", {"players": "1", "days_per_move": "3", "timeout_policy": "drop",
                                                           "visibility": "public"})
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"


def test_the_game_starts_when_all_seats_are_taken(alice, bob, carol, bob_client, carol_client):
    invitation = invitations.create_invitation(alice, "toy", 3, {}, [bob, None])
    bob_client.post(f"/invitations/{invitation.pk}/join/")
    assert not Game.objects.exists()
    response = carol_client.post(f"/invitations/{invitation.pk}/join/")
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert {seat.user.username for seat in game.seat_list()} == {"alice", "bob", "carol"}
    invitation.refresh_from_db()
    assert invitation.status == "started"


def test_a_reserved_seat_is_not_open_to_others(alice, bob, carol, carol_client, bob_client):
    invitation = invitations.create_invitation(alice, "toy", 2, {}, [bob])
    response = carol_client.post(f"/invitations/{invitation.pk}/join/", follow=True)
    assert response.redirect_chain == [(f"/invitations/{invitation.pk}/", 302)]
    assert "There is no free seat for you." in response.content.decode()
    assert [(s.invited_id, s.user_id) for s in invitation.slot_list()] == [(alice.pk, alice.pk), (bob.pk, None)]
    assert not Game.objects.exists()
    bob_client.post(f"/invitations/{invitation.pk}/join/")  # the seat is still his to take
    assert {seat.user_id for seat in Game.objects.get().seat_list()} == {alice.pk, bob.pk}


def test_leave_decline_and_cancel(alice, bob, carol, bob_client, alice_client):
    invitation = invitations.create_invitation(alice, "toy", 3, {}, [bob, None])
    bob_client.post(f"/invitations/{invitation.pk}/decline/")
    assert invitation.slot_list()[1].invited_id is None
    bob_client.post(f"/invitations/{invitation.pk}/join/")
    assert invitation.slot_list()[1].user_id == bob.pk
    bob_client.post(f"/invitations/{invitation.pk}/leave/")
    assert invitation.slot_list()[1].user_id is None
    bob_client.post(f"/invitations/{invitation.pk}/cancel/")
    invitation.refresh_from_db()
    assert invitation.status == "open"  # only the host cancels
    alice_client.post(f"/invitations/{invitation.pk}/cancel/")
    invitation.refresh_from_db()
    assert invitation.status == "cancelled"


def test_open_invitations_are_listed_and_filtered(alice, bob, client):
    invitations.create_invitation(alice, "toy", 2, {}, [None], note="open one", days_per_move=2)
    invitations.create_invitation(alice, "toy", 3, {}, [None, None], note="three", days_per_move=5)
    invitations.create_invitation(alice, "toy", 2, {}, [bob], note="only bob")
    invitations.create_invitation(alice, "toy", 2, {}, [None], note="secret table", visibility="private")
    page = client.get("/invitations/").content.decode()
    assert "open one" in page and "three" in page
    assert "only bob" not in page and "secret table" not in page
    assert "three" not in client.get("/invitations/?players=2").content.decode()
    assert "open one" not in client.get("/invitations/?days=5").content.decode()
    assert "open one" in client.get("/invitations/?game=toy").content.decode()


def test_at_most_50_running_games(alice, bob, settings):
    settings.MAX_RUNNING_GAMES = 2
    start_game("toy", [alice, bob])
    start_game("toy", [alice, bob])
    with pytest.raises(invitations.Refused):
        invitations.create_invitation(alice, "toy", 2, {}, [None])
    invitation = invitations.create_invitation(bob.__class__.objects.create_user("erin"), "toy", 2, {}, [None])
    with pytest.raises(invitations.Refused):
        invitations.join(invitation, alice)


def test_seat_order_is_random_unless_fixed(alice, bob, carol, dave):
    orders = set()
    for _ in range(12):
        game = start_game("toy", [alice, bob, carol, dave], fixed_order=False)
        orders.add(tuple(seat.user.username for seat in game.seat_list()))
        Game.objects.filter(pk=game.pk).update(status="finished")
    assert len(orders) > 1
    game = start_game("toy", [alice, bob, carol, dave], fixed_order=True)
    assert [seat.user.username for seat in game.seat_list()] == ["alice", "bob", "carol", "dave"]
