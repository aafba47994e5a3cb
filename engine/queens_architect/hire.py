"""Hire with the black board and the price marker (QA-HIRE-01..11)."""

from engine.core.text import _
from engine.queens_architect.checks import need, small_int
from engine.queens_architect.common import find_craftsman, free_spot
from engine.queens_architect.craftsmen import twin_of


def slot_price(state, ed, slot):
    """QA-HIRE-02: slot 1 costs the marker's field, slots 2-6 their printed price."""
    record = ed.data.BLACK_BOARD["slots"][slot - 1]
    return state["price_marker"] if record["price"] == "marker" else record["price"]


def slot_uses(state, ed, slot):
    """QA-HIRE-02, option top_slot_uses (OQ-4)."""
    if slot == 1 and state["options"]["top_slot_uses"] == "price":
        return state["price_marker"]
    return ed.data.BLACK_BOARD["slots"][slot - 1]["uses"]


def hire_price(state, ed, slot, from_lot):
    if from_lot and state["options"]["lot_hire_cost"] == "free":  # QA-BUILD-10, OQ-11
        return 0
    return slot_price(state, ed, slot)


def hire_moves(state, ed, seat, from_lot=False):
    """Every legal hire: slot x the dismissal (QA-HIRE-04/06, QA-HIRE-11)."""
    player = state["players"][seat]
    moves = []
    for slot, tile in enumerate(state["board"], start=1):
        if tile is None or hire_price(state, ed, slot, from_lot) > player["coins"]:
            continue
        twin = twin_of(ed, player, tile)
        if len(player["craftsmen"]) < 6:
            if twin is None:
                moves.append({"type": "hire", "slot": slot, "dismiss": None})
        elif twin is not None:
            moves.append({"type": "hire", "slot": slot, "dismiss": twin})
        else:
            moves.extend({"type": "hire", "slot": slot, "dismiss": craftsman["tile"]}
                         for craftsman in sorted(player["craftsmen"], key=lambda c: c["tile"]))
    return moves


def draw_from_supply(ctx):
    """QA-HIRE-09, QA-INFO-03: a random supply tile, drawn when the hire is applied."""
    supply = ctx.w("supply")
    rng = ctx.rng()
    tile = supply.pop(rng.below(len(supply)))
    ctx.store_rng(rng)
    return tile


def do_hire(ctx, seat, move, from_lot=False):
    state = ctx.s
    slot = move.get("slot")
    need(small_int(slot, 1, 6) and state["board"][slot - 1] is not None, _("There is no craftsman in that slot."))
    tile = state["board"][slot - 1]
    price = hire_price(state, ctx.ed, slot, from_lot)
    player = state["players"][seat]
    need(player["coins"] >= price, _("This craftsman costs {price} coins; you have {coins}."),
         price=price, coins=player["coins"])
    dismiss = move.get("dismiss")
    if len(player["craftsmen"]) >= 6:
        # QA-HIRE-06: with 6 craftsmen one of them leaves first.
        need(dismiss is not None, _("You already have 6 craftsmen: dismiss one of them first."))
        need(find_craftsman(player, dismiss) is not None, _("You can only dismiss one of your own craftsmen."))
    else:
        need(dismiss is None, _("You can dismiss a craftsman only when you already have 6."))
    twin = twin_of(ctx.ed, player, tile)
    need(twin is None or twin == dismiss, _("You already employ this craftsman."))  # QA-CRAFT-07
    player = ctx.player(seat)
    player["coins"] -= price
    if dismiss is not None:
        player["craftsmen"] = [craftsman for craftsman in player["craftsmen"] if craftsman["tile"] != dismiss]
    spot = free_spot(player, move.get("spot"))
    need(spot is not None, _("That spot of your star is taken."))
    player["craftsmen"].append({"tile": tile, "uses": slot_uses(state, ctx.ed, slot), "spot": spot})
    discarded = update_board(ctx, slot)
    return {"tile": tile, "price": price, "dismissed": dismiss, "discarded": discarded}


def update_board(ctx, slot):
    """QA-HIRE-05, -07, -08, -09 after the craftsman of `slot` was hired."""
    board = ctx.w("board")
    top_before = board[0]
    cheapest = ctx.ed.data.BLACK_BOARD["price_marker"]["cheapest"]
    start = ctx.ed.data.BLACK_BOARD["price_marker"]["start"]
    board[slot - 1] = None
    discarded = None
    if slot == 1:
        ctx.s["price_marker"] = start  # QA-HIRE-05 a
    elif ctx.s["price_marker"] > cheapest:
        ctx.s["price_marker"] -= 1  # QA-HIRE-05 b
    else:
        discarded, board[0] = board[0], None  # QA-HIRE-05 b: the top tile leaves the game
        ctx.s["price_marker"] = start
    remaining = [tile for tile in board if tile is not None]  # QA-HIRE-07: move up
    board[:] = remaining + [None] * (6 - len(remaining))
    if board[0] != top_before:
        ctx.s["price_marker"] = start  # QA-HIRE-08
    for index in range(6):  # QA-HIRE-09: refill in slot order while the supply lasts
        if board[index] is None and ctx.s["supply"]:
            board[index] = draw_from_supply(ctx)
            ctx.barrier = True  # a drawn tile is new information: no undo past it
    return discarded
