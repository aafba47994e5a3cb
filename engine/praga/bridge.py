"""King's Road and Charles Bridge (PRG-ROAD, PRG-BRIDGE).

`bridge = {"spaces": [reward x10], "covered": [bool x10], "planks": [{"tile", "space", "seat"}]}`.
"""

from engine.core.text import _
from engine.praga.actions import ROAD_SPACES, road_effect, start_action
from engine.praga.common import by_id, need
from engine.praga.rewards import add_pending, add_vp, find_pending, gain, pay, remove_pending

ROAD_TOP = 5


def bridge_tile(ed, tid):
    return by_id(ed, "BRIDGE_TILES", tid)


def complete(state):
    return all(state["bridge"]["covered"])


def plank_spaces(state):
    """Legal first spaces of a plank: every remaining uncovered run stays even (PRG-BRIDGE-01)."""
    cov = state["bridge"]["covered"]
    result = []
    i, n = 0, len(cov)
    while i < n:
        if cov[i]:
            i += 1
            continue
        j = i
        while j < n and not cov[j]:
            j += 1
        for s in range(i, j - 1, 2):
            result.append(s)
        i = j
    return result


def can_road(state, seat):
    return state["players"][seat]["road"] < ROAD_TOP


def do_road(ctx, seat, move):
    need(can_road(ctx.s, seat), _("Your pawn is on the bridge and cannot move any more."))
    start_action(ctx, seat, "ROAD", move)
    pl = ctx.pl(seat)
    target = pl["road"] + 1
    if target >= 4:
        need(pl["eggs"] >= 1, _("Moving to the bridge costs 1 egg."))
        pay(ctx, seat, eggs=1)
    ctx.p(seat)["road"] = target
    if target <= 3:
        space = ROAD_SPACES[target - 1]
        eff = road_effect(ctx.s, ctx.ed, space)
        if eff["kind"] != "ongoing":
            add_pending(ctx, {"kind": "road_free", "space": space, "optional": eff["kind"] == "buy"})
        add_pending(ctx, {"kind": "road_egg", "space": space, "optional": True})
    elif target == 4:
        stack = ctx.w("iv_stack")
        drawn = stack[:3]
        del stack[:3]
        ctx.barrier = True
        if drawn:
            add_pending(ctx, {"kind": "bridge", "tier": "IV", "drawn": drawn})
    else:
        if ctx.s["v_bridge"]:
            ctx.barrier = True
            add_pending(ctx, {"kind": "bridge", "tier": "V", "drawn": list(ctx.s["v_bridge"])})


def do_road_effect(ctx, seat, move):
    # Seed [K] says the two effects are carried out "sofort"; [Y] (timing list) lets them wait
    # until any later moment of the same turn (PRG-ROAD-04): they are pending items.
    item = find_pending(ctx.s, move["item"])
    need(item is not None and item["kind"] in ("road_free", "road_egg"), _("There is no such King's Road effect."))
    remove_pending(ctx, item["id"])
    space = item["space"]
    if item["kind"] == "road_egg":
        eff = ctx.ed.ROAD["base"][space]["egg"]
        pay(ctx, seat, eggs=1)
    else:
        eff = road_effect(ctx.s, ctx.ed, space)
    apply_effect(ctx, seat, eff)


def apply_effect(ctx, seat, eff):
    kind = eff["kind"]
    pl = ctx.pl(seat)
    if kind == "reward":
        gain(ctx, seat, eff["reward"], "road")
    elif kind == "buy":
        cost = {}
        for atom in eff["pay"]:
            from engine.praga.common import parse_atom

            n, code = parse_atom(atom)
            cost[{"G": "gold", "S": "stone", "E": "eggs", "SW": "sw", "GW": "gw"}[code]] = n
        pay(ctx, seat, **cost)
        gain(ctx, seat, eff["gain"], "road")
    elif kind == "per_era1_upgrade":
        count = sum(1 for stack in pl["upgrades"].values() for e in stack if ctx.ed.TILES[e["tile"]]["era"] == 1)
        add_vp(ctx, seat, eff["vp"] * count, "road")
    elif kind == "per_silver_window":
        add_vp(ctx, seat, eff["vp"] * pl["sw"], "road")
    elif kind == "ongoing":
        pass


def do_bridge(ctx, seat, move):
    """PRG-BRIDGE-02/03/05/06: keep a drawn tile, place it as a plank, gain."""
    item = find_pending(ctx.s, move["item"], "bridge")
    need(item is not None, _("There is no bridge tile to choose."))
    tile = move["tile"]
    need(tile in item["drawn"], _("Choose one of the tiles you drew."))
    space = move.get("space")
    if complete(ctx.s):
        need(space is None, _("The bridge is complete; no plank is placed."))
    else:
        need(type(space) is int and space in plank_spaces(ctx.s), _("A plank cannot be placed there."))
    remove_pending(ctx, item["id"])
    if item["tier"] == "IV":
        others = [t for t in item["drawn"] if t != tile]
        ctx.w("iv_stack").extend(others)
    else:
        ctx.w("v_bridge").remove(tile)
    if space is not None:
        b = ctx.w("bridge")
        b["covered"][space] = b["covered"][space + 1] = True
        b["planks"].append({"tile": tile, "space": space, "seat": seat})
        for s in (space, space + 1):
            gain(ctx, seat, b["spaces"][s], "bridge")
    rec = bridge_tile(ctx.ed, tile)
    if item["tier"] == "IV":
        ctx.pn(seat, "iv_tiles").append(tile)
        gain(ctx, seat, rec.get("reward") or [], "bridge")
        if rec.get("optional_step"):  # IV-3 / IV-4: "you may move" (PRG-TURN-08)
            st = "hw" if rec["optional_step"] == "HW" else "ca"
            add_pending(ctx, {"kind": "side", "structure": st, "optional": True})
    else:
        gain_v_tile(ctx, seat, tile)


def gain_v_tile(ctx, seat, tile):
    rec = bridge_tile(ctx.ed, tile)
    ctx.pn(seat, "v_tiles").append(tile)
    gain(ctx, seat, rec.get("immediate") or [], "bridge")
