"""Tavern (QA-TAVERN-01..08)."""

from itertools import combinations

from engine.core.text import _
from engine.queens_architect.checks import need
from engine.queens_architect.common import GUILD_IDS
from engine.queens_architect.craftsmen import rest


def pushable(player):
    """The entrance after steps 1 and 2: the entrance plus the dormitory's tiles (QA-TAVERN-02/03)."""
    rooms = player["tavern"]
    return [guild for guild in GUILD_IDS if guild in rooms["entrance"] or guild in rooms["dorm"]]


def tavern_cost(ed, count):
    return ed.data.TAVERN_COSTS["by_count"][count]


def tavern_moves(ed, player):
    candidates = pushable(player)
    return [{"type": "tavern", "guilds": list(chosen)}
            for size in range(len(candidates) + 1) for chosen in combinations(candidates, size)
            if tavern_cost(ed, size) <= player["coins"]]


def do_tavern(ctx, seat, move):
    guilds = move.get("guilds", [])
    player = ctx.s["players"][seat]
    candidates = pushable(player)
    need(isinstance(guilds, list), _("Name each guild at most once."))
    for guild in guilds:
        need(guild in candidates, _("That end-of-work tile is not in your tavern's entrance."))
    need(len(set(guilds)) == len(guilds), _("Name each guild at most once."))
    cost = tavern_cost(ctx.ed, len(guilds))
    need(cost <= player["coins"], _("Resting {count} guilds costs {cost} coins; you have {coins}."),
         count=len(guilds), cost=cost, coins=player["coins"])
    player = ctx.player(seat)
    rooms = player["tavern"]
    pushed = [guild for guild in GUILD_IDS if guild in guilds]
    # Steps 1-3 in order (QA-TAVERN-06).
    entrance = [guild for guild in GUILD_IDS if guild in candidates and guild not in pushed]
    player["tavern"] = {"entrance": entrance, "bar": pushed, "dorm": list(rooms["bar"])}
    player["coins"] -= cost
    rest(ctx.ed, player, set(pushed))  # step 4
    return {"cost": cost}
