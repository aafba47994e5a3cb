"""Invitations: create from the game's OPTIONS, join, leave, decline, cancel, start."""

import pytest

from games import invitations
from games.models import Game, Invitation, Seat
from tests.support.games import play_to_end, start_game


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


def test_an_invited_player_who_leaves_gives_the_seat_back_to_anyone(alice, bob, carol):
    invitation = invitations.create_invitation(alice, "toy", 3, {}, [bob, None])
    invitations.join(invitation, bob)
    invitations.leave(invitation, bob)
    # The seat kept for bob is open now, not kept for him any longer: carol takes it.
    assert [(s.invited_id, s.user_id) for s in invitation.slot_list()] == [(alice.pk, alice.pk), (None, None), (None, None)]
    invitations.join(invitation, carol)
    assert invitation.slot_list()[1].user_id == carol.pk


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


def test_the_new_game_form_marks_the_fields_of_some_player_counts_only(alice_client):
    page = alice_client.get("/invitations/new/toy/").content.decode()
    assert 'name="seat_1"' in page and 'data-players="2 3 4"' in page
    assert 'name="seat_3"' in page and 'data-players="4"' in page
    assert 'fieldset data-players="2 3 4"' in page
    assert "The start player is drawn at random either way" in page


# What an invitation stores, which seat a player takes, the game it starts -------------------------

def test_an_invitation_stores_every_setting(alice, bob):
    invitation = invitations.create_invitation(
        alice, "toy", 3, {"hand_size": 3}, [bob, None], days_per_move=5, visibility="private",
        fixed_order=True, note="by the fire", timeout_policy="cancel")
    invitation.refresh_from_db()
    assert (invitation.host, invitation.game_id, invitation.players) == (alice, "toy", 3)
    assert invitation.options == {"hand_size": 3, "extra": 1}  # normalised with the defaults
    assert (invitation.days_per_move, invitation.visibility, invitation.fixed_order, invitation.note,
            invitation.timeout_policy) == (5, "private", True, "by the fire", "cancel")
    assert invitation.status == Invitation.Status.OPEN
    assert [(s.index, s.invited_id, s.user_id) for s in invitation.slot_list()] == [
        (0, alice.pk, alice.pk), (1, bob.pk, None), (2, None, None)]


def test_an_invitation_without_settings_gets_the_usual_ones(alice, bob):
    # Callers that pass only the essentials (the demo games) get: 3 days a move, public,
    # a random seat order, no note, a late player dropped (not the game cancelled), no requirement.
    invitation = invitations.create_invitation(alice, "toy", 2, {}, [bob])
    invitation.refresh_from_db()
    assert (invitation.days_per_move, invitation.visibility, invitation.fixed_order, invitation.note,
            invitation.timeout_policy, invitation.min_rating, invitation.min_reliability) == (
        3, "public", False, "", "drop", None, None)


def test_an_invited_player_takes_the_seat_kept_for_him_not_the_first_open_one(alice, bob, carol):
    invitation = invitations.create_invitation(alice, "toy", 3, {}, [None, bob])
    invitations.join(invitation, bob)
    assert [(s.invited_id, s.user_id) for s in invitation.slot_list()] == [
        (alice.pk, alice.pk), (None, None), (bob.pk, bob.pk)]
    assert invitations.join(invitation, carol) is not None  # the last seat starts the game


def test_the_game_copies_the_invitation_and_seats_in_order(alice, bob, carol):
    invitation = invitations.create_invitation(alice, "toy", 3, {"hand_size": 3}, [bob, carol],
                                               days_per_move=6, visibility="private", fixed_order=True)
    invitations.join(invitation, bob)
    game = invitations.join(invitation, carol)
    game.refresh_from_db()
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.STARTED and game.invitation == invitation
    assert (game.game_id, game.options, game.days_per_move, game.visibility) == (
        "toy", {"hand_size": 3, "extra": 1}, 6, "private")
    assert game.status == Game.Status.RUNNING and game.version == 0
    assert [seat.user for seat in game.seat_list()] == [alice, bob, carol]
    assert [len(hand) for hand in game.state["hands"]] == [3, 3, 3]
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    assert [seat.to_act for seat in seats] == [True, False, False]
    assert seats[0].waiting_since == game.created and seats[1].waiting_since is None
    assert game.updated == game.created


def test_each_game_gets_its_own_secret_seed(alice, bob):
    seeds = set()
    for _ in range(3):
        invitation = invitations.create_invitation(alice, "toy", 2, {}, [bob], fixed_order=True)
        seeds.add(invitations.join(invitation, bob).seed)
    assert len(seeds) == 3 and all(0 <= seed < 2 ** 62 for seed in seeds)


def test_finished_games_do_not_count_against_the_limit(alice, bob, settings):
    settings.MAX_RUNNING_GAMES = 1
    invitation = invitations.create_invitation(alice, "toy", 2, {}, [bob])
    game = invitations.join(invitation, bob)
    assert invitations.running_games(alice) == 1
    play_to_end(game)
    assert invitations.running_games(alice) == 0
    invitations.create_invitation(alice, "toy", 2, {}, [bob])  # allowed again
