"""Catan with Cities & Knights rules engine (engine contract: docs/engine.md; what is done
so far: docs/catan_ck.md). Not registered in engine/registry.py until it is complete."""

from engine.catan_ck.decisions import timeout_move
from engine.catan_ck.describe import describe
from engine.catan_ck.determinize import determinize
from engine.catan_ck.moves import apply, legal_moves, to_act
from engine.catan_ck.options import OPTIONS
from engine.catan_ck.setup import RULES_VERSION, RULES_VERSIONS, new
from engine.catan_ck.view import view


def outcome(state):
    if state.get("phase") != "over":
        return None
    return state["result"]


__all__ = ["OPTIONS", "RULES_VERSION", "RULES_VERSIONS", "new", "to_act", "legal_moves", "apply", "view",
           "outcome", "describe", "timeout_move", "determinize"]
