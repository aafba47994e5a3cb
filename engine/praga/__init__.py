"""Praga Caput Regni rules engine (engine contract: docs/engine.md)."""

from engine.praga.describe import describe
from engine.praga.moves import apply, legal_moves, to_act
from engine.praga.setup import OPTIONS, RULES_VERSION, RULES_VERSIONS, new
from engine.praga.view import view


def outcome(state):
    if state.get("phase") != "over":
        return None
    return state["result"]


__all__ = ["OPTIONS", "RULES_VERSION", "RULES_VERSIONS", "new", "to_act", "legal_moves", "apply", "view", "outcome", "describe"]
