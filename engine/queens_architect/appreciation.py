"""Appreciation track and bonds (QA-APPREC-01..06)."""

from engine.core.text import _
from engine.queens_architect.checks import need


def max_climb(state, ed, position, appreciation):
    """QA-APPREC-02: the most steps affordable with `appreciation` from `position`."""
    steps, spent = 0, 0
    for tile in state["track"][position:]:
        if spent + ed.track_tiles[tile] > appreciation:
            break
        spent += ed.track_tiles[tile]
        steps += 1
    return steps


def climb_cost(state, ed, position, steps):
    return sum(ed.track_tiles[tile] for tile in state["track"][position:position + steps])


def spend(ctx, seat, appreciation, climb):
    """Climb `climb` steps and turn the rest into bonds (QA-APPREC-02..05); returns the bonds."""
    player = ctx.s["players"][seat]
    most = max_climb(ctx.s, ctx.ed, player["track_position"], appreciation)
    need(type(climb) is int and 0 <= climb <= most,
         _("With {appreciation} appreciation you can climb 0 to {most} steps."), appreciation=appreciation,
         most=most)
    cost = climb_cost(ctx.s, ctx.ed, player["track_position"], climb)
    player = ctx.player(seat)
    player["track_position"] += climb
    player["bonds"] += appreciation - cost
    return appreciation - cost
