"""Bots: random, greedy (one turn of lookahead), `play` for tests and benchmarks; `timeout_move`.

Each bot decides on a determinized state (engine.core.determinize.decides_on_determinized): the
greedy bot's lookahead applies hires, which draw from the supply, so on the real state it would
see the tiles the generator is about to draw.
"""

from engine.core.determinize import decides_on_determinized
from engine.queens_architect import moves as rules
from engine.queens_architect.common import Ctx, edition, map_of, star_spaces
from engine.queens_architect.view import determinize


def timeout_move(state, seat):
    """None: a seat owes a decision only on its own turn (the draft included), never while another
    seat is active, so a passed deadline is always the site's timeout policy (docs/engine.md: the
    seat is dropped and a bot plays it, or the game is cancelled). Spec 2.19's suggested default
    for a turn is not played by the site."""
    return None


@decides_on_determinized(determinize)
def random_move(state, seat, rng):
    """A uniformly random legal move, never undo (so random games progress)."""
    moves = [move for move in rules.legal_moves(state, seat) if move["type"] != "undo"]
    return moves[rng.below(len(moves))]


def play(state, chooser, rng, limit=100000):
    """Play to the end; returns (final state, [[seat, move], ...])."""
    history = []
    while rules.to_act(state) and len(history) < limit:
        seat = next(iter(rules.to_act(state)))
        move = chooser(state, seat, rng)
        history.append([seat, move])
        state = rules.apply(state, seat, move)
    return state, history


# --- greedy bot -------------------------------------------------------------------------------
# One turn of lookahead: every way to finish the current turn (architect move, action variant,
# the lot's hire) is tried on a copy, and the bot keeps the one whose end state has the highest
# potential for the seat. The potential reads only public information (never the supply or the
# black board's refills), so the bot does not profit from the draws it simulates.

def _step(state, seat, move):
    ctx = Ctx(state)
    rules._dispatch(ctx, seat, move)
    return ctx.s


def _candidates(state, seat):
    """Legal moves of the current stage, without undo and with only the highest climb per choice."""
    moves = [move for move in rules.legal_moves(state, seat) if move["type"] != "undo"]
    best = {}
    kept = []
    for move in moves:
        if move["type"] in ("build_new", "repair"):
            key = (move["type"], tuple(move.get("tiles", ())))
            if key not in best or move["climb"] > best[key]["climb"]:
                best[key] = move
        else:
            kept.append(move)
    return kept + list(best.values())


def _finish_turn(state, seat, weights):
    """The best potential reachable before end_turn from `state`, and the first move to get it."""
    turn = state["turn"]
    if turn is None or turn["stage"] == "done" or turn["seat"] != seat:
        return potential(state, seat, weights), None
    best_value, best_move = None, None
    for move in _candidates(state, seat):
        value, _next = _finish_turn(_step(state, seat, move), seat, weights)
        if best_value is None or value > best_value:
            best_value, best_move = value, move
    return best_value, best_move


DEFAULT_WEIGHTS = {
    "coin": 0.3, "coin_high": 0.08, "coin_soft_cap": 14, "bond": 0.25, "trust": 0.6,
    "performance": 0.3, "uses": 0.5, "guild": 0.3, "craftsmen_short": 0.5,
    "here": 0.4, "here_far": 0.3, "elsewhere": 0.25, "travel_coin": 0.3,
    "top": 12.0, "palace_capital": 10.0, "palace_strength": 1.2, "palace_build_near": 6.0,
}


def _location_value(state, ed, player, location_id, total, guilds, seat):
    """Appreciation a build at `location_id` would give with the crew as it is (0 if impossible)."""
    spot = state["map"]["locations"][location_id]
    if spot["demand"] is None or seat in spot["lots"] or None not in spot["lots"] or player["cubes"] <= 0:
        return 0
    demand = ed.demand[spot["demand"]]
    missing = len(set(demand["guilds"]) - guilds)
    kind = map_of(state)["locations"][location_id]["type"]
    lot = ed.data.LOTS[kind][spot["lots"].index(None)]
    value = min(max(total - lot["minus"], 0), ed.data.CAPS[kind]) + demand["bonus"] + lot["coins"] * 0.3
    return value * (0.45 ** missing)


def potential(state, seat, weights=DEFAULT_WEIGHTS):
    ed = edition(state["data_edition"])
    player = state["players"][seat]
    if player["palace"] is not None:
        return 10000 + player["palace"]
    w = weights
    track = ed.track_tiles
    value = sum(track[tile] for tile in state["track"][:player["track_position"]])
    coins = player["coins"]
    value += w["coin"] * min(coins, w["coin_soft_cap"]) + w["coin_high"] * max(coins - w["coin_soft_cap"], 0)
    value += w["bond"] * player["bonds"] + w["trust"] * player["trust"]
    crew = player["craftsmen"]
    total = sum(ed.design(c["tile"])["corners"][6 - c["uses"]] for c in crew)
    guilds = {ed.design(c["tile"])["guild"] for c in crew}
    value += w["performance"] * total + w["uses"] * sum(min(c["uses"], 4) for c in crew)
    value += w["guild"] * len(guilds) - w["craftsmen_short"] * max(0, 5 - len(crew))
    spaces = star_spaces(state)
    build_distance = (-player["architect"]) % len(spaces)  # spaces ahead to Build
    near = 0 < build_distance <= 3
    top = player["track_position"] >= ed.data.TRACK["positions"]
    board_map = map_of(state)
    if top:
        value += w["top"]
        if player["carriage"] == "capital":
            value += w["palace_capital"]
        strength = min(total, ed.data.PALACE["min_performance"])
        value += w["palace_strength"] * strength
        if total >= ed.data.PALACE["min_performance"] and player["carriage"] == "capital" and near:
            value += w["palace_build_near"]
        return value
    here = _location_value(state, ed, player, player["carriage"], total, guilds, seat)
    value += here * (w["here"] if near else w["here_far"])
    best_elsewhere = 0
    distances = board_map["distances"][player["carriage"]]
    for location_id in board_map["order"]:
        if location_id == player["carriage"]:
            continue
        cost = ed.data.TRAVEL_COSTS["by_distance"].get(str(distances[location_id]))
        if cost is None:
            continue
        option = _location_value(state, ed, player, location_id, total, guilds, seat) - w["travel_coin"] * cost
        best_elsewhere = max(best_elsewhere, option)
    value += w["elsewhere"] * best_elsewhere
    return value


@decides_on_determinized(determinize)
def greedy_move(state, seat, rng, weights=DEFAULT_WEIGHTS):
    """The move that starts the best finish of the current turn (draft: the strongest pick)."""
    stage = state["turn"]["stage"]
    if stage == "done":
        return {"type": "end_turn"}
    if stage == "draft":
        return _draft_pick(state, seat, weights)
    _value, move = _finish_turn(state, seat, weights)
    return move


def _draft_pick(state, seat, weights):
    best_value, best_move = None, None
    for move in rules.legal_moves(state, seat):
        if move["type"] == "undo":
            continue
        after = _step(state, seat, move)
        player = after["players"][seat]
        # a start craftsman: his uses are worth more than a coin each early on
        value = potential(after, seat, weights) + 0.1 * sum(c["uses"] for c in player["craftsmen"])
        if best_value is None or value > best_value:
            best_value, best_move = value, move
    return best_move


# The bots the site may seat (docs/engine.md, `bots.BOTS`).
BOTS = {"random": random_move, "greedy": greedy_move}
