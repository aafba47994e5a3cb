"""City improvements, metropolises and the Aqueduct (CK-IMPROVE, CK-METRO, D-05).

`state["metropolises"][track]` is None or `{"owner", "intersection"}`; the city carrying it
has `"metropolis": track`. The city for a metropolis is part of the purchase move
(CK-METRO-09): `{"type": "buy_improvement", "track": ..., "metropolis": intersection}`.
"""

from engine.core.text import _, text
from engine.catan_ck.cards import take_card
from engine.catan_ck.common import need, refuse, seats_from, take_from_bank
from engine.catan_ck.data.improvements import ABILITY_LEVEL, MAX_LEVEL, METROPOLIS_LEVEL, TRACK_ORDER, TRACKS, \
    improvement_cost
from engine.catan_ck.data.terrains import CARD_NAMES, RESOURCES
from engine.catan_ck.turn import close_decision, open_decision, resume

# the module, not its function: decisions imports barbarians, which imports turn, which imports
# this module (imports inside the functions ran on every purchase and Aqueduct pick)
from engine.catan_ck import decisions


def cities(state, seat, without_metropolis=False):
    return sorted(x for x, b in state["buildings"].items() if b["owner"] == seat and b["kind"] == "city"
                  and not (without_metropolis and b["metropolis"]))


def metropolis_gain(state, seat, track, level):
    """Whether buying `level` places or takes the track's metropolis (CK-METRO-02/03/04)."""
    if level < METROPOLIS_LEVEL:
        return False
    holder = state["metropolises"][track]
    if holder is None:
        return True
    if holder["owner"] == seat:
        return False
    return level == MAX_LEVEL and state["players"][holder["owner"]]["levels"][track] < MAX_LEVEL


def crane_refusal(state, seat, crane):
    """PC-CRANE: a Crane from the hand; with `crane_limit=per_turn` one per turn."""
    if crane is None:
        return None
    if crane not in state["players"][seat]["progress"] or not crane.startswith("crane-"):
        return (_("You hold no such Crane."), {})
    if state["options"]["crane_limit"] == "per_turn" and state["turn"].get("crane_used"):
        return (_("Only one Crane per turn."), {})
    return None


def improvement_refusal(state, seat, track, metropolis=None, crane=None):
    if track not in TRACKS:
        return (_("There is no such improvement track."), {})
    player = state["players"][seat]
    level = player["levels"][track] + 1
    if level > MAX_LEVEL:
        return (_("This track is complete."), {})
    has_city, free = False, []  # the seat's cities, and those without a metropolis: one pass
    for x, building in state["buildings"].items():
        if building["owner"] == seat and building["kind"] == "city":
            has_city = True
            if not building["metropolis"]:
                free.append(x)
    if not has_city:  # CK-IMPROVE-03, CK-COMMODITY-05
        return (_("You need a city to buy city improvements."), {})
    commodity = TRACKS[track]["commodity"]
    cost = improvement_cost(level) - (1 if crane else 0)
    if player["hand"][commodity] < cost:
        return (_("You need {count} {commodity}."), {"count": cost,
                                                       "commodity": text(CARD_NAMES[commodity])})
    if level == METROPOLIS_LEVEL and not free:  # CK-METRO-05
        return (_("Level 4 needs a city without a metropolis."), {})
    if metropolis_gain(state, seat, track, level):
        if not free:  # CK-METRO-06 (OQ-12)
            return (_("You need a city without a metropolis for the metropolis."), {})
        if metropolis not in free:
            return (_("Choose one of your cities without a metropolis for the metropolis."), {})
    elif metropolis is not None:
        return (_("This purchase brings no metropolis."), {})
    return crane_refusal(state, seat, crane)


def do_buy_improvement(context, seat, move):
    state = context.state
    track, metropolis, crane = move["track"], move.get("metropolis"), move.get("crane")
    refuse(improvement_refusal(state, seat, track, metropolis, crane))
    level = state["players"][seat]["levels"][track] + 1
    commodity = TRACKS[track]["commodity"]
    cost = improvement_cost(level)
    if crane is not None:
        take_card(context, seat, crane)
        context.write("turn")["crane_used"] = True
        context.event({"kind": "played", "seat": seat, "card": crane})
        cost -= 1
    context.player_item(seat, "hand")[commodity] -= cost
    context.write("bank")[commodity] += cost
    context.player_item(seat, "levels")[track] = level
    if metropolis is not None:
        holder = state["metropolises"][track]
        if holder is not None:  # CK-METRO-03: taken from a player at level 4
            context.entry("buildings", holder["intersection"])["metropolis"] = None
            context.barrier = True
            context.event({"kind": "metropolis_taken", "seat": seat, "victim": holder["owner"], "track": track})
        context.entry("buildings", metropolis)["metropolis"] = track
        context.write("metropolises")[track] = {"owner": seat, "intersection": metropolis}


def improvement_moves(state, seat):
    cranes = sorted(c for c in state["players"][seat]["progress"] if c.startswith("crane-"))[:1]
    moves = []
    for crane in [None] + cranes:
        moves += _improvement_moves(state, seat, crane)
    return moves


def _improvement_moves(state, seat, crane):
    with_crane = {"crane": crane} if crane else {}
    moves = []
    for track in TRACK_ORDER:
        level = state["players"][seat]["levels"][track] + 1
        if level > MAX_LEVEL:
            continue
        if metropolis_gain(state, seat, track, level):
            moves += [dict({"type": "buy_improvement", "track": track, "metropolis": x}, **with_crane)
                      for x in cities(state, seat, without_metropolis=True)
                      if improvement_refusal(state, seat, track, x, crane) is None]
        elif improvement_refusal(state, seat, track, None, crane) is None:
            moves.append(dict({"type": "buy_improvement", "track": track}, **with_crane))
    return moves


def open_aqueducts(context, received):
    """CK-IMPROVE-06: science 3+ and nothing received from this production -> D-05."""
    state = context.state
    for seat, player in enumerate(state["players"]):  # a loop, not any(): this runs on every production
        if player["levels"]["science"] >= ABILITY_LEVEL and not received.get(seat):
            break
    else:
        return  # nobody picks (most productions): no seat order, no bank scan
    available = [r for r in RESOURCES if state["bank"][r] > 0]
    if not available:
        return
    for seat in seats_from(state, state["active"]):
        if state["players"][seat]["levels"]["science"] >= ABILITY_LEVEL and not received.get(seat):
            open_decision(context, seat, "aqueduct", resources=available)


def do_take_aqueduct(context, seat, move):
    state = context.state
    decision = decisions.decision_of(state, seat, move, "aqueduct")
    available = [r for r in RESOURCES if state["bank"][r] > 0]
    if move.get("timeout"):  # D-05 default: a random type among those the bank holds
        resource = available[context.draw("below", len(available))] if available else None
    else:
        resource = move.get("resource")
        need(resource is None or resource in available, _("Choose a resource the bank still holds, or none."))
    if resource is not None:
        take_from_bank(context, seat, {resource: 1})
    context.event({"kind": "aqueduct", "seat": seat, "resource": resource})
    close_decision(context, decision["id"])
    resume(context)


