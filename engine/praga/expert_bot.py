"""The expert Praga bot: Monte Carlo search over determinizations, guided by the greedy bot.

One decision (`expert_move`):

1. the state is determinized once for the bot's seat (`decides_on_determinized`): the bot never
   sees the real hidden parts, and every later sample is dealt from this copy, whose hidden groups
   have the real composition but not the real order;
2. the candidates are the greedy bot's choice first, then its other candidates
   (`bots._candidates`) ranked by the greedy evaluation one move ahead; only the first `width`
   are searched;
3. each iteration deals a new determinization (a new sample of what the seat cannot see) and
   plays every candidate on it, each followed by the greedy policy for every seat until `horizon`
   more turns have begun (or the game ends), with the same dice for the rollouts (common random
   numbers: the candidates are compared on equal terms); a result is the greedy evaluation
   (`bots._score`): the bot's own value, minus the best other seat's in a game of several players;
4. it stops when the time budget (`budget` seconds, default 2 s) or `iterations` runs out (the
   clock is read before every rollout, and a sample the budget cut short is left out) and
   plays the candidate with the best mean, unless it gains less than `MARGIN` over the greedy
   bot's choice, which then stays.

This is information-set Monte Carlo search with its tree cut to the decision itself (flat, one
level): the samples share one set of statistics per candidate move (the moves of the information
set), and the greedy bot plays beyond it. The time budget is wall-clock time on one core;
`iterations` alone (`budget=None`) makes the choice reproducible for a given generator, whatever
the machine.
"""

import time

from engine.core.determinize import decides_on_determinized
from engine.core.rng import Rng
from engine.praga.bots import _candidates, _score, _value, greedy_move
from engine.praga.determinize import determinize
from engine.praga.moves import apply, to_act

DEFAULT_BUDGET = 2.0  # seconds per decision (the goal: at most 2 s on one core)
DEFAULT_WIDTH = 5  # candidates searched, the greedy bot's best first
DEFAULT_HORIZON = 1  # turns begun by the greedy policy after the candidate (1: the rest of this turn)
MARGIN = 0.5  # points of the greedy evaluation a candidate must gain over the greedy bot's choice
ROLLOUT_SAMPLE = 30  # the greedy policy's candidate sample inside rollouts (the bot's own: 100)


@decides_on_determinized(determinize)
def expert_move(state, seat, rng, budget=DEFAULT_BUDGET, iterations=None, width=DEFAULT_WIDTH,
                horizon=DEFAULT_HORIZON, clock=time.perf_counter):
    """The move the search prefers for `seat`; `state` is already determinized (the decorator)."""
    if budget is None and iterations is None:
        raise ValueError("the search needs a time budget or a number of iterations")
    ranked = _ranked_candidates(state, seat, rng)
    greedy_choice = greedy_move.sees_everything(state, seat, rng)
    ranked = [greedy_choice] + [move for move in ranked if move != greedy_choice]
    if len(ranked) <= 1:
        return ranked[0]
    moves = ranked[:width]
    totals = [0.0] * len(moves)
    deadline = clock() + budget if budget is not None else None
    samples = 0
    while (iterations is None or samples < iterations) and not _spent(clock, deadline):
        sample = determinize(state, seat, rng.next64())
        rollout_seed = rng.next64()
        results = []
        for move in moves:  # every candidate on the same sample and rollout dice
            if _spent(clock, deadline):  # a sample cut short would compare the candidates unfairly
                break
            results.append(_playout(sample, seat, move, Rng.from_seed(rollout_seed), horizon))
        if len(results) < len(moves):
            break
        totals = [total + result for total, result in zip(totals, results)]
        samples += 1
    if samples == 0:
        return moves[0]
    means = [total / samples for total in totals]
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    # The greedy bot's choice stays unless the search finds a clear gain over it.
    return moves[best] if means[best] >= means[0] + MARGIN else moves[0]


def _spent(clock, deadline):
    return deadline is not None and clock() >= deadline


def _ranked_candidates(state, seat, rng):
    """The legal candidates, best first by the greedy evaluation one move ahead (illegal ones dropped)."""
    base = _score(state, seat)
    valued = []
    for order, move in enumerate(_candidates(state, seat, rng, 100)):
        value, _after = _value(state, seat, move, base)
        if value is not None:
            valued.append((-value, order, move))
    valued.sort(key=lambda entry: (entry[0], entry[1]))
    return [move for _value_, _order, move in valued]


def _playout(sample, seat, move, rng, horizon):
    """Play `move` on the sampled state, then the greedy policy for `horizon` turns; the value for `seat`."""
    try:
        state = apply(sample, seat, move)
    except Exception:  # illegal in this sample (it cannot be: hidden parts do not change what is legal now)
        return -1000.0
    stop_at = state["turn_no"] + horizon
    steps = 0
    while state.get("phase") != "over" and state["turn_no"] < stop_at and steps < 200:
        acting = to_act(state)
        if not acting:
            break
        mover = min(acting)
        choice = greedy_move.sees_everything(state, mover, rng, ROLLOUT_SAMPLE)
        state = apply(state, mover, choice)
        steps += 1
    return _evaluate(state, seat)


def _evaluate(state, seat):
    own = _score(state, seat)
    others = [_score(state, other) for other in range(len(state["players"])) if other != seat]
    return own - max(others) if others else own
