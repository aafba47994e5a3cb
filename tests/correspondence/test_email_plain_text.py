"""Subjects and text parts of emails are plain text: names arrive as typed, unescaped."""

import pytest
from django.utils.html import escape

from accounts.models import Profile
from games import invitations
from games.models import Email
from games.notifications import build

pytestmark = pytest.mark.django_db

NAME = """Tom & "Jerry" <o'Neil>"""


def test_an_invitation_subject_and_text_show_the_hosts_name_as_typed(alice, bob, committed):
    Profile.objects.filter(user=alice).update(display_name=NAME)
    alice.refresh_from_db()
    with committed():
        invitations.create_invitation(alice, "toy", 2, {}, [bob])
    email = Email.objects.get(user=bob, kind="invitation")
    assert NAME in email.subject
    assert NAME in email.text
    assert NAME not in email.html and "Tom &amp; &quot;Jerry&quot; &lt;o&#x27;Neil&gt;" in email.html


def test_a_timed_out_player_subject_shows_the_name_as_typed(alice, bob, toy_game):
    message = build.render(bob, bob.profile, "player_timed_out", {"game": toy_game, "player": NAME, "policy": "drop"})
    assert NAME in message["subject"] and NAME in message["text"]


def test_an_email_greets_its_recipient_by_name_as_typed_in_text_and_escaped_in_html(alice, bob, toy_game):
    Profile.objects.filter(user=bob).update(display_name=NAME)
    bob.refresh_from_db()
    message = build.render(bob, bob.profile, "player_timed_out", {"game": toy_game, "player": "alice", "policy": "drop"})
    assert message["text"].startswith(f"Hello {NAME},\n")
    assert "Hello Tom &amp; &quot;Jerry&quot; &lt;o&#x27;Neil&gt;," in message["html"]
    Profile.objects.filter(user=bob).update(language="de")
    bob.refresh_from_db()
    message = build.render(bob, bob.profile, "player_timed_out", {"game": toy_game, "player": "alice", "policy": "drop"})
    assert message["text"].startswith(f"Hallo {NAME},\n")


def test_the_html_part_is_titled_with_the_subject(alice, bob, toy_game):
    message = build.render(bob, bob.profile, "player_timed_out", {"game": toy_game, "player": NAME, "policy": "drop"})
    assert message["subject"].startswith(NAME)
    assert f"<title>{escape(message['subject'])}</title>" in message["html"]


def test_a_subject_longer_than_its_column_is_cut_to_the_250_characters_kept(alice, bob, toy_game):
    long_name = "N" * 300
    message = build.render(bob, bob.profile, "player_timed_out", {"game": toy_game, "player": long_name, "policy": "drop"})
    assert message["subject"] == long_name[:250]
