"""The order of a regular turn (CK-TURN, spec 4.2) and pending decisions (ASYNC-01..04).

`turn["stage"]` is one of:
  roll      the active player must roll (pre-roll)
  attack    a barbarian attack waits for city losses (D-02) or deck choices (D-03)
  resolve   (transient) the event is done: production or the seven comes next
  aqueduct  production is done; Aqueduct picks wait (D-05)
  discard   a seven waits for the discards (D-01)
  robber    the active player must move the robber (after the first attack only)
  action    the action phase

A decision is `{"id", "seat", "kind", "blocks", ...}` in `state["decisions"]`. `blocks`
is "turn" (nobody but the deciding seats may act until it is answered) or "roll" (only
the next roll waits: the off-turn progress overflow D-04, OQ-46).
"""

from engine.core.errors import IllegalMove
from engine.core.text import _
from engine.catan_ck.data.improvements import PROGRESS_HAND_LIMIT
from engine.catan_ck.domestic import end_of_turn
from engine.catan_ck.scoring import check_victory


def open_decision(context, seat, kind, blocks="turn", **fields):
    decision_id = context.state["next_decision"]
    context.state["next_decision"] = decision_id + 1
    context.write("decisions").append(dict(fields, id=decision_id, seat=seat, kind=kind, blocks=blocks))
    context.barrier = True
    return decision_id


def close_decision(context, decision_id):
    context.state["decisions"] = [d for d in context.state["decisions"] if d["id"] != decision_id]
    context.written.add("decisions")
    context.barrier = True


def find_decision(state, decision_id):
    for decision in state["decisions"]:  # a loop, not next(): every answer asks
        if decision["id"] == decision_id:
            return decision
    return None


def turn_blocked(state):
    for decision in state["decisions"]:  # a loop, not any(): asked whenever a decision is open
        if decision["blocks"] == "turn":
            return True
    return False


def harbor_wait(state):
    """Only Commercial Harbor answers (D-10) hold the turn: the active player may still
    address further opponents, nothing else (CK-PROGRESS-12)."""
    blocking = [d for d in state["decisions"] if d["blocks"] == "turn"]
    return bool(blocking) and all(d["kind"] == "harbor_commodity" for d in blocking)


def roll_blocked_by(state):
    """A decision the next roll waits for (CK-PROGRESS-13), or None."""
    for decision in state["decisions"]:  # a loop, not next(): every roll with a decision asks
        if decision["blocks"] == "roll":
            return decision
    return None


def to_act(state):
    """ASYNC-02: every seat with an open decision, plus the active seat when it may act."""
    if state["phase"] == "over":
        return set()
    seats = {d["seat"] for d in state["decisions"]}
    if state["phase"] == "setup":
        return {state["active"]}
    active = state["active"]
    stage = state["turn"]["stage"]
    if turn_blocked(state) or active in seats:
        return seats
    if stage == "roll" and roll_blocked_by(state):
        return seats
    if stage in ("roll", "robber", "action"):
        seats.add(active)
    return seats


def start_turn(context, seat, number):
    """CK-TURN-01: a new turn starts with the win check of its player (CK-WIN-02/03)."""
    context.state["active"] = seat
    context.state["turn"] = {"number": number, "stage": "roll", "roll": None, "attack": None,
                             "production": None}
    context.written.add("turn")
    knights.start_of_turn(context, seat)
    check_victory(context)


def set_stage(context, stage):
    context.write("turn")["stage"] = stage


def resume(context):
    """Carry the roll on as far as the open decisions allow (spec 4.2)."""
    state = context.state
    while state["phase"] == "play":
        stage = state["turn"]["stage"]
        if stage == "attack":
            for decision in state["decisions"]:  # loops, not any(): every roll with a decision asks
                if decision["kind"] == "lose_city" or decision["kind"] == "choose_deck":
                    return
            if not barbarians.finish_attack(context):
                return  # a tied player must choose another deck (CK-BARB-12)
            if check_victory(context):  # CK-WIN-02: after each resolution step (TEST-26)
                return
            set_stage(context, "resolve")
        elif stage == "resolve":
            if state["turn"]["roll"]["total"] == 7:
                seven.open_discards(context)
                set_stage(context, "discard")
            else:
                improvements.open_aqueducts(context, dice.produce(context))
                if not state["decisions"]:  # most productions: no Aqueduct pick to wait for
                    set_stage(context, "action")
                    return
                set_stage(context, "aqueduct")
        elif stage == "aqueduct":
            for decision in state["decisions"]:
                if decision["kind"] == "aqueduct":
                    return
            set_stage(context, "action")
            return
        elif stage == "discard":
            for decision in state["decisions"]:
                if decision["kind"] == "discard":
                    return
            # CK-ROBBER-01: the robber stays on the desert until the first attack is done
            set_stage(context, "robber" if state["barbarians"]["attacks"] > 0 else "action")
            return
        else:
            return


def progress_over_limit(state, seat):
    return len(state["players"][seat]["progress"]) > PROGRESS_HAND_LIMIT


def do_end_turn(context, seat, move):
    """CK-TURN-07: the hand is down to 4 progress cards first; turn-scoped effects end."""
    state = context.state
    if progress_over_limit(state, seat):  # a test, not need(): the text is made only to refuse
        raise IllegalMove(_("Discard down to {limit} progress cards before ending your turn."),
                          limit=PROGRESS_HAND_LIMIT)
    context.barrier = True
    end_of_turn(context)
    order = state["order"]
    following = order[(order.index(seat) + 1) % len(order)]  # seats_from(state, seat)[1], no lists made
    start_turn(context, following, state["turn"]["number"] + 1)


# Imported last, once this module's functions exist: these rules import `open_decision` and
# `resume` from here. An import inside the functions ran on every roll and every turn.
from engine.catan_ck import barbarians, dice, improvements, knights, seven  # noqa: E402
