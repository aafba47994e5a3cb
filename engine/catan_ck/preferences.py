"""Standing preferences (spec 4.6, ASYNC-06): answers a seat gives in advance.

`{"type": "set_preferences", "preferences": {...}}` may be sent by any seat at any time; the
preferences are part of the state (so automatic answers replay exactly) and are shown only
to their seat. After every move the engine answers each open decision a preference covers,
in the same move, and rolls for an active player with auto-roll; the log line says so.

| key | values | answers |
| --- | --- | --- |
| auto_roll | bool | the pre-roll (whether or not an Alchemist is held) |
| progress_overflow | "ask" / "new" | D-04: discard the card just received |
| defender_deck | null / ordered list of decks | D-03 |
| aqueduct | null / "skip" / ordered list of resources | D-05 |
| city_to_lose | null / ordered list of intersections | D-02 |
| card_choice | null / ranked list of card types to give up first | D-01, D-08, D-09 |
| harbor_answer | null / ordered list of commodities | D-10 |
| knight_retreat | "ask" / "nearest" | D-06 |
| deserter_victim | "ask" / "weakest" | D-07 |
| trade_offers | "ask" / "decline_all" | offers addressed to the seat (ASYNC-TRADE-07) |
"""

from engine.core.text import _
from engine.catan_ck.common import need
from engine.catan_ck.data.progress_cards import DECKS
from engine.catan_ck.data.terrains import CARD_TYPES, COMMODITIES, RESOURCES

DEFAULTS = {"auto_roll": False, "progress_overflow": "ask", "defender_deck": None, "aqueduct": None,
            "city_to_lose": None, "card_choice": None, "harbor_answer": None, "knight_retreat": "ask",
            "deserter_victim": "ask", "trade_offers": "ask"}


def _ordered(value, allowed):
    return value is None or (isinstance(value, list) and value and all(v in allowed for v in value)
                             and len(set(value)) == len(value))


CHECKS = {
    "auto_roll": lambda v: type(v) is bool,
    "progress_overflow": lambda v: v in ("ask", "new"),
    "defender_deck": lambda v: _ordered(v, DECKS),
    "aqueduct": lambda v: v == "skip" or _ordered(v, RESOURCES),
    "city_to_lose": lambda v: v is None or (isinstance(v, list) and all(isinstance(x, str) for x in v)),
    "card_choice": lambda v: _ordered(v, CARD_TYPES),
    "harbor_answer": lambda v: _ordered(v, COMMODITIES),
    "knight_retreat": lambda v: v in ("ask", "nearest"),
    "deserter_victim": lambda v: v in ("ask", "weakest"),
    "trade_offers": lambda v: v in ("ask", "decline_all"),
}


def preferences_of(state, seat):
    return state["players"][seat].get("preferences") or DEFAULTS


def any_preferences(state):
    """Whether a seat holds standing preferences: without any, `apply_preferences` answers
    nothing (DEFAULTS ask every question) and `moves.replay` skips it."""
    for player in state["players"]:
        if player.get("preferences"):
            return True
    return False


def do_set_preferences(context, seat, move):
    values = move["preferences"]
    need(set(values) <= set(DEFAULTS), _("Unknown preference."))
    for key, value in values.items():
        need(CHECKS[key](value), _("The preference {name} cannot be {value}."), name=key, value=str(value)[:40])
    merged = dict(preferences_of(context.state, seat))
    merged.update(values)
    context.player(seat)["preferences"] = merged


def _ranked_cards(hand, count, ranking):
    left, chosen = dict(hand), {}
    order = ranking + [c for c in CARD_TYPES if c not in ranking]
    for _step in range(count):
        card = next(c for c in order if left[c])
        left[card] -= 1
        chosen[card] = chosen.get(card, 0) + 1
    return chosen


def automatic_answer(state, decision):
    """The answer a preference gives to an open decision, or None."""
    seat, kind = decision["seat"], decision["kind"]
    prefs = preferences_of(state, seat)
    base = {"decision": decision["id"]}
    if kind in ("discard", "give_cards") and prefs["card_choice"]:
        cards = _ranked_cards(state["players"][seat]["hand"], decision["count"], prefs["card_choice"])
        return dict(base, type=kind, cards=cards)
    if kind == "choose_deck" and prefs["defender_deck"]:
        deck = next((d for d in prefs["defender_deck"] if d in decision["decks"]), None)
        return dict(base, type=kind, deck=deck) if deck else None
    if kind == "aqueduct" and prefs["aqueduct"]:
        if prefs["aqueduct"] == "skip":
            return dict(base, type="take_aqueduct", resource=None)
        resource = next((r for r in prefs["aqueduct"] if state["bank"][r] > 0), None)
        return dict(base, type="take_aqueduct", resource=resource)
    if kind == "lose_city" and prefs["city_to_lose"]:
        city = next((x for x in prefs["city_to_lose"] if x in decision["cities"]), None)
        return dict(base, type=kind, intersection=city) if city else None
    if kind == "discard_progress" and prefs["progress_overflow"] == "new" \
            and decision["card"] in state["players"][seat]["progress"]:
        return dict(base, type=kind, card=decision["card"])
    if kind == "harbor_commodity" and prefs["harbor_answer"]:
        hand = state["players"][seat]["hand"]
        commodity = next((c for c in prefs["harbor_answer"] if hand[c]), None)
        return dict(base, type=kind, commodity=commodity) if commodity else None
    if kind == "retreat_knight" and prefs["knight_retreat"] == "nearest":
        return dict(base, type=kind, intersection=decision["spots"][0])
    if kind == "desert_knight" and prefs["deserter_victim"] == "weakest":
        from engine.catan_ck.cards import default_deserter
        return dict(base, type=kind, intersection=default_deserter(state, decision["knights"]))
    return None


def apply_preferences(context, handlers):
    """Answer what preferences cover, in the context of the move that opened it."""
    for _round in range(64):
        state = context.state
        if state["phase"] != "play":
            return
        if not state["decisions"] and not state["offers"]:  # most moves: at most an auto-roll
            active = state["active"]
            if state["turn"]["stage"] != "roll" or not preferences_of(state, active)["auto_roll"]:
                return
            context.event({"kind": "preference", "seat": active})
            handlers["roll"](context, active, {"type": "roll"})
            continue
        step = None
        for decision in state["decisions"]:
            answer = automatic_answer(state, decision)
            if answer is not None:
                step = (decision["seat"], answer)
                break
        if step is None:
            for offer in state["offers"]:
                if offer["kind"] == "turn":
                    for seat in offer["to"]:
                        if preferences_of(state, seat)["trade_offers"] == "decline_all" \
                                and seat not in offer["accepted"]:
                            step = (seat, {"type": "answer_trade", "offer": offer["id"], "answer": "decline"})
                            break
                if step:
                    break
        if step is None:
            active = state["active"]
            if state["turn"]["stage"] == "roll" and preferences_of(state, active)["auto_roll"] \
                    and not state["decisions"]:
                step = (active, {"type": "roll"})
        if step is None:
            return
        seat, move = step
        context.event({"kind": "preference", "seat": seat})
        handlers[move["type"]](context, seat, move)
