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


def test_timeouts_and_other_events_stand_in_the_praga_board_log_above_the_move_they_followed(alice, bob, bob_client):
    from engine.core.text import text
    from games.models import GameEvent

    game = start_game("praga", [alice, bob])
    rng = random.Random(5)
    for _ in range(4):
        play_random_move(game, rng, skip_undo=True)
    game.refresh_from_db()
    GameEvent.objects.create(game=game, after_seq=2, text=text("{player} ran out of time.", player=0))
    page = bob_client.get(f"/games/{game.pk}/").content.decode()
    log = page[page.index("pg-log-list"):]
    event = log.index(f"{alice.username} ran out of time.")
    assert log.index('<span class="pg-seq">3</span>') < event < log.rindex('<span class="pg-seq">2</span>')
    assert "ran out of time." not in bob_client.get(f"/games/{game.pk}/replay/1/").content.decode()
