"""A game page reads its seats once: every board takes the players' names from the seats the
page already holds (games.presenters.player_names), not from a query of its own."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine import registry
from tests.conftest import client_for
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def seat_reads(sql_list, game):
    """The queries that read this game's seats."""
    mine = re.compile(r'"games_seat"\."game_id" (= |IN \()%d\b' % game.pk)
    return [sql for sql in sql_list if 'FROM "games_seat"' in sql and mine.search(sql)]


@pytest.mark.parametrize("game_id", ["praga", "catan_ck", "queens_architect", "toy"])
@pytest.mark.parametrize("page", ["", "live/", "replay/0/"])
def test_the_page_reads_the_game_seats_once(alice, bob, carol, game_id, page):
    if game_id not in registry.GAMES and game_id != "toy":
        pytest.skip(f"{game_id} is not registered")
    players = [alice, bob, carol] if game_id == "catan_ck" else [alice, bob]
    game = start_game(game_id, players)
    client = client_for(alice)
    client.get(f"/games/{game.pk}/{page}")  # warm: sessions, caches of the first render
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"/games/{game.pk}/{page}")
    assert response.status_code == 200
    assert len(seat_reads([query["sql"] for query in captured.captured_queries], game)) == 1
