"""Rebuilding any step of a game from its log: for replays and for verify_games.

Each step is shown through `engine.view(state_at_step, viewer_seat)`, so a replay
shows a viewer exactly what he could see at that moment of the game.
"""

import hashlib
import json

from engine.core.contract import rules_version
from games import engines, move_log
from games.optional_cache import cached


SNAPSHOT_EVERY = 25  # a replay step rebuilds at most this many moves (from a cached snapshot)
SNAPSHOT_SECONDS = 7 * 24 * 3600


def moves_of(game, until=None, after=0):
    return [(move.seat, move.payload) for move in move_log.moves(game, after=after, until=until)]


def states(game, until=None):
    """Yield the state at step 0 (the new game), 1, ... up to `until` (default: all)."""
    players = game.seats.count()
    return engines.replay(game.game_id, game.options, players, game.seed, moves_of(game, until),
                          rules_version=rules_version(game.state))


def state_at(game, step):
    """The state after move `step`: from the snapshot at or below it, plus at most
    SNAPSHOT_EVERY - 1 moves, so any step of a long game costs about the same."""
    if step == game.version:
        return game.state
    base = step - step % SNAPSHOT_EVERY
    return advance(game, snapshot(game, base), base, step)


def snapshot(game, step):
    """The state after move `step` (a multiple of SNAPSHOT_EVERY), cached: past moves never change."""
    if step == 0:
        return next(iter(states(game, until=0)))
    return cached(snapshot_key(game, step), SNAPSHOT_SECONDS,
                  lambda: advance(game, snapshot(game, step - SNAPSHOT_EVERY), step - SNAPSHOT_EVERY, step))


def snapshot_key(game, step):
    # The seed's hash tells this game from another with the same id (a database restored from a
    # backup, a test database); the seed itself never leaves the database.
    seed = hashlib.sha256(str(game.seed).encode()).hexdigest()[:16]
    return f"replay-snapshot:{game.pk}:{seed}:{step}"


def keep_snapshot(game):
    """After a move whose number is a snapshot step: keep the state, so no replay rebuilds it."""
    if game.version and game.version % SNAPSHOT_EVERY == 0:
        cached(snapshot_key(game, game.version), SNAPSHOT_SECONDS, lambda: game.state)


def advance(game, state, step, until):
    rules = engines.rules(game.game_id)
    moves = moves_of(game, until=until, after=step)
    if hasattr(rules, "replay"):  # optional contract call: the same states, cheaper (docs/engine.md)
        return rules.replay(state, moves)
    for seat, payload in moves:
        state = rules.apply(state, seat, payload)
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
