"""Victory points, Longest Road and the end of the game (CK-VP, CK-WIN, CAT-ROAD-LONGEST).

Points are never cached: `points` derives them from the state every time, so they cannot
drift from their recomputation (CK-VP-02).
"""

from itertools import compress, repeat
from operator import eq, is_not

from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.data.improvements import LONGEST_ROAD_MINIMUM, POINTS
from engine.catan_ck.data.progress_cards import card_record


def points_breakdown(state, seat):
    """Every VP source of CK-VP-01 for one seat."""
    breakdown = {"settlements": 0, "cities": 0, "metropolises": 0, "longest_road": 0, "defenders": 0,
                 "merchant": 0, "progress": 0}
    for building in state["buildings"].values():
        if building["owner"] != seat:
            continue
        if building["kind"] == "city":
            breakdown["cities"] += POINTS["city"]
            if building["metropolis"]:
                breakdown["metropolises"] += POINTS["metropolis"]
        else:  # a settlement, or a city turned on its side (CK-BARB-09)
            breakdown["settlements"] += POINTS["settlement"]
    if state["longest_road"]["holder"] == seat:
        breakdown["longest_road"] = POINTS["longest_road"]
    player = state["players"][seat]
    breakdown["defenders"] = player["defenders"] * POINTS["defender"]
    merchant = state["merchant"]
    if merchant and merchant["owner"] == seat:
        breakdown["merchant"] = POINTS["merchant"]
    breakdown["progress"] = sum(POINTS["progress"] for card in player["revealed"]
                                if card_record(card)["when"] == "on_draw")
    return breakdown


def building_points(buildings, seat):
    total = 0
    for building in buildings.values():
        if building["owner"] == seat:
            if building["kind"] == "city":
                total += POINTS["city"] + (POINTS["metropolis"] if building["metropolis"] else 0)
            else:
                total += POINTS["settlement"]
    return total


def _points_kept(known, buildings):
    """The buildings' points per seat of `known` (a replay's, for an earlier buildings
    section) that `buildings` leaves as they were: those of seats owning no building placed,
    changed or removed since. A building a move did not change is the same object in both
    sections (copy-on-write): the changed ones are picked by identity, in C."""
    before, totals = known
    seats, added = set(), 0
    for x in compress(buildings, map(is_not, buildings.values(), map(before.get, buildings))):
        seats.add(buildings[x]["owner"])
        previous = before.get(x)
        if previous is None:
            added += 1
        else:
            seats.add(previous["owner"])
    if len(before) + added > len(buildings):  # a building was removed
        return {}
    return {seat: total for seat, total in totals.items() if seat not in seats}


def points(state, seat, memo=None):
    """The sum of `points_breakdown` (checked equal after every move of the random games),
    counted without building the breakdown: the win check runs after every move. `memo` (a
    replay's, see Context.memo) keeps the buildings' points per seat for a buildings section
    that is never changed in place again (the caller's context did not write it)."""
    buildings = state["buildings"]
    if memo is None:
        total = building_points(buildings, seat)
    else:
        known = memo.get("building_points")
        if known is None or known[0] is not buildings:
            known = memo["building_points"] = (buildings, _points_kept(known, buildings) if known else {})
        total = known[1].get(seat)
        if total is None:
            total = known[1][seat] = building_points(buildings, seat)
    if state["longest_road"]["holder"] == seat:
        total += POINTS["longest_road"]
    player = state["players"][seat]
    total += player["defenders"] * POINTS["defender"]
    merchant = state["merchant"]
    if merchant and merchant["owner"] == seat:
        total += POINTS["merchant"]
    if player["revealed"]:
        total += sum(POINTS["progress"] for card in player["revealed"] if card_record(card)["when"] == "on_draw")
    return total


def blocked_for(state, seat):
    """Intersections holding another player's building or knight (CAT-ROAD-LONGEST-01)."""
    blocked = {name for name, b in state["buildings"].items() if b["owner"] != seat}
    blocked.update(name for name, k in state["knights"].items() if k["owner"] != seat)
    return blocked


_LENGTHS = {}  # (own roads, blocked intersections they touch) -> length; a pure function's memo
_NETWORKS = {}  # own roads -> {intersection: [its roads]}: a road network's shape, for the same reason


def road_length(state, seat):
    """Longest trail in the seat's roads (CAT-ROAD-LONGEST-06): a depth-first search from
    every touched intersection carrying the used segments; a trail may start or end at a
    blocked intersection but never passes through one. The result depends only on the
    seat's roads and the blocked intersections they touch, so it is memoised on them."""
    roads = state["roads"]
    roads = frozenset(compress(roads, map(eq, roads.values(), repeat(seat))))  # the seat's, picked in C
    if not roads:
        return 0
    at = _NETWORKS.get(roads)
    if at is None:
        at = {}
        for path in sorted(roads):
            for end in GEOMETRY.path_ends[path]:
                at.setdefault(end, []).append(path)
        if len(_NETWORKS) > 20000:
            _NETWORKS.clear()
        _NETWORKS[roads] = at
    buildings, knights = state["buildings"], state["knights"]
    blocked = frozenset(x for x in at if (x in buildings and buildings[x]["owner"] != seat)
                        or (x in knights and knights[x]["owner"] != seat))
    key = (roads, blocked)
    known = _LENGTHS.get(key)
    if known is not None:
        return known
    best = 0

    def walk(node, used, length):
        nonlocal best
        best = max(best, length)
        if length and node in blocked:
            return
        for path in at.get(node, ()):
            if path in used:
                continue
            a, b = GEOMETRY.path_ends[path]
            used.add(path)
            walk(b if a == node else a, used, length + 1)
            used.discard(path)

    for node in at:
        walk(node, set(), 0)
    if len(_LENGTHS) > 20000:
        _LENGTHS.clear()
    _LENGTHS[key] = best
    return best


def update_longest_road(context, seats=None):
    """Recompute the lengths of `seats` (default: every seat; the others keep theirs) and
    apply the award rule CAT-ROAD-LONGEST-04."""
    state = context.state
    if seats is None:
        lengths = [road_length(state, seat) for seat in range(state["players_count"])]
    else:
        lengths = list(state["longest_road"]["lengths"])
        for seat in seats:
            lengths[seat] = road_length(state, seat)
    holder = state["longest_road"]["holder"]
    longest = max(lengths)
    if longest < LONGEST_ROAD_MINIMUM:
        new_holder = None
    elif holder is not None and lengths[holder] == longest:
        new_holder = holder
    elif lengths.count(longest) == 1:
        new_holder = lengths.index(longest)
    else:
        new_holder = None  # set aside until one player alone is longest
    current = state["longest_road"]
    if current["lengths"] != lengths or current["holder"] != new_holder:
        context.state["longest_road"] = {"holder": new_holder, "lengths": lengths}
        context.written.add("longest_road")
    return current, context.state["longest_road"]


def check_victory(context):
    """CK-WIN-02: the active player wins as soon as they have the target during their turn."""
    state = context.state
    if state["phase"] != "play":
        return False
    active = state["active"]
    written = context.written
    pieces_settled = "buildings" not in written and ("buildings", None) not in written
    if points(state, active, context.memo if pieces_settled else None) < state["options"]["victory_points"]:
        return False
    context.state["phase"] = "over"
    context.state["decisions"] = []  # ASYNC-09, CK-WIN-04: open decisions are dropped
    context.state["result"] = final_result(state, active)
    context.barrier = True
    return True


def final_result(state, winner):
    """Ranking (winner first, then by VP; equal VP share a rank, OQ-33), scores, breakdown."""
    seats = range(state["players_count"])
    scores = [points(state, seat) for seat in seats]
    others = sorted((s for s in seats if s != winner), key=lambda s: -scores[s])
    ranking, rank = [{"seat": winner, "rank": 1, "score": scores[winner]}], 2
    for index, seat in enumerate(others):
        if index and scores[seat] != scores[others[index - 1]]:
            rank = index + 2
        ranking.append({"seat": seat, "rank": rank, "score": scores[seat]})
    return {"winner": winner, "ranking": ranking, "scores": scores,
            "breakdown": [points_breakdown(state, seat) for seat in seats]}
