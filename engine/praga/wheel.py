"""The action crane (PRG-WHEEL).

State `wheel = {"offset": o, "at": {tile_id: notch}, "token": tile_id | None}`; the
notch k sits at board position (o + k) mod 12. A taken tile leaves `at` until the end
of the turn returns it to p0.
"""

from engine.core.text import _
from engine.praga.common import need, tech_active
from engine.praga.rewards import add_vp, gain, gain_eggs, pay, tech_record, tech_reward


def position(wheel, notch):
    return (wheel["offset"] + notch) % 12


def notch_at(wheel, pos):
    return (pos - wheel["offset"]) % 12


def tile_positions(wheel):
    """{tile_id: board position} of the tiles on the wheel."""
    return {tid: position(wheel, n) for tid, n in wheel["at"].items()}


def zone_of(ed, pos):
    for rec in ed.WHEEL["positions"]:
        if rec["position"] == pos:
            return rec
    raise KeyError(pos)


def bonus_of(ed, notch):
    for rec in ed.WHEEL["bonuses"]:
        if rec["notch"] == notch:
            return rec["bonus"]
    return None


def action_tile(ed, side, tile_id):
    for rec in ed.ACTION_TILES[side]:
        if rec["id"] == tile_id:
            return rec
    return None


def take_cost(state, ed, tile_id):
    """(gold to pay, VP to gain) for taking the tile now."""
    wheel = state["wheel"]
    pos = position(wheel, wheel["at"][tile_id])
    zone = zone_of(ed, pos)
    gold = zone.get("gold", 0) if zone["zone"] == "red" else 0
    vp = zone.get("vp", 0) if zone["zone"] == "blue" else 0
    if wheel.get("token") == tile_id:
        vp = ed.WHEEL.get("token_vp", 5)  # PRG-WHEEL-11: replaces the zone VP
    return gold, vp


def t11(ctx, seat, vp):
    """T1-1: +1 VP when the tile choice gave VP, at most once per turn."""
    if vp > 0 and tech_active(ctx.pl(seat), "T1-1") and not ctx.s["turn"].get("t11"):
        ctx.t()["t11"] = True
        add_vp(ctx, seat, tech_record(ctx.ed, "T1-1").get("vp", 1), "technologies")


def do_take(ctx, seat, move):
    """PRG-WHEEL-04..07/11: take an action tile from the wheel."""
    turn = ctx.s["turn"]
    need(not turn["bonus_only"], _("Only the deferred rewards may be resolved in this bonus turn."))
    need(turn["tile"] is None, _("You have already taken an action tile this turn."))
    tid = move["tile"]
    wheel = ctx.s["wheel"]
    need(tid in wheel["at"], _("This action tile is not on the wheel."))
    gold, vp = take_cost(ctx.s, ctx.ed, tid)
    need(ctx.pl(seat)["gold"] >= gold, _("You need {gold} gold to take this action tile."), gold=gold)
    pay(ctx, seat, gold=gold)
    notch = wheel["at"][tid]
    w = ctx.w("wheel")
    del w["at"][tid]
    had_token = w.get("token") == tid
    if had_token:
        w["token"] = None
    turn = ctx.t()
    turn["tile"] = tid
    turn["tile_actions"] = list(action_tile(ctx.ed, ctx.s["options"]["action_side"], tid)["actions"])
    bonus = bonus_of(ctx.ed, notch)
    if bonus is not None:
        if bonus["kind"] == "special":
            turn["special"] = {"vp": bonus["vp"], "state": "open"}
        else:
            turn["wheel_bonus"] = dict(bonus, used=False)
    add_vp(ctx, seat, vp, "wheel")
    t11(ctx, seat, vp)


def do_wheel_bonus(ctx, seat, move):
    """PRG-WHEEL-08/09: use the wheel bonus (now or later in the turn)."""
    turn = ctx.s["turn"]
    wb = turn.get("wheel_bonus")
    need(wb is not None and not wb["used"], _("You have no unused wheel bonus."))
    use_wheel_bonus(ctx, seat)


def use_wheel_bonus(ctx, seat):
    wb = ctx.t()["wheel_bonus"]
    wb["used"] = True
    if wb["kind"] == "gain":
        reward = wb["reward"]
        gain(ctx, seat, reward, "wheel")
        _wheel_resource_techs(ctx, seat, reward)
    else:  # egg purchase
        res = wb["pay"]
        need(ctx.pl(seat)[res] >= 1, _("You need 1 gold to buy the egg.") if res == "gold"
             else _("You need 1 stone to buy the egg."))
        pay(ctx, seat, **{res: 1})
        gain_eggs(ctx, seat, 1, "wheel")


def _wheel_resource_techs(ctx, seat, reward):
    from engine.praga.common import reward_amount

    pl = ctx.pl(seat)
    if reward_amount(reward, "G") and tech_active(pl, "T1-2"):
        gain(ctx, seat, tech_reward(ctx, "T1-2"), "technologies")
    if reward_amount(reward, "S") and tech_active(pl, "T1-3"):
        gain(ctx, seat, tech_reward(ctx, "T1-3"), "technologies")


def do_special_vp(ctx, seat, move):
    """PRG-WHEEL-10: take the VP of the special-tile bonus instead of a special tile."""
    sp = ctx.s["turn"].get("special")
    need(sp is not None and sp["state"] == "open", _("You have no unused special-tile bonus."))
    convert_special(ctx, seat)


def convert_special(ctx, seat):
    sp = ctx.t()["special"]
    sp["state"] = "converted"
    add_vp(ctx, seat, sp["vp"], "wheel")
    t11(ctx, seat, sp["vp"])


def return_tile(ctx, tile_id):
    """End of turn (PRG-WHEEL-12..15): turn the wheel, return the tile to p0."""
    ed = ctx.ed
    w = ctx.w("wheel")
    blocked = ed.WHEEL["blocked_notch"]
    w["offset"] = (w["offset"] + 1) % 12
    if position(w, blocked) == 0:
        w["offset"] = (w["offset"] + 1) % 12
    p0 = notch_at(w, 0)
    lifted = None
    for tid, n in w["at"].items():
        if n == p0:
            lifted = tid
    if lifted is not None:
        del w["at"][lifted]
    w["at"][tile_id] = p0
    if lifted is not None:
        occupied = set(w["at"].values()) | {blocked}
        target = None
        for zone in ("green", "red"):
            for rec in sorted(ed.WHEEL["positions"], key=lambda r: r["position"]):
                if rec["zone"] != zone or rec["position"] == 0:
                    continue
                n = notch_at(w, rec["position"])
                if n not in occupied:
                    target = n
                    break
            if target is not None:
                break
        if target is None:  # cannot happen with 11 notches and 6 tiles; keep it safe
            target = next(n for n in range(12) if n not in occupied)
        w["at"][lifted] = target
        w["token"] = lifted


def tiles_by_age(wheel):
    """Tiles on the wheel from the highest board position down (PRG-SOLO-02, OQ-48)."""
    pos = tile_positions(wheel)
    return sorted(pos, key=lambda t: -pos[t])
