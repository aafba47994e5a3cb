"""Solo opponents: the dummy (PRG-SOLO) and Peter Parler (PRG-PARLER).

The bot is not a seat: its turn is played inside the human's end-turn move (a barrier).
`parler = {"deck": [...], "discard": [...], "last_card", "pawn": plaza, "cubes":
{"upgrade": slot, "wall": slot, "building": slot}, "mines": pos, "quarries": pos,
"tokens": {...}}`.

Each bot turn leaves its log line in `ctx.events` (`{"automatic": text}`): what it took, built,
moved and claimed, all public (the deck order stays hidden; the drawn card is shown anyway).
"""

from engine.core.text import _, text
from engine.praga.city import blue_matches, city, free_sites
from engine.praga.common import BOT, by_id
from engine.praga.plazas import move_pawn_if_full, score_plaza
from engine.praga.rows import fill_empty_slots, put_under
from engine.praga.wheel import return_tile, tiles_by_age


ROW_NAMES = {"upgrade": _("upgrade row"), "wall": _("wall row"), "building": _("building row")}
TRACK_NAMES = {"mines": _("gold-mine track"), "quarries": _("quarry track")}


def bot_turn(ctx):
    ctx.barrier = True
    if ctx.s["options"].get("solo_mode") == "parler":
        line = parler_turn(ctx)
    else:
        tile = take_and_return(ctx, 1)
        line = text(_("The dummy takes action tile {tile}."), tile=tile)
    ctx.events.append({"automatic": line})


def _join(parts):
    names = ["p%d" % i for i in range(len(parts))]
    return text("; ".join("{%s}" % n for n in names), **dict(zip(names, parts)))


def take_and_return(ctx, nth):
    """PRG-SOLO-02 / PRG-PARLER-03 / PRG-WHEEL-17: take the nth oldest tile, no gains."""
    order = tiles_by_age(ctx.s["wheel"])
    tid = order[min(nth, len(order)) - 1]
    w = ctx.w("wheel")
    del w["at"][tid]
    if w.get("token") == tid:
        w["token"] = None  # OQ-13
    return_tile(ctx, tid)
    return tid


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
    parts = []
    for act in rec["actions"]:
        kind = act["kind"]
        if kind == "building":
            parts.append(parler_build(ctx))
        elif kind in ("wall", "upgrade"):
            parts.append(parler_take(ctx, kind))
        elif kind == "mine":
            parts += parler_track(ctx, "mines")
        elif kind == "quarry":
            parts += parler_track(ctx, "quarries")
        elif kind == "mine_or_quarry":
            human = ctx.s["players"][0]
            m, q = human["mines"] - 1, human["quarries"] - 1
            if m >= q:
                parts += parler_track(ctx, "mines")
            if q >= m:
                parts += parler_track(ctx, "quarries")
    parts.append(text(_("takes action tile {tile}"), tile=take_and_return(ctx, rec["take"])))
    return text(_("Peter Parler plays card {card}: {actions}."), card=card, actions=_join(parts))


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
    if tile is None:
        return text(_("finds no tile in the {row}"), row=text(ROW_NAMES[row]))
    return text(_("removes tile {tile} from the {row}"), tile=tile, row=text(ROW_NAMES[row]))


def parler_build(ctx):
    """PRG-PARLER-05..07."""
    ed = ctx.ed
    pawn = ctx.s["parler"]["pawn"]
    sites = free_sites(ctx.s, ed, pawn)
    if not sites:
        return text(_("finds no free building site"))  # OQ-46: no plaza with a free site
    slot = ctx.s["parler"]["cubes"]["building"]
    tile = ctx.s["rows"]["building"][slot]
    if tile is None:
        _advance_cube(ctx, "building")
        fill_empty_slots(ctx, "building")
        return text(_("finds no tile in the {row}"), row=text(ROW_NAMES["building"]))
    rec = ed.TILES[tile]
    placements = [(s, r) for s in sites for r in range(6)]
    if rec.get("blue_corners"):
        matching = [(s, r) for s, r in placements if blue_matches(ctx.s, ed, s, tile, r) > 0]
        if matching:
            placements = matching
    site_id, rot = ctx.rng().choice(placements)
    site = city(ed)["sites"][site_id]
    spent = rec["cost"]["gold"] + rec["cost"]["stone"] + (site.get("extra_gold") or 0)
    ctx.ws("city")[site_id] = {"tile": tile, "rot": rot, "owner": BOT, "cube": bool(rec.get("cube_space")),
                               "spent": spent}
    ctx.w("rows")["building"][slot] = None
    built = text(_("builds {tile} on site {site}"), tile=tile, site=site_id)
    if not free_sites(ctx.s, ed, pawn):
        score_plaza(ctx, pawn, BOT)
        built = text(_("builds {tile} on site {site}, and plaza {plaza} is scored"), tile=tile, site=site_id,
                     plaza=pawn)
    fill_empty_slots(ctx, "building")
    _advance_cube(ctx, "building")
    # pawn moves by the printed cost, then on to a plaza with a free site
    order = ctx.s["plaza_order"]
    steps = rec["cost"]["gold"] + rec["cost"]["stone"]
    i = order.index(pawn)
    ctx.w("parler")["pawn"] = order[(i + steps) % len(order)]
    move_pawn_if_full(ctx)
    return built


def parler_track(ctx, track):
    """PRG-PARLER-08..10."""
    data = ctx.ed.TRACKS[track]
    p = ctx.w("parler")
    name = text(TRACK_NAMES[track])
    if p[track] >= data["last"]:
        return [text(_("stays at the top of the {track}"), track=name)]
    p[track] += 1
    parts = [text(_("moves up the {track} to {position}"), track=name, position=p[track])]
    if p[track] == data["token_space"] and ctx.s["river"]:
        river = ctx.w("river")
        tok = river.pop(ctx.rng().below(len(river)))
        p = ctx.w("parler")
        p["tokens"][track] = tok
        parts.append(text(_("takes production token {token}"), token=tok))
    if p[track] == data["seal_space"]:
        for sid in ctx.ed.PARLER["seal_order"][track]:
            if ctx.s["seals"].get(sid) is None:
                ctx.w("seals")[sid] = BOT
                parts.append(text(_("claims seal {seal}"), seal=sid))
                break
    return parts
