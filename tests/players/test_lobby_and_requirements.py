"""The lobby filters by the inviter's rating and reliability; invitations may ask for both."""

import pytest

from games import invitations
from players.models import Rating, Reliability
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def open_invitation(host, **requirements):
    return invitations.create_invitation(host, "toy", 2, {}, [None], **requirements)


def test_the_lobby_shows_and_filters_by_the_inviters_rating_and_reliability(client, alice, bob, carol):
    Rating.objects.create(user=alice, game_id="toy", mu=30, sigma=2, ordinal=24, games=9)
    Reliability.objects.create(user=alice, percent=95, moves=19, timeouts=1)
    Reliability.objects.create(user=bob, percent=60, moves=6, timeouts=4)
    by_alice, by_bob, by_carol = open_invitation(alice), open_invitation(bob), open_invitation(carol)

    def listed(query=""):
        page = client.get("/invitations/" + query).content.decode()
        return {pk for pk in (by_alice.pk, by_bob.pk, by_carol.pk) if f'href="/invitations/{pk}/"' in page}

    assert listed() == {by_alice.pk, by_bob.pk, by_carol.pk}
    assert listed("?rating=20") == {by_alice.pk}
    assert listed("?reliability=90") == {by_alice.pk}
    assert listed("?reliability=50") == {by_alice.pk, by_bob.pk}
    page = client.get("/invitations/").content.decode()
    assert "24.0" in page and "95 %" in page
    assert client.get("/invitations/?rating=-3").status_code == 400
    assert client.get("/invitations/?reliability=101").status_code == 400


def test_an_invitation_asking_for_a_rating_refuses_lower_rated_players(alice, bob, carol):
    invitation = open_invitation(alice, min_rating=10)
    Rating.objects.create(user=carol, game_id="toy", mu=30, sigma=5, ordinal=15, games=3)
    with pytest.raises(invitations.Refused) as refused:
        invitations.join(invitation, bob)
    assert refused.value.reason["msg"] == "This invitation asks for a rating of at least {minimum}; yours is {rating}."
    assert refused.value.reason["args"] == {"minimum": "10.0", "rating": "0.0"}
    assert invitations.join(invitation, carol) is not None  # the game starts


def test_an_invitation_asking_for_reliability_refuses_unreliable_players_with_the_reason(alice, bob, carol):
    invitation = open_invitation(alice, min_reliability=80)
    Reliability.objects.create(user=bob, percent=70, moves=7, timeouts=3)
    response = client_for(bob).post(f"/invitations/{invitation.pk}/join/", follow=True)
    assert "This invitation asks for at least 80 % of moves made in time; yours is 70 %." in response.content.decode()
    assert invitation.free_slots()
    Reliability.objects.create(user=carol, percent=90, moves=9, timeouts=1)
    assert invitations.join(invitation, carol) is not None


def test_the_new_game_form_sets_the_requirements(alice):
    response = client_for(alice).post("/invitations/new/toy/", {
        "players": "2", "days_per_move": "3", "timeout_policy": "drop", "visibility": "public",
        "option_hand_size": "2", "option_extra": "1", "min_rating": "5.5", "min_reliability": "75"})
    assert response.status_code == 302
    invitation = alice.hosted_invitations.get()
    assert (invitation.min_rating, invitation.min_reliability) == (5.5, 75)
    page = client_for(alice).get(f"/invitations/{invitation.pk}/").content.decode()
    assert "Minimum rating" in page and "75 %" in page
