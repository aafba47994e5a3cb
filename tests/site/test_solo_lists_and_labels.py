"""Solo games name their opponent wherever games are listed (pages, emails); API move labels are
the game log's own words."""

import pytest

from tests.conftest import client_for
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def test_my_games_and_the_game_page_say_solo_vs_the_opponent(alice, bob):
    parler = start_game("praga", [alice], {"solo_mode": "parler"})
    dummy = start_game("praga", [alice], {"solo_mode": "dummy"})
    duo = start_game("praga", [alice, bob])
    client = client_for(alice)
    page = client.get("/").content.decode()
    assert f"#{parler.pk}</a>\n  <span class=\"muted\">solo vs Peter Parler</span>" in page
    assert f"#{dummy.pk}</a>\n  <span class=\"muted\">solo vs the dummy</span>" in page
    assert f"#{duo.pk}</a>\n  <span class=\"muted\">alice, bob</span>" in page
    assert "solo vs Peter Parler" in client.get(f"/games/{parler.pk}/").content.decode()
    alice.profile.language = "de"
    alice.profile.save()
    german = client.get("/").content.decode()
    assert "solo gegen Peter Parler" in german and "solo gegen den Dummy" in german


def test_game_emails_name_the_solo_opponent(alice):
    from games.notifications import build

    game = start_game("praga", [alice], {"solo_mode": "parler"})
    context = {"game": game, "deadline": None, "waiting_since": game.created}
    message = build.render(alice, alice.profile, "reminder", context)
    assert message["subject"] == f"Reminder: Praga #{game.pk} (solo vs Peter Parler) is waiting for you"
    alice.profile.language = "de"
    assert "(solo gegen Peter Parler)" in build.render(alice, alice.profile, "reminder", context)["subject"]


def test_api_move_labels_are_the_log_lines(alice, bob):
    game = start_game("praga", [alice, bob])
    mover = next(seat.user for seat in game.seat_list() if seat.to_act)
    client = client_for(mover)
    moves = client.get(f"/api/games/{game.pk}/moves/").json()["moves"]
    take = next(m for m in moves if m["move"]["type"] == "take")
    assert take["label"].startswith(f"{mover.username} takes action tile {take['move']['tile']} (")
    assert not any(" — " in m["label"] for m in moves)
    mover.profile.language = "de"
    mover.profile.save()
    german = client.get(f"/api/games/{game.pk}/moves/").json()["moves"]
    assert any(m["label"].startswith(f"{mover.username} nimmt das Aktionsplättchen") for m in german)


def test_labels_that_hide_a_choice_keep_the_moves_apart(toy_game, alice):
    moves = client_for(alice).get(f"/api/games/{toy_game.pk}/moves/").json()["moves"]
    labels = [m["label"] for m in moves]
    assert len(set(labels)) == len(labels) and all(label.startswith("alice chooses a card.") for label in labels)
