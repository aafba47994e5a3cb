"""Catan with Cities & Knights rules engine (engine contract: docs/engine.md; state of the
engine and what comes next: docs/catan_ck.md)."""

from engine.core.text import _, text
from engine.catan_ck.decisions import default_move
from engine.catan_ck.describe import describe, label
from engine.catan_ck.determinize import determinize
from engine.catan_ck.moves import apply, legal_moves, replay, to_act
from engine.catalogue.catan_ck import OPTIONS
from engine.catan_ck.setup import RULES_VERSION, RULES_VERSIONS, new
from engine.catan_ck.view import view
from engine.catan_ck.waiting import owed



def _out_of_turn():
    from engine.catan_ck.moves import SCHEMA

    return frozenset(kind for kind, (_fields, who) in SCHEMA.items() if who == "trade") | {"harbor_offer"}


# ASYNC-07/08: trade answers, standing offers and preferences are moves of seats outside to_act;
# so is a further Commercial Harbor offer while the active player waits for D-10 answers
# (CK-PROGRESS-12: its clock does not run meanwhile, the engine checks the rest).
OUT_OF_TURN = _out_of_turn()


def outcome(state):
    if state.get("phase") != "over":
        return None
    return state["result"]


def turn_marker(state):
    """Changes exactly when a new turn begins: each setup placement, then each regular turn."""
    setup = state.get("setup") or {}
    turn = state.get("turn") or {}
    return [setup.get("step"), turn.get("number")]


def automatic_turns(move, state):
    """The game plays no turns by itself (bots for dropped seats move through the site)."""
    return []


def timeout_move(state, seat):
    """The default the site submits when `seat`'s deadline for a decision it owes off turn
    passed (ASYNC-05: D-01…D-10 of another player's turn), marked "by timeout" in the log.

    None for the active player's own steps: a turn that runs out of time gets the game's
    timeout policy (a bot takes the seat, or the game is cancelled), as in every game of the
    site. The defaults of those steps (4.4) are `default_move`, which the engine tests use."""
    if state["phase"] != "play" or seat == state["active"]:
        return None
    if not any(decision["seat"] == seat for decision in state["decisions"]):
        return None
    return default_move(state, seat)


# Moves only the site's clock submits (`timed_moves`); the site refuses them from players.
SITE_MOVES = frozenset({"expire_trade"})


def timed_moves(state):
    """`[{"at": UTC moment "YYYY-MM-DDTHH:MM:SSZ", "seat", "move"}]`: what the site submits
    for `seat` once `at` has passed (offers' expiry by date, ASYNC-TRADE-02/04)."""
    from engine.catan_ck.domestic import timed_moves as offer_expiries

    return offer_expiries(state)


def move_forms(state, seat):
    """Offers `seat` may post now, as moves whose card fields are open choices (docs/engine.md):
    the generic move card draws them as forms; `legal_moves` does not list them."""
    from engine.catan_ck.domestic import posting_forms
    from engine.catan_ck.preferences import preferences_of

    if state["phase"] == "over":
        return []
    current = preferences_of(state, seat)
    toggles = [{"type": "set_preferences", "preferences": {key: value}}
               for key, values in PREFERENCE_TOGGLES.items() for value in values if current.get(key) != value]
    return posting_forms(state, seat) + toggles


# The standing preferences (4.6) with a few plain values, offered as buttons by the generic move
# card; ranked orders are set through the API (`set_preferences`).
PREFERENCE_TOGGLES = {"auto_roll": [True, False], "trade_offers": ["decline_all", "ask"],
                      "progress_overflow": ["new", "ask"], "knight_retreat": ["nearest", "ask"],
                      "deserter_victim": ["weakest", "ask"]}


PROMPTS = {
    "discard": _("You must discard {count} cards."),
    "lose_city": _("The barbarians won: choose which of your cities becomes a settlement."),
    "choose_deck": _("Choose the progress deck you draw from."),
    "discard_progress": _("You hold five progress cards: discard one."),
    "aqueduct": _("Aqueduct: choose a resource to take, or none."),
    "retreat_knight": _("Your knight was displaced: choose where it retreats."),
    "desert_knight": _("Deserter: choose which of your knights leaves."),
    "give_cards": _("Wedding: choose {count} cards to give to {player}."),
    "harbor_commodity": _("Commercial Harbor: choose a commodity to hand back."),
}


def prompt(state, seat):
    """What `seat` must decide now, in words (turn emails, the move card), or None when it is
    simply its turn or it owes nothing."""
    decision = next((d for d in state["decisions"] if d["seat"] == seat), None) if state["phase"] != "over" else None
    if decision is None:
        return None
    args = {"count": decision.get("count"), "player": decision.get("receiver")}
    msg = PROMPTS[decision["kind"]]
    return text(msg, **{name: value for name, value in args.items() if "{%s}" % name in msg})


__all__ = ["OPTIONS", "RULES_VERSION", "RULES_VERSIONS", "new", "to_act", "turn_marker", "legal_moves",
           "apply", "replay", "view", "outcome", "describe", "timeout_move", "default_move", "automatic_turns", "prompt",
           "move_forms", "OUT_OF_TURN", "SITE_MOVES", "timed_moves", "label", "determinize", "owed", "asks"]


def asks(state, seat):
    """Offers `seat` may answer without being in `to_act` (turn offers addressed to it, counters
    to the active player, standing offers the active player may take now), each as
    `{"id", "text"}`: the site bundles new ones into the turn email. Offers are public."""
    from engine.catan_ck.domestic import open_asks

    return open_asks(state, seat)
