"""Progress card draws and the progress hand limit (CK-PROGRESS-01..07, D-04).

Playing progress cards is not implemented yet (docs/catan_ck.md).
"""

from engine.core.text import _
from engine.catan_ck.common import need
from engine.catan_ck.data.improvements import PROGRESS_HAND_LIMIT
from engine.catan_ck.data.progress_cards import card_record


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
        from engine.catan_ck.turn import open_decision

        if seat != state["active"]:  # D-04: off-turn, holds only the next roll (OQ-46)
            open_decision(context, seat, "discard_progress", blocks="roll", card=card)
        elif state["options"]["progress_overflow_own_turn"] == "immediate":
            open_decision(context, seat, "discard_progress", blocks="turn", card=card)
    return card


def discard(context, seat, card):
    """The card goes face down under its own deck (CK-PROGRESS-06)."""
    hand = context.player_item(seat, "progress")
    need(card in hand, _("You do not hold this progress card."))
    hand.remove(card)
    context.write("decks")[card_record(card)["deck"]].append(card)
    context.barrier = True
