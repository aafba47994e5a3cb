"""Travel (QA-TRAVEL-01..05)."""

from engine.core.text import _
from engine.queens_architect.checks import need
from engine.queens_architect.common import map_of


def travel_cost(ed, distance):
    return ed.data.TRAVEL_COSTS["by_distance"].get(str(distance))


def travel_moves(state, ed, player):
    board_map = map_of(state)
    moves = []
    for destination in board_map["order"]:
        distance = board_map["distances"][player["carriage"]].get(destination)
        cost = travel_cost(ed, distance)
        if destination != player["carriage"] and cost is not None and cost <= player["coins"]:
            moves.append({"type": "travel", "to": destination})
    return moves


def do_travel(ctx, seat, move):
    board_map = map_of(ctx.s)
    destination = move.get("to")
    need(isinstance(destination, str) and destination in board_map["locations"], _("There is no such place."))
    player = ctx.s["players"][seat]
    need(destination != player["carriage"], _("Your carriage is already there; to stay, decline the action."))
    distance = board_map["distances"][player["carriage"]][destination]  # QA-TRAVEL-02: shortest road
    cost = travel_cost(ctx.ed, distance)
    need(cost is not None, _("That place is more than 6 steps away."))
    need(cost <= player["coins"], _("This journey of {steps} steps costs {cost} coins; you have {coins}."),
         steps=distance, cost=cost, coins=player["coins"])
    player = ctx.player(seat)
    player["coins"] -= cost
    player["carriage"] = destination
    return {"steps": distance, "cost": cost}
