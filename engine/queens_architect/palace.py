"""Building at the palace (QA-PALACE-01..05)."""

from engine.core.text import _
from engine.queens_architect.checks import need
from engine.queens_architect.common import GUILD_IDS, total_performance


def palace_refusal(state, ed, seat):
    """None when `seat` may build at the palace now, else the reason (QA-PALACE-01/02)."""
    player = state["players"][seat]
    if player["palace"] is not None:
        return _("You have already built at the palace.")
    if player["track_position"] < ed.data.TRACK["positions"]:
        return _("You must be on the last space of the appreciation track to build at the palace.")
    if player["carriage"] != "capital":
        return _("Your carriage must be in the capital to build at the palace.")
    if total_performance(ed, player) < ed.data.PALACE["min_performance"]:
        return _("Your craftsmen's total performance must be at least {least} to build at the palace.")
    if state["options"]["palace_all_guilds"]:
        guilds = {ed.design(craftsman["tile"])["guild"] for craftsman in player["craftsmen"]}
        if guilds != set(GUILD_IDS):
            return _("You need a craftsman of each of the six guilds to build at the palace.")
    return None


def do_palace(ctx, seat, move):
    reason = palace_refusal(ctx.s, ctx.ed, seat)
    need(reason is None, reason or "", least=ctx.ed.data.PALACE["min_performance"])
    total = total_performance(ctx.ed, ctx.s["players"][seat])
    ctx.player(seat)["palace"] = total  # QA-PALACE-03; QA-PALACE-04: nobody turns
    if ctx.s["final_turns"] is None:  # QA-END-01/02, option end_mode (OQ-8)
        order = ctx.s["order"]
        position = order.index(seat)
        if ctx.s["options"]["end_mode"] == "one_more_turn_each":
            ctx.s["final_turns"] = order[position + 1:] + order[:position]
        else:
            ctx.s["final_turns"] = order[position + 1:]
    return {"total": total}
