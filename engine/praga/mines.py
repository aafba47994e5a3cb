"""Manage Mines / Quarries, production tokens and seals (PRG-MINES, PRG-PROD, PRG-SEAL)."""

from engine.core.text import _
from engine.praga.actions import start_action
from engine.praga.common import by_id, need
from engine.praga.rewards import add_resource, advance_track, find_pending, gain, pay, remove_pending

RESOURCE = {"mines": "gold", "quarries": "stone"}
ACTION = {"mines": "MINES", "quarries": "QUARRIES"}


def token_record(ed, token_id):
    return by_id(ed, "PRODUCTION_TOKENS", token_id)


def produce(ctx, seat, track):
    """Option (b): count + printed bonuses left of the cube + token (PRG-MINES-02, PRG-PROD-02)."""
    pl = ctx.pl(seat)
    pos = pl[track]
    add_resource(ctx, seat, RESOURCE[track], pos - 1, "production")
    for b in ctx.ed.TRACKS[track]["bonuses"]:
        if b["space"] < pos:
            gain(ctx, seat, b["reward"], "production")
    token = ctx.pl(seat)["tokens"][track]
    if token is not None:
        gain(ctx, seat, token_record(ctx.ed, token)["reward"], "production")


def can_increase(state, ed, seat, track):
    return state["players"][seat][track] < ed.TRACKS[track]["last"]


def do_manage(ctx, seat, move, track):
    option = move["option"]
    need(option in ("increase", "produce"), _("Choose increase or produce."))
    if option == "increase":
        need(can_increase(ctx.s, ctx.ed, seat, track), _("Your track is already at its last space."))
    start_action(ctx, seat, ACTION[track], move)
    if option == "increase":
        add_resource(ctx, seat, RESOURCE[track], 1, "production")
        advance_track(ctx, seat, track)
    else:
        produce(ctx, seat, track)


def do_mines(ctx, seat, move):
    do_manage(ctx, seat, move, "mines")


def do_quarries(ctx, seat, move):
    do_manage(ctx, seat, move, "quarries")


def do_token(ctx, seat, move):
    """PRG-PROD-01: choose a production token from the river."""
    item = find_pending(ctx.s, move["item"], "token")
    need(item is not None, _("There is no production token to choose."))
    token = move["token"]
    need(token in ctx.s["river"], _("This production token is not in the river."))
    remove_pending(ctx, item["id"])
    river = ctx.w("river")
    river.remove(token)
    ctx.pn(seat, "tokens")[item["track"]] = token


SEAL_COST_KEYS = {"silver_windows": "sw", "gold_windows": "gw", "gold": "gold", "stone": "stone", "eggs": "eggs"}


def seal_record(ed, sid):
    return by_id(ed, "SEALS", sid, default=None)


def seal_cost(rec):
    return {SEAL_COST_KEYS[k]: v for k, v in (rec.get("cost") or {}).items() if v}


def can_claim_seal(state, ed, seat, sid):
    pl = state["players"][seat]
    rec = seal_record(ed, sid)
    if rec is None or state["seals"].get(sid) is not None:
        return False
    if pl["seal_rights"] <= len(pl["seals"]) or pl["cubes"] < 1:
        return False
    return all(pl[k] >= v for k, v in seal_cost(rec).items())


def do_seal(ctx, seat, move):
    # Seed [K] puts a reminder cube at the end of the track for an unclaimed right; [Y] and
    # the spec (PRG-SEAL-02) only record the right: `seal_rights` minus claimed seals.
    """PRG-SEAL-02/03: claim a seal with an available cube."""
    turn = ctx.s["turn"]
    need(not turn["bonus_only"], _("Only the deferred rewards may be resolved in this bonus turn."))
    sid = move["seal"]
    rec = seal_record(ctx.ed, sid)
    need(rec is not None, _("Unknown seal."))
    need(ctx.s["seals"].get(sid) is None, _("This seal is already claimed."))
    pl = ctx.pl(seat)
    need(pl["seal_rights"] > len(pl["seals"]), _("You have no seal right left."))
    need(pl["cubes"] >= 1, _("You need an available cube to claim a seal."))
    pay(ctx, seat, **seal_cost(rec))
    ctx.p(seat)["cubes"] -= 1
    ctx.pn(seat, "seals").append(sid)
    ctx.w("seals")[sid] = seat
