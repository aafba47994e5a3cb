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
    acting = next(seat for seat in game.seat_list() if seat.to_act)
    pk, version = game.pk, game.version
    for c, seat in ((alice_client, 0), (bob_client, 1), (client, None)):
        for url, mark in ((f"/games/{pk}/", f'data-version="{version}"'), (f"/games/{pk}/live/", 'id="live"'),
                          (f"/games/{pk}/replay/3/", f"Move 3 of {version}")):
            response = c.get(url)
            assert response.status_code == 200 and mark in response.content.decode(), url
        state = c.get(f"/api/games/{pk}/").json()
        assert (state["game"], state["version"], state["seat"]) == ("praga", version, seat)
        assert state["to_act"] == [acting.position] and state["view"]
        legal = c.get(f"/api/games/{pk}/moves/").json()["moves"]
        assert bool(legal) == (seat == acting.position)  # only the seat on turn gets moves to click
        log = c.get(f"/api/games/{pk}/log/").json()
        assert log["version"] == version and len(log["entries"]) == version
        assert all(entry["text"] for entry in log["entries"])
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
