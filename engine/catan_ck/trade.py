"""Maritime trade with the bank and the harbours (CAT-TRADE-02..04, CK-IMPROVE-04, CK-MERCHANT-02).

Domestic trade (CAT-TRADE-05..07, spec 4.5) is not implemented yet.
"""

from itertools import compress
from operator import is_not

from engine.core.errors import IllegalMove
from engine.core.text import _
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.data.harbours import BANK_RATE, GENERIC_RATE, SPECIAL_RATE
from engine.catan_ck.data.improvements import ABILITY_LEVEL
from engine.catan_ck.data.terrains import CARD_TYPES, COMMODITIES, TERRAINS


def harbours_of(state, seat, memo=None):
    """Harbour types the seat may use: a building on either served intersection (CAT-BOARD-07).
    `memo` (a replay's, see Context.memo; only for a board and buildings the move did not
    write) keeps them per seat while the board stays the same object and no building on a
    harbour's intersection changed; the set is then shared, to be read only."""
    if memo is None:
        return _harbours_of(state, seat)
    buildings, board = state["buildings"], state["board"]
    known = memo.get("harbours")
    if known is not None and known[1] is board and known[0] is not buildings:
        # kept while no building on a harbour's intersection was placed, changed or removed
        known = memo["harbours"] = (buildings, board, known[2] if _harbours_kept(known[0], buildings, board) else {})
    if known is None or known[1] is not board:
        known = memo["harbours"] = (buildings, board, {})
    kinds = known[2].get(seat)
    if kinds is None:
        kinds = known[2][seat] = _harbours_of(state, seat)
    return kinds


def _harbours_kept(before, buildings, board):
    """Whether `buildings` holds the same buildings as `before` on every intersection a
    harbour of `board` serves (then every seat keeps its harbours). A building a move did not
    change is the same object in both sections (copy-on-write): the changed ones are picked by
    identity, in C."""
    changed = list(compress(buildings, map(is_not, buildings.values(), map(before.get, buildings))))
    added = 0
    for x in changed:
        if x not in before:
            added += 1
    if len(before) + added > len(buildings):  # a building was removed
        return False
    spots = GEOMETRY.harbour_intersections
    for harbour in board["harbours"]:
        for x in spots[harbour]:
            if x in changed:
                return False
    return True


def _harbours_of(state, seat):
    buildings = state["buildings"]
    kinds = set()
    for harbour, kind in state["board"]["harbours"].items():  # two corners each, not every building
        for x in GEOMETRY.harbour_intersections[harbour]:
            building = buildings.get(x)
            if building is not None and building["owner"] == seat:
                kinds.add(kind)
                break
    return kinds


def trade_rate(state, seat, give, memo=None):
    """The best rate the seat is entitled to when giving `give` (CAT-TRADE-02/03): the
    special rate from any of its sources, else the generic harbour's, else the bank's."""
    if give in COMMODITIES and state["players"][seat]["levels"]["trade"] >= ABILITY_LEVEL:
        return SPECIAL_RATE
    merchant = state["merchant"]
    if merchant and merchant["owner"] == seat \
            and TERRAINS[state["board"]["hexes"][merchant["hex"]]["terrain"]]["resource"] == give:
        return SPECIAL_RATE
    if give in (state["turn"] or {}).get("fleet", ()):
        return SPECIAL_RATE
    harbours = harbours_of(state, seat, memo)  # the costliest source, asked last
    if give in harbours:
        return SPECIAL_RATE  # a special harbour takes only its own resource
    return GENERIC_RATE if "generic" in harbours else BANK_RATE  # generic: resources and commodities (OQ-34)


def do_maritime_trade(context, seat, move):
    state = context.state
    give, take = move["give"], move["take"]
    # tests, not need(): a refusal's text is made only to refuse (every trade passes here)
    if give not in CARD_TYPES or take not in CARD_TYPES:
        raise IllegalMove(_("Name a resource or commodity."))
    if give == take:
        raise IllegalMove(_("You cannot trade a card type for the same type."))
    written = context.written
    settled = "board" not in written and "buildings" not in written and ("buildings", None) not in written
    rate = trade_rate(state, seat, give, context.memo if settled else None)
    if state["players"][seat]["hand"][give] < rate:
        raise IllegalMove(_("You need {count} cards of that type."), count=rate)
    if state["bank"][take] <= 0:
        raise IllegalMove(_("The bank has no card of that type left."))
    hand = context.player_item(seat, "hand")
    bank = context.write("bank")
    hand[give] -= rate
    bank[give] += rate
    hand[take] += 1
    bank[take] -= 1


def trade_moves(state, seat):
    hand = state["players"][seat]["hand"]
    moves = []
    for give in CARD_TYPES:
        if hand[give] < trade_rate(state, seat, give):
            continue
        moves += [{"type": "maritime_trade", "give": give, "take": take} for take in CARD_TYPES
                  if take != give and state["bank"][take] > 0]
    return moves
