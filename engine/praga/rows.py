"""Hex tile rows, stacks, refills, refresh and the era change (PRG-HEX, PRG-ROUND-04).

`rows = {"upgrade": [slot0, slot1, slot2, special], ...}` (tile id or None);
`stacks = {"upgrade-1-normal": [top, ...], ...}` (hidden order); the active player's
pending refills are `turn["refill"]` = [[row, slot], ...] (Yucata: refill on request).
"""

from engine.core.text import _
from engine.praga.common import ROWS, need
from engine.praga.rewards import pay

SPECIAL_SLOT = 3


def stack_key(row, era, kind):
    return "%s-%d-%s" % (row, era, kind)


def slot_kind(slot):
    return "special" if slot == SPECIAL_SLOT else "normal"


def draw_tile(ctx, row, slot):
    """Top tile of the stack matching the slot (current era), or None (PRG-HEX-05)."""
    key = stack_key(row, ctx.s["era"], slot_kind(slot))
    if not ctx.s["stacks"][key]:
        return None
    stacks = ctx.w("stacks")
    ctx.barrier = True
    return stacks[key].pop(0)


def put_under(ctx, tile_id):
    rec = ctx.ed.TILES[tile_id]
    key = stack_key(rec["type"], rec["era"], rec["kind"])
    if rec["era"] != ctx.s["era"]:
        return  # an Era I tile after the era change leaves the game
    ctx.w("stacks")[key].append(tile_id)


def take_from_row(ctx, row, slot):
    """Remove the tile of a slot; the refill is pending (PRG-HEX-04)."""
    tile = ctx.s["rows"][row][slot]
    need(tile is not None, _("There is no tile in this slot."))
    ctx.wn("rows", row)[slot] = None
    turn = ctx.s.get("turn")
    if turn is not None:
        ctx.wn("turn", "refill").append([row, slot])
    return tile


def refill_row(ctx, row):
    turn = ctx.s["turn"]
    todo = [rs for rs in turn["refill"] if rs[0] == row]
    if not todo:
        return
    ctx.t()["refill"] = [rs for rs in turn["refill"] if rs[0] != row]
    for _row, slot in todo:
        if ctx.s["rows"][row][slot] is None:
            tile = draw_tile(ctx, row, slot)
            ctx.w("rows")[row][slot] = tile


def refill_all(ctx):
    for row in ROWS:
        refill_row(ctx, row)


def fill_empty_slots(ctx, row):
    """Refill every empty slot of a row at once (Peter Parler, era change)."""
    for slot in range(4):
        if ctx.s["rows"][row][slot] is None:
            ctx.w("rows")[row][slot] = draw_tile(ctx, row, slot)


def do_refill(ctx, seat, move):
    """Request the pending refill of a row (PRG-HEX-04, Yucata deviation)."""
    row = move["row"]
    need(row in ROWS, _("Unknown row."))
    need(any(rs[0] == row for rs in ctx.s["turn"]["refill"]), _("This row has no slot to refill."))
    refill_row(ctx, row)


def do_refresh(ctx, seat, move):
    """PRG-HEX-06/07: once per turn, pay 1 gold or 1 stone, replace 2 tiles of a row."""
    turn = ctx.s["turn"]
    need(not turn["bonus_only"], _("Only the deferred rewards may be resolved in this bonus turn."))
    need(not turn["refreshed"], _("You have already refreshed a row this turn."))
    row, slots, res = move["row"], move["slots"], move["pay"]
    need(row in ROWS, _("Unknown row."))
    need(res in ("gold", "stone"), _("Pay the refresh with gold or stone."))
    need(isinstance(slots, list) and len(slots) == 2 and all(type(s) is int for s in slots),
         _("Name the two slots to remove."))
    a, b = sorted(slots)
    need(0 <= a < b <= SPECIAL_SLOT, _("Name two different slots of the row."))
    pay(ctx, seat, **{res: 1})
    refill_row(ctx, row)  # PRG-HEX-07
    r = ctx.s["rows"][row]
    need(r[a] is not None and r[b] is not None, _("Both slots must hold a tile."))
    ctx.t()["refreshed"] = True
    rows = ctx.w("rows")
    for s in (a, b):
        put_under(ctx, rows[row][s])
        rows[row][s] = None
    for s in (a, b):
        rows[row][s] = draw_tile(ctx, row, s)
    ctx.barrier = True


def era_change(ctx):
    """PRG-ROUND-04: Era I display and stacks leave; Era II display dealt."""
    ctx.s["era"] = 2
    stacks = ctx.w("stacks")
    for key in list(stacks):
        if "-1-" in key:
            stacks[key] = []
    rows = ctx.w("rows")
    for row in ROWS:
        rows[row] = [None, None, None, None]
        for slot in range(4):
            rows[row][slot] = draw_tile(ctx, row, slot)
    turn = ctx.s.get("turn")
    if turn is not None and turn["refill"]:
        ctx.t()["refill"] = []
    ctx.barrier = True
