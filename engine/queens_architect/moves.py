"""Dispatch: who acts, the legal moves, applying a move with undo (QA-TURN-01..05, spec 2.19)."""

from engine.core import undo
from engine.core.errors import IllegalMove
from engine.core.text import _
from engine.queens_architect import building, changer, day, draft, ending, hire, palace, star, tavern, travel
from engine.queens_architect.checks import need
from engine.queens_architect.common import Ctx, edition, space_of
from engine.queens_architect.names import space_text

# The action moves of each star space (QA-STAR-05); declining is allowed on every space.
ACTION_MOVES = {
    "build": {"build_new", "repair", "palace"},
    "day": {"day"},
    "hire": {"hire"},
    "changer": {"trust", "redeem"},
    "travel": {"travel"},
    "tavern": {"tavern"},
}


def to_act(state):
    turn = state.get("turn")
    return set() if turn is None else {turn["seat"]}


def action_moves(state, seat):
    """QA-STAR-05: the variants of the space the architect reached, plus declining (QA-TURN-03)."""
    ed = edition(state["data_edition"])
    player = state["players"][seat]
    space = space_of(state, player)
    moves = [{"type": "decline"}]
    if space == "build":
        moves += building.build_new_moves(state, ed, seat)
        moves += building.repair_moves(state, ed, seat)
        if palace.palace_refusal(state, ed, seat) is None:
            moves.append({"type": "palace"})
    elif space == "day":
        moves += day.day_moves(ed, player)
    elif space == "hire":
        moves += hire.hire_moves(state, ed, seat)
    elif space == "changer":
        moves += changer.changer_moves(ed, player)
    elif space == "travel":
        moves += travel.travel_moves(state, ed, player)
    elif space == "tavern":
        moves += tavern.tavern_moves(ed, player)
    return moves


def legal_moves(state, seat):
    if seat not in to_act(state):
        return []
    stage = state["turn"]["stage"]
    if stage == "draft":
        moves = draft.legal_draft_moves(state, seat)
    elif stage == "move":
        moves = [{"type": "move", "steps": steps} for steps in (1, 2, 3)]
    elif stage == "action":
        moves = action_moves(state, seat)
    elif stage == "lot_hire":
        moves = hire.hire_moves(state, edition(state["data_edition"]), seat, from_lot=True) + [{"type": "skip_hire"}]
    else:
        moves = [{"type": "end_turn"}]
    if undo.can_undo(state, seat):
        moves.append(dict(undo.UNDO_MOVE))
    return moves


def _do_action(ctx, seat, move, kind):
    state = ctx.s
    space = space_of(state, state["players"][seat])
    if kind == "decline":
        ctx.s["turn"] = {**state["turn"], "stage": "done", "action": "decline"}
        return
    if kind not in ACTION_MOVES[space]:
        raise IllegalMove(_("Your architect stands on {space}; that action is not available there."),
                          space=space_text(space))
    effects = {
        "build_new": building.do_build_new, "repair": building.do_repair, "palace": palace.do_palace,
        "day": day.do_day, "hire": hire.do_hire, "trust": changer.do_trust, "redeem": changer.do_redeem,
        "travel": travel.do_travel, "tavern": tavern.do_tavern,
    }[kind](ctx, seat, move)
    ctx.effects = effects  # read by describe()
    stage = "done"
    if kind == "build_new" and effects["hire"]:
        # QA-BUILD-10: the lot's Hire, offered only when a hire is possible at all.
        if hire.hire_moves(ctx.s, ctx.ed, seat, from_lot=True):
            stage = "lot_hire"
    ctx.s["turn"] = {**ctx.s["turn"], "stage": stage, "action": kind}


def _dispatch(ctx, seat, move):
    kind = move["type"]
    stage = ctx.s["turn"]["stage"]
    if stage == "draft":
        need(kind in ("draft", "draft_pass"), _("First choose a start craftsman."))
        (draft.do_draft if kind == "draft" else draft.do_draft_pass)(ctx, seat, move)
        ctx.barrier = True  # a draft turn passes the turn to another player
    elif stage == "move":
        need(kind == "move", _("First move your architect 1 to 3 spaces."))
        star.do_move(ctx, seat, move)
    elif stage == "action":
        need(kind in ("decline",) or any(kind in kinds for kinds in ACTION_MOVES.values()),
             _("Carry out the action of your space or decline it."))
        _do_action(ctx, seat, move, kind)
    elif stage == "lot_hire":
        need(kind in ("hire", "skip_hire"), _("Hire a craftsman with your building lot's reward, or skip it."))
        if kind == "hire":
            ctx.effects = hire.do_hire(ctx, seat, move, from_lot=True)
        ctx.s["turn"] = {**ctx.s["turn"], "stage": "done", "lot_hire": kind == "hire"}
    else:
        need(kind == "end_turn", _("Your action is done; end your turn."))
        ending.end_turn(ctx, seat)
        ctx.barrier = True


def apply(state, seat, move):
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove(_("A move must be a mapping with a type."))
    if undo.is_undo(move):
        need(seat in to_act(state) and undo.can_undo(state, seat), _("There is nothing to undo."))
        return undo.undo(state, apply)
    need(state.get("phase") != "over", _("The game is over."))
    need(seat in to_act(state), _("It is not your turn."))
    ctx = Ctx(state)
    _dispatch(ctx, seat, move)
    return undo.record(state, ctx.s, seat, move, barrier=ctx.barrier)
