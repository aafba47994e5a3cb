"""Praga through the site: no page, API answer or log line shows a stack order, the
generator state, the seed, or another seat's drawn choices."""

import json
import random

import pytest
from django.test import Client

from engine import registry
from tests.conftest import client_for
from tests.support.games import play_random_move, start_game
from tests.support.leaks import everything

pytestmark = pytest.mark.skipif("praga" not in registry.GAMES, reason="Praga is not registered")

STACKS = ("stacks", "tech_stacks")
PILES = ("iv_stack", "v_bridge", "v_cathedral")


def stack_orders(state):
    """Every hidden pile as the JSON text of its order (what a leak would look like)."""
    piles = [pile for key in STACKS for pile in state[key].values()] + [state[key] for key in PILES]
    return [json.dumps(pile)[1:-1] for pile in piles if len(pile) > 1]


def secrets(state, game, viewer):
    found = [str(state["rng"]), str(game.seed)] + stack_orders(state)
    turn = state.get("turn")
    if turn and viewer != turn["seat"]:
        for item in turn.get("pending", []):
            for key in ("drawn", "options"):
                if isinstance(item.get(key), list) and len(item[key]) > 1:
                    found.append(json.dumps(item[key])[1:-1])
    return found


def test_praga_pages_hide_stack_orders_the_generator_and_drawn_choices(alice, bob, dave):
    game = start_game("praga", [alice, bob])
    viewers = {0: client_for(alice), 1: client_for(bob), None: client_for(dave), "anonymous": Client()}
    rng = random.Random(3)
    checked = 0
    for step in range(400):
        game.refresh_from_db()
        if step % 25 == 0 or game.status == "finished":
            for seat, client in viewers.items():
                position = seat if isinstance(seat, int) else None
                text = everything(client, game)
                for secret in secrets(game.state, game, position):
                    assert secret not in text, f"seat {seat} sees {secret[:60]} at version {game.version}"
            checked += 1
        if play_random_move(game, rng, skip_undo=True) is None:
            break
    assert checked >= 4
