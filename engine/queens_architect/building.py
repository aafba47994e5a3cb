"""Build: a new building (QA-BUILD-01..11) and repairs (QA-REPAIR-01..05)."""

from itertools import combinations

from engine.core.text import _
from engine.queens_architect.appreciation import max_climb, spend
from engine.queens_architect.checks import need
from engine.queens_architect.common import find_craftsman, map_of, total_performance
from engine.queens_architect.craftsmen import work


def build_site(state, ed, seat):
    """(location, lot record, lot index) where `seat` may build now, or a refusal text (QA-BUILD-01)."""
    player = state["players"][seat]
    where = player["carriage"]
    location = map_of(state)["locations"][where]
    if location["type"] == "capital":
        return _("There is no building lot in the capital; only the palace is built there.")
    spot = state["map"]["locations"][where]
    if seat in spot["lots"]:
        return _("You already have a building here.")
    guilds = {ed.design(craftsman["tile"])["guild"] for craftsman in player["craftsmen"]}
    if not set(ed.demand[spot["demand"]]["guilds"]) <= guilds:
        return _("You need a craftsman of every guild on this place's demand tile.")
    if None not in spot["lots"]:
        return _("Every lot here is taken.")
    if player["cubes"] <= 0:
        return _("You have no building cube left.")
    index = spot["lots"].index(None)  # QA-BUILD-03: the best free lot
    return where, ed.data.LOTS[location["type"]][index], index


def building_appreciation(state, ed, seat, where, lot):
    """QA-BUILD-02/04/05: (sum, appreciation) with the option appreciation_order (OQ-6)."""
    player = state["players"][seat]
    total = total_performance(ed, player)
    kind = map_of(state)["locations"][where]["type"]
    cap = ed.data.CAPS[kind]
    if state["options"]["appreciation_order"] == "cap_then_minus":
        base = max(min(total, cap) - lot["minus"], 0)
    else:
        base = min(max(total - lot["minus"], 0), cap)
    return total, base + ed.demand[state["map"]["locations"][where]["demand"]]["bonus"]


def build_new_moves(state, ed, seat):
    site = build_site(state, ed, seat)
    if not isinstance(site, tuple):
        return []
    where, lot, _index = site
    _total, appreciation = building_appreciation(state, ed, seat, where, lot)
    most = max_climb(state, ed, state["players"][seat]["track_position"], appreciation)
    return [{"type": "build_new", "climb": climb} for climb in range(most + 1)]


def do_build_new(ctx, seat, move):
    site = build_site(ctx.s, ctx.ed, seat)
    need(isinstance(site, tuple), site if isinstance(site, str) else "")
    where, lot, index = site
    total, appreciation = building_appreciation(ctx.s, ctx.ed, seat, where, lot)
    bonds = spend(ctx, seat, appreciation, move.get("climb", 0))
    locations = ctx.w("map")["locations"]
    locations[where]["lots"][index] = seat
    player = ctx.player(seat)
    player["cubes"] -= 1
    player["coins"] += lot["coins"]  # QA-BUILD-06
    left = work(player, {craftsman["tile"] for craftsman in player["craftsmen"]})  # QA-BUILD-08
    kind = map_of(ctx.s)["locations"][where]["type"]
    return {"where": where, "lot": index + 1, "total": total, "minus": lot["minus"], "cap": ctx.ed.data.CAPS[kind],
            "bonus": ctx.ed.demand[ctx.s["map"]["locations"][where]["demand"]]["bonus"],
            "appreciation": appreciation, "bonds": bonds, "coins": lot["coins"], "hire": lot["hire"], "left": left}


def repair_sets(ed, player, distinct):
    """QA-REPAIR-01: 1 to 3 craftsmen, of different guilds unless the option says otherwise."""
    tiles = sorted(craftsman["tile"] for craftsman in player["craftsmen"])
    result = []
    for size in range(1, ed.data.REPAIR["max_craftsmen"] + 1):
        for chosen in combinations(tiles, size):
            guilds = {ed.design(tile)["guild"] for tile in chosen}
            if not distinct or len(guilds) == size:
                result.append(list(chosen))
    return result


def repair_value(ed, tiles):
    return sum(ed.design(tile)["repair"] for tile in tiles)  # QA-REPAIR-02


def repair_moves(state, ed, seat):
    player = state["players"][seat]
    moves = []
    for tiles in repair_sets(ed, player, state["options"]["repair_distinct_guilds"]):
        most = max_climb(state, ed, player["track_position"], repair_value(ed, tiles))
        moves.extend({"type": "repair", "tiles": tiles, "climb": climb} for climb in range(most + 1))
    return moves


def do_repair(ctx, seat, move):
    tiles = move.get("tiles")
    player = ctx.s["players"][seat]
    need(isinstance(tiles, list) and 1 <= len(tiles) <= ctx.ed.data.REPAIR["max_craftsmen"],
         _("Repairs use 1 to 3 of your craftsmen."))
    need(len(set(map(str, tiles))) == len(tiles) and all(find_craftsman(player, tile) for tile in tiles),
         _("Repairs use your own craftsmen, each once."))
    if ctx.s["options"]["repair_distinct_guilds"]:
        need(len({ctx.ed.design(tile)["guild"] for tile in tiles}) == len(tiles),
             _("The craftsmen of a repair must belong to different guilds."))
    appreciation = repair_value(ctx.ed, tiles)
    bonds = spend(ctx, seat, appreciation, move.get("climb", 0))
    left = work(ctx.player(seat), set(tiles))  # QA-REPAIR-05
    return {"appreciation": appreciation, "bonds": bonds, "left": left}
