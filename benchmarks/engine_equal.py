"""Whether two code trees play Catan games to the same states: every state after every move.

    .venv/bin/python benchmarks/engine_equal.py OLD_TREE NEW_TREE [--seeds 12] [--ignore KEY] [game.json ...]

A speed change to the engine must leave every state as it was. Each tree (e.g. a detached
worktree of main beside a branch) applies the moves of the recorded Catan games
(benchmarks/games/catan-*.json), of the given game files and of seeded bot games (greedy 4
players, random 3 and 4 players; played by OLD_TREE's bots, so both trees get the same moves)
one by one, in a process of its own; the SHA-1 of `json.dumps` of each state (key order
included) is compared. In the same process each tree also checks that `replay` of each whole
game, and from 30 seeded steps to later ones, equals the states applied and leaves the given
state unchanged. `--ignore KEY` (repeatable) leaves a top-level key out of the comparison
between the trees (in each state and in its undo base), for a change that alters it on
purpose (`rules_version` after a bump).
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# Runs inside a tree: argv = tree, output file, game files.
TREE_SCRIPT = r'''
import hashlib, json, os, sys
sys.path.insert(0, sys.argv[1])
import engine.catan_ck as C
from engine.core.rng import Rng
ignored = set(filter(None, os.environ.get("ENGINE_EQUAL_IGNORE", "").split(",")))
def compared(state):  # without the ignored keys, in the state and in its undo base
    kept = {k: v for k, v in state.items() if k not in ignored}
    if kept.get("undo"):
        kept["undo"] = dict(kept["undo"], base=compared(kept["undo"]["base"]))
    return kept
hashes = {}
for path in sys.argv[3:]:
    game = json.load(open(path))
    states = [C.new(game["options"], game["players"], game["seed"])]
    for seat, move in game["moves"]:
        states.append(C.apply(states[-1], seat, move))
    hashes[path] = [hashlib.sha1(json.dumps(compared(state)).encode()).hexdigest() for state in states]
    assert json.dumps(C.replay(states[0], game["moves"])) == json.dumps(states[-1]), path
    rng, count = Rng.from_seed(7), len(game["moves"])
    for _ in range(30):
        first = rng.below(count)
        last = first + rng.below(count - first + 1)
        before = json.dumps(states[first])
        replayed = C.replay(states[first], game["moves"][first:last])
        assert json.dumps(replayed) == json.dumps(states[last]), (path, first, last)
        assert json.dumps(states[first]) == before, (path, first)
json.dump(hashes, open(sys.argv[2], "w"))
'''

# Runs inside OLD_TREE: plays the seeded games with its bots (argv = tree, directory, seeds).
PLAY_SCRIPT = r'''
import json, os, sys
sys.path.insert(0, sys.argv[1])
from benchmarks.engine import play_catan
for seed in range(int(sys.argv[3])):
    for bot, players in (("greedy", 4), ("random", 3), ("random", 4)):
        moves, _state = play_catan(players, 100 + seed, {}, bot)
        name = os.path.join(sys.argv[2], "%s-%dp-%d.json" % (bot, players, 100 + seed))
        json.dump({"players": players, "seed": 100 + seed, "options": {}, "moves": moves}, open(name, "w"))
'''


def run(tree, script, *args, ignored=()):
    python = os.path.join(tree, ".venv", "bin", "python")
    subprocess.run([python if os.path.exists(python) else sys.executable, "-c", script, tree, *args],
                   check=True, cwd=tree, env={**os.environ, "ENGINE_EQUAL_IGNORE": ",".join(ignored)})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seeds", type=int, default=12, help="seeded games of each kind (seeds 100...)")
    parser.add_argument("--ignore", action="append", default=[],
                        help="a top-level state key left out of the comparison")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        run(options.old, PLAY_SCRIPT, directory, str(options.seeds))
        games = sorted(glob.glob(os.path.join(HERE, "games", "catan-*.json"))) + options.games \
            + sorted(glob.glob(os.path.join(directory, "*.json")))
        results = []
        for tree in (options.old, options.new):
            output = os.path.join(directory, "hashes-%d.out" % len(results))
            run(tree, TREE_SCRIPT, output, *games, ignored=options.ignore)
            with open(output) as f:
                results.append(json.load(f))
    old, new = results
    moves = sum(len(states) - 1 for states in old.values())
    different = [(os.path.basename(path), step) for path in old
                 for step, (a, b) in enumerate(zip(old[path], new[path])) if a != b]
    lengths = [len(old[path]) != len(new[path]) for path in old]
    print("%d games, %d moves: %d states differ%s%s; replay equals apply in both trees" % (
        len(old), moves, len(different), (" (first: %s step %d)" % different[0]) if different else "",
        " (without %s)" % ", ".join(options.ignore) if options.ignore else ""))
    sys.exit(1 if different or any(lengths) else 0)


if __name__ == "__main__":
    main()
