"""Balance check with the greedy bots: Praga and Queen's Architect.

    .venv/bin/python benchmarks/balance.py [--game praga|queens_architect|all] [--games 200] [--jobs 2]
    .venv/bin/python benchmarks/balance.py --game expert [--games 20] [--duel-games N] [--offset 0]
            [--players 1|2|both] [--budget 2.0 | --iterations N] [--jobs 1]

Queen's Architect: `--games` seeded greedy games for each of 2, 3 and 4 players (default options,
the current data edition); per player count it prints how many games ended with a palace (goal
>= 95 %), the distribution of the winner's own turns (goal: median 25-40), rounds, how often the
supply ran dry and the round limit ended a game, and the actions per player.

Plays `--games` seeded 2-player games greedy vs greedy and `--games` solo games of the
greedy bot against Peter Parler (default options otherwise), in `--jobs` processes, and
prints the median winning score of the 2-player games, the median solo score (the rules
call 140+ a good solo score), quartiles, how often the start player wins, and how often
the greedy bot used plazas, technologies and the Hunger Wall / Cathedral climbs, and the winner's
mean points by source (in-game VP by what gave them, `in:`; final-scoring steps, `end:`).

Expert policy (`--game policy`): `--games` solo games against Peter Parler (seeds 20000 on) of the
expert bot's policy alone (expert_eval.policy_move, no search: about a second a game, the cheap
measurement of an evaluation change) and of the greedy bot on the same seeds, with points by source.

Expert (`--game expert`, engine/praga/expert_bot.py; `--iterations N` plays each decision with N
search samples and no time budget, so the scores do not depend on the machine's load: N = 56 is
what the 2 s budget buys on one core, benchmarks/expert_calibrate.py and docs/engine.md): `--games`
solo games of the expert bot against Peter Parler and `--duel-games` (default `--games`) 2-player games expert vs greedy (the expert in seat 0 in even
games, seat 1 in odd ones), with `--budget` seconds per decision (default 2 s; its goals are
stated for that default). Prints the median and quartiles of the solo score (goal >= 140), the
greedy bot's on the same seeds, the share of 2-player games the expert wins (goal >= 75 %; a tie
counts half), the decisions timed and the slowest one. Slow: a game takes about 80 decisions per
seat, each up to the budget. Measured 2026-11-26, `--games 8 --jobs 2` at the default 2 s on a
shared 2-core machine (load 15-35), 1242 s: solo median 109.5 (quartiles 89.8 / 128.2; greedy on
the same seeds 84.5, quartiles 78.2 / 96.2), 7 of 8 two-player games won (88 %), decisions median
2.04 s, slowest 3.44 s. The solo goal is not met. With the evaluation's long-term goals
(engine/praga/prospects.py), side by side with the code before in one run (`--games 8`, load
10-20): solo median 119.5 (before 106.0; greedy 84.5), 5 of 8 two-player games won (before 5 of 8),
slowest decision 2.07 s (docs/engine.md). With rollouts as strong as the policy (100 candidates, 4
turns deep), side by side with d5e3b83 in benchmarks/expert_paired.py (docs/engine.md, session 7).
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
            "used": used, "moves": len(history), "sources": points_by_source(result, winner)}


def points_by_source(result, seat):
    """The seat's points by source: in-game VP by what gave them ("in:") and the final-scoring steps ("end:")."""
    breakdown = result["breakdown"][seat]
    sources = {"in:" + source: vp for source, vp in breakdown["in_game_by_source"].items()}
    sources.update({"end:" + step: vp for step, vp in breakdown["final"].items()})
    return sources


def print_sources(games, key="sources"):
    """Mean points per game by source, largest first."""
    totals = {}
    for game in games:
        for source, vp in game[key].items():
            totals[source] = totals.get(source, 0) + vp
    print("  points by source (mean per game): " + ", ".join(
        "%s %.1f" % (source, vp / len(games)) for source, vp in sorted(totals.items(), key=lambda item: -item[1])))


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
    print_sources(games)


def expert_game(args):
    """One seeded game with the expert bot: solo against Peter Parler, or against the greedy bot."""
    from engine.praga.expert_bot import expert_move

    players, seed, budget, iterations = args
    expert_seat = seed % 2 if players == 2 else 0
    durations, cpu = [], []

    def choose(state, seat, rng):
        if seat != expert_seat:
            return greedy_move(state, seat, rng)
        start, start_cpu = time.perf_counter(), time.process_time()
        move = expert_move(state, seat, rng, budget=budget, iterations=iterations)
        durations.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        return move

    options = {"solo_mode": "parler"} if players == 1 else {}
    state, _history = play(P.new(options, players, seed), choose, seed)
    scores = state["result"]["scores"]
    greedy_scores = None
    if players == 1:
        greedy_scores = play(P.new(options, players, seed), greedy_move, seed)[0]["result"]["scores"]
    others = [score for seat, score in enumerate(scores) if seat != expert_seat]
    won = 1.0 if not others or scores[expert_seat] > max(others) else 0.5 if scores[expert_seat] == max(others) else 0.0
    return {"players": players, "expert": scores[expert_seat], "others": others, "won": won,
            "greedy_solo": greedy_scores[0] if greedy_scores else None, "durations": durations, "cpu": cpu,
            "seed": seed, "sources": points_by_source(state["result"], expert_seat)}


def expert_jobs(solo_games, duel_games, offset, budget, iterations):
    """The expert's games as (players, seed, budget, iterations): solo seeds 10000 + offset on, 2-player seeds
    offset on, the two kinds interleaved (a run cut short has some of each); `iterations` drops the budget."""
    if iterations is not None:
        budget = None
    solo = [(1, 10000 + seed, budget, iterations) for seed in range(offset, offset + solo_games)]
    duel = [(2, seed, budget, iterations) for seed in range(offset, offset + duel_games)]
    shares = [((index + 0.5) / len(solo), job) for index, job in enumerate(solo)]
    shares += [((index + 0.5) / len(duel), job) for index, job in enumerate(duel)]
    return [job for _share, job in sorted(shares, key=lambda entry: entry[0])]


def expert_summary(results, budget, iterations, seconds):
    solo = [r for r in results if r["players"] == 1]
    duel = [r for r in results if r["players"] == 2]
    durations = [d for r in results for d in r["durations"]]
    cpu = [d for r in results for d in r["cpu"]]
    if iterations is None:
        print("Expert Praga bot, %.2f s per decision" % budget)
    else:  # reproducible: the same games whatever the machine's load
        print("Expert Praga bot, %d samples per decision (no time budget)" % iterations)
    if solo:
        scores = [r["expert"] for r in solo]
        greedy = [r["greedy_solo"] for r in solo]
        print("  solo vs Peter Parler: %d games, median %.1f, quartiles %s (goal >= 140; the greedy bot on the same "
              "seeds: median %.1f, quartiles %s), min %d, max %d" % (
                  len(solo), statistics.median(scores), _quartiles(scores), statistics.median(greedy),
                  _quartiles(greedy), min(scores), max(scores)))
        print_sources(solo)
    if duel:
        wins = sum(r["won"] for r in duel)
        print("  2 players vs greedy: %d games, expert wins %.1f (%.0f%%, goal >= 75%%), "
              "median score %.1f vs %.1f" % (len(duel), wins, 100.0 * wins / len(duel),
                                           statistics.median(r["expert"] for r in duel),
                                           statistics.median(r["others"][0] for r in duel)))
    if durations:
        print("  %d decisions: wall median %.2f s, slowest %.2f s; CPU median %.2f s, 90th percentile %.2f s, "
              "slowest %.2f s" % (len(durations), statistics.median(durations), max(durations),
                                  statistics.median(cpu), percentile(cpu, 0.9), max(cpu)))
    print("%.0f s; load average at the end %.1f %.1f %.1f" % ((seconds,) + os.getloadavg()))


def policy_game(seed):
    """One solo game against Peter Parler of the expert bot's policy alone (no search) and one of the greedy bot."""
    from engine.praga.expert_eval import policy_move

    options = {"solo_mode": "parler"}
    result = play(P.new(options, 1, seed), policy_move, seed)[0]["result"]
    greedy = play(P.new(options, 1, seed), greedy_move, seed)[0]["result"]
    return {"policy": result["scores"][0], "greedy": greedy["scores"][0], "sources": points_by_source(result, 0),
            "greedy_sources": points_by_source(greedy, 0)}


def policy_summary(results, seconds):
    policy = [r["policy"] for r in results]
    greedy = [r["greedy"] for r in results]
    print("Expert policy alone (expert_eval.policy_move, no search), solo vs Peter Parler: %d games, median %.1f "
          "(mean %.1f, quartiles %s); the greedy bot on the same seeds: median %.1f (mean %.1f, quartiles %s)" % (
              len(results), statistics.median(policy), statistics.mean(policy), _quartiles(policy),
              statistics.median(greedy), statistics.mean(greedy), _quartiles(greedy)))
    print_sources(results)
    print("  greedy:", end="")
    print_sources(results, "greedy_sources")
    print("%.0f s" % seconds)


def _quartiles(values):
    if len(values) < 2:
        return "-"
    low, _median, high = statistics.quantiles(values, n=4)
    return "%.1f / %.1f" % (low, high)


def queens_architect_game(args):
    import engine.queens_architect as Q
    from engine.core.rng import Rng
    from engine.queens_architect.bots import greedy_move as qa_greedy
    from engine.queens_architect.bots import play as qa_play

    players, seed, options = args
    state, history = qa_play(Q.new(options, players, seed), qa_greedy, Rng.from_seed(seed))
    result = Q.outcome(state)
    counts = {}
    for _seat, move in history:
        counts[move["type"]] = counts.get(move["type"], 0) + 1
    winners = result["winners"]
    return {"players": players, "palace": bool(result["palace_builders"]),
            "winner_turns": min(result["breakdown"][seat]["turns"] for seat in winners) if winners else None,
            "rounds": result["rounds"], "limit": result["ended_by_round_limit"],
            "supply_dry": not state["supply"], "supply_left": len(state["supply"]),
            "start_won": state["order"][0] in winners, "counts": counts,
            "palace_values": [result["breakdown"][seat]["palace"] for seat in result["palace_builders"]]}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def queens_architect_summary(players, games):
    palace = [g for g in games if g["palace"]]
    turns = [g["winner_turns"] for g in palace]
    print("Queen's Architect, %d players, greedy bots: %d games" % (players, len(games)))
    print("  ended with a palace: %d (%.1f%%); by the round limit: %d" % (
        len(palace), 100.0 * len(palace) / len(games), sum(g["limit"] for g in games)))
    if turns:
        print("  winner's own turns: median %.1f (p10 %d, quartiles %d / %d, p90 %d, min %d, max %d)" % (
            statistics.median(turns), percentile(turns, 0.1), percentile(turns, 0.25), percentile(turns, 0.75),
            percentile(turns, 0.9), min(turns), max(turns)))
        histogram = {}
        for value in turns:
            histogram[value // 5 * 5] = histogram.get(value // 5 * 5, 0) + 1
        print("  distribution: " + ", ".join("%d-%d: %d" % (low, low + 4, histogram[low]) for low in sorted(histogram)))
        print("  palace appreciation: median %.1f" % statistics.median(v for g in palace for v in g["palace_values"]))
    print("  rounds: median %.1f; start player wins %.0f%%" % (
        statistics.median(g["rounds"] for g in games), 100.0 * sum(g["start_won"] for g in games) / len(games)))
    print("  supply dry at the end: %d games; tiles left: median %.1f" % (
        sum(g["supply_dry"] for g in games), statistics.median(g["supply_left"] for g in games)))
    per_player = {}
    for g in games:
        for kind, count in g["counts"].items():
            per_player[kind] = per_player.get(kind, 0) + count / players / len(games)
    print("  actions per player and game: " + ", ".join(
        "%s %.1f" % (kind, per_player[kind]) for kind in
        ("build_new", "repair", "hire", "day", "travel", "trust", "redeem", "tavern", "decline") if kind in per_player))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", choices=["praga", "queens_architect", "expert", "policy", "all"], default="all")
    parser.add_argument("--budget", type=float, default=2.0, help="the expert bot's seconds per decision")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the expert's samples per decision, without a time budget (load-free, reproducible)")
    parser.add_argument("--offset", type=int, default=0,
                        help="the expert's first seeds: 10000 + offset solo, offset 2-player")
    parser.add_argument("--players", choices=["1", "2", "both"], default="both",
                        help="the expert's games: solo, 2-player or both")
    parser.add_argument("--duel-games", type=int, default=None,
                        help="the expert's 2-player games (default: --games)")
    args = parser.parse_args()
    if args.game == "policy":
        start = time.time()
        with Pool(args.jobs) as pool:
            results = pool.map(policy_game, [20000 + seed for seed in range(args.games)], chunksize=1)
        policy_summary(results, time.time() - start)
        return
    if args.game == "expert":
        start = time.time()
        duel_games = args.games if args.duel_games is None else args.duel_games
        jobs = expert_jobs(args.games if args.players != "2" else 0, duel_games if args.players != "1" else 0,
                           args.offset, args.budget, args.iterations)
        print("load average at the start: %.1f %.1f %.1f" % os.getloadavg(), flush=True)
        results = []
        with Pool(args.jobs) as pool:
            for result in pool.imap_unordered(expert_game, jobs, chunksize=1):
                results.append(result)
                print("  %d / %d: %s seed %d, expert %d%s, %.0f s" % (
                    len(results), len(jobs), "solo" if result["players"] == 1 else "2 players", result["seed"],
                    result["expert"], " vs %d" % result["others"][0] if result["others"] else "",
                    time.time() - start), flush=True)
        expert_summary(results, args.budget, args.iterations, time.time() - start)
        return
    if args.game in ("queens_architect", "all"):
        start = time.time()
        jobs = [(players, seed, {}) for players in (2, 3, 4) for seed in range(args.games)]
        with Pool(args.jobs) as pool:
            results = pool.map(queens_architect_game, jobs, chunksize=2)
        for players in (2, 3, 4):
            queens_architect_summary(players, [r for r in results if r["players"] == players])
        print("%.0f s for %d games (%d processes)" % (time.time() - start, len(jobs), args.jobs))
    if args.game == "queens_architect":
        return
    jobs = [(2, seed) for seed in range(args.games)] + [(1, 10000 + seed) for seed in range(args.games)]
    start = time.time()
    with Pool(args.jobs) as pool:
        results = pool.map(one_game, jobs, chunksize=4)
    summary("2 players, greedy vs greedy", [r for r in results if r["players"] == 2])
    summary("solo, greedy vs Peter Parler", [r for r in results if r["players"] == 1])
    print("%.0f s for %d games (%d processes)" % (time.time() - start, len(jobs), args.jobs))


if __name__ == "__main__":
    main()
