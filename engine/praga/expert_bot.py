"""The expert Praga bot: Monte Carlo search over determinizations with an evaluation of its own.

One decision (`expert_move`):

1. the state is determinized once for the bot's seat (`decides_on_determinized`): the bot never
   sees the real hidden parts, and every later sample is dealt from this copy, whose hidden groups
   have the real composition but not the real order;
2. the candidates are the policy's choice first (`expert_eval.policy_move`: the greedy bot's
   lookahead on the expert evaluation), then its other candidates (`bots._candidates`) ranked by
   the evaluation one move ahead; only the first `width` are searched, and none when a single
   candidate is left; both passes stop at the deadline (under load they took decisions to 3.7 s),
   and the best candidate valued so far is played without a search;
3. each iteration deals a new determinization (a new sample of what the seat cannot see) and
   plays every candidate still in the race on it, each followed by the policy for every seat until
   `horizon` more turns have begun (or the game ends), with the same dice for the rollouts (common
   random numbers: the candidates are compared on equal terms); a result is the evaluation
   (`expert_eval.evaluate`): the bot's own value, minus the best other seat's in a game of several
   players;
4. every `PRUNE_EVERY` samples, a candidate whose mean trails the best by more than `PRUNE_GAP`
   points leaves the race (the policy's choice never does), so the budget goes to close calls;
5. it stops when the time budget (`budget` seconds, default 2 s) or `iterations` runs out (the
   clock is read around every rollout and before each of its policy moves, a rollout starts only if
   the slowest one so far fits in the time left and stops when the time is up, so a decision keeps
   to its budget, and a sample the budget cut short is left out) and plays
   the candidate with the best mean, unless it gains less than `MARGIN` over the policy's choice,
   which then stays.

This is information-set Monte Carlo search with its tree cut to the decision itself (flat, one
level): the samples share one set of statistics per candidate move (the moves of the information
set), and the policy plays beyond it. The time budget is wall-clock time on one core;
`iterations` alone (`budget=None`) makes the choice reproducible for a given generator, whatever
the machine: 56 samples are what the 2 s budget buys on one core (the median decision's CPU time,
benchmarks/expert_calibrate.py, 2026-11-26), and the benchmarks measure the bot's strength with
`--iterations 56` so that the machine's load does not change its games. Since 2026-11-27 the same
search (the same moves at a fixed N) takes about 30 % less CPU: N = 80 costs what 56 did
(docs/engine.md, session 11), and the 2 s budget buys that many more samples.

Rollouts (measured 2026-11-26, benchmarks/rollout_policy.py and benchmarks/expert_paired.py): the
policy inside a rollout tries as many candidates as in its own decision (`ROLLOUT_SAMPLE` 100).
With 30, as before, it placed tiles from a sample of about 12 ways and chose action tiles by
a sample of 15 following actions: alone on 60 solo seeds (20000-20059) it scored a median of 88.5
against 114.0 with 100 (22 points a game less, standard error 2.9; 50: 101.5), for a CPU time per
game only 30 % lower, so the rollouts judged the candidates by games played much worse than the
bot plays them. More than 100 gains nothing (150: 110.5, 250: 114.5, 1000: 116.0, within noise).
Refreshing the rows stays out of rollouts (with refreshes: 111.5, half as fast). The rollouts run
`horizon` 4 turns (in a solo game: the rest of the bot's turn, Peter Parler's, the bot's next turn
and Parler's after it), so a candidate is judged by the turn it prepares, not only by the end of
its own; on 8 solo seeds side by side (horizon 2 against 4, the rollouts then still with 30
candidates, load 12-26) the median rose from 109.0 to 121.0 (per seed +5.3, standard error 9.0:
8 games cannot tell) with 12 rollouts a decision instead of 65. With other seats the rollouts stay
2 turns deep (`MULTIPLAYER_HORIZON`): the policy plays their turns too, and 4 turns left a median of
2 rollouts a decision at load 30 (5 of 8 two-player games won against the greedy bot, twice; 2 turns
at load 7-12: 6 of 8, 39 rollouts; d5e3b83 won 6-7 of 8 in the same runs).
Tried and not kept: ranking the searched candidates by the policy's own values (an action tile by
the best action it allows) instead of one move ahead, which puts the tiles of the best actions
among those searched: per seed -8.6 (standard error 6.8, worse in 7 of 8 solo games; the kinds of
move searched at the choice of a tile stayed the same, so the cause is not known, and 8 games are
few). Ranking the candidates by the one-move values of the policy's own pass, which saves the
ranking pass, scored per seed -10.3 (standard error 7.4, lower in 11 of 16) on solo seeds
10000-10015 against 8abe988 (2026-11-26, load 9-20). It got no more rollouts (median 18 against 17),
and its one sample of tile placements left fewer to search than two. Its slowest decision was 2.81 s
against 3.66 s, a gain kept by stopping both passes at the deadline instead.
"""

import time

from engine.core.determinize import decides_on_determinized
from engine.core.rng import Rng
from engine.praga.bots import _candidates
from engine.praga.determinize import determinize
from engine.praga.expert_eval import evaluate, move_value, policy_move, policy_step
from engine.praga.moves import apply, to_act

DEFAULT_BUDGET = 2.0  # seconds per decision (the goal: at most 2 s on one core)
DEFAULT_WIDTH = 5  # candidates searched, the policy's choice first
DEFAULT_HORIZON = 4  # turns begun by the policy after the candidate (1: the rest of this turn), solo
MULTIPLAYER_HORIZON = 2  # the same with other seats, whose turns the policy plays too: 2 s buy half as many
MARGIN = 0.5  # points of the evaluation a candidate must gain over the policy's choice
ROLLOUT_SAMPLE = 100  # the policy's candidate sample inside rollouts (as in its own decision; see below)
PRUNE_EVERY = 4  # samples between two prunings of the candidates
PRUNE_GAP = 4.0  # points a candidate may trail the best mean by and stay in the race


@decides_on_determinized(determinize)
def expert_move(state, seat, rng, budget=DEFAULT_BUDGET, iterations=None, width=DEFAULT_WIDTH,
                horizon=None, clock=time.perf_counter):
    """The move the search prefers for `seat`; `state` is already determinized (the decorator)."""
    if budget is None and iterations is None:
        raise ValueError("the search needs a time budget or a number of iterations")
    if horizon is None:
        horizon = DEFAULT_HORIZON if state["players_count"] == 1 else MULTIPLAYER_HORIZON
    deadline = clock() + budget if budget is not None else None
    out_of_time = None if deadline is None else (lambda: _spent(clock, deadline))
    # Both passes before the search stop at the deadline: under load they took decisions to 3.7 s.
    ranked, complete = _ranked_candidates(state, seat, rng, out_of_time)
    if not complete:  # the budget is spent: the best candidate one move ahead so far, no search
        return ranked[0]
    # a pass cut at the deadline gives its best so far, and the search below then takes no sample
    policy_choice = policy_move(state, seat, rng, out_of_time=out_of_time)
    ranked = [policy_choice] + [move for move in ranked if move != policy_choice]
    if len(ranked) <= 1:
        return ranked[0]
    moves = ranked[:width]
    racing = list(range(len(moves)))
    totals = [0.0] * len(moves)
    samples = 0
    slowest = 0.0  # the longest rollout so far: one that would end after the deadline is not begun
    while (iterations is None or samples < iterations) and not _spent(clock, deadline, slowest):
        sample = determinize(state, seat, rng.next64())
        rollout_seed = rng.next64()
        results = {}
        for index in racing:  # every candidate in the race on the same sample and rollout dice
            began = clock()
            if _spent(began, deadline, slowest):  # a sample cut short would compare the candidates unfairly
                break
            result = _playout(sample, seat, moves[index], Rng.from_seed(rollout_seed), horizon, out_of_time)
            if result is None:  # the deadline came during the rollout
                break
            results[index] = result
            slowest = max(slowest, clock() - began)
        if len(results) < len(racing):
            break
        for index, result in results.items():
            totals[index] += result
        samples += 1
        if samples % PRUNE_EVERY == 0:
            racing = _pruned(racing, totals, samples)
    if samples == 0:
        return moves[0]
    best = max(racing, key=lambda index: (totals[index], -index))
    # The policy's choice stays unless the search finds a clear gain over it.
    return moves[best] if totals[best] >= totals[0] + MARGIN * samples else moves[0]


def _pruned(racing, totals, samples):
    """The candidates whose mean is within PRUNE_GAP of the best (the policy's choice always stays)."""
    best = max(totals[index] for index in racing)
    return [index for index in racing if index == 0 or totals[index] >= best - PRUNE_GAP * samples]


def _spent(now, deadline, needed=0.0):
    """Whether `needed` seconds from `now` (a time, or the clock to read it from) pass the deadline."""
    if deadline is None:
        return False
    return (now() if callable(now) else now) + needed >= deadline


def _ranked_candidates(state, seat, rng, out_of_time=None):
    """The legal candidates, best first by the evaluation one move ahead (illegal ones dropped), and
    whether all were valued: from the second legal one on, the pass stops when `out_of_time()`.

    The candidates are drawn apart from the policy's own (a sample of the ways to place a tile each):
    ranking the policy's sample instead, which saved this pass, scored 10 points a solo game less
    (2026-11-26, see the module docstring).
    """
    base = evaluate(state, seat)
    valued = []
    complete = True
    for order, move in enumerate(_candidates(state, seat, rng, 100)):
        if valued and out_of_time is not None and out_of_time():
            complete = False
            break
        value, _after = move_value(state, seat, move, base)
        if value is not None:
            valued.append((-value, order, move))
    valued.sort(key=lambda entry: (entry[0], entry[1]))
    return [move for _value, _order, move in valued], complete


def _playout(sample, seat, move, rng, horizon, out_of_time=None):
    """Play `move` on the sampled state, then the policy for `horizon` turns; the value for `seat`.

    None when `out_of_time()` turns true before a policy move: on a loaded machine a rollout 4 turns
    deep took up to 3 s, and the first rollout of a decision has no slower one before it to warn.
    """
    try:
        state = apply(sample, seat, move)
    except Exception:  # illegal in this sample (it cannot be: hidden parts do not change what is legal now)
        return -1000.0
    stop_at = state["turn_no"] + horizon
    steps = 0
    # the state after the policy's choice and its evaluation for the seat that chose: policy_step
    # made both while valuing the choice (the next decision's base when that seat moves again)
    evaluated_for, evaluation = None, None
    while state.get("phase") != "over" and state["turn_no"] < stop_at and steps < 200:
        acting = to_act(state)
        if not acting:
            break
        if out_of_time is not None and out_of_time():
            return None
        mover = min(acting)
        # a choice cut at the deadline is applied once more, then the check above gives None
        choice, after, value = policy_step(state, mover, rng, ROLLOUT_SAMPLE, refresh=False,
                                           out_of_time=out_of_time,
                                           base=evaluation if evaluated_for == mover else None)
        if choice is None:  # no legal candidate: apply refuses it, as it did before
            apply(state, mover, choice)
        state, evaluated_for, evaluation = after, mover, value
        steps += 1
    return _evaluate(state, seat, evaluation if evaluated_for == seat else None)


def _evaluate(state, seat, own=None):
    """The seat's evaluation less the best other seat's; `own`: the seat's own, when already known."""
    if own is None:
        own = evaluate(state, seat)
    others = [evaluate(state, other) for other in range(len(state["players"])) if other != seat]
    return own - max(others) if others else own
