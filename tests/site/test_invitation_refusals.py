"""Every refusal of games/invitations.py: a clear reason, and nothing changes."""

import pytest

from games import invitations
from games.models import Game, Invitation, Slot


def refusal(call, *args, **kwargs):
    with pytest.raises(invitations.Refused) as refused:
        call(*args, **kwargs)
    return refused.value.reason["msg"]


def slots(invitation):
    return [(slot.invited_id, slot.user_id) for slot in invitation.slot_list()]


def test_creating_is_refused_for_an_unknown_game_or_bad_options(alice, bob):
    assert refusal(invitations.create_invitation, alice, "no-such-game", 2, {}, [bob]) == "There is no such game."
    assert refusal(invitations.create_invitation, alice, "toy", 2, {"hand_size": 9}, [bob]) == (
        "Option {name} cannot be {value}.")
    assert refusal(invitations.create_invitation, alice, "toy", 9, {}, [None] * 8) == (
        "This game is for {low} to {high} players.")
    assert not Invitation.objects.exists()


def test_creating_needs_one_entry_per_seat_and_each_player_once(alice, bob):
    assert refusal(invitations.create_invitation, alice, "toy", 3, {}, [bob]) == (
        "Name a player or leave the seat open for each seat.")
    assert refusal(invitations.create_invitation, alice, "toy", 2, {}, [alice]) == "Each player can take only one seat."
    assert refusal(invitations.create_invitation, alice, "toy", 3, {}, [bob, bob]) == "Each player can take only one seat."
    assert not Invitation.objects.exists()


def test_a_player_at_the_game_limit_cannot_host_or_join(alice, bob, carol, settings):
    settings.MAX_RUNNING_GAMES = 1
    invitations.create_invitation(alice, "toy", 1, {}, [])  # a solo game: alice now plays one
    assert refusal(invitations.create_invitation, alice, "toy", 2, {}, [bob]) == (
        "You already play as many games as allowed ({count}); finish some first.")
    open_one = invitations.create_invitation(bob, "toy", 2, {}, [None])
    assert refusal(invitations.join, open_one, alice) == "You already play as many games as allowed ({count}); finish some first."
    assert slots(open_one) == [(bob.pk, bob.pk), (None, None)]
    invitations.join(open_one, carol)  # one under the limit may join
    assert Game.objects.filter(invitation=open_one).exists()


def test_joining_twice_or_a_closed_invitation_is_refused(alice, bob, carol, dave):
    invitation = invitations.create_invitation(alice, "toy", 3, {}, [None, None])
    assert refusal(invitations.join, invitation, alice) == "You have already joined."
    invitations.join(invitation, bob)
    assert refusal(invitations.join, invitation, bob) == "You have already joined."
    invitations.join(invitation, carol)  # full: the game starts
    assert refusal(invitations.join, invitation, dave) == "This invitation is no longer open."
    cancelled = invitations.create_invitation(alice, "toy", 2, {}, [None])
    invitations.cancel(cancelled, alice)
    assert refusal(invitations.join, cancelled, dave) == "This invitation is no longer open."
    assert slots(cancelled) == [(alice.pk, alice.pk), (None, None)]


def test_leaving_is_refused_to_the_host_to_outsiders_and_after_the_start(alice, bob, carol):
    invitation = invitations.create_invitation(alice, "toy", 3, {}, [None, None])
    assert refusal(invitations.leave, invitation, alice) == "The host cannot leave; cancel the invitation instead."
    assert refusal(invitations.leave, invitation, bob) == "You have not joined this invitation."
    invitations.join(invitation, bob)
    invitations.join(invitation, carol)
    assert refusal(invitations.leave, invitation, bob) == "This invitation is no longer open."
    assert Slot.objects.filter(invitation=invitation, user=bob).exists()


def test_declining_is_refused_without_a_named_seat_or_after_joining(alice, bob, carol):
    invitation = invitations.create_invitation(alice, "toy", 3, {}, [bob, None])
    assert refusal(invitations.decline, invitation, carol) == "There is nothing to decline."
    invitations.join(invitation, bob)
    assert refusal(invitations.decline, invitation, bob) == "There is nothing to decline."  # he sits there now
    assert slots(invitation) == [(alice.pk, alice.pk), (bob.pk, bob.pk), (None, None)]
    invitations.cancel(invitation, alice)
    assert refusal(invitations.decline, invitation, bob) == "This invitation is no longer open."


def test_only_the_host_cancels_and_only_an_open_invitation(alice, bob):
    invitation = invitations.create_invitation(alice, "toy", 2, {}, [None])
    assert refusal(invitations.cancel, invitation, bob) == "Only the host can cancel the invitation."
    invitations.join(invitation, bob)  # the game starts
    assert refusal(invitations.cancel, invitation, alice) == "This invitation is no longer open."
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.STARTED


def test_a_reserved_seat_is_refused_to_another_player_with_its_reason(alice, bob, carol):
    invitation = invitations.create_invitation(alice, "toy", 2, {}, [bob])
    with pytest.raises(invitations.Refused) as refused:
        invitations.join(invitation, carol)
    assert refused.value.reason["msg"] == str(refused.value) == "There is no free seat for you."


def test_leaving_or_declining_touches_only_this_invitation(alice, bob, carol):
    kept = invitations.create_invitation(alice, "toy", 3, {}, [bob, None])
    other = invitations.create_invitation(alice, "toy", 3, {}, [bob, None])
    invitations.decline(other, bob)
    assert slots(kept) == [(alice.pk, alice.pk), (bob.pk, None), (None, None)]
    invitations.join(kept, bob)
    invitations.join(other, bob)
    invitations.leave(other, bob)
    assert slots(kept) == [(alice.pk, alice.pk), (bob.pk, bob.pk), (None, None)]
    assert slots(other) == [(alice.pk, alice.pk), (None, None), (None, None)]  # the seat is open to anyone


def test_a_private_invitation_is_refused_without_its_link_as_if_it_did_not_exist(alice, bob, carol):
    private = invitations.create_invitation(alice, "toy", 3, {}, [bob, None], visibility="private")
    # The same reason as for an unknown invitation: the refusal tells an outsider nothing.
    assert refusal(invitations.join, private, carol) == "There is no such invitation."
    assert refusal(invitations.join, private, carol, key=private.link_token[:-1]) == "There is no such invitation."
    assert slots(private) == [(alice.pk, alice.pk), (bob.pk, None), (None, None)]


def test_the_game_limit_refusal_names_the_limit(alice, bob, settings):
    settings.MAX_RUNNING_GAMES = 1
    invitations.create_invitation(alice, "toy", 1, {}, [])
    with pytest.raises(invitations.Refused) as refused:
        invitations.create_invitation(alice, "toy", 2, {}, [bob])
    assert refused.value.reason["args"] == {"count": 1}  # shown as "… as allowed (1) …"


def test_bots_need_one_entry_per_seat_and_a_seat_is_a_bots_or_a_players(alice, bob):
    assert refusal(invitations.create_invitation, alice, "praga", 2, {}, [None], bots=["random", "random"]) == (
        "Name a player or leave the seat open for each seat.")
    assert refusal(invitations.create_invitation, alice, "praga", 2, {}, [bob], bots=["random"]) == (
        "A seat is either a bot's or a player's.")
    assert not Invitation.objects.exists()
