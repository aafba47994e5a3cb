"""The expert bot's evaluation of a position and the policy that plays it for its rollouts.

`evaluate(state, seat)` is the score "if the game ended now" (scoring.final_breakdown) plus the
value of what can still be turned into points, like the greedy bot's (`bots._score`), with
these differences, each measured with `benchmarks/balance.py` on greedy games:

- academics are projected: a technology step is worth the University multiplier the seat is
  expected to reach (its University steps so far plus its usual pace for the rest of the game),
  not the multiplier it holds now, and a University step is worth the multiplier it adds times the
  technology steps expected at the end;
- walls are valued toward their next scoring threshold (3, 4 and 6 walls: 4, 10 and 18 points);
- the weights are data (`WEIGHTS`), so that a measurement can try others.

`policy_move` is the greedy bot's one-move lookahead (bots.greedy_move, the same candidates and
the same valuation of taking an action tile by the action it allows) on this evaluation; it
sees everything it is given, so callers give it determinized states only.
"""

from engine.praga.bots import _candidates, _remaining
from engine.praga.common import edition
from engine.praga.moves import apply
from engine.praga.scoring import final_breakdown

WEIGHTS = {
    "gold": 0.45, "stone": 0.45, "windows": 0.7, "eggs": 0.4,
    "cubes": 1.0, "production": 2.5, "upgrades": 3.0,  # times the share of the game still to come
    "university": 1.2, "technology": 1.5, "road": 1.5, "plaza_cubes": 2.0,
    "techs_held": 2.0, "one_shot_techs": 3.0,
    "walls": 2.5,
    "university_pace": 0.0,  # University steps expected per remaining share of the game (0: no projection)
    "technology_pace": 0.0,  # technology steps expected likewise
    "wall_threshold": 0.0,  # share of the next wall threshold's points credited per wall toward it
}

# Penalties of moves that spend the turn or the row without building anything (as the greedy bot).
MOVE_PENALTIES = {"end_turn": 0.5, "refill": 1.0, "refresh": 3.0}


def evaluate(state, seat, weights=WEIGHTS):
    if state.get("phase") == "over":
        return state["result"]["scores"][seat]
    pl = state["players"][seat]
    ed = edition(state["edition"])
    share_left = _remaining(state)
    one_shot = sum(1 for tech in pl["techs"] if tech["level"] >= 3)
    plaza_cubes = sum(1 for building in state["city"].values() if building.get("owner") == seat and building.get("cube"))
    upgrades = sum(len(stack) for stack in pl["upgrades"].values())
    w = weights
    potential = (w["gold"] * min(pl["gold"], 9) + w["stone"] * min(pl["stone"], 9)
                 + w["windows"] * (pl["sw"] + pl["gw"]) + w["eggs"] * pl["eggs"]
                 + share_left * (w["cubes"] * pl["cubes"] + w["production"] * (pl["mines"] + pl["quarries"])
                                 + w["upgrades"] * upgrades)
                 + w["university"] * pl["uni"] + w["technology"] * pl["tech"] + w["walls"] * len(pl["walls"])
                 + w["techs_held"] * share_left * (len(pl["techs"]) - one_shot) + w["one_shot_techs"] * one_shot
                 + w["road"] * pl["road"] + w["plaza_cubes"] * plaza_cubes)
    potential += _academics_ahead(ed, pl, share_left, w) + _walls_ahead(ed, pl, w)
    return final_breakdown(state, seat)["total"] + potential


def _academics_ahead(ed, pl, share_left, w):
    """Academics at the projected end minus academics now (final_breakdown counts the latter)."""
    if not (w["university_pace"] or w["technology_pace"]):
        return 0.0
    multipliers = ed.UNIVERSITY["multiplier"]
    top = ed.UNIVERSITY["top"]
    university = min(top, int(pl["uni"] + w["university_pace"] * share_left))
    technology = min(8, pl["tech"] + w["technology_pace"] * share_left)
    return technology * multipliers[university] - pl["tech"] * multipliers[min(pl["uni"], top)]


def _walls_ahead(ed, pl, w):
    """A share of the next wall threshold's extra points for each wall already toward it."""
    if not w["wall_threshold"]:
        return 0.0
    walls = len(pl["walls"])
    reached = max([row["vp"] for row in ed.SCORING["walls"] if walls >= row["at_least"]] or [0])
    ahead = [row for row in ed.SCORING["walls"] if row["at_least"] > walls]
    if not ahead:
        return 0.0
    nxt = ahead[0]
    below = max([row["at_least"] for row in ed.SCORING["walls"] if row["at_least"] <= walls] or [0])
    return w["wall_threshold"] * (nxt["vp"] - reached) * (walls - below) / float(nxt["at_least"] - below)


def move_value(state, seat, move, base, weights=WEIGHTS):
    """The evaluation after `move` minus `base` (less the move's penalty), and the state after; None if illegal."""
    try:
        after = apply(state, seat, move)
    except Exception:
        return None, None
    return evaluate(after, seat, weights) - base - MOVE_PENALTIES.get(move["type"], 0.0), after


def policy_move(state, seat, rng, sample=100, weights=WEIGHTS):
    """The greedy bot's choice (bots.greedy_move) on `evaluate`."""
    moves = _candidates(state, seat, rng, sample)
    base = evaluate(state, seat, weights)
    best, best_value = None, None
    for move in moves:
        value, after = move_value(state, seat, move, base, weights)
        if value is None:
            continue
        ahead = {"take": "main", "buy_extra": "extra"}.get(move["type"])
        if ahead and after["active"] == seat:
            value = max(value, _best_follow(after, seat, rng, sample, base, ahead, weights, value))
        value += rng.below(1000) / 100000.0
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def _best_follow(after, seat, rng, sample, base, ahead, weights, value):
    """Taking an action tile or the extra action is worth the best action it allows."""
    bonus = after["turn"].get("wheel_bonus")
    if bonus and not bonus["used"] and bonus["kind"] == "gain":  # a free gain: it will be used anyway
        after = apply(after, seat, {"type": "wheel_bonus"})
    best = value
    for follow in _candidates(after, seat, rng, sample // 2):
        if follow.get("via") != ahead:
            continue
        follow_value, _after = move_value(after, seat, follow, base, weights)
        if follow_value is not None and follow_value > best:
            best = follow_value
    return best
