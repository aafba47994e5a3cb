"""Finished games for the ratings tests, reached through the site's own move path."""

import random

from games import clocks, engines
from games.models import Game
from games.moves import submit_move
from tests.support.games import play_to_end, start_game


def finished_game(users, committed, seed=0, game_id="toy", options=None, policy="drop"):
    with committed():
        game = start_game(game_id, users, options=options)
        if policy != "drop":
            game.invitation.timeout_policy = policy
            game.invitation.save(update_fields=["timeout_policy"])
    with committed():
        play_to_end(game, seed=seed)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def finish_with_bot(game, committed, seed=0):
    """Play a running game to its end: the people's seats by random moves, bots their own."""
    rng = random.Random(seed)
    for _ in range(2000):
        with committed():
            clocks.play_bots(game.pk)
        game.refresh_from_db()
        seat = next((s for s in game.seat_list() if s.to_act and not s.dropped), None)
        if game.is_finished or seat is None:
            break
        legal = [m for m in engines.legal_moves(game.game_id, game.state, seat.position) if m["type"] != "undo"]
        with committed():
            submit_move(game.pk, seat.user, rng.choice(legal), game.version)
    game.refresh_from_db()
    return game


def ranking_by_users(game):
    """The users of a finished game, best first (the engine's order)."""
    order = game.outcome["ranking"]
    seats = {seat.position: seat.user for seat in game.seat_list()}
    return [seats[entry] for entry in order]
