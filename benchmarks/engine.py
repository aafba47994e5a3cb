"""Engine benchmark (Praga, Catan C&K, Queen's Architect): replays recorded complete games.

    .venv/bin/python benchmarks/engine.py [--regenerate]

Per game it prints the median time of `apply` and of `legal_moves`, the median time of a
JSON dump + load of the same states, their ratio (goal: apply below 1.0), and the full
replay time (the CPU time of the best of REPLAY_RUNS runs: on the shared machine a replay of
milliseconds is often preempted, while a single round trip rarely is; through the engine's
`replay(state, moves)` where it has one, else `apply` move by move) in units
of one state round trip (goal: under 40): `replay/j` against the median state's round trip,
`replay/jf` against the round trip of the game's final state (what loading the stored game
costs instead of replaying it).
Games live in benchmarks/games/*.json ({"players", "seed", "options", "moves"}); they are
generated with a seeded bot when missing (or with --regenerate). Catan games (`catan-*.json`)
are played by the Catan random or greedy bots; the script also prints the median length in
moves of seeded complete Catan games (random bots, 3 and 4 players; greedy bots, 4 players) and,
for the greedy ones (the realistic full games: a random game is two to four times longer),
their `replay/j` too. The goal of a full 4-player game in 40 round trips is read on the greedy
games; docs/catan_ck.md ("Replay cost") says why. On a loaded machine one run says little:
benchmarks/engine_paired.py compares two code trees on the same games, interleaved.
Queen's Architect games (`qa-*.json`) are played by its greedy bot (4 and 2 players) and its random
bot (3 players, which runs to the round limit: the longest states).
"""

import glob
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine.catan_ck as C  # noqa: E402
import engine.praga as P  # noqa: E402
import engine.queens_architect as QA  # noqa: E402
from engine.queens_architect import bots as qa_bots  # noqa: E402
from engine.catan_ck import bots as catan_bots  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.praga.bots import greedy_move, random_move  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPLAY_RUNS = 5
GAMES = os.path.join(HERE, "games")
SPECS = [
    ("praga-4p-random-1.json", 4, 1, {}, "random"),
    ("praga-4p-random-2.json", 4, 2, {"action_side": "B", "road_I": "a", "road_II": "b", "hunger_wall": "A"}, "random"),
    ("praga-4p-greedy-3.json", 4, 3, {"cathedral": "B", "road_III": "b"}, "greedy"),
]


CATAN_SPECS = [
    ("catan-4p-random-1.json", 4, 1, {}, "random"),
    ("catan-4p-greedy-2.json", 4, 2, {}, "greedy"),
]


QA_SPECS = [
    ("qa-4p-greedy-1.json", 4, 1, {}, "greedy"),
    ("qa-2p-greedy-2.json", 2, 2, {"star_order": "travel_first"}, "greedy"),
    ("qa-3p-random-3.json", 3, 3, {}, "random"),
]


def module_of(name):
    base = os.path.basename(name)
    if base.startswith("qa-"):
        return QA
    return C if base.startswith("catan-") else P


def generate_queens_architect(regenerate):
    for name, players, seed, options, bot in QA_SPECS:
        if regenerate or not os.path.exists(os.path.join(GAMES, name)):
            chooser = qa_bots.greedy_move if bot == "greedy" else qa_bots.random_move
            _state, moves = qa_bots.play(QA.new(options, players, seed), chooser, Rng.from_seed(seed))
            with open(os.path.join(GAMES, name), "w") as f:
                json.dump({"game": "queens_architect", "players": players, "seed": seed, "options": options,
                           "bot": bot, "moves": moves}, f)


def play_catan(players, seed, options, bot):
    """A complete seated Catan game: (moves [[seat, move]], final state)."""
    chooser = catan_bots.random_move if bot == "random" else catan_bots.greedy_move
    state, rng, moves = C.new(options, players, seed), Rng.from_seed(seed), []
    while C.to_act(state):
        seats = sorted(C.to_act(state))
        seat = seats[rng.below(len(seats))]
        move = chooser(state, seat, rng)
        moves.append([seat, move])
        state = C.apply(state, seat, move)
    return moves, state


def generate(regenerate=True):
    os.makedirs(GAMES, exist_ok=True)
    generate_queens_architect(regenerate)
    for name, players, seed, options, bot in CATAN_SPECS:
        if regenerate or not os.path.exists(os.path.join(GAMES, name)):
            moves, _ = play_catan(players, seed, options, bot)
            with open(os.path.join(GAMES, name), "w") as f:
                json.dump({"game": "catan_ck", "players": players, "seed": seed, "options": options, "bot": bot,
                           "moves": moves}, f)
    if not regenerate and all(os.path.exists(os.path.join(GAMES, spec[0])) for spec in SPECS):
        return
    for name, players, seed, options, bot in SPECS:
        state = P.new(options, players, seed)
        rng = Rng.from_seed(seed)
        chooser = random_move if bot == "random" else greedy_move
        moves = []
        while P.to_act(state):
            seat = next(iter(P.to_act(state)))
            move = chooser(state, seat, rng)
            moves.append([seat, move])
            state = P.apply(state, seat, move)
        with open(os.path.join(GAMES, name), "w") as f:
            json.dump({"players": players, "seed": seed, "options": options, "bot": bot, "moves": moves}, f)


def roundtrip(state):
    return json.loads(json.dumps(state))


def bench(path):
    with open(path) as f:
        game = json.load(f)
    return dict(bench_game(module_of(path), game), game=os.path.basename(path))


def bench_game(P, game):
    """The figures of one game ({"players", "seed", "options", "moves"}) of engine module P."""
    replays = []
    for _run in range(REPLAY_RUNS):
        state = P.new(game["options"], game["players"], game["seed"])
        start = time.process_time()
        if hasattr(P, "replay"):  # the engine's replay path (Catan: engine.catan_ck.moves.replay)
            state = P.replay(state, game["moves"])
        else:
            for seat, move in game["moves"]:
                state = P.apply(state, seat, move)
        replays.append(time.process_time() - start)
    replay = min(replays)  # CPU time of the best run: a replay of milliseconds is often preempted
    final_json = min(_timed(roundtrip, state) for _run in range(REPLAY_RUNS))
    apply_t, legal_t, json_t = [], [], []
    state = P.new(game["options"], game["players"], game["seed"])
    for seat, move in game["moves"]:
        t0 = time.perf_counter()
        P.legal_moves(state, seat)
        t1 = time.perf_counter()
        roundtrip(state)
        t2 = time.perf_counter()
        new = P.apply(state, seat, move)
        t3 = time.perf_counter()
        legal_t.append(t1 - t0)
        json_t.append(t2 - t1)
        apply_t.append(t3 - t2)
        state = new
    assert P.outcome(state) is not None
    ma, ml, mj = statistics.median(apply_t), statistics.median(legal_t), statistics.median(json_t)
    return {
        "moves": len(game["moves"]),
        "apply_us": ma * 1e6, "legal_us": ml * 1e6, "json_us": mj * 1e6,
        "apply_ratio": ma / mj, "legal_ratio": ml / mj,
        "replay_ms": replay * 1e3, "replay_roundtrips": replay / mj, "replay_final": replay / final_json,
    }


def _timed(function, *args):
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def catan_lengths():
    """Median length in moves of seeded complete Catan games; for the greedy games (the
    realistic ones) also their replay in round trips, measured as for the recorded games."""
    for label, players_of, bot, seeds in (("random 3p", lambda s: 3, "random", range(10)),
                                          ("random 4p", lambda s: 4, "random", range(10)),
                                          ("greedy 4p", lambda s: 4, "greedy", range(4))):
        lengths, replays = [], []
        for seed in seeds:
            moves, state = play_catan(players_of(seed), 100 + seed, {}, bot)
            assert C.outcome(state) is not None
            lengths.append(len(moves))
            if bot == "greedy":
                game = {"players": players_of(seed), "seed": 100 + seed, "options": {}, "moves": moves}
                replays.append(bench_game(C, game)["replay_roundtrips"])
        print("catan %-10s %2d games: median %d moves (min %d, max %d)%s" % (
            label, len(lengths), statistics.median(lengths), min(lengths), max(lengths),
            "; replay/j median %.1f (min %.1f, max %.1f)" % (statistics.median(replays), min(replays), max(replays))
            if replays else ""))


def main():
    generate(regenerate="--regenerate" in sys.argv)
    print("%-26s %6s %10s %10s %10s %8s %8s %10s %10s %10s" % (
        "game", "moves", "apply us", "legal us", "json us", "apply/j", "legal/j", "replay ms", "replay/j",
        "replay/jf"))
    for path in sorted(glob.glob(os.path.join(GAMES, "*.json"))):
        r = bench(path)
        print("%-26s %6d %10.1f %10.1f %10.1f %8.2f %8.2f %10.1f %10.1f %10.1f" % (
            r["game"], r["moves"], r["apply_us"], r["legal_us"], r["json_us"], r["apply_ratio"],
            r["legal_ratio"], r["replay_ms"], r["replay_roundtrips"], r["replay_final"]))
    catan_lengths()


if __name__ == "__main__":
    main()
