"""The Praga game page draws the board from the engine's view and offers the legal moves."""

import json
import re

import pytest

from tests.conftest import client_for
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def praga_game(alice, bob):
    return start_game("praga", [alice, bob])


def acting(game):
    game.refresh_from_db()
    return next(seat for seat in game.seat_list() if seat.to_act)


def test_the_page_draws_the_board(praga_game, alice):
    html = client_for(alice).get(f"/games/{praga_game.pk}/").content.decode()
    assert 'class="praga"' in html
    for part in ("pg-crane", "pg-city", "pg-display", "pg-structures", "pg-pboard"):
        assert part in html
    assert html.count('class="pg-site ') == 45


def test_the_player_to_act_gets_the_click_flow(praga_game):
    seat = acting(praga_game)
    html = client_for(seat.user).get(f"/games/{praga_game.pk}/").content.decode()
    match = re.search(r'<script id="pg-flow" type="application/json">(.*?)</script>', html, re.S)
    assert match
    flow = json.loads(match.group(1))
    types = {entry["m"]["type"] for entry in flow["moves"]}
    assert "take" in types
    keys = {entry["s"][0] for entry in flow["moves"] if entry["m"]["type"] == "take"}
    for key in keys:
        assert f'data-k="{key}"' in html


def test_the_waiting_player_gets_no_flow(praga_game):
    waiting = next(seat for seat in praga_game.seat_list() if not seat.to_act)
    html = client_for(waiting.user).get(f"/games/{praga_game.pk}/").content.decode()
    assert 'id="pg-flow"' not in html
