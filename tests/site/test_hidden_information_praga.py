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
# What the rules keep from the other seats in a pending step (PRG-GEN-06), written out here
# rather than taken from the engine, so a wrong classification there fails this test.
SECRET_PENDING = {"tech": "drawn", "bridge": "drawn", "cathedral_v": "options"}


def stack_orders(state):
    """Every hidden pile as the JSON text of its order (what a leak would look like)."""
    piles = [pile for key in STACKS for pile in state[key].values()] + [state[key] for key in PILES]
    return [json.dumps(pile)[1:-1] for pile in piles if len(pile) > 1]


def secret_pending(state, viewer):
    """The kinds and texts of the pending steps' secret fields that `viewer` may not see."""
    turn = state.get("turn")
    if not turn or viewer == turn["seat"]:
        return []
    return [
        (item["kind"], json.dumps(item[SECRET_PENDING[item["kind"]]])[1:-1])
        for item in turn.get("pending", [])
        if item["kind"] in SECRET_PENDING and isinstance(item.get(SECRET_PENDING[item["kind"]]), list)
        and len(item[SECRET_PENDING[item["kind"]]]) > 1
    ]


def secrets(state, game, viewer):
    return [str(state["rng"]), str(game.seed)] + stack_orders(state) + [
        text for _, text in secret_pending(state, viewer)]


def random_play_meeting(state, kind, tries=300, steps=400):
    """A seed for random moves whose game from `state` meets a secret pending step of `kind`:
    drawn technologies come up in about one random game of three, so a fixed seed would
    often check nothing of them."""
    rules = registry.get("praga")
    for seed in range(tries):
        rng, position = random.Random(seed), state
        for _ in range(steps):
            if kind in {found for found, _ in secret_pending(position, None)}:
                return seed
            seats = sorted(rules.to_act(position))
            if not seats:
                break
            legal = [m for m in rules.legal_moves(position, seats[0]) if m.get("type") != "undo"]
            position = rules.apply(position, seats[0], rng.choice(legal))
    raise AssertionError(f"no random game from this start meets a {kind} step")


def test_praga_pages_hide_stack_orders_the_generator_and_drawn_choices(alice, bob, dave):
    game = start_game("praga", [alice, bob])
    viewers = {0: client_for(alice), 1: client_for(bob), None: client_for(dave), "anonymous": Client()}
    rng = random.Random(random_play_meeting(game.state, "tech"))
    checked, pending_kinds = 0, set()
    for step in range(400):
        game.refresh_from_db()
        # Every 25th position, and every position whose pending step holds a drawn secret
        # (they are short-lived, so a fixed stride would rarely meet one).
        hidden_now = {kind for kind, _ in secret_pending(game.state, None)}
        if step % 25 == 0 or game.status == "finished" or hidden_now - pending_kinds:
            for seat, client in viewers.items():
                position = seat if isinstance(seat, int) else None
                text = everything(client, game)
                for secret in secrets(game.state, game, position):
                    assert secret not in text, f"seat {seat} sees {secret[:60]} at version {game.version}"
            checked += 1
            pending_kinds |= hidden_now
        if play_random_move(game, rng, skip_undo=True) is None:
            break
    assert checked >= 4
    assert "tech" in pending_kinds, "no drawn technologies were met: the test checked nothing of them"
