"""Upgrade an Action (PRG-UPG-01..09)."""

from engine.core.contract import rules_version
from engine.core.text import _
from engine.praga.actions import special_allowed, start_action
from engine.praga.board import action_hex, place_bonuses
from engine.praga.common import need
from engine.praga.rewards import add_pending, find_pending, remove_pending, gain, tech_reward, uni_step
from engine.praga.rows import SPECIAL_SLOT, take_from_row


def check_slot(ctx, row, slot, via):
    need(type(slot) is int and 0 <= slot <= SPECIAL_SLOT, _("Unknown slot."))
    if slot == SPECIAL_SLOT:
        need(special_allowed(ctx.s, via),
             _("The special tile needs the special-tile bonus of your action tile and the main action."))
    need(ctx.s["rows"][row][slot] is not None, _("There is no tile in this slot."))


def use_slot(ctx, row, slot):
    if slot == SPECIAL_SLOT:
        ctx.wn("turn", "special")["state"] = "used"
    return take_from_row(ctx, row, slot)


def do_upgrade(ctx, seat, move):
    slot, rot = move["slot"], move["rotation"]
    need(0 <= rot <= 5, _("A rotation is 0 to 5."))
    via = start_action(ctx, seat, "UPGRADE", move)
    check_slot(ctx, "upgrade", slot, via)
    tile = use_slot(ctx, "upgrade", slot)
    place_upgrade(ctx, seat, tile, rot)
    if via == "T3-4":
        gain(ctx, seat, tech_reward(ctx, via), "technologies")


def place_upgrade(ctx, seat, tile, rot):
    ed = ctx.ed
    rec = ed.TILES[tile]
    action = rec["action"]
    turn = ctx.s["turn"]
    perf = list(turn["perf"].get(action, []))
    if action == "UPGRADE" and perf:
        perf = perf[:-1]  # PRG-UPG-08: the performance placing the tile is not earlier
    retro = sum(1 for t in perf if t is None)  # PRG-UPG-04, OQ-03
    ctx.pn(seat, "walls")
    stack = ctx.pn(seat, "upgrades").setdefault(action, [])
    covered = list(stack)
    entry = {"tile": tile, "rot": rot, "n": False, "c": False}
    stack.append(entry)
    if covered:
        ctx.wn("turn", "overbuilt")[action] = covered[-1]["tile"]
    place_bonuses(ctx, seat, tile, rot, action_hex(ed, action), entry, covered)
    uni_step(ctx, seat, ed.GAME["university_steps_for_upgrade"][str(rec["era"])])
    if retro and rec.get("centre"):
        add_pending(ctx, {"kind": "retro", "action": action, "tile": tile, "count": retro})


def do_retro_version_1(ctx, seat, move):
    """Rules version 1, kept for the games started with it: each upgrade tile counted the
    earlier bonus-less performances afresh, so two upgrades could pay two bonuses for one."""
    item = find_pending(ctx.s, move["item"], "retro")
    need(item is not None, _("There is no such retroactive bonus."))
    turn = ctx.t()
    for it in turn["pending"]:
        if it["id"] == item["id"]:
            it["count"] -= 1
            if it["count"] <= 0:
                remove_pending(ctx, it["id"])
            break
    perf = turn["perf"][item["action"]]
    for i, t in enumerate(perf):
        if t is None:
            perf[i] = item["tile"]
            break
    gain(ctx, seat, ctx.ed.TILES[item["tile"]]["centre"], "upgrades")


def do_retro(ctx, seat, move):
    """Take one retroactive upgrade bonus (PRG-UPG-04): it uses up one earlier performance.

    Each performance yields exactly one bonus (OQ-03): after two upgrades of the same action in one
    turn, both tiles offer their bonus for the same bonus-less performances, so taking one bonus
    shrinks every retroactive offer of that action to the performances still without a bonus."""
    if rules_version(ctx.s) < 2:
        return do_retro_version_1(ctx, seat, move)
    item = find_pending(ctx.s, move["item"], "retro")
    need(item is not None, _("There is no such retroactive bonus."))
    turn = ctx.t()
    perf = turn["perf"][item["action"]]
    need(None in perf, _("There is no such retroactive bonus."))
    perf[perf.index(None)] = item["tile"]
    left = perf.count(None)
    for it in list(turn["pending"]):
        if it["kind"] == "retro" and it["action"] == item["action"]:
            it["count"] = min(it["count"] - (it["id"] == item["id"]), left)
            if it["count"] <= 0:
                remove_pending(ctx, it["id"])
    gain(ctx, seat, ctx.ed.TILES[item["tile"]]["centre"], "upgrades")
