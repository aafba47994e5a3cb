"""The site plays Praga through the same generic pages and API."""

import random

import pytest

from engine import registry
from tests.support.games import play_random_move, start_game

pytestmark = pytest.mark.skipif("praga" not in registry.GAMES, reason="Praga is not registered")


def test_every_page_of_a_praga_game_renders(alice, bob, alice_client, bob_client, client):
    game = start_game("praga", [alice, bob])
    rng = random.Random(2)
    for _ in range(12):
        play_random_move(game, rng, skip_undo=True)
    game.refresh_from_db()
    for c in (alice_client, bob_client, client):
        for url in (f"/games/{game.pk}/", f"/games/{game.pk}/live/", f"/games/{game.pk}/replay/3/",
                    f"/api/games/{game.pk}/", f"/api/games/{game.pk}/moves/", f"/api/games/{game.pk}/log/"):
            assert c.get(url).status_code == 200, url
    acting = next(seat for seat in game.seat_list() if seat.to_act)
    page = (alice_client if acting.position == 0 else bob_client).get(f"/games/{game.pk}/").content.decode()
    assert "Your turn" in page
