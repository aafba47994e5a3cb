"""The emails around a game: invitation received, game started, game finished."""

import pytest

from games import invitations
from games.models import Email, Game
from tests.correspondence.conftest import play_turn

pytestmark = pytest.mark.django_db


def emails(user, kind):
    return list(Email.objects.filter(user=user, kind=kind))


def test_an_invited_player_gets_one_email_with_a_link_to_the_invitation(alice, bob, committed):
    with committed():
        invitation = invitations.create_invitation(alice, "toy", 2, {}, [bob], note="Friendly game")
    [email] = emails(bob, "invitation")
    assert f"/invitations/{invitation.pk}/" in email.text and f"/invitations/{invitation.pk}/" in email.html
    assert alice.username in email.text or alice.profile.name in email.text
    assert not emails(alice, "invitation")


def test_everyone_is_told_when_the_game_starts_and_when_it_ends_with_the_ranking(alice, bob, committed):
    with committed():
        invitation = invitations.create_invitation(alice, "toy", 2, {}, [bob], fixed_order=True)
        invitations.join(invitation, bob)
    game = Game.objects.get(invitation=invitation)
    for user in (alice, bob):
        [started] = emails(user, "started")
        assert f"/games/{game.pk}/" in started.text
    while not game.is_finished:
        for user in (alice, bob):
            game.refresh_from_db()
            if not game.is_finished and game.seat_of(user).to_act:
                with committed():
                    play_turn(game, user)
    game.refresh_from_db()
    for user in (alice, bob):
        [finished] = emails(user, "finished")
        for seat in game.seat_list():
            assert f"{seat.rank}. {seat.user.username}: {seat.score}" in finished.text
        assert f"/games/{game.pk}/" in finished.text
