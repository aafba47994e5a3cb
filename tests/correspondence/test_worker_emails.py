"""A real Celery worker (subprocess, Redis) sends the emails to a real SMTP server."""

import datetime
from urllib.parse import urlsplit

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from accounts.models import Profile
from games.models import Email, GameEvent, Seat
from tests.correspondence.conftest import play_turn, tick
from tests.support.games import start_game
from tests.support.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)



def received(mailbox, address, prefix):
    return [m for m in mailbox.messages if m["To"] == address and m["Subject"].startswith(prefix)]


def test_the_turn_email_arrives_in_german_with_link_and_unsubscribe_headers(alice, bob, on_worker_queue, mailbox):
    Profile.objects.filter(user=bob).update(language="de")
    game = start_game("toy", [alice, bob])
    play_turn(game, alice)
    with time_machine.travel(timezone.now() + datetime.timedelta(minutes=2)):
        tick()
    assert wait_until(lambda: received(mailbox, bob.email, "Du bist am Zug"))
    [message] = received(mailbox, bob.email, "Du bist am Zug")
    assert message["Subject"] == f"Du bist am Zug in Toy #{game.pk}"
    assert message["Content-Language"] == "de"
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert text.startswith("Hallo bob,")
    assert f"/games/{game.pk}/" in text and f'href="http://127.0.0.1:8000/games/{game.pk}/"' in html
    unsubscribe = message["List-Unsubscribe"].strip().strip("<>")
    assert message["List-Unsubscribe-Post"].strip() == "List-Unsubscribe=One-Click"
    assert unsubscribe in text
    path = urlsplit(unsubscribe).path
    assert Client().get(path).status_code == 200  # a confirm page, nothing changed yet
    assert Profile.objects.get(user=bob).notify_turn
    assert Client().post(path, {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert not Profile.objects.get(user=bob).notify_turn
    # The worker marks the email sent once the SMTP server took it: a moment after it arrived.
    assert wait_until(lambda: Email.objects.filter(sent__isnull=True).count() == 0)


def test_reminder_timeout_and_bot_through_the_worker(alice, bob, on_worker_queue, mailbox):
    Profile.objects.filter(user=alice).update(vacation_auto=False)
    game = start_game("toy", [alice, bob])
    start = Seat.objects.get(game=game, user=alice).waiting_since
    with time_machine.travel(start + datetime.timedelta(hours=25), tick=False):
        tick()
    assert wait_until(lambda: received(mailbox, alice.email, "Reminder:"))
    with time_machine.travel(start + datetime.timedelta(days=3, minutes=1), tick=False):
        tick()
        tick()
    assert wait_until(lambda: received(mailbox, bob.email, "alice ran out of time")), (
        list(Email.objects.values_list("key", "sent")), [m["Subject"] for m in mailbox.messages], on_worker_queue.log[-20:])
    assert wait_until(lambda: Seat.objects.get(game=game, user=bob).to_act)  # the bot played alice's turn
    assert len(received(mailbox, alice.email, "You ran out of time")) == 1
    assert len(received(mailbox, alice.email, "Reminder:")) == 1
    assert GameEvent.objects.filter(game=game).count() == 1
    assert game.moves.filter(seat=0).count() == 2
