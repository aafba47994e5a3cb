"""How many search samples (`iterations`) the expert's 2 s budget buys on one free core.

    .venv/bin/python benchmarks/expert_calibrate.py [--iterations 8,16,24] [--every 4] [--jobs 1]
            [--solo-seeds 10100,10101] [--duel-seeds 100,101]

The states are the expert seat's decisions in games the expert's policy plays (solo against Peter
Parler, and against the greedy bot in 2-player games, seats alternating), every `--every`-th one.
On each, `expert_move(budget=None, iterations=N)` runs for every N; the time is measured as the
process's CPU time (time.process_time: other jobs on a shared machine do not count in it) and as
wall-clock time. Prints per kind of game and N the median, 90th percentile and slowest decision,
and the load average at the start and the end. The N to play with (`balance.py --iterations`) is
the largest whose median decision takes at most the budget in CPU time.
"""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine.praga as P  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.praga.bots import greedy_move, play  # noqa: E402
from engine.praga.expert_eval import policy_move  # noqa: E402


def decision_states(players, seed, every):
    """The expert seat's states in a game the policy plays, every `every`-th one: (state, seat)."""
    expert_seat = seed % 2 if players == 2 else 0
    states = []

    def choose(state, seat, rng):
        if seat != expert_seat:
            return greedy_move(state, seat, rng)
        states.append(state)
        return policy_move(state, seat, rng)

    options = {"solo_mode": "parler"} if players == 1 else {}
    play(P.new(options, players, seed), choose, seed)
    return [(state, expert_seat) for state in states[::every]]


def time_decision(job):
    """CPU and wall seconds of one expert decision with a fixed number of samples."""
    from engine.praga.expert_bot import expert_move

    players, seed, index, state, seat, iterations = job
    cpu, wall = time.process_time(), time.perf_counter()
    move = expert_move(state, seat, Rng.from_seed(seed * 1000 + index), budget=None, iterations=iterations)
    return {"players": players, "iterations": iterations, "cpu": time.process_time() - cpu,
            "wall": time.perf_counter() - wall, "move": move}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", default="8,16,24")
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--solo-seeds", default="10100,10101")
    parser.add_argument("--duel-seeds", default="100,101")
    args = parser.parse_args()
    counts = [int(part) for part in args.iterations.split(",")]
    print("load average at the start: %.1f %.1f %.1f" % os.getloadavg(), flush=True)
    start = time.time()
    jobs = []
    for players, seeds in ((1, args.solo_seeds), (2, args.duel_seeds)):
        for seed in (int(part) for part in seeds.split(",") if part):
            for index, (state, seat) in enumerate(decision_states(players, seed, args.every)):
                jobs += [(players, seed, index, state, seat, n) for n in counts]  # the counts interleaved
    print("%d decisions to time" % len(jobs), flush=True)
    with Pool(args.jobs) as pool:
        results = []
        for done, result in enumerate(pool.imap(time_decision, jobs, chunksize=1), 1):
            results.append(result)
            if done % 20 == 0:
                print("  %d / %d, %.0f s" % (done, len(jobs), time.time() - start), flush=True)
    for players in (1, 2):
        for n in counts:
            rows = [r for r in results if r["players"] == players and r["iterations"] == n]
            if not rows:
                continue
            cpu, wall = [r["cpu"] for r in rows], [r["wall"] for r in rows]
            print("%s, iterations %d: %d decisions; CPU median %.2f s, p90 %.2f s, slowest %.2f s; "
                  "wall median %.2f s, p90 %.2f s, slowest %.2f s" % (
                      "solo" if players == 1 else "2 players", n, len(rows), statistics.median(cpu),
                      percentile(cpu, 0.9), max(cpu), statistics.median(wall), percentile(wall, 0.9), max(wall)))
    print("load average at the end: %.1f %.1f %.1f; %.0f s" % (os.getloadavg() + (time.time() - start,)))


if __name__ == "__main__":
    main()
