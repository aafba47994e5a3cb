"""Knights (CK-KNIGHT): build, activate, promote, and the knight actions move, displace
(with the owner's retreat, D-06) and chase the robber.

A knight on the board is `{"owner", "strength", "active", "ready", "promoted"}`. `ready`
is set at the start of its owner's turn for every active knight and cleared when the knight
acts, is placed, or is deactivated by an attack (CK-KNIGHT-05); activation never sets it.
"""

from engine.core.errors import IllegalMove
from engine.core.text import _
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import can_pay, need, pay, refuse
from engine.catan_ck.data.costs import COSTS
from engine.catan_ck.data.improvements import ABILITY_LEVEL
from engine.catan_ck.turn import open_decision


def own_road_at(state, seat, intersection):
    return any(state["roads"].get(p) == seat for p in GEOMETRY.intersection_paths[intersection])


def empty(state, intersection):
    return intersection not in state["buildings"] and intersection not in state["knights"]


def foreign_piece(state, seat, intersection):
    building, knight = state["buildings"].get(intersection), state["knights"].get(intersection)
    return bool((building and building["owner"] != seat) or (knight and knight["owner"] != seat))


def reachable(state, seat, start):
    """{intersection: road steps} reachable from `start` along the seat's own roads
    (CK-KNIGHT-07): no intersection strictly between holds another player's piece unless the
    option `knight_path_through_opponents` is on. `start` itself is not included."""
    through = state["options"]["knight_path_through_opponents"]
    steps, frontier = {start: 0}, [start]
    while frontier:
        following = []
        for node in frontier:
            if node != start and foreign_piece(state, seat, node) and not through:
                continue  # may be reached, not passed
            for path in GEOMETRY.intersection_paths[node]:
                if state["roads"].get(path) != seat:
                    continue
                a, b = GEOMETRY.path_ends[path]
                other = b if a == node else a
                if other not in steps:
                    steps[other] = steps[node] + 1
                    following.append(other)
        frontier = following
    del steps[start]
    return steps


def knight_refusal(state, seat, intersection):
    """CK-KNIGHT-02: an empty intersection touched by one of the player's roads."""
    if intersection not in GEOMETRY.intersection_hexes:
        return (_("There is no such intersection."), {})
    if not empty(state, intersection):
        return (_("This intersection is not empty."), {})
    if not own_road_at(state, seat, intersection):
        return (_("A knight must stand on one of your roads."), {})
    return None


def own_knight(state, seat, intersection):
    knight = state["knights"].get(intersection)
    if knight is None or knight["owner"] != seat:  # a test, not need(): the text only to refuse
        raise IllegalMove(_("You have no knight there."))
    return knight


def place_knight(context, seat, intersection, strength, active=False):
    context.player_item(seat, "supply")["knights"][str(strength)] -= 1
    context.section("knights")[intersection] = {"owner": seat, "strength": strength, "active": active,
                                                "ready": False, "promoted": False}


def do_build_knight(context, seat, move):
    state = context.state
    if state["players"][seat]["supply"]["knights"]["1"] <= 0:
        raise IllegalMove(_("You have no basic knight left."))
    refuse(knight_refusal(state, seat, move["intersection"]))
    if not can_pay(state["players"][seat]["hand"], COSTS["knight"]):
        raise IllegalMove(_("You cannot pay for this."))
    pay(context, seat, COSTS["knight"])
    place_knight(context, seat, move["intersection"], 1)


def do_activate_knight(context, seat, move):
    state = context.state
    knight = own_knight(state, seat, move["intersection"])
    if knight["active"]:
        raise IllegalMove(_("This knight is already active."))
    if not can_pay(state["players"][seat]["hand"], COSTS["activate_knight"]):
        raise IllegalMove(_("You cannot pay for this."))
    pay(context, seat, COSTS["activate_knight"])
    context.entry("knights", move["intersection"])["active"] = True


def promotion_refusal(state, seat, intersection):
    knight = state["knights"].get(intersection)
    if knight is None or knight["owner"] != seat:
        return (_("You have no knight there."), {})
    if knight["strength"] >= 3:
        return (_("A mighty knight cannot be promoted."), {})
    if state["players"][seat]["supply"]["knights"][str(knight["strength"] + 1)] < 1:
        return (_("You have no stronger knight left."), {})
    if knight["strength"] == 2 and state["players"][seat]["levels"]["politics"] < ABILITY_LEVEL:
        return (_("Mighty knights need politics level 3 (the Fortress)."), {})
    if knight["promoted"] and state["options"]["knight_promotions_per_turn"] == 1:
        return (_("This knight was already promoted this turn."), {})
    return None


def do_promote_knight(context, seat, move):
    state = context.state
    intersection = move["intersection"]
    refuse(promotion_refusal(state, seat, intersection))
    if not can_pay(state["players"][seat]["hand"], COSTS["promote_knight"]):
        raise IllegalMove(_("You cannot pay for this."))
    pay(context, seat, COSTS["promote_knight"])
    promote(context, seat, intersection)


def promote(context, seat, intersection):
    """Replace the knight by the next stronger piece; state and flags carry over."""
    knight = context.entry("knights", intersection)
    supply = context.player_item(seat, "supply")["knights"]
    supply[str(knight["strength"])] += 1
    knight["strength"] += 1
    supply[str(knight["strength"])] -= 1
    knight["promoted"] = True


def ready_knight(state, seat, intersection):
    knight = own_knight(state, seat, intersection)
    need(knight["active"] and knight["ready"],
         _("Only a knight that was active since the start of your turn can act, once per turn."))
    return knight


def _act(context, intersection):
    knight = context.entry("knights", intersection)
    knight["active"] = False
    knight["ready"] = False


def do_move_knight(context, seat, move):
    """CK-KNIGHT-08: to a reachable empty intersection; the knight becomes inactive."""
    state = context.state
    ready_knight(state, seat, move["knight"])
    target = move["intersection"]
    need(target in reachable(state, seat, move["knight"]) and empty(state, target),
         _("The knight can only move along your roads to an empty intersection."))
    _act(context, move["knight"])
    knights = context.section("knights")
    knights[target] = knights.pop(move["knight"])


def do_displace_knight(context, seat, move):
    """CK-KNIGHT-09: onto a reachable weaker opponent knight, which its owner relocates (D-06)."""
    state = context.state
    knight = ready_knight(state, seat, move["knight"])
    target = move["intersection"]
    victim = state["knights"].get(target)
    need(victim is not None and victim["owner"] != seat and victim["strength"] < knight["strength"],
         _("Only a weaker opponent knight can be displaced."))
    need(target in reachable(state, seat, move["knight"]), _("The knight can only move along your roads."))
    _act(context, move["knight"])
    knights = context.section("knights")
    displaced = knights.pop(target)
    knights[target] = knights.pop(move["knight"])
    displace(context, displaced, target)


def retreats(state, owner, origin):
    steps = reachable(state, owner, origin)
    return sorted((x for x in steps if empty(state, x)),
                  key=lambda x: (steps[x], GEOMETRY.intersections.index(x)))


def displace(context, knight, origin):
    """The displaced knight's owner relocates it (D-06) or loses it to the supply."""
    state = context.state
    owner = knight["owner"]
    context.barrier = True
    spots = retreats(state, owner, origin)
    if not spots:
        context.player_item(owner, "supply")["knights"][str(knight["strength"])] += 1
        context.event({"kind": "knight_lost", "seat": owner})
    elif len(spots) == 1:  # ASYNC-04
        context.section("knights")[spots[0]] = knight
        context.event({"kind": "knight_retreat", "seat": owner, "intersection": spots[0], "automatic": True})
    else:
        open_decision(context, owner, "retreat_knight", knight=knight, spots=spots)


def do_retreat_knight(context, seat, move):
    from engine.catan_ck.decisions import decision_of
    from engine.catan_ck.turn import close_decision

    decision = decision_of(context.state, seat, move, "retreat_knight")
    spot = decision["spots"][0] if move.get("timeout") else move.get("intersection")  # D-06 default: nearest
    need(spot in decision["spots"], _("Choose one of the offered intersections."))
    need(empty(context.state, spot), _("This intersection is not empty."))
    context.section("knights")[spot] = decision["knight"]
    context.event({"kind": "knight_retreat", "seat": seat, "intersection": spot, "automatic": False})
    close_decision(context, decision["id"])


def do_chase_robber(context, seat, move):
    """CK-KNIGHT-10: a ready knight at the robber's hex moves it and steals (not before the
    first attack, CK-ROBBER-01)."""
    from engine.catan_ck.seven import move_robber

    state = context.state
    need(state["barbarians"]["attacks"] > 0, _("The robber cannot move before the first barbarian attack."))
    ready_knight(state, seat, move["knight"])
    need(move["knight"] in GEOMETRY.hex_corners[state["robber"]], _("The knight must stand next to the robber."))
    _act(context, move["knight"])
    if state["turn"]["stage"] == "roll":  # the Knight-Errant variant (CK-KNIGHT-15)
        context.write("turn")["knight_errant"] = True
    move_robber(context, seat, move["hex"], move.get("victim"))


def knight_moves(state, seat):
    player = state["players"][seat]
    hand, supply = player["hand"], player["supply"]
    moves = []
    if supply["knights"]["1"] > 0 and can_pay(hand, COSTS["knight"]):
        moves += [{"type": "build_knight", "intersection": x} for x in GEOMETRY.intersections
                  if knight_refusal(state, seat, x) is None]
    own = sorted(x for x, k in state["knights"].items() if k["owner"] == seat)
    if can_pay(hand, COSTS["activate_knight"]):
        moves += [{"type": "activate_knight", "intersection": x} for x in own if not state["knights"][x]["active"]]
    if can_pay(hand, COSTS["promote_knight"]):
        moves += [{"type": "promote_knight", "intersection": x} for x in own
                  if promotion_refusal(state, seat, x) is None]
    for x in own:
        knight = state["knights"][x]
        if not (knight["active"] and knight["ready"]):
            continue
        for target in sorted(reachable(state, seat, x)):
            other = state["knights"].get(target)
            if empty(state, target):
                moves.append({"type": "move_knight", "knight": x, "intersection": target})
            elif other and other["owner"] != seat and other["strength"] < knight["strength"]:
                moves.append({"type": "displace_knight", "knight": x, "intersection": target})
        if state["barbarians"]["attacks"] > 0 and x in GEOMETRY.hex_corners[state["robber"]]:
            from engine.catan_ck.seven import robber_moves
            moves += [dict(m, type="chase_robber", knight=x) for m in robber_moves(state, seat)]
    return moves


def start_of_turn(context, seat):
    """CK-KNIGHT-05: the seat's active knights become ready; promotion flags reset."""
    for name, knight in context.state["knights"].items():
        if knight["promoted"] or (knight["owner"] == seat and knight["ready"] != knight["active"]):
            knight = context.flags("knights", name)  # no knight moves: Longest Road holds
            knight["promoted"] = False
            if knight["owner"] == seat:
                knight["ready"] = knight["active"]
