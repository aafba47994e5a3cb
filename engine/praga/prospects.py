"""Points a player is on the way to but does not hold yet: the expert evaluation's long-term goals.

The final scoring (scoring.final_breakdown) only counts what a player holds, so a one-move
lookahead never starts a plan that pays after several turns: the King's Road pays most at its
end (space III, the bridge, a V tile), a V tile also waits at level III of the Cathedral, and a
seal at the end of each production track. Measured before this module (30 greedy solo games,
seeds 10000-10029): the road reached space 0.1 on average, no V tile and no seal was ever taken.

`prospects(state, seat, weights)` returns, per goal, the goal's estimated value times a credit
for how close the player is (`credit`: `reach ** steps_left`, or with `reach` 1 the share of the
way made), zero when the steps left cannot be done in the player's turns left. Each step toward a
goal then shows part of the goal's value, so the lookahead takes the first steps; a goal reached
this turn counts in full while its gain waits in a pending item (`pending_goals`). The values:
a V tile is the mean, for this player's counts now, of the tiles still to be had; the IV tile
with its plank is a weight; a seal is the best one left, a buying one valued with a weight's
worth of gold or stone.
"""

from engine.praga.actions import road_effect
from engine.praga.common import STRUCT_DATA, by_id, edition
from engine.praga.scoring import final_breakdown, seal_vp, v_tile_vp
from engine.praga.turn import slots, total_turns

# The last space of the King's Road (the gold V tile on the bridge) and the space in front of it.
ROAD_BRIDGE_V, ROAD_BRIDGE_IV = 5, 4
# Rows a player can climb per turn, for what is within reach: 2 silver windows a row, and a player
# keeps at most 2 windows from one turn to the next (PRG-WINDOW-03), so about one row every 2 turns.
CLIMBS_PER_TURN = 0.5


def turns_left(state, seat):
    """The seat's own turns still to come, the current one included until its main action is done."""
    ed = edition(state["edition"])
    left = (total_turns(state, ed) - state["turn_no"]) / float(slots(state))
    turn = state.get("turn")
    if turn is not None and turn["seat"] == seat and turn["main"] is not None:
        left -= 1
    return max(0.0, left)


def credit(done, steps, turns, reach, per_turn):
    """The share of a goal `steps` away (`done` steps made toward it) that counts now; none when out of reach.

    `reach` < 1: `reach ** steps` (the far goals count little); `reach` = 1: the share of the way made,
    `done / (done + steps)` (each step counts the same).
    """
    if steps <= 0:
        return 1.0
    if steps > turns * per_turn:
        return 0.0
    if reach >= 1.0:
        return done / float(done + steps)
    return reach ** steps


_IMMEDIATE_VP = {}  # (edition, tile): the VP a V tile gives at once
_SEAL_VALUE = {}  # (edition, seal, held): a seal's end-game VP with `held` gold and stone
_V_TILE_MEAN = {}  # (edition, tiles left, the player's counts): the mean value of a V tile left


def tile_value(state, ed, seat, tile):
    """A V tile's value for this player now: its end-game part with today's counts, and its immediate VP."""
    key = (state["edition"], tile)
    if key not in _IMMEDIATE_VP:
        _IMMEDIATE_VP[key] = sum(int(atom[:-2]) for atom in by_id(ed, "BRIDGE_TILES", tile).get("immediate") or []
                                 if atom.endswith("VP"))
    return v_tile_vp(ed, state["players"][seat], tile) + _IMMEDIATE_VP[key]


def v_tile_value(state, ed, seat):
    """The mean value of a V tile still to be had by the bridge and by the Cathedral.

    Both sides are hidden, so each gets the mean over the tiles left on both (public: the taken ones are open).
    """
    pl = state["players"][seat]
    wanted = pl["road"] < ROAD_BRIDGE_V or not pl["ca_v"]
    pool = tuple(state["v_bridge"]) + tuple(state["v_cathedral"])
    if not pool or not wanted:
        return 0.0, 0.0
    # A tile's value depends only on these counts (scoring.v_tile_vp): the mean is computed once
    # per pool and counts, as the evaluation asks for it after every move it tries.
    counts = (pl["uni"], sum(len(stack) for stack in pl["upgrades"].values()), len(pl["walls"]),
              pl["quarries"], pl["mines"], pl["hw"]["row"], pl["ca"]["row"])
    key = (state["edition"], pool, counts)
    mean = _V_TILE_MEAN.get(key)
    if mean is None:
        if len(_V_TILE_MEAN) > 100000:  # the pools and counts of one process's games; bounded all the same
            _V_TILE_MEAN.clear()
        mean = _V_TILE_MEAN[key] = sum(tile_value(state, ed, seat, tile) for tile in pool) / len(pool)
    return (mean if state["v_bridge"] else 0.0), (mean if state["v_cathedral"] else 0.0)


def seal_value(state, ed, seal, held):
    key = (state["edition"], seal, held)
    if key not in _SEAL_VALUE:
        _SEAL_VALUE[key] = seal_vp(ed, [seal], held, held)
    return _SEAL_VALUE[key]


def pending_goals(state, ed, seat, weights):
    """Goals reached this turn whose gain waits in a pending item (space III's VP, a bridge or Cathedral tile).

    The item is resolved later in the turn; without this the step that reaches a goal would show its
    credit gone and nothing in its place.
    """
    turn = state.get("turn")
    if turn is None or turn["seat"] != seat:
        return {"road": 0.0, "cathedral": 0.0}
    pl = state["players"][seat]
    road = cathedral = 0.0
    for item in turn["pending"]:
        kind = item["kind"]
        if kind == "road_free":
            effect = road_effect(state, ed, item["space"])
            if effect["kind"] == "per_era1_upgrade":
                road += effect["vp"] * era1_upgrades(ed, pl)
        elif kind == "bridge":
            if item["tier"] == "IV":
                road += weights["bridge_iv"]
            else:
                road += max([tile_value(state, ed, seat, tile) for tile in item["drawn"]] or [0.0])
        elif kind == "cathedral_v":
            cathedral += max([tile_value(state, ed, seat, tile) for tile in item["options"]] or [0.0])
    return {"road": road, "cathedral": cathedral}


def era1_upgrades(ed, pl):
    return sum(1 for stack in pl["upgrades"].values() for entry in stack if ed.TILES[entry["tile"]]["era"] == 1)


def road_prospect(state, ed, seat, weights, turns, bridge_v):
    """Space III (per Era I upgrade), the IV tile with its plank, and the V tile on the bridge."""
    pl = state["players"][seat]
    position = pl["road"]
    if position >= ROAD_BRIDGE_V:
        return 0.0
    space_iii = road_effect(state, ed, "III")
    goals = {ROAD_BRIDGE_IV: weights["bridge_iv"], ROAD_BRIDGE_V: bridge_v}
    if space_iii["kind"] == "per_era1_upgrade":
        goals[3] = space_iii["vp"] * era1_upgrades(ed, pl)
    total = 0.0
    for space, value in goals.items():
        if space > position:
            total += value * credit(position, space - position, turns, weights["road_reach"], 1.0)
    return total


def cathedral_prospect(state, ed, seat, weights, turns, cathedral_v):
    """The V tile on first entering level III of the Cathedral (2 silver windows a row)."""
    pl = state["players"][seat]
    if pl["ca_v"] or not cathedral_v:
        return 0.0
    row = pl["ca"]["row"]
    target = ed.STRUCTURES[STRUCT_DATA["ca"]]["levels"][-1][0]  # the first row of the top level
    return cathedral_v * credit(row - 1, target - row, turns, weights["climb_reach"], CLIMBS_PER_TURN)


def seal_prospect(state, ed, seat, weights, turns):
    """A seal right still to earn at the end of each production track, or earned and not yet claimed."""
    pl = state["players"][seat]
    unclaimed = max(0, pl["seal_rights"] - len(pl["seals"]))
    shares = weights["seal_claim"] * unclaimed
    for track in ("mines", "quarries"):
        data = ed.TRACKS[track]
        steps = data["seal_space"] - pl[track]
        if steps > 0:
            shares += credit(pl[track] - data["start"], steps, turns, weights["track_reach"], 1.0)
    if not shares:
        return 0.0
    free = tuple(seal for seal, owner in state["seals"].items() if owner is None)
    if not free:
        return 0.0
    held = weights["seal_held"]  # gold or stone a seal that buys them can expect at the end
    key = (state["edition"], free, held)
    best = _BEST_SEAL.get(key)
    if best is None:
        best = _BEST_SEAL[key] = max(seal_value(state, ed, seal, held) for seal in free)
    return shares * best


_BEST_SEAL = {}  # (edition, the seals left, held): the best one's value (a few keys a game)


def extra_prospect(state, seat, turns, total):
    """The extra action the gold windows held are a share of (2 gold windows, or 1 gold and 1 silver: PRG-EXTRA).

    An action is valued at the player's own points per turn so far (the final score if the game
    ended now over the turns played): what one more action has been worth to this player. Without
    it a gold window was worth a flat `windows` weight, the same as a silver one, and the policy
    bought about one extra action a game. `total` is the final score if the game ended now.
    """
    pl = state["players"][seat]
    share = min(pl["gw"], 2) / 2.0 if pl["gw"] + pl["sw"] >= 2 else 0.0
    played = state["turn_no"] / float(slots(state))
    if not share or not turns or played < 1:
        return 0.0
    return share * total / played


def prospects(state, seat, weights, total=None):
    """The goals' values; `total` (the final score if the game ended now) when the caller has it already."""
    if total is None:
        total = final_breakdown(state, seat)["total"]
    road, cathedral, seals, extra = goal_values(state, seat, weights, total)
    return {"road": road, "cathedral": cathedral, "seals": seals, "extra": extra}


def goal_values(state, seat, weights, total, ed=None):
    """`prospects` as a tuple (road, Cathedral, seals, extra action), with the same arithmetic.

    The expert evaluation asks for it after every move it tries: the turns left are computed once
    here, and the pending goals only looked for in the seat's own turn with pending items. `ed`: the
    state's edition, when the caller has it.
    """
    if ed is None:
        ed = edition(state["edition"])
    per_round = 2 if state["players_count"] == 1 else state["players_count"]  # turn.slots
    turn_no = state["turn_no"]
    turns = (ed.GAME["rounds"] * per_round - turn_no) / float(per_round)  # turns_left
    turn = state.get("turn")
    own_turn = turn is not None and turn["seat"] == seat
    if own_turn and turn["main"] is not None:
        turns -= 1
    turns = max(0.0, turns)
    bridge_v, cathedral_v = v_tile_value(state, ed, seat)
    if own_turn and turn["pending"]:
        pending = pending_goals(state, ed, seat, weights)
        pending_road, pending_cathedral = pending["road"], pending["cathedral"]
    else:
        pending_road = pending_cathedral = 0.0
    # extra_prospect
    pl = state["players"][seat]
    gw = pl["gw"]
    share = min(gw, 2) / 2.0 if gw + pl["sw"] >= 2 else 0.0
    played = turn_no / float(per_round)
    extra = 0.0 if not share or not turns or played < 1 else share * total / played
    return (road_prospect(state, ed, seat, weights, turns, bridge_v) + pending_road,
            cathedral_prospect(state, ed, seat, weights, turns, cathedral_v) + pending_cathedral,
            seal_prospect(state, ed, seat, weights, turns),
            extra)
