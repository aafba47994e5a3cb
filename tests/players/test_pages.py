"""Leaderboards, solo high-score tables and profiles: what they show and to whom."""

import re

import pytest

from games.models import Game
from players import standings
from players.models import Rating
from players.rating import PROVISIONAL_GAMES
from tests.conftest import client_for
from tests.players.support import finished_game
from tests.players.test_ratings import finished_praga_solo
from tests.support.players import make_user

pytestmark = pytest.mark.django_db


def rate(user, ordinal, games=PROVISIONAL_GAMES, game_id="toy"):
    return Rating.objects.create(user=user, game_id=game_id, mu=ordinal + 3, sigma=1, ordinal=ordinal, games=games)


def names_in_table(html):
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return re.findall(r'<a href="/players/([^/]+)/">', body)


def test_the_leaderboard_lists_established_ratings_best_first_without_provisional_ones(client, alice, bob, carol):
    rate(alice, 10.5)
    rate(bob, 20.25)
    rate(carol, 30, games=PROVISIONAL_GAMES - 1)
    page = client.get("/ratings/toy/").content.decode()
    assert names_in_table(page) == ["bob", "alice"]
    assert "20.3" in page and "carol" not in page


def test_the_leaderboard_is_paged_and_shows_my_place_and_its_page(monkeypatch, alice):
    monkeypatch.setattr(standings, "PAGE_SIZE", 2)
    users = [make_user(f"player{i}") for i in range(5)]
    for i, user in enumerate(users):
        rate(user, 50 - i)
    rate(alice, 1)
    client = client_for(alice)
    first = client.get("/ratings/toy/").content.decode()
    assert names_in_table(first) == ["player0", "player1"]
    assert "Page 1 of 3" in first and "Place 6 with a rating of 1.0" in first and 'href="?page=3"' in first
    last = client.get("/ratings/toy/?page=3").content.decode()
    assert names_in_table(last) == ["player4", "alice"] and 'class="mine"' in last


def test_a_provisional_rating_is_told_to_its_player(alice):
    rate(alice, 3, games=2)
    page = client_for(alice).get("/ratings/toy/").content.decode()
    assert f"Your rating of 3.0 is provisional: 2 of {PROVISIONAL_GAMES} rated games played." in page


def test_bad_pages_and_unknown_games(client):
    assert client.get("/ratings/chess/").status_code == 404
    assert client.get("/ratings/toy/?page=x").status_code == 400
    assert client.get("/ratings/toy/?page=99").status_code == 200  # the last page


def test_praga_has_one_solo_table_per_opponent_with_my_place(alice, bob):
    finished_praga_solo(alice, "parler", 61)
    finished_praga_solo(bob, "parler", 70)
    finished_praga_solo(alice, "dummy", 80)
    client = client_for(alice)
    parler = client.get("/ratings/praga/solo/peter-parler/").content.decode()
    assert names_in_table(parler) == ["bob", "alice"]
    assert "Place 2 with a best score of 61 in 1 solo game." in parler
    dummy = client.get("/ratings/praga/solo/the-dummy/").content.decode()
    assert names_in_table(dummy) == ["alice"] and "Place 1 with a best score of 80" in dummy
    assert client.get("/ratings/praga/solo/nobody/").status_code == 404
    board = client.get("/ratings/praga/").content.decode()
    assert "/ratings/praga/solo/peter-parler/" in board and "/ratings/praga/solo/the-dummy/" in board


def test_the_german_solo_table_names_the_opponent_in_german(alice):
    finished_praga_solo(alice, "parler", 61)
    client = client_for(alice)
    client.cookies["django_language"] = "de"
    alice.profile.language = "de"
    alice.profile.save()
    page = client.get("/ratings/praga/solo/the-dummy/")
    assert page.status_code == 404
    page = client.get("/ratings/praga/solo/peter-parler/").content.decode()
    assert "Solo-Bestleistungen" in page


def test_a_profile_shows_games_won_rating_history_and_recent_games(alice, bob, committed):
    games = [finished_game([alice, bob], committed, seed=seed) for seed in range(3)]
    won = sum(1 for game in games if game.seats.get(user=alice).rank == 1)
    page = client_for(bob).get("/players/alice/").content.decode()
    row = page.split('<a href="/ratings/toy/">')[1].split("</tr>")[0]
    numbers = re.findall(r'<td class="number">([^<]+)</td>', row)
    assert numbers[:3] == ["3", str(won), "0"]
    assert f"{Rating.objects.get(user=alice).ordinal:.1f}" in row and "provisional: 3 rated games" in row
    assert page.count("<polyline") == 1 and page.count('<circle class="dot"') == 3
    for game in games:
        assert f'href="/games/{game.pk}/replay/"' in page
    assert "Vacation days left" not in page  # only on one's own profile
    assert "Vacation days left" in client_for(alice).get("/players/alice/").content.decode()


def test_a_private_game_is_listed_only_to_its_players(alice, bob, carol, committed):
    game = finished_game([alice, bob], committed)
    Game.objects.filter(pk=game.pk).update(visibility="private")
    assert f"/games/{game.pk}/replay/" not in client_for(carol).get("/players/alice/").content.decode()
    assert f"/games/{game.pk}/replay/" in client_for(bob).get("/players/alice/").content.decode()


def test_unknown_and_deleted_players_have_no_profile(client, alice):
    assert client.get("/players/nobody/").status_code == 404
    alice.is_active = False
    alice.save()
    assert client.get("/players/alice/").status_code == 404


def test_the_chart_is_drawn_from_the_rating_history(alice, bob, committed):
    for seed in range(2):
        finished_game([alice, bob], committed, seed=seed)
    values = standings.history(alice, "toy")
    assert values[0] == pytest.approx(0) and values[-1] == Rating.objects.get(user=alice).ordinal
    page = client_for(alice).get("/players/alice/").content.decode()
    assert 'role="img"' in page and "Rating history in Toy" in page


def test_the_german_chart_keeps_dots_in_its_coordinates_and_commas_in_its_labels(alice, bob, committed):
    for seed in range(2):
        finished_game([alice, bob], committed, seed=seed)
    alice.profile.language = "de"
    alice.profile.save()
    page = client_for(alice).get("/players/alice/").content.decode()
    svg = page.split("<svg")[1].split("</svg>")[0]
    coordinates = re.findall(r'(?:cx|cy|x1|x2|y1|y2|x|y)="([^"]*)"', svg) + re.findall(r'points="([^"]*)"', svg)
    assert coordinates and all("," not in value for value in coordinates[:-1])
    assert re.search(r">-?\d+,\d</text>", svg)  # the axis labels are German numbers


def test_a_deleted_account_keeps_its_place_without_a_profile_link(client, alice, bob):
    from accounts.deletion import delete_account

    rate(alice, 10)
    rate(bob, 5)
    delete_account(alice)
    page = client.get("/ratings/toy/").content.decode()
    assert names_in_table(page) == ["bob"] and page.count("<tr") == 3  # the header and two players
