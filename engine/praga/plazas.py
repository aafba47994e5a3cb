"""Plaza scoring and rewards (PRG-PLAZA-01..12).

`plazas = {pid: {"tile", "side", "scored"}}`; deferred rewards of other seats wait in
`deferred = {"seat": [{"plaza", "both"}, ...]}` until the start of their own next turn
(Yucata deviation, PRG-PLAZA-08).
"""

from engine.core.text import _
from engine.praga.city import buildings_at, free_sites
from engine.praga.city import city as city_data
from engine.praga.common import BOT, by_id, need
from engine.praga.rewards import add_pending, find_pending, gain, remove_pending


def plaza_side(state, ed, pid):
    p = state["plazas"][pid]
    return by_id(ed, "PLAZA_TILES", p["tile"])["sides"][p["side"]]


def majority(state, ed, pid):
    """({owner: cubes}, winners) at a plaza; owners are seats or BOT (PRG-PLAZA-03..06)."""
    cubes, spent = {}, {}
    for b in buildings_at(state, ed, pid):
        if b["cube"]:
            o = b["owner"]
            cubes[o] = cubes.get(o, 0) + 1
            spent[o] = spent.get(o, 0) + b["spent"]
    if not cubes:
        return cubes, []
    top = max(cubes.values())
    tied = [o for o in cubes if cubes[o] == top]
    if len(tied) > 1:
        best = max(spent[o] for o in tied)
        tied = [o for o in tied if spent[o] == best]
    return cubes, tied


def score_plaza(ctx, pid, active):
    """Score a full plaza now; `active` is the seat whose turn it is (or BOT)."""
    state = ctx.s
    cubes, winners = majority(state, ctx.ed, pid)
    ctx.w("plazas")[pid]["scored"] = True
    city = None

    for site_id in city_data(ctx.ed)["plaza_sites"][pid]:
        b = state["city"].get(site_id)
        if b is not None and b["cube"]:
            if city is None:
                city = ctx.w("city")
            city[site_id]["cube"] = False
            city[site_id]["returned"] = True
            if b["owner"] != BOT:
                ctx.p(b["owner"])["cubes"] += 1  # PRG-PLAZA-07
    for owner in cubes:
        if owner == BOT:
            continue  # PRG-PLAZA-10: Parler's rewards are lost
        both = owner in winners
        if owner == active:
            add_pending(ctx, {"kind": "plaza", "plaza": pid, "both": both})
        else:
            ctx.barrier = True
            deferred = ctx.w("deferred")
            deferred.setdefault(str(owner), []).append({"plaza": pid, "both": both})


def move_pawn_if_full(ctx):
    """PRG-PARLER-07: the pawn leaves a plaza without free site."""
    parler = ctx.s.get("parler")
    if not parler:
        return
    order = ctx.s["plaza_order"]
    pawn = parler["pawn"]
    if free_sites(ctx.s, ctx.ed, pawn):
        return
    i = order.index(pawn)
    for k in range(1, len(order) + 1):
        cand = order[(i + k) % len(order)]
        if free_sites(ctx.s, ctx.ed, cand):
            ctx.w("parler")["pawn"] = cand
            return


def do_plaza_reward(ctx, seat, move):
    item = find_pending(ctx.s, move["item"], "plaza")
    need(item is not None, _("There is no such plaza reward."))
    side = plaza_side(ctx.s, ctx.ed, item["plaza"])
    choice = move.get("choice")
    remove_pending(ctx, item["id"])
    if item["both"]:
        need(choice is None, _("You receive both rewards of this plaza."))
        for r in side["top"]:
            gain(ctx, seat, r, "plazas")
    else:
        need(choice in (0, 1), _("Choose one of the two rewards of the plaza."))
        gain(ctx, seat, side["top"][choice], "plazas")
