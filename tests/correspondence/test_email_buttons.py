"""The button of an email (games/notifications/build.render): its words say where its link leads,
in the recipient's language — the invitation, a new invitation, the game, or the profile."""

import datetime
import re

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games import invitations, retention
from games.notifications import build
from tests.support.games import start_game

pytestmark = pytest.mark.django_db
SITE = "http://127.0.0.1:8000"
BUTTON = re.compile(r'<a href="([^"]+)" style="background[^"]*">([^<]*)</a>')


def button(message):
    """(address, words) of the one button in an email's HTML part."""
    [found] = BUTTON.findall(message.alternatives[0][0])
    return found


def mails_to(user, kind_subject):
    return [m for m in mail.outbox if m.to == [user.email] and kind_subject in m.subject]


def test_an_invitation_leads_to_the_invitation(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invitation = invitations.create_invitation(alice, "toy", 2, {}, [bob])
    [message] = mails_to(bob, "invites you")
    assert button(message) == (f"{SITE}/invitations/{invitation.pk}/", "See the invitation")


def test_an_expired_invitation_leads_to_a_new_one(alice, django_capture_on_commit_callbacks):
    invitations.create_invitation(alice, "toy", 2, {}, [None])
    later = timezone.now() + retention.lifetime() + datetime.timedelta(days=1)
    with time_machine.travel(later), django_capture_on_commit_callbacks(execute=True):
        assert retention.expire_invitations(timezone.now()) == 1
    [message] = mails_to(alice, "has expired")
    assert button(message) == (f"{SITE}/invitations/new/toy/", "Invite again")


def test_a_game_email_leads_to_the_game_in_the_recipients_language(alice, bob, django_capture_on_commit_callbacks):
    bob.profile.language = "de"
    bob.profile.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game("toy", [alice, bob])
    [to_alice] = mails_to(alice, "has started")
    [to_bob] = mails_to(bob, "hat begonnen")
    assert button(to_alice) == (f"{SITE}/games/{game.pk}/", "Open the game")
    assert button(to_bob) == (f"{SITE}/games/{game.pk}/", "Zur Partie")


def test_an_email_without_a_game_or_link_leads_to_the_profile(alice):
    message = build.render(alice, alice.profile, "vacation", {"left": 3})
    html = message["html"]
    assert BUTTON.findall(html) == [(f"{SITE}/profile/", "Your profile")]
    assert message["link"] == f"{SITE}/profile/"
