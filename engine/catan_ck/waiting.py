"""What each seat in `to_act` owes, in words, and the default the game applies at its deadline
(the site's "waiting for …" banner: `owed` in docs/engine.md).

Tasks are infinitive phrases the site puts after "waiting for Bob and Carol to …"; seats whose
task and default read the same are named together. The defaults are those of `timeout_move`
(spec 4.4); the active player's own steps have none here: at their deadline the game's timeout
policy applies, which the site words itself.
"""

from engine.core.text import _, text

TASKS = {
    "discard": _("discard half their cards on the 7"),
    "lose_city": _("choose the city the barbarians reduce"),
    "choose_deck": _("choose a progress deck"),
    "discard_progress": _("discard a fifth progress card"),
    "aqueduct": _("choose a resource from the Aqueduct"),
    "retreat_knight": _("choose where their displaced knight retreats"),
    "desert_knight": _("choose the knight that deserts"),
    "give_cards": _("choose the cards of their Wedding gift"),
    "harbor_commodity": _("answer the Commercial Harbor"),
}

RANDOM_CARDS = _("random cards")
FIXED_CARDS = _("cards from their largest stacks")
DEFAULTS = {
    "lose_city": _("a city without a wall on the fewest pips"),
    "choose_deck": _("a random deck"),
    "discard_progress": _("the card just received"),
    "aqueduct": _("a random resource"),
    "retreat_knight": _("the nearest free spot"),
    "desert_knight": _("the weakest knight"),
}

STEPS = {
    "roll": _("roll the dice"),
    "robber": _("move the robber"),
    "action": _("build, trade or end their turn"),
}


def _decision_default(state, kind):
    fixed = state["options"]["timeout_card_choice"] == "fixed_order"
    if kind in ("discard", "give_cards"):
        return FIXED_CARDS if fixed else RANDOM_CARDS
    if kind == "harbor_commodity":
        return _("their largest commodity stack") if fixed else _("a random commodity")
    return DEFAULTS[kind]


def owed(state, seat):
    """{"task": text, "default": text or None} for a seat that must act now, else None."""
    if state["phase"] == "over":
        return None
    decision = next((d for d in state["decisions"] if d["seat"] == seat), None)
    if decision is not None:
        return {"task": text(TASKS[decision["kind"]]),
                "default": text(_decision_default(state, decision["kind"]))}
    if seat != state["active"]:
        return None
    if state["phase"] == "setup":
        return {"task": text(_("place a starting building and its road")), "default": None}
    if state.get("card_step"):
        return {"task": text(_("finish playing their progress card")), "default": None}
    step = STEPS.get(state["turn"]["stage"])
    return {"task": text(step), "default": None} if step else None
