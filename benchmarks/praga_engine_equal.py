"""Whether two code trees give the same Praga states: after every legal move of every step of seeded games.

    .venv/bin/python benchmarks/praga_engine_equal.py OLD_TREE NEW_TREE [--seeds 3] [--every 1]

A speed change to the Praga engine must leave every state as it was (key order included). Each
tree (e.g. a detached worktree of main beside a branch) plays, in a process of its own, biased
random games (bots.biased_move: they reach plazas, technologies, the bridge, V tiles, seals) with
1 to 4 players on `--seeds` seeds each, and at every `--every`-th step applies every legal move
(legal_moves, and the bots' list with merged rotations) to the state; the SHA-256 of `json.dumps`
of every state reached and of the move lists is compared, game by game. Prints the number of
states compared and whether the trees agree.
"""

import argparse
import json
import os
import subprocess
import sys

TREE_SCRIPT = r'''
import hashlib, json, sys
sys.path.insert(0, sys.argv[1])
import engine.praga as P
from engine.praga.bots import biased_move, play
from engine.praga.moves import legal_moves
from tests.engine.praga.helpers import random_options
seeds, every = int(sys.argv[2]), int(sys.argv[3])
out = {}
for players in (1, 2, 3, 4):
    for seed in range(seeds):
        digest, count, step = hashlib.sha256(), [0], [0]
        def check(state, seat, move):
            step[0] += 1
            if step[0] % every:
                return
            moves = legal_moves(state, seat)
            digest.update(json.dumps(moves).encode())
            try:
                merged = legal_moves(state, seat, merge_rotations=True)
            except TypeError:  # a tree without merged rotations: the plain list filtered as the bots did
                from engine.praga.common import edition
                from engine.praga.moves import rotation_matters
                ed = edition(state["edition"])
                merged = [m for m in moves if not (m["type"] in ("building", "wall", "upgrade") and m["rotation"]
                          and not rotation_matters(ed.TILES[state["rows"][m["type"]][m["slot"]]]))]
            digest.update(json.dumps(merged).encode())
            for legal in moves:
                digest.update(json.dumps(P.apply(state, seat, legal)).encode())
                count[0] += 1
        final, _history = play(P.new(random_options(seed, players), players, seed), biased_move, seed, on_step=check)
        digest.update(json.dumps(final).encode())
        out["%d players, seed %d" % (players, seed)] = [digest.hexdigest(), count[0]]
print(json.dumps(out))
'''


def run(tree, seeds, every):
    env = dict(os.environ, PYTHONPATH=tree)
    result = subprocess.run([sys.executable, "-c", TREE_SCRIPT, tree, str(seeds), str(every)], cwd=tree, env=env,
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    old = run(os.path.abspath(args.old), args.seeds, args.every)
    new = run(os.path.abspath(args.new), args.seeds, args.every)
    differ = [game for game in old if old[game] != new.get(game)]
    states = sum(count for _digest, count in old.values())
    for game in differ:
        print("differs: %s" % game)
    print("%d games, %d states after a legal move compared: %s" % (
        len(old), states, "all equal" if not differ else "%d games differ" % len(differ)))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
