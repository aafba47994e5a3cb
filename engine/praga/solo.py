"""Solo opponents: the dummy (PRG-SOLO) and Peter Parler (PRG-PARLER).

The bot is not a seat: its turn is played inside the human's end-turn move (a barrier).
`parler = {"deck": [...], "discard": [...], "last_card", "pawn": plaza, "cubes":
{"upgrade": slot, "wall": slot, "building": slot}, "mines": pos, "quarries": pos,
"tokens": {...}}`.
"""

from engine.praga.city import blue_matches, city, free_sites
from engine.praga.common import BOT, by_id
from engine.praga.plazas import move_pawn_if_full, score_plaza
from engine.praga.rows import fill_empty_slots, put_under
from engine.praga.wheel import return_tile, tiles_by_age


def bot_turn(ctx):
    ctx.barrier = True
    if ctx.s["options"].get("solo_mode") == "parler":
        parler_turn(ctx)
    else:
        take_and_return(ctx, 1)


def take_and_return(ctx, nth):
    """PRG-SOLO-02 / PRG-PARLER-03 / PRG-WHEEL-17: take the nth oldest tile, no gains."""
    order = tiles_by_age(ctx.s["wheel"])
    tid = order[min(nth, len(order)) - 1]
    w = ctx.w("wheel")
    del w["at"][tid]
    if w.get("token") == tid:
        w["token"] = None  # OQ-13
    return_tile(ctx, tid)


def card_record(ed, cid):
    return by_id(ed, "PARLER.cards", cid)


def parler_turn(ctx):
    # Seed [Y] moves Parler's row cube only after upgrade/wall tiles; [SH] and the spec
    # (PRG-PARLER-06) move it after buildings too, as done here. The seal order icons are
    # missing in [Y]; the order is data (PARLER.seal_order, PRG-PARLER-10).
    rng = ctx.rng()
    p = ctx.w("parler")
    if not p["deck"]:
        p["deck"] = rng.shuffle(p["discard"])
        p["discard"] = []
    card = p["deck"].pop(0)
    p["discard"].append(card)
    p["last_card"] = card
    rec = card_record(ctx.ed, card)
    for act in rec["actions"]:
        kind = act["kind"]
        if kind == "building":
            parler_build(ctx)
        elif kind in ("wall", "upgrade"):
            parler_take(ctx, kind)
        elif kind == "mine":
            parler_track(ctx, "mines")
        elif kind == "quarry":
            parler_track(ctx, "quarries")
        elif kind == "mine_or_quarry":
            human = ctx.s["players"][0]
            m, q = human["mines"] - 1, human["quarries"] - 1
            if m >= q:
                parler_track(ctx, "mines")
            if q >= m:
                parler_track(ctx, "quarries")
    take_and_return(ctx, rec["take"])


def _advance_cube(ctx, row):
    p = ctx.w("parler")
    p["cubes"][row] = (p["cubes"][row] + 1) % 4


def parler_take(ctx, row):
    """PRG-PARLER-04."""
    slot = ctx.s["parler"]["cubes"][row]
    tile = ctx.s["rows"][row][slot]
    if tile is not None:
        put_under(ctx, tile)
        ctx.w("rows")[row][slot] = None
    _advance_cube(ctx, row)
    fill_empty_slots(ctx, row)


def parler_build(ctx):
    """PRG-PARLER-05..07."""
    ed = ctx.ed
    pawn = ctx.s["parler"]["pawn"]
    sites = free_sites(ctx.s, ed, pawn)
    if not sites:
        return  # OQ-46: no plaza with a free site
    slot = ctx.s["parler"]["cubes"]["building"]
    tile = ctx.s["rows"]["building"][slot]
    if tile is None:
        _advance_cube(ctx, "building")
        fill_empty_slots(ctx, "building")
        return
    rec = ed.TILES[tile]
    placements = [(s, r) for s in sites for r in range(6)]
    if rec.get("blue_corners"):
        matching = [(s, r) for s, r in placements if blue_matches(ctx.s, ed, s, tile, r) > 0]
        if matching:
            placements = matching
    site_id, rot = ctx.rng().choice(placements)
    site = city(ed)["sites"][site_id]
    spent = rec["cost"]["gold"] + rec["cost"]["stone"] + (site.get("extra_gold") or 0)
    ctx.w("city")[site_id] = {"tile": tile, "rot": rot, "owner": BOT, "cube": bool(rec.get("cube_space")),
                              "spent": spent}
    ctx.w("rows")["building"][slot] = None
    if not free_sites(ctx.s, ed, pawn):
        score_plaza(ctx, pawn, BOT)
    fill_empty_slots(ctx, "building")
    _advance_cube(ctx, "building")
    # pawn moves by the printed cost, then on to a plaza with a free site
    order = ctx.s["plaza_order"]
    steps = rec["cost"]["gold"] + rec["cost"]["stone"]
    i = order.index(pawn)
    ctx.w("parler")["pawn"] = order[(i + steps) % len(order)]
    move_pawn_if_full(ctx)


def parler_track(ctx, track):
    """PRG-PARLER-08..10."""
    data = ctx.ed.TRACKS[track]
    p = ctx.w("parler")
    if p[track] >= data["last"]:
        return
    p[track] += 1
    if p[track] == data["token_space"] and ctx.s["river"]:
        river = ctx.w("river")
        tok = river.pop(ctx.rng().below(len(river)))
        p = ctx.w("parler")
        p["tokens"][track] = tok
    if p[track] == data["seal_space"]:
        for sid in ctx.ed.PARLER["seal_order"][track]:
            if ctx.s["seals"].get(sid) is None:
                ctx.w("seals")[sid] = BOT
                break
