"""The starting-craftsman draft (QA-DRAFT-01..07)."""

from engine.core.text import _
from engine.queens_architect.checks import need, small_int
from engine.queens_architect.common import edition, free_spot
from engine.queens_architect.craftsmen import twin_of


def is_second_pass(state):
    """QA-DRAFT-04: the pick of pass 2 may be declined."""
    return state["draft"]["index"] >= state["players_count"]


def legal_draft_moves(state, seat):
    player = state["players"][seat]
    ed = edition(state["data_edition"])
    moves = []
    for tile in state["draft"]["pool"]:
        if twin_of(ed, player, tile) is None:
            moves.extend({"type": "draft", "tile": tile, "turns": turns} for turns in range(6))
    if is_second_pass(state):
        moves.append({"type": "draft_pass"})
    return moves


def do_draft(ctx, seat, move):
    state = ctx.s
    tile = move.get("tile")
    turns = move.get("turns", 0)
    need(tile in state["draft"]["pool"], _("That craftsman is not in the draft pool."))
    # QA-DRAFT-03, OQ-13: at most 5 turns, a 6th would pass the exit arrow.
    need(small_int(turns, 0, 5), _("A start craftsman may be turned 0 to 5 steps."))
    player = state["players"][seat]
    need(twin_of(ctx.ed, player, tile) is None, _("You already employ this craftsman."))  # QA-DRAFT-05
    spot = free_spot(player, move.get("spot"))
    need(spot is not None, _("That spot of your star is taken."))
    draft = ctx.w("draft")
    draft["pool"].remove(tile)
    player = ctx.player(seat)
    # QA-DRAFT-02/03: attached at 6 uses, turned k steps for k coins.
    player["craftsmen"].append({"tile": tile, "uses": 6 - turns, "spot": spot})
    player["coins"] += turns
    next_draft_turn(ctx)


def do_draft_pass(ctx, seat, move):
    need(is_second_pass(ctx.s), _("Everybody takes a start craftsman in the first round of the draft."))
    next_draft_turn(ctx)


def next_draft_turn(ctx):
    draft = ctx.w("draft")
    draft["index"] += 1
    ctx.s["turn_no"] += 1
    if draft["index"] < len(draft["turns"]):
        ctx.s["turn"] = {"seat": draft["turns"][draft["index"]], "stage": "draft"}
        return
    # QA-DRAFT-06: unpicked tiles join the supply; QA-DRAFT-07: round 1 starts.
    supply = ctx.w("supply")
    supply.extend(draft["pool"])
    supply.sort()
    draft["pool"] = []
    ctx.s["phase"] = "play"
    ctx.s["round"] = 1
    ctx.s["turn"] = {"seat": ctx.s["order"][0], "stage": "move"}
