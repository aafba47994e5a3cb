"""The embedded scheduler runs the tick without a broker; unsubscribe links are signed; the
vacation button on the profile page."""

import datetime
import time

import pytest
import time_machine
from django.conf import settings
from django.core import signing as django_signing
from django.test import Client
from django.utils import timezone

from accounts.models import Profile
from games import clocks
from games.management.commands.runserver_embedded import start_scheduler
from games.models import Email
from games.notifications import build, signing

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


def signed(content):
    """A link signed with the site's key but holding what no email of the site holds."""
    return "/unsubscribe/" + django_signing.dumps(content, salt=signing.SALT, compress=True) + "/"


def test_a_link_signed_for_every_email_stops_every_email(bob):
    response = Client().post(f"/unsubscribe/{signing.token(bob, 'all')}/")
    assert response.status_code == 200
    profile = Profile.objects.get(user=bob)
    assert not any([profile.notify_turn, profile.notify_reminder, profile.notify_invitation, profile.notify_finished])


UNEXPECTED_CONTENT = {
    "the user as a string": lambda pk: {"u": str(pk), "f": "notify_turn"},
    "no user": lambda pk: {"u": None, "f": "notify_turn"},
    "a field that is no email preference": lambda pk: {"u": pk, "f": "is_staff"},
    "no field": lambda pk: {"u": pk, "f": None},
    "not an object": lambda pk: [pk, "notify_turn"],
}


@pytest.mark.parametrize("content", UNEXPECTED_CONTENT.values(), ids=UNEXPECTED_CONTENT.keys())
def test_a_signed_link_with_unexpected_content_is_refused_and_changes_nothing(bob, content):
    for method in ("get", "post"):
        response = getattr(Client(), method)(signed(content(bob.pk)))
        assert response.status_code == 400, method
    profile = Profile.objects.get(user=bob)
    assert profile.notify_turn and profile.notify_reminder and profile.notify_invitation


def test_the_vacation_button_pauses_and_resumes(alice, alice_client):
    alice_client.post("/profile/vacation/", {"on": "1"})
    assert Profile.objects.get(user=alice).vacation_since is not None
    assert b"vacation" in alice_client.get("/profile/").content.lower()
    alice_client.post("/profile/vacation/")
    assert Profile.objects.get(user=alice).vacation_since is None


def test_coming_back_without_a_vacation_says_nothing(alice, alice_client):
    response = alice_client.post("/profile/vacation/", follow=True)
    assert [str(message) for message in response.context["messages"]] == []
    assert Profile.objects.get(user=alice).vacation_since is None


def test_coming_back_from_a_vacation_says_welcome_back(alice, alice_client):
    alice_client.post("/profile/vacation/", {"on": "1"}, follow=True)  # its message shown
    response = alice_client.post("/profile/vacation/", follow=True)
    assert [str(message) for message in response.context["messages"]] == ["Welcome back: your clocks run again."]


def messages_of(response):
    return [str(message) for message in response.context["messages"]]


def test_a_vacation_taken_by_hand_outlasts_a_visit_and_sends_no_email(alice, alice_client):
    alice_client.post("/profile/vacation/", {"on": "1"})
    with time_machine.travel(timezone.now() + datetime.timedelta(hours=1)):
        alice_client.get("/")  # only an automatic vacation ends when its player comes back
    assert Profile.objects.get(user=alice).vacation_since is not None
    assert not Email.objects.filter(user=alice, kind="vacation").exists()


def test_the_vacation_button_while_away_keeps_the_first_day(alice, alice_client):
    start = timezone.now()
    alice_client.post("/profile/vacation/", {"on": "1"}, follow=True)
    with time_machine.travel(start + datetime.timedelta(days=1)):
        alice_client.post("/profile/vacation/", {"on": "1"})
    assert Profile.objects.get(user=alice).vacation_since <= start + datetime.timedelta(minutes=1)


def test_without_vacation_days_left_the_vacation_button_refuses(alice, alice_client):
    Profile.objects.filter(user=alice).update(vacation_left=datetime.timedelta(0))
    response = alice_client.post("/profile/vacation/", {"on": "1"}, follow=True)
    assert messages_of(response) == ["You have no vacation days left."]
    assert Profile.objects.get(user=alice).vacation_since is None


def test_half_a_vacation_day_left_is_enough_to_start_a_vacation(alice, alice_client):
    Profile.objects.filter(user=alice).update(vacation_left=datetime.timedelta(hours=12))
    response = alice_client.post("/profile/vacation/", {"on": "1"}, follow=True)
    assert messages_of(response) == ["You are on vacation: your clocks are paused."]
    assert Profile.objects.get(user=alice).vacation_since is not None


def test_the_unsubscribe_link_of_an_email_turns_off_that_kind(bob):
    link = build.render(bob, bob.profile, "vacation", {"left": 3})["unsubscribe_url"]  # a notify_reminder kind
    response = Client(enforce_csrf_checks=True).post(link.removeprefix(settings.SITE_URL), {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    bob.profile.refresh_from_db()
    assert not bob.profile.notify_reminder and bob.profile.notify_turn
