"""Retention: invitations that never became a game expire with an email; games are kept forever."""

import datetime

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from accounts.models import Profile
from games import invitations
from games.models import ChatMessage, Email, Game, GameEvent, Invitation, Move
from tests.correspondence.conftest import tick
from tests.support.games import play_to_end, start_game

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


def at(moment, committed):
    with time_machine.travel(moment, tick=False), committed():
        tick()


def test_an_invitation_nobody_joined_for_30_days_expires_with_one_email_to_its_host(alice, committed):
    invitation = invitations.create_invitation(alice, "toy", 2, {}, [None])
    at(invitation.created + 30 * DAY - datetime.timedelta(minutes=1), committed)
    assert Invitation.objects.get(pk=invitation.pk).status == Invitation.Status.OPEN
    at(invitation.created + 30 * DAY + datetime.timedelta(minutes=1), committed)
    at(invitation.created + 31 * DAY, committed)
    assert Invitation.objects.get(pk=invitation.pk).status == Invitation.Status.CANCELLED
    [email] = Email.objects.filter(user=alice, kind="invitation_expired")
    assert email.subject == "Your invitation to Toy has expired"
    assert "found no players within 30 days" in email.text
    assert "/invitations/new/toy/" in email.text
    assert [m.subject for m in mail.outbox if m.to == [alice.email]] == [email.subject]


def test_the_expiry_email_is_in_the_hosts_language(alice, committed):
    Profile.objects.filter(user=alice).update(language="de")
    invitation = invitations.create_invitation(alice, "toy", 2, {}, [None])
    at(invitation.created + 31 * DAY, committed)
    email = Email.objects.get(user=alice, kind="invitation_expired")
    assert email.subject == "Deine Einladung zu Toy ist abgelaufen"


def test_games_moves_events_and_chat_are_never_purged(alice, bob, committed):
    game = play_to_end(start_game("toy", [alice, bob]), seed=4)
    ChatMessage.objects.create(game=game, user=bob, body="gg")
    running = start_game("toy", [bob, alice])
    counts = (Move.objects.count(), GameEvent.objects.count(), ChatMessage.objects.count())
    at(timezone.now() + 3 * 365 * DAY, committed)
    assert Game.objects.filter(pk=game.pk, status=Game.Status.FINISHED).exists()
    assert Game.objects.filter(pk=running.pk).exists()  # cancelled when idle, still kept
    assert (Move.objects.count(), ChatMessage.objects.count()) == counts[::2]
    assert GameEvent.objects.count() >= counts[1]
