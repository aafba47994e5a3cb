"""Log lines (spec 2.19): who did what, with the numbers."""

from engine.core.errors import IllegalMove
from engine.core.text import _, text
from engine.queens_architect import moves as rules
from engine.queens_architect.common import Ctx, map_of, space_of
from engine.queens_architect.names import LOCATION_TYPE_NAMES, guild_text, listing, space_text


def _place(state, location_id):
    return map_of(state)["locations"][location_id]["name"]


def _left(line, effects):
    """Append the craftsmen who left the game after their last use."""
    if effects and effects.get("left"):
        return text(_("{line}; leaving the game: {tiles}."), line=line, tiles=listing(effects["left"]))
    return text("{line}.", line=line)


def describe(move, state, seat=None, after=None):
    """The log line of `move`; `seat` (passed by the site) is always the active seat here. `after`
    (the state `apply` gave, engine contract) is not used: the line needs the move's effects,
    which only dispatching it again gives."""
    kind = move.get("type") if isinstance(move, dict) else None
    seat = state["turn"]["seat"] if state.get("turn") else None
    if kind == "undo":
        return text(_("{player} takes back a move."), player=seat)
    ctx = Ctx(state)
    try:
        rules._dispatch(ctx, seat, move)
    except (IllegalMove, KeyError, TypeError):
        return text(_("{player} makes a move."), player=seat)
    effects = ctx.effects
    after = ctx.s
    player = after["players"][seat]
    if kind == "draft":
        return text(_("{player} takes the start craftsman {tile} and turns him {turns} steps: {coins} coins, "
                      "{uses} uses."), player=seat, tile=move["tile"], turns=move.get("turns", 0),
                    coins=move.get("turns", 0), uses=6 - move.get("turns", 0))
    if kind == "draft_pass":
        return text(_("{player} takes no second start craftsman."), player=seat)
    if kind == "move":
        return text(_("{player} moves the architect {steps} spaces to {space}."), player=seat,
                    steps=move["steps"], space=space_text(space_of(after, player)))
    if kind == "decline":
        return text(_("{player} declines the action {space}."), player=seat, space=space_text(space_of(after, player)))
    if kind == "day":
        line = text(_("{player} works as day labourer: {coins} coins"), player=seat, coins=effects["coins"])
        return _left(line, effects)
    if kind == "hire":
        hired = next(c for c in player["craftsmen"] if c["tile"] == effects["tile"])
        line = text(_("{player} hires {tile} from slot {slot} for {price} coins: {uses} uses"), player=seat,
                    tile=effects["tile"], slot=move["slot"], price=effects["price"], uses=hired["uses"])
        if effects["dismissed"]:
            line = text(_("{line}; dismisses {tile}"), line=line, tile=effects["dismissed"])
        if effects["discarded"]:
            line = text(_("{line}; {tile} leaves the black board"), line=line, tile=effects["discarded"])
        return text("{line}.", line=line)
    if kind == "skip_hire":
        return text(_("{player} does not use the lot's hire."), player=seat)
    if kind == "travel":
        return text(_("{player} travels to {place}: distance {steps}, {cost} coins."), player=seat,
                    place=_place(state, move["to"]), steps=effects["steps"], cost=effects["cost"])
    if kind == "trust":
        return text(_("{player} gains the money changer's trust: now {trust}."), player=seat, trust=player["trust"])
    if kind == "redeem":
        return text(_("{player} redeems {bonds} bonds for {coins} coins."), player=seat, bonds=move["bonds"],
                    coins=effects["coins"])
    if kind == "tavern":
        return text(_("{player} visits the tavern and rests {guilds} for {cost} coins."), player=seat,
                    guilds=listing([guild_text(guild) for guild in move.get("guilds", [])]), cost=effects["cost"])
    if kind == "build_new":
        location_type = map_of(state)["locations"][effects["where"]]["type"]
        line = text(_("{player} builds in {place} ({kind}, lot {lot}): performance {total}, minus {minus}, cap "
                      "{cap}, bonus {bonus}: appreciation {appreciation}; track position {position}, {bonds} bonds, "
                      "{coins} coins"), player=seat,
                    place=_place(state, effects["where"]), kind=text(LOCATION_TYPE_NAMES[location_type]),
                    lot=effects["lot"], total=effects["total"], minus=effects["minus"], cap=effects["cap"],
                    bonus=effects["bonus"], appreciation=effects["appreciation"],
                    position=player["track_position"], bonds=effects["bonds"], coins=effects["coins"])
        return _left(line, effects)
    if kind == "repair":
        line = text(_("{player} repairs with {tiles}: appreciation {appreciation}; track position {position}, "
                      "{bonds} bonds"), player=seat, tiles=listing(move["tiles"]),
                    appreciation=effects["appreciation"], position=player["track_position"], bonds=effects["bonds"])
        return _left(line, effects)
    if kind == "palace":
        return text(_("{player} builds at the palace with a performance of {total}."), player=seat,
                    total=effects["total"])
    if kind == "end_turn":
        return text(_("{player} ends the turn."), player=seat)
    return text(_("{player} makes a move."), player=seat)


