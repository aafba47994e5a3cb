"""The local inbox (DEBUG only) and the demo data."""

import re

import pytest
from django.core.mail import EmailMessage
from django.core.mail.backends.filebased import EmailBackend
from django.core.management import call_command

from games.models import Game, Invitation


def test_the_inbox_lists_and_shows_the_emails_in_var_mail(client, settings, tmp_path, db):
    settings.DEBUG = True
    settings.EMAIL_FILE_PATH = tmp_path
    EmailBackend(file_path=str(tmp_path)).send_messages([
        EmailMessage("Your turn in Praga", "Go to http://127.0.0.1:8000/games/1/", to=["alice@example.com"])])
    page = client.get("/inbox/").content.decode()
    assert "Your turn in Praga" in page and "alice@example.com" in page
    name = re.search(r'href="/inbox/([^"/]+)/"', page).group(1)
    message = client.get(f"/inbox/{name}/").content.decode()
    assert 'href="http://127.0.0.1:8000/games/1/"' in message


def test_the_inbox_is_closed_without_debug(client, settings, db):
    settings.DEBUG = False
    assert client.get("/inbox/").status_code == 404


@pytest.mark.django_db
def test_seed_demo_is_idempotent_and_covers_the_states(capsys):
    call_command("seed_demo", "--game", "toy")
    call_command("seed_demo", "--game", "toy")
    assert "demo games/invitations ready" in capsys.readouterr().out
    assert Game.objects.count() == 3 and Invitation.objects.filter(status="open").count() == 2
    alice_to_move = Game.objects.get(invitation__note="Demo: Alice's move")
    assert [s.user.username for s in alice_to_move.seat_list() if s.to_act] == ["alice"]
    assert Game.objects.filter(status="finished").count() == 1
    call_command("verify_games")


@pytest.mark.django_db
def test_the_welcome_lists_url_accounts_password_and_full_links_to_the_demo_games(settings):
    from games import demo

    assert demo.welcome() == []  # no demo accounts: nothing to announce
    settings.SITE_URL = "http://127.0.0.1:8111"
    call_command("seed_demo", "--game", "toy")
    lines = demo.welcome()
    text = "\n".join(lines)
    assert "Praga Play runs at http://127.0.0.1:8111/" in text
    assert "alice, bob, carol, dave" in text and f"Password (all of them): {demo.PASSWORD}" in text
    alice_to_move = Game.objects.get(invitation__note="Demo: Alice's move")
    assert f"Demo: Alice's move: http://127.0.0.1:8111/games/{alice_to_move.pk}/" in text
    assert "Demo: new players welcome: http://127.0.0.1:8111/invitations/" in text
    assert lines[-1].startswith("=") and "PORT=" in text
