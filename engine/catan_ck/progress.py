"""Progress card draws and the progress hand limit (CK-PROGRESS-01..07, D-04).

Playing progress cards is not implemented yet (docs/catan_ck.md).
"""

from engine.core.text import _
from engine.catan_ck.common import need
from engine.catan_ck.data.improvements import PROGRESS_HAND_LIMIT
from engine.catan_ck.data.progress_cards import card_record

# the module, not its function: turn imports dice, which imports this module (an import inside
# `draw` cost more than the rest of a draw)
from engine.catan_ck import turn


def draw(context, seat, deck):
    """Draw the top card of `deck` for `seat`; an empty deck gives nothing (CK-PROGRESS-03)."""
    state = context.state
    if not state["decks"][deck]:
        context.event({"kind": "deck_empty", "seat": seat, "deck": deck})
        return None
    card = context.write("decks")[deck].pop(0)
    context.barrier = True
    if card_record(card)["when"] == "on_draw":  # CK-PROGRESS-07: revealed at once, 1 VP
        context.player_item(seat, "revealed").append(card)
        context.event({"kind": "revealed", "seat": seat, "card": card})
        return card
    hand = context.player_item(seat, "progress")
    hand.append(card)
    context.event({"kind": "progress_drawn", "seat": seat, "deck": deck})
    if len(hand) > PROGRESS_HAND_LIMIT:
        if seat != state["active"]:  # D-04: off-turn, holds only the next roll (OQ-46)
            places = {d: len(cards) for d, cards in context.state["decks"].items()}  # CK-PROGRESS-13
            turn.open_decision(context, seat, "discard_progress", blocks="roll", card=card, places=places)
        elif state["options"]["progress_overflow_own_turn"] == "immediate":
            turn.open_decision(context, seat, "discard_progress", blocks="turn", card=card)
    return card


def discard(context, seat, card, decision=None):
    """The card goes face down under its own deck (CK-PROGRESS-06); an off-turn overflow
    (D-04) takes the place reserved when its decision opened (CK-PROGRESS-13)."""
    hand = context.player_item(seat, "progress")
    need(card in hand, _("You do not hold this progress card."))
    hand.remove(card)
    deck = card_record(card)["deck"]
    cards = context.write("decks")[deck]
    if decision is not None and "places" in decision:
        place = decision["places"][deck]
        cards.insert(place, card)
        for other in context.write("decisions"):  # later overflows go below this one
            if other["kind"] == "discard_progress" and other["id"] > decision["id"] and "places" in other:
                other["places"][deck] += 1
    else:
        cards.append(card)
    context.barrier = True
