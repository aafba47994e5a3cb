"""Old against new Praga expert code on the same seeds, in one run: paired differences, not noise.

    .venv/bin/python benchmarks/expert_paired.py --old DIR [--mode policy|expert] [--seeds 20000:20060]
            [--new DIR] [--games 8] [--offset 0] [--budget 2.0] [--iterations N] [--players 1|2|both]
            [--jobs 2] [--serial]

`--old DIR` is a tree holding another version of `engine/` (e.g. `git archive COMMIT engine | tar -x
-C DIR`); the new one is this checkout, or `--new DIR`. Each version runs in processes of its own
(`--jobs` split between the two, at least one each) that import `engine` from its tree, and the jobs
are handed out alternately, so both versions see the same load on a shared machine (which matters for
`--mode expert`: its budget is wall-clock time).

`--mode policy`: solo games against Peter Parler of the expert bot's policy alone
(expert_eval.policy_move, no search; deterministic for a seed, budget-free) on `--seeds FIRST:END`.
`--mode expert`: `--games` solo games (seeds 10000 + `--offset` on) and `--games` 2-player games
against the greedy bot (seeds `--offset` on; the expert in seat 0 in even games, seat 1 in odd ones;
`--players` keeps one kind) of expert_bot.expert_move with `--budget` seconds per decision.

Prints per version the solo median, mean and quartiles, the mean points by source, for the expert the
2-player games won (a tie counts half), the decisions' median and slowest time (wall-clock; for the
policy the CPU time of a game over its decisions) and the rollouts per decision; then the per-seed
difference new - old of the solo scores (mean, its standard error, and in how many games new scored
more / less), whether each game was played move for move alike by both versions (with `--iterations`
a change meant only to make the search cheaper must give identical games), and the load average at
the start and at the end. `--serial` plays one game at a time, old and new alternately, on one core.
"""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import get_context

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def use_tree(tree):
    """Pool initializer: import `engine` from `tree` (the parent process never imports it)."""
    sys.path.insert(0, tree)


def points_by_source(result, seat):
    breakdown = result["breakdown"][seat]
    sources = {"in:" + source: vp for source, vp in breakdown["in_game_by_source"].items()}
    sources.update({"end:" + step: vp for step, vp in breakdown["final"].items()})
    return sources


def policy_game(seed):
    import engine.praga as P
    from engine.praga.bots import play
    from engine.praga.expert_eval import policy_move

    start = time.process_time()  # CPU time: the policy has no budget, and the load would blur wall time
    state, history = play(P.new({"solo_mode": "parler"}, 1, seed), policy_move, seed)
    seconds = time.process_time() - start
    decisions = sum(1 for seat, _move in history if seat == 0)
    return {"players": 1, "seed": seed, "score": state["result"]["scores"][0], "won": None,
            "sources": points_by_source(state["result"], 0), "durations": [seconds / max(decisions, 1)],
            "cpu": [seconds / max(decisions, 1)], "rollouts": []}


def expert_game(job):
    import engine.praga as P
    from engine.praga import expert_bot
    from engine.praga.bots import greedy_move, play

    players, seed, budget, iterations = job
    expert_seat = seed % 2 if players == 2 else 0
    durations, cpu, rollouts = [], [], []
    counted = [0]
    real_playout = expert_bot._playout

    def counting_playout(*args):
        counted[0] += 1
        return real_playout(*args)

    expert_bot._playout = counting_playout

    def choose(state, seat, rng):
        if seat != expert_seat:
            return greedy_move(state, seat, rng)
        counted[0] = 0
        start, start_cpu = time.perf_counter(), time.process_time()
        move = expert_bot.expert_move(state, seat, rng, budget=budget, iterations=iterations)
        durations.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        rollouts.append(counted[0])
        return move

    options = {"solo_mode": "parler"} if players == 1 else {}
    state, history = play(P.new(options, players, seed), choose, seed)
    scores = state["result"]["scores"]
    others = [score for seat, score in enumerate(scores) if seat != expert_seat]
    won = None
    if others:
        won = 1.0 if scores[expert_seat] > max(others) else 0.5 if scores[expert_seat] == max(others) else 0.0
    return {"players": players, "seed": seed, "score": scores[expert_seat], "others": others, "won": won,
            "sources": points_by_source(state["result"], expert_seat), "durations": durations,
            "cpu": cpu, "rollouts": rollouts, "history": history}


def quartiles(values):
    if len(values) < 2:
        return "-"
    low, _median, high = statistics.quantiles(values, n=4)
    return "%.1f / %.1f" % (low, high)


def report(label, results):
    solo = [r for r in results if r["players"] == 1]
    duel = [r for r in results if r["players"] == 2]
    print(label)
    if solo:
        scores = [r["score"] for r in solo]
        print("  solo vs Peter Parler: %d games, median %.1f, mean %.1f, quartiles %s, min %d, max %d" % (
            len(scores), statistics.median(scores), statistics.mean(scores), quartiles(scores), min(scores),
            max(scores)))
        totals = {}
        for r in solo:
            for source, vp in r["sources"].items():
                totals[source] = totals.get(source, 0) + vp
        print("  points by source (mean per solo game): " + ", ".join(
            "%s %.1f" % (source, vp / len(solo)) for source, vp in sorted(totals.items(), key=lambda item: -item[1])))
    if duel:
        wins = sum(r["won"] for r in duel)
        print("  2 players vs greedy: %d games, won %.1f (%.0f%%), median score %.1f vs %.1f" % (
            len(duel), wins, 100.0 * wins / len(duel), statistics.median(r["score"] for r in duel),
            statistics.median(r["others"][0] for r in duel)))
    durations = [d for r in results for d in r["durations"]]
    cpu = sorted(d for r in results for d in r["cpu"])
    rollouts = [n for r in results for n in r["rollouts"]]
    if durations:
        print("  %d decisions: wall median %.4f s, slowest %.4f s; CPU median %.4f s, 90th percentile %.4f s, "
              "slowest %.4f s" % (len(durations), statistics.median(durations), max(durations),
                                  statistics.median(cpu), cpu[min(len(cpu) - 1, int(0.9 * len(cpu)))], max(cpu)))
    if rollouts:
        print("  rollouts per decision: median %.1f, mean %.1f" % (statistics.median(rollouts),
                                                                  statistics.mean(rollouts)))


def paired(old, new):
    by_seed = {(r["players"], r["seed"]): r for r in old}
    diffs = [r["score"] - by_seed[(r["players"], r["seed"])]["score"] for r in new if r["players"] == 1]
    if not diffs:
        return
    error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    print("solo, new - old per seed: mean %+.2f (standard error %.2f), new more in %d games, less in %d, "
          "equal in %d" % (statistics.mean(diffs), error, sum(d > 0 for d in diffs), sum(d < 0 for d in diffs),
                           sum(d == 0 for d in diffs)))


def show(version, result, start):
    print("  %s %s seed %d: %d%s, %.0f s" % (
        version, "solo" if result["players"] == 1 else "2 players", result["seed"], result["score"],
        " vs %d" % result["others"][0] if result.get("others") else "", time.time() - start), flush=True)


def same_moves(old, new):
    """Whether each game was played move for move alike by both versions (`--iterations`: it must be,
    for a change meant only to make the search cheaper)."""
    by_game = {(r["players"], r["seed"]): r for r in old}
    games = decisions = identical = 0
    for r in new:
        other = by_game.get((r["players"], r["seed"]))
        if other is None or "history" not in r:
            continue
        games += 1
        decisions += len(r["cpu"])
        if r["history"] == other["history"]:
            identical += 1
        else:
            first = next((i for i, (a, b) in enumerate(zip(r["history"], other["history"])) if a != b),
                         min(len(r["history"]), len(other["history"])))
            print("  %s seed %d: the games differ from move %d on" % (
                "solo" if r["players"] == 1 else "2 players", r["seed"], first))
    if games:
        print("move for move: %d of %d games identical (%d expert decisions in the new version's games)" % (
            identical, games, decisions))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", required=True, help="a tree holding the old engine/")
    parser.add_argument("--new", default=HERE, help="a tree holding the new engine/ (default: this checkout)")
    parser.add_argument("--mode", choices=["policy", "expert"], default="policy")
    parser.add_argument("--seeds", default="20000:20060", help="FIRST:END, the policy's solo seeds")
    parser.add_argument("--games", type=int, default=8, help="solo and 2-player games of the expert")
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--iterations", type=int, default=None,
                        help="the expert's samples per decision, without a time budget (load-free, reproducible)")
    parser.add_argument("--players", choices=["1", "2", "both"], default="both",
                        help="the expert's games: solo, 2-player or both")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--offset", type=int, default=0,
                        help="the expert's first seeds: 10000 + offset solo, offset 2-player")
    parser.add_argument("--serial", action="store_true",
                        help="one game at a time, old and new alternately (one core: CPU times not shared)")
    args = parser.parse_args()
    if args.mode == "policy":
        first, end = (int(part) for part in args.seeds.split(":"))
        function, jobs = policy_game, list(range(first, end))
    else:
        function = expert_game
        seeds = range(args.offset, args.offset + args.games)
        budget = None if args.iterations is not None else args.budget
        jobs = [(1, 10000 + seed, budget, args.iterations) for seed in seeds if args.players != "2"]
        jobs += [(2, seed, budget, args.iterations) for seed in seeds if args.players != "1"]
    print("load average at the start: %.1f %.1f %.1f" % os.getloadavg())
    start = time.time()
    context = get_context("fork")
    per_version = max(1, args.jobs // 2)
    old_pool = context.Pool(per_version, initializer=use_tree, initargs=(os.path.abspath(args.old),))
    new_pool = context.Pool(per_version, initializer=use_tree, initargs=(os.path.abspath(args.new),))
    pending = []
    for number, job in enumerate(jobs):  # alternately, so that both versions run under the same load
        order = [("old", old_pool), ("new", new_pool)]
        for version, pool in (order if number % 2 == 0 or not args.serial else order[::-1]):
            pending.append((version, pool.apply_async(function, (job,))))
            if args.serial:
                pending[-1][1].wait()
                show(version, pending[-1][1].get(), start)
        if args.serial and "history" in pending[-1][1].get():  # this game's two versions, move for move
            pair = [handle.get() for _version, handle in pending[-2:]]
            print("    %s" % ("the same moves (%d expert decisions)" % len(pair[0]["cpu"])
                              if pair[0]["history"] == pair[1]["history"] else "DIFFERENT MOVES"), flush=True)
    results = {"old": [], "new": []}
    for version, handle in pending:
        result = handle.get()
        results[version].append(result)
        if not args.serial:
            show(version, result, start)
    old_pool.close()
    new_pool.close()
    report("old (%s)" % args.old, results["old"])
    report("new (%s)" % args.new, results["new"])
    paired(results["old"], results["new"])
    same_moves(results["old"], results["new"])
    print("load average at the end: %.1f %.1f %.1f; %.0f s" % (os.getloadavg() + (time.time() - start,)))


if __name__ == "__main__":
    main()
