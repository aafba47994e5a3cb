"""The embedded scheduler runs the tick without a broker; unsubscribe links are signed."""

import time

import pytest
from django.test import Client

from accounts.models import Profile
from games import clocks
from games.management.commands.runserver_embedded import start_scheduler
from games.notifications import signing

pytestmark = pytest.mark.django_db


def test_the_embedded_scheduler_runs_the_tick(monkeypatch):
    calls = []
    monkeypatch.setattr(clocks, "tick", lambda now=None: calls.append(now))
    scheduler = start_scheduler(interval=0.05)
    try:
        deadline = time.monotonic() + 5
        while len(calls) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        scheduler.stop()
    assert len(calls) >= 2 and not scheduler.is_alive()


def test_unsubscribe_get_shows_a_confirm_page_and_changes_nothing(bob):
    response = Client().get(f"/unsubscribe/{signing.token(bob, 'notify_reminder')}/")
    assert response.status_code == 200 and b"<form" in response.content
    assert Profile.objects.get(user=bob).notify_reminder


def test_unsubscribe_post_needs_no_login_nor_csrf(bob):
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"/unsubscribe/{signing.token(bob, 'notify_reminder')}/", {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    profile = Profile.objects.get(user=bob)
    assert not profile.notify_reminder and profile.notify_turn


def test_unsubscribe_can_stop_every_email(bob):
    Client().post(f"/unsubscribe/{signing.token(bob, 'notify_turn')}/", {"all": "1"})
    profile = Profile.objects.get(user=bob)
    assert not any([profile.notify_turn, profile.notify_reminder, profile.notify_invitation, profile.notify_finished])


def test_a_forged_unsubscribe_link_is_refused(bob):
    token = signing.token(bob, "notify_turn")
    response = Client().post(f"/unsubscribe/{token[:-2]}xx/")
    assert response.status_code == 400
    assert Profile.objects.get(user=bob).notify_turn


def test_the_vacation_button_pauses_and_resumes(alice, alice_client):
    alice_client.post("/profile/vacation/", {"on": "1"})
    assert Profile.objects.get(user=alice).vacation_since is not None
    assert b"vacation" in alice_client.get("/profile/").content.lower()
    alice_client.post("/profile/vacation/")
    assert Profile.objects.get(user=alice).vacation_since is None
