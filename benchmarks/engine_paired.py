"""Catan replay cost of two code trees side by side, interleaved, with the load beside each run.

    .venv/bin/python benchmarks/engine_paired.py OLD_TREE NEW_TREE [--rounds 6] [--seeds 105,106,102] [game.json ...]

On a shared machine one run of `benchmarks/engine.py` says little (the JSON round trip it divides
by moves with the load), so a speed change is measured against the old code in the same run:
the seeded greedy 4-player games (played by OLD_TREE's bots, as benchmarks/engine_equal.py does;
seeds 105, 106 and 102 give games of 468, 492 and 631 moves, the first two of median length),
the recorded greedy game and the given game files are measured by `bench_game` of each tree's
benchmarks/engine.py, each round in a fresh process per tree, the trees' order alternating.
Every run prints the load average before it, `replay/j` (the issue's measure: a replay's CPU
time in JSON round trips of the game's median state) and the replay in ms; at the end, per game,
the median and range of both trees.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# Runs inside a tree: argv = tree, game files; prints {path: [moves, replay/j, replay ms, json us]}.
BENCH_SCRIPT = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
import engine.catan_ck as C
from benchmarks.engine import bench_game
figures = {}
for path in sys.argv[2:]:
    result = bench_game(C, json.load(open(path)))
    figures[path] = [result["moves"], result["replay_roundtrips"], result["replay_ms"], result["json_us"]]
print(json.dumps(figures))
'''

# Runs inside OLD_TREE: plays the seeded greedy games (argv = tree, directory, seeds).
PLAY_SCRIPT = r'''
import json, os, sys
sys.path.insert(0, sys.argv[1])
from benchmarks.engine import play_catan
for seed in map(int, sys.argv[3].split(",")):
    moves, _state = play_catan(4, seed, {}, "greedy")
    name = os.path.join(sys.argv[2], "greedy-4p-%d.json" % seed)
    json.dump({"players": 4, "seed": seed, "options": {}, "moves": moves}, open(name, "w"))
'''


def python_of(tree):
    python = os.path.join(tree, ".venv", "bin", "python")
    return python if os.path.exists(python) else sys.executable


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("games", nargs="*")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seeds", default="105,106,102", help="seeded greedy 4-player games (comma-separated)")
    options = parser.parse_args()
    trees = {"old": os.path.abspath(options.old), "new": os.path.abspath(options.new)}
    with tempfile.TemporaryDirectory() as directory:
        subprocess.run([python_of(trees["old"]), "-c", PLAY_SCRIPT, trees["old"], directory, options.seeds],
                       check=True, cwd=trees["old"])
        games = [os.path.join(directory, "greedy-4p-%s.json" % seed) for seed in options.seeds.split(",")] \
            + [os.path.join(HERE, "games", "catan-4p-greedy-2.json")] + [os.path.abspath(g) for g in options.games]
        figures = {name: {game: [] for game in games} for name in trees}
        for round_number in range(options.rounds):
            for name in (("old", "new") if round_number % 2 == 0 else ("new", "old")):
                before = load()
                output = subprocess.run([python_of(trees[name]), "-c", BENCH_SCRIPT, trees[name], *games],
                                        check=True, cwd=trees[name], capture_output=True, text=True).stdout
                for game, (moves, roundtrips, replay_ms, json_us) in json.loads(output).items():
                    figures[name][game].append(roundtrips)
                    print("round %d %s load %s %-24s %4d moves: replay/j %5.1f, replay %6.2f ms, round trip %4.0f us"
                          % (round_number, name, before, os.path.basename(game), moves, roundtrips, replay_ms, json_us),
                          flush=True)
        print("load at the end %s" % load())
        for game in games:
            old, new = figures["old"][game], figures["new"][game]
            print("%-24s replay/j old median %5.1f (%.1f-%.1f), new median %5.1f (%.1f-%.1f)" % (
                os.path.basename(game), statistics.median(old), min(old), max(old),
                statistics.median(new), min(new), max(new)))


if __name__ == "__main__":
    main()
