"""A private invitation is reached only by its host and invitees, or through its secret link."""

import re

import pytest

from games import invitations
from games.models import Game, Invitation


@pytest.fixture
def private(alice, bob):
    return invitations.create_invitation(alice, "toy", 3, {}, [bob, None], visibility="private")


def test_an_outsider_gets_the_same_404_as_for_an_unknown_invitation(private, carol_client):
    assert carol_client.get(f"/invitations/{private.pk}/").status_code == 404
    assert carol_client.get("/invitations/987654/").status_code == 404
    for action in ("join", "leave", "decline", "cancel"):
        assert carol_client.post(f"/invitations/{private.pk}/{action}/").status_code == 404
    assert all(slot.user_id is None for slot in private.slot_list()[1:])


def test_a_visitor_without_an_account_gets_a_404_too(private, client):
    assert client.get(f"/invitations/{private.pk}/").status_code == 404


def test_a_wrong_or_guessed_key_is_a_404(private, carol_client):
    for key in ("", "x", private.link_token[:-1], str(private.pk), private.link_token.upper()):
        assert carol_client.get(f"/invitations/{private.pk}/", {"key": key}).status_code == 404
        assert carol_client.post(f"/invitations/{private.pk}/join/", {"key": key}).status_code == 404
    assert all(slot.user_id is None for slot in private.slot_list()[1:])


def test_the_domain_refuses_a_join_without_the_link(private, carol):
    with pytest.raises(invitations.Refused):
        invitations.join(private, carol)


def test_host_and_invitee_see_it(private, alice_client, bob_client):
    assert alice_client.get(f"/invitations/{private.pk}/").status_code == 200
    assert bob_client.get(f"/invitations/{private.pk}/").status_code == 200


def test_the_host_copies_the_link_and_whoever_has_it_joins(private, alice_client, bob_client, carol_client):
    page = alice_client.get(f"/invitations/{private.pk}/").content.decode()
    link = re.search(r'id="private-link" type="text" readonly value="([^"]+)"', page).group(1)
    assert link == f"http://testserver/invitations/{private.pk}/?key={private.link_token}"
    assert len(private.link_token) >= 20
    assert private.link_token not in bob_client.get(f"/invitations/{private.pk}/").content.decode()
    page = carol_client.get(link).content.decode()
    assert f'name="key" value="{private.link_token}"' in page
    response = carol_client.post(f"/invitations/{private.pk}/join/", {"key": private.link_token})
    assert response.status_code == 302
    assert carol_client.get(f"/invitations/{private.pk}/").status_code == 200  # seated now
    bob_client.post(f"/invitations/{private.pk}/join/")
    assert Game.objects.get(invitation=private).seats.count() == 3


def test_private_invitations_stay_out_of_the_lobby(private, carol_client):
    assert f"/invitations/{private.pk}/" not in carol_client.get("/invitations/").content.decode()


def test_each_invitation_gets_its_own_token(alice, bob):
    first = invitations.create_invitation(alice, "toy", 2, {}, [bob], visibility="private")
    second = invitations.create_invitation(alice, "toy", 2, {}, [None], visibility="private")
    assert first.link_token != second.link_token
    assert Invitation.objects.filter(link_token=first.link_token).count() == 1
