"""Building roads, settlements, cities and city walls (CAT-BUILD, CAT-SETUP-02, CK-WALL).

Placement checks return None when allowed, else the reason (a msgid with its args), so
`legal_moves` and `apply` share one rule.
"""

from engine.core.errors import IllegalMove
from engine.core.text import _
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import can_pay, need, pay, refuse
from engine.catan_ck.data.costs import COSTS, DISCARD_LIMIT, WALL_LIMIT_BONUS


def distance_rule_holds(state, intersection):
    """CAT-SETUP-02: no building on an adjacent intersection (knights never count)."""
    return not any(other in state["buildings"] for other in GEOMETRY.neighbours[intersection])


def settlement_refusal(state, seat, intersection, setup=False):
    if intersection not in GEOMETRY.intersection_hexes:
        return (_("There is no such intersection."), {})
    if intersection in state["buildings"]:
        return (_("This intersection is already built on."), {})
    if intersection in state["knights"]:
        return (_("A knight stands on this intersection."), {})
    if not distance_rule_holds(state, intersection):
        return (_("Too close to another building: keep one free intersection between buildings."), {})
    if not setup and not any(state["roads"].get(path) == seat for path in GEOMETRY.intersection_paths[intersection]):
        return (_("A settlement must touch one of your roads."), {})
    return None


def road_refusal(state, seat, path, anchor=None):
    """CAT-BUILD-02; `anchor` is the intersection a setup road must touch (CAT-SETUP-03)."""
    if path not in GEOMETRY.path_ends:
        return (_("There is no such path."), {})
    if path in state["roads"]:
        return (_("This path already has a road."), {})
    ends = GEOMETRY.path_ends[path]
    if anchor is not None:
        if anchor not in ends:
            return (_("The road must touch the building you just placed."), {})
        return None
    for end in ends:
        building = state["buildings"].get(end)
        if building and building["owner"] == seat:
            return None
    blocked = False
    for end in ends:
        if not any(state["roads"].get(p) == seat for p in GEOMETRY.intersection_paths[end] if p != path):
            continue
        building, knight = state["buildings"].get(end), state["knights"].get(end)
        if (building and building["owner"] != seat) or (knight and knight["owner"] != seat):
            blocked = True
            continue
        return None
    if blocked:
        return (_("An opponent's piece blocks this intersection."), {})
    return (_("A road must connect to your road, settlement or city."), {})


def side_city(state, seat):
    """The seat's city turned on its side, if any (CK-BARB-09)."""
    for name, building in state["buildings"].items():
        if building["owner"] == seat and building.get("on_side"):
            return name
    return None


def city_refusal(state, seat, intersection):
    building = state["buildings"].get(intersection)
    if not building or building["owner"] != seat or building["kind"] != "settlement":
        return (_("A city replaces one of your settlements."), {})
    on_side = side_city(state, seat)
    if on_side is not None and on_side != intersection:
        return (_("First upgrade your city that the barbarians turned on its side."), {})
    if not building.get("on_side") and state["players"][seat]["supply"]["city"] < 1:
        return (_("You have no city piece left."), {})
    return None


def wall_refusal(state, seat, intersection):
    building = state["buildings"].get(intersection)
    if not building or building["owner"] != seat or building["kind"] != "city":
        return (_("A city wall goes under one of your cities."), {})
    if building["wall"]:
        return (_("This city already has a wall."), {})
    if state["players"][seat]["supply"]["wall"] < 1:
        return (_("You have no city wall left."), {})
    return None


def discard_limit(state, seat):
    """CAT-DISCARD-02, CK-WALL-04: 7 + 2 per wall on the board (option for metropolis cities)."""
    count_metropolis = state["options"]["walls_under_metropolis_count"]
    walls = 0
    for building in state["buildings"].values():  # a loop, not sum(): every seven asks
        if building["owner"] == seat and building["wall"] and (count_metropolis or not building["metropolis"]):
            walls += 1
    return DISCARD_LIMIT + WALL_LIMIT_BONUS * walls


def _pay_for(context, seat, what):
    if not can_pay(context.state["players"][seat]["hand"], COSTS[what]):  # not need(): every build asks
        raise IllegalMove(_("You cannot pay for this."))
    pay(context, seat, COSTS[what])


def place_settlement(context, seat, intersection):
    context.section("buildings")[intersection] = {"owner": seat, "kind": "settlement", "wall": False,
                                                  "metropolis": None, "on_side": False}
    context.player_item(seat, "supply")["settlement"] -= 1


def place_road(context, seat, path):
    context.section("roads")[path] = seat
    context.player_item(seat, "supply")["road"] -= 1


def place_city(context, seat, intersection):
    building = context.entry("buildings", intersection)
    supply = context.player_item(seat, "supply")
    if building.get("on_side"):  # the city piece is already there; it is only set upright
        building["on_side"] = False
    else:
        supply["city"] -= 1
        supply["settlement"] += 1
    building["kind"] = "city"


def do_build_road(context, seat, move):
    state = context.state
    if state["players"][seat]["supply"]["road"] <= 0:
        raise IllegalMove(_("You have no road left."))
    refuse(road_refusal(state, seat, move["path"]))
    _pay_for(context, seat, "road")
    place_road(context, seat, move["path"])


def do_build_settlement(context, seat, move):
    state = context.state
    need(state["players"][seat]["supply"]["settlement"] > 0, _("You have no settlement left."))
    refuse(settlement_refusal(state, seat, move["intersection"]))
    _pay_for(context, seat, "settlement")
    place_settlement(context, seat, move["intersection"])


def do_build_city(context, seat, move):
    refuse(city_refusal(context.state, seat, move["intersection"]))
    _pay_for(context, seat, "city")
    place_city(context, seat, move["intersection"])


def do_build_wall(context, seat, move):
    refuse(wall_refusal(context.state, seat, move["intersection"]))
    _pay_for(context, seat, "wall")
    context.entry("buildings", move["intersection"])["wall"] = True
    context.player_item(seat, "supply")["wall"] -= 1


def building_moves(state, seat):
    player = state["players"][seat]
    hand, supply = player["hand"], player["supply"]
    moves = []
    if supply["road"] > 0 and can_pay(hand, COSTS["road"]):
        moves += [{"type": "build_road", "path": p} for p in GEOMETRY.paths if road_refusal(state, seat, p) is None]
    if supply["settlement"] > 0 and can_pay(hand, COSTS["settlement"]):
        moves += [{"type": "build_settlement", "intersection": x} for x in GEOMETRY.intersections
                  if settlement_refusal(state, seat, x) is None]
    own = sorted(x for x, b in state["buildings"].items() if b["owner"] == seat)
    if can_pay(hand, COSTS["city"]):
        moves += [{"type": "build_city", "intersection": x} for x in own if city_refusal(state, seat, x) is None]
    if can_pay(hand, COSTS["wall"]):
        moves += [{"type": "build_wall", "intersection": x} for x in own if wall_refusal(state, seat, x) is None]
    return moves
