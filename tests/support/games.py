"""Helpers to start games and play them through the same code paths as the site."""

import json
import random

from engine import registry
from games import invitations
from games.models import Game
from games.moves import submit_move


def start_game(game_id, users, options=None, visibility="public", fixed_order=True):
    """Start a game with `users` seated in that order (host first)."""
    invitation = invitations.create_invitation(
        users[0], game_id, len(users), options or {}, list(users[1:]),
        visibility=visibility, fixed_order=fixed_order,
    )
    for user in users[1:]:
        invitations.join(invitation, user)
    invitation.refresh_from_db()
    return Game.objects.get(invitation=invitation)


def acting_user(game):
    game.refresh_from_db()
    seats = [seat for seat in game.seat_list() if seat.to_act]
    return seats[0] if seats else None


def play_random_move(game, rng, skip_undo=False):
    """Submit one random legal move of a seat that is to act; returns the move or None at the end."""
    seat = acting_user(game)
    if seat is None:
        return None
    rules = registry.get(game.game_id)
    legal = rules.legal_moves(game.state, seat.position)
    if skip_undo:
        legal = [m for m in legal if m.get("type") != "undo"] or legal
    move = rng.choice(legal)
    submit_move(game.pk, seat.user, move, game.version)
    return move


def play_to_end(game, seed=0, limit=2000):
    rng = random.Random(seed)
    for _ in range(limit):
        if play_random_move(game, rng, skip_undo=True) is None:
            break
    game.refresh_from_db()
    return game


PRAGA_PREFERENCE = ["end_turn", "side", "choose", "tech", "token", "bridge", "arrow", "plaza_reward", "road_effect"]


def play_praga_turn(game, user, seat=0):
    """Play one whole Praga turn of `seat` by simple choices (pending items first, produce)."""
    rules = registry.get("praga")
    game.refresh_from_db()
    turns = game.state["turn_no"]
    while game.state["turn_no"] == turns and not game.is_finished:
        legal = rules.legal_moves(game.state, seat)
        chosen = next((m for kind in PRAGA_PREFERENCE for m in legal if m["type"] == kind), None)
        if chosen is None:
            mains = sorted((m for m in legal if m.get("via") == "main"),
                           key=lambda m: (m["type"] not in ("mines", "quarries"), m.get("option") != "produce"))
            chosen = mains[0] if mains else next(m for m in legal if m["type"] == "take")
        submit_move(game.pk, user, chosen, game.version)
        game.refresh_from_db()
    return game


def post_move(client, game, move, version=None, **extra):
    body = {"move": move, "version": game.version if version is None else version, **extra}
    return client.post(f"/api/games/{game.pk}/moves/", json.dumps(body), content_type="application/json")
