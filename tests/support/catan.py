"""Catan games on the site for tests: prepared positions and bots moving through the pipeline."""

import json
import random

from django.db import transaction
from django.utils import timezone

from engine.catan_ck import bots
from engine.core.rng import Rng
from games import engines, moves
from games.models import Game
from tests.engine.catan_ck.helpers import empty_board, give, with_roll
from tests.support.games import start_game


def start_catan(users, **options):
    return start_game("catan_ck", users, options)


def set_state(game, state):
    """Put a prepared engine position into a running game; seats and clocks as after a move.
    (The move log then no longer replays to it: for clock and page tests, not replays.)"""
    with transaction.atomic():
        locked = moves.locked_game(game.pk)
        before = locked.state
        locked.state = json.loads(json.dumps(state))
        moves.update_seats(locked, timezone.now(), before)
        locked.save(update_fields=["state", "updated"])
    game.refresh_from_db()
    return game


def seven_ahead(game, seed=5, over_limit=(), cards=None, active_cards=None):
    """The active player is about to roll a 7. `over_limit`: which opponents (0 = the next in turn
    order) hold 9 cards. Returns (active seat, opponents in turn order)."""
    state = empty_board(seed=seed, players=len(game.seat_list()), stage="roll")
    active = state["active"]
    order = state["order"]
    opponents = [order[(order.index(active) + step) % len(order)] for step in range(1, len(order))]
    give(state, active, **(active_cards or {}))
    for index in over_limit:
        give(state, opponents[index], **(cards or {"ore": 5, "wool": 4}))
    set_state(game, with_roll(state, 3, 4, "trade"))
    return active, opponents


def user_at(game, position):
    return next(seat.user for seat in game.seat_list() if seat.position == position)


def bot_move(game, position, rng):
    """A random legal move of `position` (card choices filled), as the Catan random bot plays."""
    return bots.random_move(game.state, position, Rng.from_seed(rng.getrandbits(62)))


def play_bots_to_end(game, seed=0, limit=20000):
    """Every acting seat's user submits random bot moves through submit_move until the game ends."""
    rng = random.Random(seed)
    for _ in range(limit):
        game.refresh_from_db()
        if game.is_finished:
            break
        acting = sorted(engines.to_act(game.game_id, game.state))
        position = acting[rng.randrange(len(acting))]
        moves.submit_move(game.pk, user_at(game, position), bot_move(game, position, rng), game.version)
    game.refresh_from_db()
    return game


def decision_seats(game):
    return sorted({d["seat"] for d in Game.objects.get(pk=game.pk).state["decisions"]})
