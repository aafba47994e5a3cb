"""Rebuilding any step of a game from its log: for replays and for verify_games.

Each step is shown through `engine.view(state_at_step, viewer_seat)`, so a replay
shows a viewer exactly what he could see at that moment of the game.
"""

import json

from engine.core.contract import rules_version
from games import engines


def moves_of(game, until=None):
    rows = game.moves.order_by("seq").values_list("seq", "seat", "payload")
    if until is not None:
        rows = rows.filter(seq__lte=until)
    return [(seat, payload) for _seq, seat, payload in rows]


def states(game, until=None):
    """Yield the state at step 0 (the new game), 1, ... up to `until` (default: all)."""
    players = game.seats.count()
    return engines.replay(game.game_id, game.options, players, game.seed, moves_of(game, until),
                          rules_version=rules_version(game.state))


def state_at(game, step):
    if step == game.version:
        return game.state
    state = None
    for state in states(game, until=step):
        pass
    return state


def view_at(game, step, seat):
    return engines.view(game.game_id, state_at(game, step), seat)


def differs(game):
    """None if replaying the log gives the cached state; otherwise a short reason."""
    try:
        final = None
        for final in states(game):
            pass
    except Exception as error:  # a replay that crashes is itself the finding
        return f"replay fails: {type(error).__name__}: {error}"
    if json.loads(json.dumps(final)) != game.state:
        return "replayed state differs from the cached state"
    return None
