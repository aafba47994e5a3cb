"""Construct a Building (PRG-BUILD-01..09)."""

from engine.core.text import _
from engine.praga.actions import ongoing, start_action
from engine.praga.city import blue_matches, buildings_at, city, free_sites
from engine.praga.common import need, tech_active
from engine.praga.plazas import score_plaza, move_pawn_if_full
from engine.praga.rewards import add_pending, add_vp, gain, gain_marker, pay, tech_reward
from engine.praga.upgrade import check_slot, use_slot


def building_cost(rec, site, via):
    gold = rec["cost"]["gold"] + (site.get("extra_gold") or 0)
    if via == "T4-1":
        gold = max(0, gold - 2)  # OQ-33: gold part only
    return gold, rec["cost"]["stone"]


def do_building(ctx, seat, move):
    slot, rot, site_id, cube = move["slot"], move["rotation"], move["site"], move["cube"]
    need(0 <= rot <= 5, _("A rotation is 0 to 5."))
    ed = ctx.ed
    c = city(ed)
    site = c["sites"].get(site_id)
    need(site is not None and site["plaza"] in ctx.s["plaza_order"], _("This is not a building site in play."))
    need(site_id not in ctx.s["city"], _("This site is already built."))
    via = start_action(ctx, seat, "BUILDING", move)
    check_slot(ctx, "building", slot, via)
    rec = ed.TILES[ctx.s["rows"]["building"][slot]]
    gold, stone = building_cost(rec, site, via)
    pl = ctx.pl(seat)
    need(pl["gold"] >= gold and pl["stone"] >= stone, _("You cannot pay for this building here."))
    if cube:
        need(rec.get("cube_space"), _("This building has no space for a cube."))
        need(pl["cubes"] >= 1, _("You have no available cube."))
    tile = use_slot(ctx, "building", slot)
    pay(ctx, seat, gold=gold, stone=stone)
    gain(ctx, seat, rec["reward"], "tiles")
    add_vp(ctx, seat, site.get("vp") or 0, "buildings")
    markers = blue_matches(ctx.s, ed, site_id, tile, rot)
    spent = rec["cost"]["gold"] + rec["cost"]["stone"] + (site.get("extra_gold") or 0)
    ctx.ws("city")[site_id] = {"tile": tile, "rot": rot, "owner": seat, "cube": bool(cube), "spent": spent}
    gain_marker(ctx, seat, "bm", markers, "adjacency")
    plaza = site["plaza"]
    if cube:
        ctx.p(seat)["cubes"] -= 1
    elif not rec.get("cube_space"):
        add_vp(ctx, seat, len(buildings_at(ctx.s, ed, plaza)), "buildings")  # PRG-BUILD-07
    pl = ctx.pl(seat)
    if rec.get("cathedral"):
        add_pending(ctx, {"kind": "side", "structure": "ca", "optional": False})
        if tech_active(pl, "T2-5"):
            gain(ctx, seat, tech_reward(ctx, "T2-5"), "technologies")
    else:
        if tech_active(pl, "T2-4"):
            gain(ctx, seat, tech_reward(ctx, "T2-4"), "technologies")
        ongoing(ctx, seat, "BUILDING_NO_CATHEDRAL")
    if not free_sites(ctx.s, ed, plaza):
        score_plaza(ctx, plaza, seat)
        move_pawn_if_full(ctx)
