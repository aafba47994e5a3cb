"""Turn structure, pending items, end of turn, rounds, eras and the end of the game
(PRG-TURN, PRG-WINDOW-03, PRG-EXTRA, PRG-ROUND, PRG-END, PRG-PLAZA-08/09).
"""

from engine.core.text import _
from engine.praga.common import need
from engine.praga.rewards import add_pending, is_mandatory, pay
from engine.praga.rows import era_change, refill_all
from engine.praga.wheel import convert_special, return_tile, use_wheel_bonus


def slots(state):
    """Turns per round: the number of seats, 2 in solo games (the bot is second)."""
    return 2 if state["players_count"] == 1 else state["players_count"]


def total_turns(state, ed):
    return ed.GAME["rounds"] * slots(state)


def round_of(state):
    return min(state["turn_no"] // slots(state) + 1, 16)


def new_turn(ctx, seat, bonus_only=False):
    ctx.s["turn"] = {
        "seat": seat, "bonus_only": bonus_only, "tile": None, "tile_actions": [], "main": None,
        "wheel_bonus": None, "special": None, "refreshed": False, "extra": None,
        "perf": {}, "overbuilt": {}, "pending": [], "next_id": 1, "refill": [],
        "t11": False, "t21": False, "t22": False,
    }
    ctx._w.add("turn")
    ctx.s["active"] = seat
    if ctx.s["deferred"].get(str(seat)):
        d = ctx.w("deferred")
        for entry in d.pop(str(seat)):  # PRG-TURN-06
            add_pending(ctx, {"kind": "plaza", "plaza": entry["plaza"], "both": entry["both"], "deferred": True})


def do_buy_extra(ctx, seat, move):
    """PRG-EXTRA-01/02: 2 gold windows, or 1 gold + 1 silver window, once per turn."""
    turn = ctx.s["turn"]
    need(not turn["bonus_only"], _("Only the deferred rewards may be resolved in this bonus turn."))
    need(turn["extra"] is None, _("You have already bought an extra action this turn."))
    how = move["pay"]
    need(how in ("gold", "mixed"), _("Pay with 2 gold windows or with 1 gold and 1 silver window."))
    if how == "gold":
        pay(ctx, seat, gw=2)
    else:
        pay(ctx, seat, gw=1, sw=1)
    ctx.t()["extra"] = "bought"


def windows_after_auto(state):
    """Silver and gold windows the player will hold once the automatic gains are applied."""
    turn = state["turn"]
    pl = state["players"][turn["seat"]]
    sw, gw = pl["sw"], pl["gw"]
    wb = turn.get("wheel_bonus")
    if wb and not wb["used"] and wb["kind"] == "gain":
        from engine.praga.common import reward_amount

        sw += reward_amount(wb["reward"], "SW")
        gw += reward_amount(wb["reward"], "GW")
    return sw, gw


def keep_options(state):
    sw, gw = windows_after_auto(state)
    if sw + gw <= 2:
        return [None]
    return [{"sw": a, "gw": 2 - a} for a in range(0, 3) if a <= sw and 2 - a <= gw]


def end_turn_blockers(state, seat):
    """Why the turn cannot end yet (None if it can), without the window choice."""
    from engine.core.text import text

    turn = state["turn"]
    if any(is_mandatory(i) for i in turn["pending"]):
        return text(_("Resolve your pending items first."))
    if turn["bonus_only"]:
        return None
    if turn["tile"] is None:
        return text(_("Take an action tile first."))
    if turn["main"] is None:
        from engine.praga.moves import main_action_possible

        if main_action_possible(state, seat):
            return text(_("Perform the main action of your action tile first."))
    return None


def do_end_turn(ctx, seat, move):
    turn = ctx.s["turn"]
    blocker = end_turn_blockers(ctx.s, seat)
    if blocker is not None:
        need(False, blocker["msg"])
    keep = move.get("keep")
    if turn["bonus_only"]:
        need(keep is None, _("No windows are discarded in a bonus turn."))
        ctx.p(seat)["turns_bonus"] = ctx.pl(seat).get("turns_bonus", 0) + 1
        ctx.barrier = True
        next_bonus_turn(ctx)
        return
    options = keep_options(ctx.s)
    need(keep in options, _("Name the 2 windows you keep."))
    # PRG-TURN-09: automatic pending gains
    wb = turn.get("wheel_bonus")
    if wb and not wb["used"] and wb["kind"] == "gain":
        use_wheel_bonus(ctx, seat)
    sp = ctx.s["turn"].get("special")
    if sp and sp["state"] == "open":
        convert_special(ctx, seat)
    # PRG-WINDOW-03
    if keep is not None:
        pl = ctx.p(seat)
        pl["sw"], pl["gw"] = keep["sw"], keep["gw"]
    refill_all(ctx)
    pl = ctx.p(seat)
    pl["techs"] = [dict(t, new=False) for t in pl["techs"]]
    pl["turns"] += 1
    ctx.barrier = True
    return_tile(ctx, ctx.s["turn"]["tile"])
    ctx.s["turn"] = None
    after_turn(ctx)


def after_turn(ctx):
    """Count the finished turn; era change; bot turns; next turn or the end (PRG-WHEEL-12 step 6)."""
    from engine.praga.solo import bot_turn

    ed = ctx.ed
    while True:
        ctx.s["turn_no"] += 1
        if ctx.s["turn_no"] == ed.GAME["era_change_after_turn"][str(ctx.s["players_count"])]:
            era_change(ctx)
        if ctx.s["turn_no"] >= total_turns(ctx.s, ed):
            start_bonus_phase(ctx)
            return
        slot = ctx.s["turn_no"] % slots(ctx.s)
        if ctx.s["players_count"] == 1 and slot == 1:
            bot_turn(ctx)
            continue
        new_turn(ctx, ctx.s["order"][slot])
        return


def start_bonus_phase(ctx):
    """PRG-END-02, PRG-PLAZA-09: bonus-only turns in seat order, then the final scoring."""
    ctx.s["phase"] = "bonus"
    next_bonus_turn(ctx)


def next_bonus_turn(ctx):
    ctx.s["turn"] = None
    for seat in ctx.s["order"]:
        if ctx.s["deferred"].get(str(seat)):
            new_turn(ctx, seat, bonus_only=True)
            return
    finish(ctx)


def finish(ctx):
    from engine.praga.scoring import outcome_of

    ctx.s["turn"] = None
    ctx.s["active"] = None
    ctx.s["phase"] = "over"
    ctx.s["result"] = outcome_of(ctx.s)
