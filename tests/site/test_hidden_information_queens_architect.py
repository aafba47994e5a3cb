"""Queen's Architect through the site: no page, API answer, replay, log line or email shows what
is hidden from everybody (QA-INFO-02): the craftsmen in the supply, the unused appreciation and
demand tiles, the generator state or the seed."""

import random

import pytest
from django.test import Client

from engine import registry
from engine.core.rng import Rng
from engine.queens_architect.bots import greedy_move
from games.moves import submit_move
from games.replays import states
from tests.conftest import client_for
from tests.support.games import acting_user, start_game
from tests.support.leaks import emails_of, everything, leaked, seen_view, send_turn_emails, without_drawing

pytestmark = pytest.mark.django_db

RULES = registry.get("queens_architect")


def secrets(state, game):
    """Ids nobody may see now. The supply's start-stack copies were shown in the draft pool, so
    they are public; copies 2 and 3 are seen only when drawn onto the black board."""
    start = "-1"
    hidden = {tile for tile in state["supply"] if not tile.endswith(start)}
    hidden |= set(state["unused_track"]) | set(state["unused_demand"])
    return hidden | {str(state["rng"]), str(game.seed)}


def check_everyone(game, viewers):
    game.refresh_from_db()
    for key, client in viewers.items():
        text = without_drawing(everything(client, game))
        if isinstance(key, int) and not game.is_finished:  # a seated player's sandbox, before any move in it
            sandbox = client.get(f"/games/{game.pk}/sandbox/?v={game.version}&seed=5&moves=[]")
            assert sandbox.status_code == 200 and "qa-map" in sandbox.content.decode()
            text += without_drawing(sandbox.content.decode())
        found = leaked(text, secrets(game.state, game))
        assert not found, f"viewer {key} sees {found} at version {game.version}"
        view = seen_view(client, game)
        assert isinstance(view["supply"], int) and isinstance(view["unused_track"], int)
        assert isinstance(view["unused_demand"], int) and "rng" not in view and "undo" not in view


def test_no_viewer_sees_the_supply_or_the_unused_tiles_in_pages_replays_and_emails(alice, bob, dave):
    game = start_game("queens_architect", [alice, bob])
    viewers = {0: client_for(alice), 1: client_for(bob), None: client_for(dave), "anonymous": Client()}
    rng = Rng.from_seed(5)
    chooser = random.Random(5)
    checked = 0
    for step in range(2000):
        game.refresh_from_db()
        if step % 60 == 0 or game.is_finished:
            check_everyone(game, viewers)
            send_turn_emails()
            for seat in game.seat_list():
                found = leaked(emails_of(seat.user), secrets(game.state, game))
                assert not found, f"seat {seat.position}'s emails show {found}"
            checked += 1
        if game.is_finished:
            break
        seat = acting_user(game)
        legal = [m for m in RULES.legal_moves(game.state, seat.position) if m["type"] != "undo"]
        # mostly greedy (games reach the palace), sometimes any legal move (every kind of step)
        move = greedy_move(game.state, seat.position, rng) if chooser.random() < 0.8 else chooser.choice(legal)
        submit_move(game.pk, seat.user, move, game.version)
    assert game.is_finished and checked >= 5
    replayed = list(states(game))
    for step in range(0, len(replayed), 45):
        for key, client in viewers.items():
            page = without_drawing(client.get(f"/games/{game.pk}/replay/{step}/").content.decode())
            found = leaked(page, secrets(replayed[step], game))
            assert not found, f"replay step {step}: viewer {key} sees {found}"


def test_the_drawn_craftsman_is_shown_once_he_is_on_the_black_board(alice, bob):
    """The check above is not vacuous: a supply tile's id appears as soon as a hire draws it."""
    game = start_game("queens_architect", [alice, bob])
    rng = Rng.from_seed(2)
    before = set(game.state["supply"])
    while not (set(game.state["board"]) & before - {t for t in before if t.endswith("-1")}):
        seat = acting_user(game)
        submit_move(game.pk, seat.user, greedy_move(game.state, seat.position, rng), game.version)
        game.refresh_from_db()
    drawn = (set(game.state["board"]) & before) - {t for t in before if t.endswith("-1")}
    page = client_for(alice).get(f"/games/{game.pk}/").content.decode()
    assert all(tile in page for tile in drawn)
