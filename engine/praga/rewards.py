"""Gaining rewards (PRG-GEN-03, PRG-CUBE-02, PRG-MINES-05..07, PRG-TECH-01/03, PRG-UNI-02)
and the pending items a gain can create.

A reward is a list of atoms (data SCHEMA.md). `gain` applies them in order; a
`{"choice": [...]}` atom becomes a mandatory pending item of the turn; `HW`/`CA`
become pending sideways steps (PRG-TURN-07).
"""

from engine.core.text import _
from engine.praga.common import by_id, clone, need, parse_atom, tech_active

MANDATORY = {"side", "choice", "tech", "token", "bridge", "arrow", "plaza", "road_free"}


# ---------------------------------------------------------------- pending items


def add_pending(ctx, item):
    turn = ctx.ws("turn")
    item = dict(item)
    item["id"] = turn["next_id"]
    turn["next_id"] += 1
    ctx.wn("turn", "pending").append(item)
    return item


def find_pending(state, item_id, kind=None):
    turn = state.get("turn")
    if not turn:
        return None
    for item in turn["pending"]:
        if item["id"] == item_id and (kind is None or item["kind"] == kind):
            return item
    return None


def remove_pending(ctx, item_id):
    turn = ctx.t()
    turn["pending"] = [i for i in turn["pending"] if i["id"] != item_id]


def is_mandatory(item):
    if item["kind"] not in MANDATORY:
        return False
    return not item.get("optional", False)


# ---------------------------------------------------------------- VP and resources


def add_vp(ctx, seat, n, source):
    if n <= 0:
        return
    pl = ctx.p(seat)
    pl["vp"] += n
    by = ctx.pn(seat, "vp_by_source")
    by[source] = by.get(source, 0) + n


def add_resource(ctx, seat, res, n, source):
    """Gold or stone, capped (PRG-GEN-03), then wealth bonuses (PRG-CUBE-02)."""
    if n <= 0:
        return
    cap = ctx.ed.GAME["start"]["max_resource"]
    pl = ctx.p(seat)
    pl[res] = min(cap, pl[res] + n)
    check_wealth(ctx, seat)


def check_wealth(ctx, seat):
    pl = ctx.pl(seat)
    for rec in ctx.ed.WEALTH:
        if rec["id"] in pl["wealth"]:
            continue
        res = rec["resource"]
        if res == "either":
            hit = pl["gold"] >= rec["at_least"] or pl["stone"] >= rec["at_least"]
        else:
            hit = pl[res] >= rec["at_least"]
        if hit:
            ctx.pn(seat, "wealth").append(rec["id"])
            ctx.p(seat)["cubes"] += 1
            gain(ctx, seat, rec["reward"], "wealth")
            pl = ctx.pl(seat)


def gain_eggs(ctx, seat, n, source):
    pl = ctx.p(seat)
    pl["eggs"] += n
    if tech_active(pl, "T2-6"):
        for _step in range(n):
            gain(ctx, seat, tech_reward(ctx, "T2-6"), "technologies")


def gain_marker(ctx, seat, colour, n, source):
    """colour 'rm' (red) or 'bm' (blue); T2-2 / T2-1 once per turn."""
    if n <= 0:
        return
    pl = ctx.p(seat)
    pl[colour] += n
    tid, flag = ("T2-2", "t22") if colour == "rm" else ("T2-1", "t21")
    turn = ctx.s.get("turn")
    if tech_active(pl, tid) and turn and turn["seat"] == seat and not turn.get(flag):
        ctx.t()[flag] = True
        gain(ctx, seat, tech_reward(ctx, tid), "technologies")


# ---------------------------------------------------------------- tracks


def advance_track(ctx, seat, track, steps=1):
    """M+ / Q+ (PRG-MINES-05..07): cube right, token space, seal right; T1-5 / T1-4."""
    data = ctx.ed.TRACKS[track]
    for _step in range(steps):
        pl = ctx.pl(seat)
        if pl[track] >= data["last"]:
            return
        pl = ctx.p(seat)
        pl[track] += 1
        tid = "T1-5" if track == "mines" else "T1-4"
        if tech_active(pl, tid):
            gain(ctx, seat, tech_reward(ctx, tid), "technologies")
        if pl[track] == data["token_space"] and pl["tokens"][track] is None:
            if ctx.s["river"]:
                add_pending(ctx, {"kind": "token", "track": track})
        if pl[track] == data["seal_space"]:
            pl["seal_rights"] += 1


def tech_record(ed, tid):
    return by_id(ed, "TECHNOLOGIES", tid)


def tech_reward(ctx, tid):
    """What a technology gains each time it triggers (data `reward`)."""
    return tech_record(ctx.ed, tid).get("reward") or []


def tech_step(ctx, seat, n=1):
    """Technology track (PRG-TECH-01/03, OQ-36)."""
    data = ctx.ed.TECH_TRACK
    levels = {lv["space"]: lv["level"] for lv in data["levels"]}
    for _step in range(n):
        pl = ctx.pl(seat)
        if pl["tech"] >= data["top"]:
            add_vp(ctx, seat, data["vp_beyond_top"], "tracks")
            continue
        pl = ctx.p(seat)
        pl["tech"] += 1
        level = levels.get(pl["tech"])
        if level is not None:
            draw_technologies(ctx, seat, level)


def draw_technologies(ctx, seat, level):
    stacks = ctx.w("tech_stacks")
    stack = stacks[str(level)]
    drawn = stack[:3]
    stacks[str(level)] = stack[3:]
    if drawn:
        ctx.barrier = True
        add_pending(ctx, {"kind": "tech", "level": level, "drawn": drawn})


def uni_step(ctx, seat, n=1):
    data = ctx.ed.UNIVERSITY
    for _step in range(n):
        pl = ctx.pl(seat)
        if pl["uni"] >= data["top"]:
            add_vp(ctx, seat, data["vp_beyond_top"], "tracks")
            continue
        ctx.p(seat)["uni"] += 1


# ---------------------------------------------------------------- gain


def gain(ctx, seat, reward, source, side_optional=False):
    """Apply every atom of `reward` for `seat`; VP are booked under `source`."""
    for atom in reward:
        if isinstance(atom, dict):
            add_pending(ctx, {"kind": "choice", "options": clone(atom["choice"]), "source": source})
            continue
        n, code = parse_atom(atom)
        if code == "G":
            add_resource(ctx, seat, "gold", n, source)
        elif code == "S":
            add_resource(ctx, seat, "stone", n, source)
        elif code == "E":
            gain_eggs(ctx, seat, n, source)
        elif code == "SW":
            ctx.p(seat)["sw"] += n
        elif code == "GW":
            ctx.p(seat)["gw"] += n
        elif code == "VP":
            add_vp(ctx, seat, n, source)
        elif code == "T":
            tech_step(ctx, seat, n)
        elif code == "U":
            uni_step(ctx, seat, n)
        elif code == "Q+":
            advance_track(ctx, seat, "quarries")
        elif code == "M+":
            advance_track(ctx, seat, "mines")
        elif code == "HW":
            add_pending(ctx, {"kind": "side", "structure": "hw", "optional": side_optional})
        elif code == "CA":
            add_pending(ctx, {"kind": "side", "structure": "ca", "optional": side_optional})
        elif code == "RM":
            gain_marker(ctx, seat, "rm", n, source)
        elif code == "BM":
            gain_marker(ctx, seat, "bm", n, source)


def pay(ctx, seat, gold=0, stone=0, eggs=0, sw=0, gw=0):
    """Pay a cost; IllegalMove if the player cannot (PRG-GEN-08)."""
    pl = ctx.pl(seat)
    need(pl["gold"] >= gold, _("You do not have enough gold."))
    need(pl["stone"] >= stone, _("You do not have enough stone."))
    need(pl["eggs"] >= eggs, _("You do not have an egg to pay."))
    need(pl["sw"] >= sw, _("You do not have enough silver windows."))
    need(pl["gw"] >= gw, _("You do not have enough gold windows."))
    if gold or stone or eggs or sw or gw:
        pl = ctx.p(seat)
        pl["gold"] -= gold
        pl["stone"] -= stone
        pl["eggs"] -= eggs
        pl["sw"] -= sw
        pl["gw"] -= gw
