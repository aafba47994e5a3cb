"""Technologies (PRG-TECH, table 5.1).

Levels I/II are permanent (checked where their trigger happens, via `tech_active`);
levels III/IV are one-shot: the action technologies are used through an action move
with `via` = the technology id (actions.TECH_ACTIONS), the others with `use_tech`.
"""

from engine.core.text import _
from engine.praga.common import need
from engine.praga.bridge import can_road
from engine.praga.mines import produce
from engine.praga.plazas import plaza_side
from engine.praga.rewards import advance_track, find_pending, gain, remove_pending, tech_reward
from engine.praga.structures import can_move_up, move_up

USE_TECHS = {"T3-1", "T3-2", "T3-3", "T3-5", "T3-6", "T4-5", "T4-6"}


def do_tech(ctx, seat, move):
    """PRG-TECH-01: keep one of the drawn technologies; the others go under the stack."""
    item = find_pending(ctx.s, move["item"], "tech")
    need(item is not None, _("There is no technology to choose."))
    tid = move["tech"]
    need(tid in item["drawn"], _("Choose one of the technologies you drew."))
    remove_pending(ctx, item["id"])
    stacks = ctx.w("tech_stacks")
    stacks[str(item["level"])].extend(t for t in item["drawn"] if t != tid)
    ctx.pn(seat, "techs").append({"id": tid, "level": item["level"], "new": True})


def usable(state, seat, tid):
    pl = state["players"][seat]
    return any(t["id"] == tid for t in pl["techs"])


def do_use_tech(ctx, seat, move):
    turn = ctx.s["turn"]
    need(not turn["bonus_only"], _("Technologies cannot be used in a bonus turn."))
    tid = move["tech"]
    need(tid in USE_TECHS, _("This technology is used through its action."))
    need(usable(ctx.s, seat, tid), _("You do not have this technology."))
    extra = set(move) - {"type", "tech"}
    pl = ctx.p(seat)
    pl["techs"] = [t for t in pl["techs"] if t["id"] != tid]
    ctx.pn(seat, "used_techs").append(tid)
    if tid == "T3-1":
        need(not can_road(ctx.s, seat), _("Use this technology with the King's Road action."))
        need(not extra, _("This technology takes no choice."))
        gain(ctx, seat, tech_reward(ctx, tid), "technologies")
    elif tid == "T3-2":
        st = move.get("structure")
        need(extra == {"structure"} and st in ("hw", "ca"), _("Choose the Hunger Wall or the Cathedral."))
        need(can_move_up(ctx.s, ctx.ed, seat, st), _("There is no row above."))
        move_up(ctx, seat, st, waive=True)
    elif tid == "T3-3":
        need(not extra, _("This technology takes no choice."))
        gain(ctx, seat, tech_reward(ctx, tid), "technologies")
    elif tid == "T3-5":
        need(not extra, _("This technology takes no choice."))
        produce(ctx, seat, "mines")
        gain(ctx, seat, tech_reward(ctx, tid), "technologies")
    elif tid == "T3-6":
        need(not extra, _("This technology takes no choice."))
        produce(ctx, seat, "quarries")
        gain(ctx, seat, tech_reward(ctx, tid), "technologies")
    elif tid == "T4-5":
        pid = move.get("plaza")
        need(extra == {"plaza"} and pid in ctx.s["plazas"], _("Choose a plaza in play."))
        for r in plaza_side(ctx.s, ctx.ed, pid)["top"]:
            gain(ctx, seat, r, "technologies")
    elif tid == "T4-6":
        track, prod = move.get("track"), move.get("produce")
        need(extra == {"track", "produce"} and track in ("mines", "quarries") and prod in ("mines", "quarries"),
             _("Choose the track to increase and the track to produce."))
        advance_track(ctx, seat, track)
        produce(ctx, seat, prod)
