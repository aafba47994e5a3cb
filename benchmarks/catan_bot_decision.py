"""Decision time of the Catan greedy bot on the real state (`greedy_move.sees_everything`,
as before issue 15) and on a determinized one (`greedy_move`: `determinize` then the same
decision), interleaved in one run, with the load printed (docs/catan_ck.md, Missing 2).

    .venv/bin/python -m benchmarks.catan_bot_decision [rounds]

One decision of each kind from a seeded 4-player greedy game (and an answer to an offer),
median and max per kind and over all; `determinize` alone too.
"""

import os
import statistics
import sys
import time

import engine.catan_ck as C
from engine.catan_ck.bots import greedy_move
from engine.catan_ck.domestic import action_phase
from engine.core.rng import Rng
from tests.engine.catan_ck.test_fair_greedy_bot import game_states, kinds_of, with_offers


def decisions():
    game = game_states(7, 4, greedy_move.sees_everything)
    picked, seen = [], set()
    for state in game[20:]:
        for seat in sorted(C.to_act(state)):
            moves = [m for m in C.legal_moves(state, seat) if m["type"] != "undo"]
            kinds = kinds_of(state, seat, moves)
            key = "roll" if any(m["type"] == "roll" for m in moves) else min(kinds) if kinds else "other"
            if key not in seen and len(moves) >= 2:
                seen.add(key)
                picked.append((key, state, seat, len(moves)))
    state = with_offers(next(s for s in game[100:] if s["phase"] == "play" and action_phase(s) and not s["offers"]),
                        False)
    seat = state["offers"][0]["to"][0]
    picked.append(("trade answer", state, seat, len(C.legal_moves(state, seat))))
    return picked


def timed(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main(rounds):
    print("load before", os.getloadavg())
    picked = decisions()
    real_state = greedy_move.sees_everything
    times = {key: ([], [], []) for key, *_ in picked}
    for number in range(rounds):
        for key, state, seat, _ in picked:
            times[key][0].append(timed(lambda: real_state(state, seat, Rng.from_seed(number))))
            times[key][1].append(timed(lambda: greedy_move(state, seat, Rng.from_seed(number))))
            times[key][2].append(timed(lambda: C.determinize(state, seat, number)))
    every_real, every_fair = [], []
    for key, _, _, count in picked:
        real, fair, deal = times[key]
        every_real += real
        every_fair += fair
        print("%-16s moves %3d  real %6.2f ms (max %6.2f)  determinized %6.2f ms (max %6.2f)  determinize %5.2f ms" % (
            key, count, 1e3 * statistics.median(real), 1e3 * max(real), 1e3 * statistics.median(fair),
            1e3 * max(fair), 1e3 * statistics.median(deal)))
    print("all %d decisions x %d: real median %.2f ms max %.2f ms; determinized median %.2f ms max %.2f ms" % (
        len(picked), rounds, 1e3 * statistics.median(every_real), 1e3 * max(every_real),
        1e3 * statistics.median(every_fair), 1e3 * max(every_fair)))
    print("load after", os.getloadavg())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
