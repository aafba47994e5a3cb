"""How well the expert bot's policy plays with fewer candidates: the strength of its rollouts.

    .venv/bin/python benchmarks/rollout_policy.py [--samples 100,-100,30] [--seeds 20000:20060] [--jobs 2]

Plays solo games against Peter Parler of expert_eval.policy_move alone for each candidate sample in
`--samples` (a negative number: the same sample with refreshing the rows allowed, as the policy's own
decision; a positive one leaves refreshes out, as inside the expert's rollouts), on the same seeds, and
prints per sample the median and mean score, the CPU seconds per game and the mean per-seed
difference to the first sample with its standard error. The policy is deterministic for a seed, so
the scores do not depend on the load; the CPU time does a little.
"""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine.praga as P  # noqa: E402
from engine.praga.bots import play  # noqa: E402
from engine.praga.expert_eval import policy_move  # noqa: E402


def one_game(job):
    sample, seed = job

    def choose(state, seat, rng):
        return policy_move(state, seat, rng, abs(sample), refresh=sample < 0)

    start = time.process_time()
    state = play(P.new({"solo_mode": "parler"}, 1, seed), choose, seed)[0]
    return sample, seed, state["result"]["scores"][0], time.process_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", default="100,-100,30")
    parser.add_argument("--seeds", default="20000:20060")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    samples = [int(part) for part in args.samples.split(",")]
    first, end = (int(part) for part in args.seeds.split(":"))
    jobs = [(sample, seed) for seed in range(first, end) for sample in samples]
    print("load average at the start: %.1f %.1f %.1f" % os.getloadavg())
    with Pool(args.jobs) as pool:
        results = pool.map(one_game, jobs, chunksize=1)
    base = {seed: score for sample, seed, score, _seconds in results if sample == samples[0]}
    for sample in samples:
        mine = [(seed, score, seconds) for s, seed, score, seconds in results if s == sample]
        scores = [score for _seed, score, _seconds in mine]
        diffs = [score - base[seed] for seed, score, _seconds in mine]
        error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        print("sample %4d%s: median %.1f, mean %.1f, CPU %.2f s a game; against sample %d per seed %+.2f "
              "(standard error %.2f)" % (
                  abs(sample), " with refreshes" if sample < 0 else "", statistics.median(scores),
                  statistics.mean(scores), statistics.mean(seconds for _seed, _score, seconds in mine),
                  samples[0], statistics.mean(diffs), error))
    print("load average at the end: %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    main()
