"""Praga balance check with the greedy bot.

    .venv/bin/python benchmarks/balance.py [--games 200] [--jobs 2]

Plays `--games` seeded 2-player games greedy vs greedy and `--games` solo games of the
greedy bot against Peter Parler (default options otherwise), in `--jobs` processes, and
prints the median winning score of the 2-player games, the median solo score (the rules
call 140+ a good solo score), quartiles, how often the start player wins, and how often
the greedy bot used plazas, technologies and the Hunger Wall / Cathedral climbs.
"""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine.praga as P  # noqa: E402
from engine.praga.bots import greedy_move, play  # noqa: E402


def one_game(args):
    players, seed = args
    options = {"solo_mode": "parler"} if players == 1 else {}
    state, history = play(P.new(options, players, seed), greedy_move, seed)
    result = state["result"]
    used = {"plaza_cubes": 0, "techs": 0, "climbs": 0, "one_shot_techs": 0}
    for _seat, move in history:
        t = move["type"]
        if t == "building" and move["cube"]:
            used["plaza_cubes"] += 1
        elif t == "tech":
            used["techs"] += 1
        elif t in ("climb", "arrow") and move.get("pay", True):
            used["climbs"] += 1
        if t == "use_tech" or move.get("via") not in (None, "main", "extra"):
            used["one_shot_techs"] += 1
    scores = result["scores"]
    winner = max(range(len(scores)), key=lambda s: (scores[s], result["ranking"].index(s) * -1))
    return {"players": players, "scores": scores, "best": max(scores), "start_won": winner == state["order"][0],
            "used": used, "moves": len(history)}


def summary(label, games):
    best = sorted(g["best"] for g in games)
    q = statistics.quantiles(best, n=4) if len(best) > 1 else [best[0]] * 3
    print("%s: %d games, median winning score %.1f (quartiles %.1f / %.1f, min %d, max %d)" % (
        label, len(games), statistics.median(best), q[0], q[2], best[0], best[-1]))
    if games[0]["players"] > 1:
        print("  start player wins %.0f%%" % (100.0 * sum(g["start_won"] for g in games) / len(games)))
    for key in ("plaza_cubes", "techs", "one_shot_techs", "climbs"):
        values = [g["used"][key] for g in games]
        print("  %-15s per game: mean %.1f, games with none %d" % (
            key, statistics.mean(values), sum(1 for v in values if not v)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    jobs = [(2, seed) for seed in range(args.games)] + [(1, 10000 + seed) for seed in range(args.games)]
    start = time.time()
    with Pool(args.jobs) as pool:
        results = pool.map(one_game, jobs, chunksize=4)
    summary("2 players, greedy vs greedy", [r for r in results if r["players"] == 2])
    summary("solo, greedy vs Peter Parler", [r for r in results if r["players"] == 1])
    print("%.0f s for %d games (%d processes)" % (time.time() - start, len(jobs), args.jobs))


if __name__ == "__main__":
    main()
