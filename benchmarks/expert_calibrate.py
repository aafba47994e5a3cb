"""How many search samples (`iterations`) the expert's 2 s budget buys on one free core.

    .venv/bin/python benchmarks/expert_calibrate.py [--iterations 8,16,24] [--every 4] [--jobs 1]
            [--solo-seeds 10100,10101] [--duel-seeds 100,101]
            [--old DIR [--new DIR] [--new-only 64,72]]

The states are the expert seat's decisions in games the expert's policy plays (solo against Peter
Parler, and against the greedy bot in 2-player games, seats alternating), every `--every`-th one.
On each, `expert_move(budget=None, iterations=N)` runs for every N; the time is measured as the
process's CPU time (time.process_time: other jobs on a shared machine do not count in it) and as
wall-clock time. Prints per kind of game and N the median, 90th percentile and slowest decision,
and the load average at the start and the end. The N to play with (`balance.py --iterations`) is
the largest whose median decision takes at most the budget in CPU time.

`--old DIR` (a tree holding another version of `engine/`, e.g. a detached worktree of main) times
that version against this checkout (or `--new DIR`) on the same states, one decision at a time in
one process per version (one core), the versions interleaved (old, new, new, old ...), and compares
the moves chosen at each N of `--iterations`: a speed change must choose the same moves. The states
come from the new tree. `--new-only` adds counts timed on the new tree alone, to find the N whose
median CPU time matches the old one's.
"""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool, get_context

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def use_tree(tree):
    """Pool initializer: import `engine` from `tree` (with `--old`, the parent never imports it)."""
    sys.path.insert(0, tree)


def decision_states(players, seed, every):
    """The expert seat's states in a game the policy plays, every `every`-th one: (state, seat)."""
    import engine.praga as P
    from engine.praga.bots import greedy_move, play
    from engine.praga.expert_eval import policy_move

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
    from engine.core.rng import Rng
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
    parser.add_argument("--old", help="a tree holding the old engine/: time it against the new one, compare moves")
    parser.add_argument("--new", default=HERE, help="with --old: the new tree (default: this checkout)")
    parser.add_argument("--new-only", default="", help="with --old: counts timed on the new tree alone")
    args = parser.parse_args()
    counts = [int(part) for part in args.iterations.split(",")]
    if args.old:
        return compare(args, counts)
    sys.path.insert(0, HERE)
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


def summary(label, rows):
    cpu, wall = [r["cpu"] for r in rows], [r["wall"] for r in rows]
    return ("%s: %d decisions; CPU median %.2f s, p90 %.2f s, slowest %.2f s, total %.0f s; wall median %.2f s" % (
        label, len(rows), statistics.median(cpu), percentile(cpu, 0.9), max(cpu), sum(cpu), statistics.median(wall)))


def compare(args, counts):
    """Old against new tree on the same states, one decision at a time, interleaved; the moves compared."""
    extra = [int(part) for part in args.new_only.split(",") if part]
    print("load average at the start: %.1f %.1f %.1f" % os.getloadavg(), flush=True)
    start = time.time()
    context = get_context("fork")  # each pool imports engine from its own tree; the parent never does
    jobs = dealt_states(context, args)
    print("%d states, %d decisions to time" % (len(jobs), len(jobs) * (2 * len(counts) + len(extra))), flush=True)
    pools = {version: context.Pool(1, initializer=use_tree, initargs=(os.path.abspath(tree),))
             for version, tree in (("old", args.old), ("new", args.new))}
    results, loads = [], []
    for number, (players, seed, index, state, seat) in enumerate(jobs, 1):
        for version, n in run_order(counts, extra, number):
            result = pools[version].apply(time_decision, ((players, seed, index, state, seat, n),))
            results.append(dict(result, version=version, seed=seed, index=index))
        loads.append(os.getloadavg()[0])
        if number % 5 == 0:
            print("  %d / %d states, %.0f s, load %.1f" % (number, len(jobs), time.time() - start, loads[-1]),
                  flush=True)
    for pool in pools.values():
        pool.close()
    compare_moves(results, counts)
    print_times(results, counts + extra)
    print("load average (1 min) during the run: median %.1f, min %.1f, max %.1f" % (
        statistics.median(loads), min(loads), max(loads)))
    print("load average at the end: %.1f %.1f %.1f; %.0f s" % (os.getloadavg() + (time.time() - start,)))


def dealt_states(context, args):
    """The decision states, dealt by the new tree: (players, seed, index, state, seat)."""
    games = [(players, int(seed)) for players, seeds in ((1, args.solo_seeds), (2, args.duel_seeds))
             for seed in seeds.split(",") if seed]
    with context.Pool(1, initializer=use_tree, initargs=(os.path.abspath(args.new),)) as pool:
        dealt = pool.starmap(decision_states, [(players, seed, args.every) for players, seed in games])
    return [(players, seed, index, state, seat)
            for (players, seed), states in zip(games, dealt) for index, (state, seat) in enumerate(states)]


def run_order(counts, extra, number):
    """(version, N) to time on a state: old and new at each N, old first on odd states, then the new-only Ns."""
    pairs = [[("old", n), ("new", n)] for n in counts]
    return [run for pair in pairs for run in (pair if number % 2 else pair[::-1])] + [("new", n) for n in extra]


def compare_moves(results, counts):
    old = {(r["players"], r["seed"], r["index"], r["iterations"]): r["move"] for r in results if r["version"] == "old"}
    new = [r for r in results if r["version"] == "new" and r["iterations"] in counts]
    differ = [r for r in new if r["move"] != old[(r["players"], r["seed"], r["index"], r["iterations"])]]
    for r in differ:
        print("DIFFERENT MOVE: %d players, seed %d, state %d, N %d: old %r, new %r" % (
            r["players"], r["seed"], r["index"], r["iterations"],
            old[(r["players"], r["seed"], r["index"], r["iterations"])], r["move"]))
    print("moves compared: %d decisions, %d identical, %d different" % (len(new), len(new) - len(differ), len(differ)))


def print_times(results, counts):
    kinds = [("solo", (1,)), ("2 players", (2,)), ("all", (1, 2))]
    for label, players in kinds:
        for n in counts:
            for version in ("old", "new"):
                rows = [r for r in results if r["players"] in players and r["iterations"] == n
                        and r["version"] == version]
                if rows:
                    print(summary("%s, %s, iterations %d" % (label, version, n), rows))


if __name__ == "__main__":
    main()
