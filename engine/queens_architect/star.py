"""The action star: moving the architect (QA-STAR-01..05)."""

from engine.core.text import _
from engine.queens_architect.checks import need, small_int
from engine.queens_architect.common import star_spaces


def reachable(state, player):
    """QA-STAR-02/04: the spaces 1, 2 and 3 steps clockwise ahead: [(steps, space id)]."""
    spaces = star_spaces(state)
    return [(steps, spaces[(player["architect"] + steps) % len(spaces)]) for steps in (1, 2, 3)]


def do_move(ctx, seat, move):
    steps = move.get("steps")
    need(small_int(steps, 1, 3), _("Move your architect 1, 2 or 3 spaces clockwise."))
    player = ctx.player(seat)
    player["architect"] = (player["architect"] + steps) % len(star_spaces(ctx.s))
    ctx.s["turn"] = {**ctx.s["turn"], "stage": "action", "steps": steps}
