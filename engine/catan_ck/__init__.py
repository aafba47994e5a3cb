"""Catan with Cities & Knights rules engine (engine contract: docs/engine.md; what is done
so far: docs/catan_ck.md). Not registered in engine/registry.py until it is complete."""

from engine.catan_ck.decisions import timeout_move
from engine.catan_ck.moves import apply, legal_moves, to_act
from engine.catan_ck.options import OPTIONS
from engine.catan_ck.setup import RULES_VERSION, RULES_VERSIONS, new


def outcome(state):
    if state.get("phase") != "over":
        return None
    return state["result"]
