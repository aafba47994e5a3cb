"""Timeouts, drops and cancellations stand in the game log after the move they followed."""

import datetime

import pytest

from games.models import GameEvent
from tests.correspondence.conftest import play_turn
from tests.correspondence.test_timeouts import DAY, at, new_game, seat

pytestmark = pytest.mark.django_db
DROPPED = "alice ran out of time; a bot plays this seat to the end."


@pytest.fixture
def dropped_game(alice, bob, committed):
    """Bob plays a turn, then alice times out and a bot finishes the game for her."""
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([bob, alice], committed, policy="drop", days=1)
    with committed():
        play_turn(game, bob)
    at(seat(game, alice).waiting_since, DAY + datetime.timedelta(minutes=1), committed)
    game.refresh_from_db()
    return game


def test_the_event_follows_the_move_it_came_after(dropped_game, bob_client):
    event = GameEvent.objects.get(game=dropped_game)
    entries = bob_client.get(f"/api/games/{dropped_game.pk}/log/").json()["entries"]
    texts = [entry["text"] for entry in entries]
    index = texts.index(DROPPED)
    assert entries[index]["event"] == event.pk and entries[index]["seq"] == event.after_seq == 2
    assert [entry["seq"] for entry in entries[:index]] == [1, 2]
    assert entries[index + 1]["seq"] == 3 and entries[index + 1]["event"] is None


def test_the_api_log_after_a_move_includes_the_events_after_it(dropped_game, bob_client):
    texts = [e["text"] for e in bob_client.get(f"/api/games/{dropped_game.pk}/log/?after=2").json()["entries"]]
    assert texts[0] == DROPPED
    texts = [e["text"] for e in bob_client.get(f"/api/games/{dropped_game.pk}/log/?after=3").json()["entries"]]
    assert DROPPED not in texts


def test_the_game_page_and_the_whole_log_show_it(dropped_game, bob_client):
    assert DROPPED in bob_client.get(f"/games/{dropped_game.pk}/").content.decode()
    assert DROPPED in bob_client.get(f"/games/{dropped_game.pk}/log/").content.decode()


def test_the_replay_shows_it_from_the_step_after_which_it_happened(dropped_game, bob_client):
    assert DROPPED not in bob_client.get(f"/games/{dropped_game.pk}/replay/1/").content.decode()
    assert DROPPED in bob_client.get(f"/games/{dropped_game.pk}/replay/2/").content.decode()


def test_a_cancelled_game_ends_its_log_with_the_reason(alice, bob, committed, bob_client):
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = new_game([alice, bob], committed, policy="cancel", days=1)
    at(seat(game, alice).waiting_since, DAY + datetime.timedelta(minutes=1), committed)
    entries = bob_client.get(f"/api/games/{game.pk}/log/").json()["entries"]
    assert [e["text"] for e in entries] == ["alice ran out of time; the game is cancelled."]


def test_an_automatic_vacation_is_in_the_log(alice, bob, committed, bob_client):
    game = new_game([alice, bob], committed, days=1)
    at(seat(game, alice).waiting_since, DAY + datetime.timedelta(minutes=1), committed)
    entries = bob_client.get(f"/api/games/{game.pk}/log/").json()["entries"]
    assert [e["text"] for e in entries] == ["alice ran out of time; vacation began and pauses the clock."]


def test_the_game_page_shows_the_newest_entries_and_links_the_whole_log(toy_game, bob_client, monkeypatch):
    from games import presenters
    from tests.correspondence.conftest import move

    monkeypatch.setattr(presenters, "LOG_LAST", 1)
    move(toy_game, toy_game.seat_list()[0].user, "select")
    move(toy_game, toy_game.seat_list()[0].user, "play")
    page = bob_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert f"/games/{toy_game.pk}/log/" in page and page.count('class="seq"') == 1
    whole = bob_client.get(f"/games/{toy_game.pk}/log/", HTTP_HX_REQUEST="true").content.decode()
    assert whole.count('class="seq"') == 2 and "<html" not in whole


def test_a_german_player_reads_the_page_the_log_and_the_emails_in_german(alice, bob, committed, alice_client):
    from django.core import mail

    alice.profile.language = "de"
    alice.profile.vacation_auto = False
    alice.profile.save()
    mail.outbox.clear()
    game = new_game([bob, alice], committed, policy="drop", days=1)
    with committed():
        play_turn(game, bob)
    at(seat(game, alice).waiting_since, DAY + datetime.timedelta(minutes=1), committed)
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "alice hat die Bedenkzeit überschritten; ein Bot spielt diesen Platz zu Ende." in page
    assert "Spielprotokoll" in page and "Game log" not in page
    german = [m for m in mail.outbox if m.to == [alice.email]]
    assert german and all("Hallo" in m.body for m in german)
    assert any(m.subject == f"Deine Zeit in Toy #{game.pk} ist abgelaufen" for m in german)
    english = [m for m in mail.outbox if m.to == [bob.email]]
    assert english and all("Hello" in m.body for m in english)
