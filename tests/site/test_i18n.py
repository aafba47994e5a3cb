"""German: the whole interface, the game log and the emails follow the reader's language."""

import random

import pytest
from django.core import mail
from django.utils import translation
from django.utils.html import escape

from games import presenters
from games.text import render

from tests.support.games import play_random_move, start_game


@pytest.fixture
def german_bob(bob):
    bob.profile.language = "de"
    bob.profile.save()
    return bob


def test_the_game_page_is_german_for_a_german_reader(alice, german_bob, bob_client, alice_client):
    game = start_game("toy", [german_bob, alice])
    page = bob_client.get(f"/games/{game.pk}/").content.decode()
    assert "Du bist am Zug" in page and "Spielprotokoll" in page and "Meine Spiele" in page
    assert "Waiting for" in alice_client.get(f"/games/{game.pk}/").content.decode()  # English for alice


def test_refusals_come_in_the_readers_language(alice, german_bob, bob_client):
    from tests.support.games import post_move

    game = start_game("toy", [alice, german_bob])
    response = post_move(bob_client, game, {"type": "play"})
    assert response.json()["error"] == "Du bist nicht am Zug."


def test_praga_log_lines_are_translated(alice, german_bob, bob_client):
    from engine import registry

    if "praga" not in registry.GAMES:
        pytest.skip("Praga is not registered")
    game = start_game("praga", [alice, german_bob])
    rng = random.Random(1)
    for _ in range(6):
        play_random_move(game, rng, skip_undo=True)
    english = bob_client.get(f"/api/games/{game.pk}/log/", HTTP_ACCEPT_LANGUAGE="en").json()
    lines = [entry["text"] for entry in english["entries"]]
    assert lines and all(line for line in lines)
    page = bob_client.get(f"/games/{game.pk}/").content.decode()
    log = page[page.index("pg-log-list"):]  # the log only: the rest of the page is German anyway
    names = presenters.player_names(game)
    translated = 0
    for move in game.moves.all():
        with translation.override("en"):
            in_english = escape(render(move.text, names))
        with translation.override("de"):
            in_german = escape(render(move.text, names))
        assert in_german in log, in_german
        if in_german != in_english:
            translated += 1
            assert in_english not in log
    assert translated >= 3, "too few log lines have a German text to prove the log is translated"


def test_emails_are_sent_in_the_users_language(client, german_bob, db):
    client.post("/accounts/password/reset/", {"email": "bob@example.com"}, HTTP_ACCEPT_LANGUAGE="de")
    assert len(mail.outbox) == 1
    assert "Passwort" in mail.outbox[0].subject + mail.outbox[0].body


def test_the_language_switch_for_visitors(client, db):
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/"}, follow=True)
    assert "Registrieren" in response.content.decode()
