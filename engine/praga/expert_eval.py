"""The expert bot's evaluation of a position and the policy that plays it for its rollouts.

`evaluate(state, seat)` is the score "if the game ended now" (scoring.final_breakdown) plus the
value of what can still be turned into points, the terms of the greedy bot's (`bots._score`) with
weights of its own (`WEIGHTS`, data so that a measurement can try others). A technology step,
a wall and a King's Road step are worth more than to the greedy bot: the University multiplier
reached 3 in each of 16 greedy solo games (a technology step then pays 3 points at the end), walls score
by thresholds up to 18 points, and the road leads to the bridge. Measured on 60 solo games against
Peter Parler (seeds 20000-20059, `policy_move` playing alone, 2026-11-26): the greedy weights
median 102.0 (mean 102.2); technology 3: 104.5 (103.6); technology 3 and walls 4: 106.0 (106.4);
these and road 3 (kept): 107.0 (107.5). Tried and not kept: production 4.5 (96.0), cubes 2 and
plaza cubes 4 (99.5), University 0.6 (99.5) or 2.0 (105.5 with technology 3, walls 4), technology
4 and walls 5 (104.0), academics projected to the University's expected end (94.0) and credit
toward the next wall threshold (104.0). The spread between seeds is large (quartiles about
88 / 120), so differences of 2-3 points are within noise.

It also counts the long-term goals of `prospects.py` (`prospect_*` weights, 1 each): the King's Road
to the bridge (space III, the IV tile, the V tile), the V tile at level III of the Cathedral and
the seal at the end of each production track, each credited by how close the player is and
dropped when the turns left cannot reach it, with the gain of a goal reached this turn counted
while it waits in a pending item. Measured the same way (policy alone; 2026-11-26, seeds
20000-20059): without them median 107.0 (mean 107.5; V tiles 0.05 and seals 0.0 per game);
with them (kept) 110.5 (110.9; V tiles 0.27, seals 0.22, final-scoring abilities 4.5 points a
game instead of 0.6); on seeds 10000-10059: 108.5 (109.0) against 103.5 (105.2). Tried on seeds
10000-10039 (without the goals: 105.5), by credit shape (`*_reach`: < 1 is `reach ** steps`, 1 the
share of the way made): road 0.8, climb 0.75, tracks 0.75, no gain counted in pending items: 95.0
(the road was begun and left at space 2; with these shapes only the road goal: 97.5, only the
Cathedral: 105.5, only the seals: 103.5); road 0.5, climb 1.0, tracks 0.5 (kept): 109.5 (112.0
mean) once pending gains count; road 1.0: 102.0-105.0 (the road reached space 3 on average, the
eggs were spent before the bridge). Also tried: the constant terms above (University, technology,
walls, road, plaza cubes) fading with the share of the game left: 80.5 (93.0 at half), far worse;
the IV tile worth 8, road reach 0.65, 6 gold or stone expected by a buying seal: 108.5-111.5,
within noise.

The extra action (`prospect_extra`, 0.5; prospects.extra_prospect): 2 gold windows (or 1 gold and
1 silver) buy one, so a gold window held counts as a share of an action valued at the player's own
points per turn so far. Measured the same way (policy alone, 2026-11-26, load 6-10): seeds
20000-20059 median 110.5 -> 111.5 (mean 110.9 -> 112.1; extra actions 0.97 -> 1.27 a game); seeds
10000-10059 108.5 -> 110.0 (109.0 -> 109.0); seeds 30000-30119 105.0 -> 110.5 (105.9 -> 108.9;
per seed +3.0 on average, standard error 0.9, better in 30 games and worse in 11). Weight 1.0:
111.0 and 110.0 on the first two sets, within noise of 0.5; a whole action for 1 gold window
with 1 silver (the mixed payment) instead of half: 113.0 (mean 111.9) on seeds 20000-20059 and
110.0 (109.3) on 30000-30119, within noise, not kept. Tried and not kept: silver windows as
a share of the next Hunger Wall or Cathedral row (half the best next row's final VP per window
held, at most 2: a climb takes 2): more climbs (2.9 -> 3.7 a game) but median 107.0 at weight 1,
107.5 at 0.5, 105.0 and 108.5 with the flat window weight halved; the climbs took windows and
actions the plazas, walls and the University would have had.

The Hunger Wall and the Cathedral (2026-11-26, seeds 20000-20059, median 111.5 without change;
Cathedral 7.6 and Hunger Wall 4.5 points a game): the next column's gain per marker counted at 0.5
(the column values 1, 1, 2, 2, 3, 4 make every other sideways step worth nothing at the end) 111.0,
at 1.0 110.0; the Cathedral's goal at weight 2: 110.0; windows 0.9: 110.0, 0.5: 111.5. None moved
the structures' points by more than 0.7 a game: the policy climbs about 2.3 rows a game and loses
few windows at the end of a turn, so the silver windows gained limit the climbs, not their value.

`policy_move` is the greedy bot's one-move lookahead (bots.greedy_move, the same candidates and
the same valuation of taking an action tile by the action it allows) on this evaluation; it
sees everything it is given, so callers give it determinized states only.
"""

from engine.praga.bots import _candidates
from engine.praga.common import edition
from engine.praga.moves import apply
from engine.praga.prospects import goal_values
from engine.praga.scoring import final_total

WEIGHTS = {
    "gold": 0.45, "stone": 0.45, "windows": 0.7, "eggs": 0.4,
    "cubes": 1.0, "production": 2.5, "upgrades": 3.0,  # times the share of the game still to come
    "university": 1.2, "plaza_cubes": 2.0, "techs_held": 2.0, "one_shot_techs": 3.0,
    # measured: the greedy bot's 1.5, 2.5 and 1.5 here score less (see the module docstring)
    "technology": 3.0, "walls": 4.0, "road": 3.0,
    # long-term goals (prospects.py): the share of a goal counted per step still to go, the value
    # of the IV tile with its plank, the gold or stone a buying seal expects, a seal right's share
    "road_reach": 0.5, "climb_reach": 1.0, "track_reach": 0.5, "bridge_iv": 5.0,
    "seal_held": 4, "seal_claim": 0.8,
    "prospect_road": 1.0, "prospect_cathedral": 1.0, "prospect_seals": 1.0,
    "prospect_extra": 0.5,
}

# Penalties of moves that spend the turn or the row without building anything (as the greedy bot).
MOVE_PENALTIES = {"end_turn": 0.5, "refill": 1.0, "refresh": 3.0}


def evaluate(state, seat, weights=WEIGHTS):
    """The seat's score if the game ended now, plus its potential and its long-term goals (above).

    Called after every move the policy tries (about 4000 times a second), so its parts are
    computed without intermediate dicts (scoring.final_total, prospects.goal_values); the
    arithmetic and its order are those of the plain formula (tests/engine/praga/test_expert_eval.py
    compares both on random games), so the search's choices do not change.
    """
    if state.get("phase") == "over":
        return state["result"]["scores"][seat]
    pl = state["players"][seat]
    ed = edition(state["edition"])
    # bots._remaining
    total_turns = ed.GAME["rounds"] * (2 if state["players_count"] == 1 else state["players_count"])
    share_left = max(0.0, 1.0 - state["turn_no"] / float(total_turns))
    one_shot = 0
    for tech in pl["techs"]:
        if tech["level"] >= 3:
            one_shot += 1
    plaza_cubes = 0
    for building in state["city"].values():
        if building.get("owner") == seat and building.get("cube"):
            plaza_cubes += 1
    upgrades = 0
    for stack in pl["upgrades"].values():
        upgrades += len(stack)
    w = weights
    potential = (w["gold"] * min(pl["gold"], 9) + w["stone"] * min(pl["stone"], 9)
                 + w["windows"] * (pl["sw"] + pl["gw"]) + w["eggs"] * pl["eggs"]
                 + share_left * (w["cubes"] * pl["cubes"] + w["production"] * (pl["mines"] + pl["quarries"])
                                 + w["upgrades"] * upgrades)
                 + w["university"] * pl["uni"] + w["technology"] * pl["tech"] + w["walls"] * len(pl["walls"])
                 + w["techs_held"] * share_left * (len(pl["techs"]) - one_shot) + w["one_shot_techs"] * one_shot
                 + w["road"] * pl["road"] + w["plaza_cubes"] * plaza_cubes)
    total = final_total(state, seat, ed)
    road, cathedral, seals, extra = goal_values(state, seat, weights, total, ed)
    # the sum of the goals in the order of prospects()'s dict, as sum() adds them (from 0)
    goals = 0 + w["prospect_road"] * road
    goals += w["prospect_cathedral"] * cathedral
    goals += w["prospect_seals"] * seals
    goals += w["prospect_extra"] * extra
    return total + potential + goals


def move_value(state, seat, move, base, weights=WEIGHTS, evaluation=False):
    """The evaluation after `move` minus `base` (less the move's penalty), and the state after; None if illegal.

    With `evaluation`, also the evaluation after the move itself (the policy's next decision starts from it).
    """
    try:
        after = apply(state, seat, move)
    except Exception:
        return (None, None, None) if evaluation else (None, None)
    value = evaluate(after, seat, weights)
    if evaluation:
        return value - base - MOVE_PENALTIES.get(move["type"], 0.0), after, value
    return value - base - MOVE_PENALTIES.get(move["type"], 0.0), after


def policy_move(state, seat, rng, sample=100, weights=WEIGHTS, refresh=True, out_of_time=None):
    """The greedy bot's choice (bots.greedy_move) on `evaluate`.

    `refresh=False` (inside rollouts) leaves out refreshing the hex rows: a refresh pays now for
    tiles drawn at random and the greedy bot chose one once in 100 turns (3 greedy games), but
    applying each way to refresh took a quarter of a policy decision's time (profiled).
    `out_of_time()`, asked before each candidate from the second legal one on (so a choice exists
    whenever one is legal), stops the pass: the choice is the best of those valued so far. The
    expert's callers check the same deadline right after, so a cut pass is never searched on.
    """
    return policy_step(state, seat, rng, sample, weights, refresh, out_of_time)[0]


def policy_step(state, seat, rng, sample=100, weights=WEIGHTS, refresh=True, out_of_time=None, base=None):
    """`policy_move`'s choice, the state after it and the evaluation of that state for `seat`.

    A rollout plays the policy move after move: the state after the choice was made while valuing it,
    and its evaluation is the next decision's `base` when the same seat moves again (every move of a
    solo game), so neither is computed twice (`apply` is deterministic and `evaluate` pure: the
    values, and so the choices, are the same). (None, None, None) when no candidate is legal.
    """
    moves = _candidates(state, seat, rng, sample)
    if not refresh:
        moves = [move for move in moves if move["type"] != "refresh"] or moves
    if base is None:
        base = evaluate(state, seat, weights)
    best, best_value, best_after, best_evaluation = None, None, None, None
    for move in moves:
        if best is not None and out_of_time is not None and out_of_time():
            break
        value, after, evaluation = move_value(state, seat, move, base, weights, evaluation=True)
        if value is None:
            continue
        ahead = _AHEAD.get(move["type"])
        if ahead and after["active"] == seat:
            value = max(value, _best_follow(after, seat, rng, sample, base, ahead, weights, value, out_of_time))
        value += rng.below(1000) / 100000.0
        if best_value is None or value > best_value:
            best, best_value, best_after, best_evaluation = move, value, after, evaluation
    return best, best_after, best_evaluation


_AHEAD = {"take": "main", "buy_extra": "extra"}  # moves valued by the best action they allow


def _best_follow(after, seat, rng, sample, base, ahead, weights, value, out_of_time=None):
    """Taking an action tile or the extra action is worth the best action it allows (of those valued
    before `out_of_time()`)."""
    bonus = after["turn"].get("wheel_bonus")
    if bonus and not bonus["used"] and bonus["kind"] == "gain":  # a free gain: it will be used anyway
        after = apply(after, seat, {"type": "wheel_bonus"})
    best = value
    for follow in _candidates(after, seat, rng, sample // 2):
        if follow.get("via") != ahead:
            continue
        if out_of_time is not None and out_of_time():
            break
        follow_value, _after = move_value(after, seat, follow, base, weights)
        if follow_value is not None and follow_value > best:
            best = follow_value
    return best
