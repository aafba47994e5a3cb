"""Hunger Wall and St. Vitus Cathedral (PRG-WALLCATH-01..08, PRG-WINDOW-02).

Player state `hw` / `ca` = {"row": 1.., "col": 0.., "dead": [[row, col], ...]}; columns
count from the start column (data 6.11), so a sideways step is always col + 1.
"""

from engine.core.text import _
from engine.praga.common import STRUCT_DATA, need, tech_active
from engine.praga.rewards import add_pending, add_vp, find_pending, gain, pay, remove_pending, tech_reward


def sdata(ctx_or_state, ed, st):
    return ed.STRUCTURES[STRUCT_DATA[st]]


def level_set(state, ed, st):
    opt = state["options"]["hunger_wall" if st == "hw" else "cathedral"]
    return ed.STRUCTURES[STRUCT_DATA[st]]["sets"][opt]


def exists(ed, st, row, col):
    d = ed.STRUCTURES[STRUCT_DATA[st]]
    return 1 <= row <= d["rows"] and col in d["columns"][row - 1]


def level_of(ed, st, row):
    d = ed.STRUCTURES[STRUCT_DATA[st]]
    for i, rows in enumerate(d["levels"]):
        if row in rows:
            return i + 1
    return 1


def entry_cost(state, ed, st, row):
    """Gold/stone to move from `row` to `row + 1` (PRG-WALLCATH-05)."""
    new = level_of(ed, st, row + 1)
    if new != level_of(ed, st, row):
        c = level_set(state, ed, st)["level_cost"].get(str(new)) or {}
        return c.get("gold", 0), c.get("stone", 0)
    return 0, 0


def space(state, ed, st, row, col):
    for sp in level_set(state, ed, st)["spaces"]:
        if sp["row"] == row and sp["column"] == col:
            return sp
    return None


def side_step(ctx, seat, st):
    cube = ctx.pl(seat)[st]
    if not exists(ctx.ed, st, cube["row"], cube["col"] + 1):
        return  # OQ-50
    ctx.pn(seat, st)["col"] += 1
    land(ctx, seat, st)


def can_move_up(state, ed, seat, st):
    cube = state["players"][seat][st]
    return exists(ed, st, cube["row"] + 1, cube["col"])


def move_up(ctx, seat, st, waive=False):
    cube = ctx.pl(seat)[st]
    if not waive:
        gold, stone = entry_cost(ctx.s, ctx.ed, st, cube["row"])
        pay(ctx, seat, gold=gold, stone=stone)
    ctx.pn(seat, st)["row"] += 1
    pl = ctx.p(seat)
    if tech_active(pl, "T1-6"):
        gain(ctx, seat, tech_reward(ctx, "T1-6"), "technologies")
    # Seed [Y]: "Wenn du die oberste Stufe des Doms erreichst" = level III (OQ-28), first entry only
    if st == "ca" and not pl["ca_v"] and level_of(ctx.ed, st, pl[st]["row"]) == 3:
        pl["ca_v"] = True  # PRG-WALLCATH-08
        if ctx.s["v_cathedral"]:
            ctx.barrier = True
            add_pending(ctx, {"kind": "cathedral_v", "options": list(ctx.s["v_cathedral"]),
                              "optional": True})
    land(ctx, seat, st)


def land(ctx, seat, st):
    """Landing effects (PRG-WALLCATH-06/07)."""
    cube = ctx.pl(seat)[st]
    sp = space(ctx.s, ctx.ed, st, cube["row"], cube["col"])
    if sp is None:
        return
    if sp["effect"] == "vp":
        add_vp(ctx, seat, sp["vp"], "structures")
    elif sp["effect"] == "side":
        side_step(ctx, seat, st)
    elif sp["effect"] == "up":
        if [cube["row"], cube["col"]] in cube["dead"]:
            return
        if not can_move_up(ctx.s, ctx.ed, seat, st):
            return
        gold, stone = entry_cost(ctx.s, ctx.ed, st, cube["row"])
        if gold == 0 and stone == 0:
            move_up(ctx, seat, st)
            return
        pl = ctx.pl(seat)
        if pl["gold"] >= gold and pl["stone"] >= stone:
            add_pending(ctx, {"kind": "arrow", "structure": st, "row": cube["row"], "col": cube["col"]})
        else:
            ctx.pn(seat, st)["dead"].append([cube["row"], cube["col"]])


def do_side(ctx, seat, move):
    item = find_pending(ctx.s, move["item"], "side")
    need(item is not None, _("There is no such sideways step."))
    remove_pending(ctx, item["id"])
    side_step(ctx, seat, item["structure"])


def do_arrow(ctx, seat, move):
    item = find_pending(ctx.s, move["item"], "arrow")
    need(item is not None, _("There is no such arrow."))
    remove_pending(ctx, item["id"])
    st = item["structure"]
    if move["pay"]:
        move_up(ctx, seat, st)
    else:
        ctx.pn(seat, st)["dead"].append([item["row"], item["col"]])


def can_climb(state, ed, seat, st):
    pl = state["players"][seat]
    if pl["sw"] < 2 or not can_move_up(state, ed, seat, st):
        return False
    gold, stone = entry_cost(state, ed, st, pl[st]["row"])
    return pl["gold"] >= gold and pl["stone"] >= stone


def do_climb(ctx, seat, move):
    """PRG-WALLCATH-04/05: 2 silver windows per row, plus the level cost."""
    st = move["structure"]
    need(st in ("hw", "ca"), _("Choose the Hunger Wall or the Cathedral."))
    need(can_move_up(ctx.s, ctx.ed, seat, st), _("There is no row above."))
    pay(ctx, seat, sw=2)
    move_up(ctx, seat, st)


def do_cathedral_v(ctx, seat, move):
    from engine.praga.bridge import gain_v_tile

    item = find_pending(ctx.s, move["item"], "cathedral_v")
    need(item is not None, _("There is no Cathedral tile to take."))
    tile = move["tile"]
    need(tile in item["options"] and tile in ctx.s["v_cathedral"], _("This tile is not by the Cathedral."))
    remove_pending(ctx, item["id"])
    ctx.w("v_cathedral").remove(tile)
    gain_v_tile(ctx, seat, tile)
