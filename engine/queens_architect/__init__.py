"""Queen's Architect rules engine (engine contract: docs/engine.md; rules: docs/queens_architect.md)."""

from engine.core.text import _, text
from engine.queens_architect.bots import timeout_move
from engine.queens_architect.describe import describe
from engine.queens_architect.moves import apply, legal_moves, to_act
from engine.catalogue.queens_architect import OPTIONS
from engine.queens_architect.setup import RULES_VERSION, RULES_VERSIONS, new
from engine.queens_architect.view import determinize, view



def turn_marker(state):
    """Changes exactly when a new turn begins (draft turns included), never within one."""
    return state["turn_no"]


def outcome(state):
    if state.get("phase") != "over":
        return None
    return state["result"]


def automatic_turns(move, state):
    """No turns are played by the game itself."""
    return []


def owed(state, seat):
    """What `seat` must do now, for the site's "waiting for …" banner (docs/engine.md): one seat
    plays its turn at a time; at its deadline the site's timeout policy applies."""
    from engine.core.text import _, text

    if seat not in to_act(state):
        return None
    return {"task": text(_("play their turn")), "default": None}


def solo_opponent(options):
    return None


__all__ = ["OPTIONS", "RULES_VERSION", "RULES_VERSIONS", "new", "to_act", "owed", "turn_marker", "legal_moves", "apply",
           "view", "outcome", "describe", "automatic_turns", "solo_opponent", "timeout_move", "determinize"]
