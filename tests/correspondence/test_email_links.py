"""Every link of every game email starts with SITE_URL (issue 8: links went to port 8000)."""

import datetime
import re

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games.models import Game
from tests.correspondence.conftest import play_turn, tick
from tests.support.games import start_game

pytestmark = pytest.mark.django_db
URL = re.compile(r"https?://[^\s\"'<>]+")


def links(message):
    return URL.findall(message.body) + [link for body, _ in message.alternatives for link in URL.findall(body)]


def test_start_turn_reminder_and_finish_emails_link_to_site_url(alice, bob, settings, committed):
    settings.SITE_URL = "http://127.0.0.1:8111"
    with committed():
        game = start_game("toy", [alice, bob])
    with committed():
        play_turn(game, alice)
    later = timezone.now() + datetime.timedelta(hours=25)
    with time_machine.travel(later, tick=False), committed():
        tick()  # bob's turn email and his first reminder
    game.refresh_from_db()
    while not game.is_finished:
        with committed():
            play_turn(game, game.seat_list()[[s.to_act for s in game.seat_list()].index(True)].user)
        game.refresh_from_db()
    subjects = [m.subject for m in mail.outbox]
    for start in ("has started", "It's your turn in Toy", "Reminder", "is over"):
        assert any(start in subject for subject in subjects), (start, subjects)
    game_url = f"http://127.0.0.1:8111/games/{game.pk}/"
    for message in mail.outbox:
        found = links(message)
        target = f"http://127.0.0.1:8111/invitations/{game.invitation_id}/" if "invites you" in message.subject else game_url
        assert target in found and "http://127.0.0.1:8111/profile/" in found, message.subject
        assert any(link.startswith("http://127.0.0.1:8111/unsubscribe/") for link in found), message.subject
        assert all(link.startswith("http://127.0.0.1:8111/") for link in found), (message.subject, found)
    assert Game.objects.get(pk=game.pk).is_finished
