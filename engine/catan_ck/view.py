"""What a seat may see (CAT-INFO). Spectator = None.

Public: the board and every piece, bank stock, deck sizes, dice, levels, revealed VP
cards, Defender cards, road lengths, decisions (who must decide what). Private to the
owner: the types of the cards in hand and the faces of progress cards (others see the
number of cards and the number of progress cards per deck). Known to two seats: the type
of a stolen card. Never shown: deck order, the generator state, the undo base.
"""

from engine.core import undo
from engine.catan_ck.common import clone, hand_size
from engine.catan_ck.data.progress_cards import DECKS, card_record
from engine.catan_ck.scoring import points, points_breakdown

# Every top-level key of a state is classified here; a test fails on an unclassified key,
# so a new piece of state cannot reach a view without a decision.
PUBLIC = frozenset({
    "game", "rules_version", "options", "players_count", "order", "board", "robber", "merchant",
    "barbarians", "bank", "buildings", "roads", "knights", "metropolises", "longest_road", "phase",
    "setup", "active", "turn", "next_decision", "result", "offers", "next_offer",
})
SECRET = frozenset({"rng", "undo"})
SHOWN_AS_COUNTS = frozenset({"decks"})
FILTERED = frozenset({"players", "private", "decisions", "card_step"})


def player_view(state, player, seat):
    if player["seat"] == seat:
        shown = clone(player)
    else:
        shown = {key: clone(value) for key, value in player.items() if key not in ("hand", "progress", "preferences")}
        shown["hand"] = None
        shown["progress"] = None
    shown["cards"] = hand_size(player["hand"])
    shown["progress_counts"] = {deck: sum(1 for c in player["progress"] if card_record(c)["deck"] == deck)
                                for deck in DECKS}
    shown["points"] = points(state, player["seat"])
    shown["points_breakdown"] = points_breakdown(state, player["seat"])
    return shown


def view(state, seat):
    shown = {key: clone(state[key]) for key in PUBLIC if key in state}
    shown["decks"] = {deck: len(cards) for deck, cards in state["decks"].items()}
    shown["players"] = [player_view(state, player, seat) for player in state["players"]]
    shown["decisions"] = [
        {key: value for key, value in decision.items() if key != "card" or decision["seat"] == seat}
        for decision in clone(state["decisions"])]  # the new card of D-04 is its owner's secret
    shown["private"] = [clone(entry) for entry in state.get("private") or [] if seat in entry["seats"]]
    step = state.get("card_step")  # may hold another seat's cards: the active player's only
    shown["card_step"] = clone(step) if step and seat == state["active"] else ({"kind": step["kind"]} if step else None)
    for offer in shown.get("offers") or []:  # one shape for the market: every offer names both expiries
        offer.setdefault("until", None)    # the last turn it stands through (standing offers)
        offer.setdefault("expires", None)  # a UTC moment "YYYY-MM-DDTHH:MM:SSZ" (engine.catan_ck.domestic)
    shown["seat"] = seat
    shown["can_undo"] = seat is not None and undo.can_undo(state, seat)
    return shown
