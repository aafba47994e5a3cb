"""Praga Caput Regni rules engine (engine contract: docs/engine.md)."""

from engine.praga.describe import describe
from engine.praga.determinize import determinize
from engine.praga.moves import apply, automatic_turns, legal_moves, to_act
from engine.praga.setup import OPTIONS, RULES_VERSION, RULES_VERSIONS, new
from engine.praga.view import view


def turn_marker(state):
    """Changes exactly when a new turn begins: regular turns (the bot's included) and bonus turns."""
    return [state["turn_no"], sum(p.get("turns_bonus", 0) for p in state["players"])]


def solo_opponent(options):
    """Whom a solo game is played against (the game list says "solo vs …"); None with several players."""
    from engine.core.text import _, text

    mode = options.get("solo_mode")
    if mode == "parler":
        return text(_("Peter Parler"))
    if mode == "dummy":
        return text(_("the dummy"))
    return None


def timeout_move(state, seat):
    """None: Praga owes no decisions off turn. A turn that runs out of time gets the game's
    timeout policy (the seat is dropped and a bot plays it, or the game is cancelled)."""
    return None


def owed(state, seat):
    """What `seat` must do now, for the site's "waiting for …" banner (docs/engine.md): Praga has
    no decisions off turn, so the one seat in `to_act` plays its turn; no default of the game's
    own (at the deadline the site's timeout policy applies)."""
    from engine.core.text import _, text

    if seat not in to_act(state):
        return None
    return {"task": text(_("play their turn")), "default": None}


def outcome(state):
    if state.get("phase") != "over":
        return None
    return state["result"]


__all__ = ["OPTIONS", "RULES_VERSION", "RULES_VERSIONS", "new", "to_act", "owed", "turn_marker", "legal_moves", "apply",
           "view", "outcome", "describe", "automatic_turns", "solo_opponent",
           "determinize", "timeout_move"]
