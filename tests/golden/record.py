"""Record the golden games: complete games whose every step CI replays (tests/golden/test_golden_games.py).

    .venv/bin/python -m tests.golden.record            # re-record every game of the corpus
    .venv/bin/python -m tests.golden.record NAME ...   # only these

Each file in corpus/ holds the game's setup, its moves, a hash of the state every
CHECKPOINT moves and after the last one, and the outcome. A rules change that alters a
recorded game makes CI fail at the first differing checkpoint; if the change is meant,
re-record and name the changed games and the reason in the commit message (docs/engine.md).

The corpus: every player count and solo opponent, human-like games (undo, partial
turns taken back), random, biased and greedy bots, the games of benchmarks/games/, and
seeded games picked so that together they reach every move type and every rare event
that tests/engine/praga/test_random_events.py knows.
"""

import hashlib
import json
import pathlib
import sys

import engine.praga as praga
from engine.core.rng import Rng
from engine.praga.bots import BIASED_WEIGHTS, biased_move, greedy_move, random_move
from engine.praga.moves import SCHEMA
from tests.engine.praga.helpers import random_options
from tests.engine.praga.test_random_events import CLIMBER, EVENTS, events_of

# The corpus was recorded with the bots deciding on the real state; their undetermined
# decisions keep a re-recording after a rules change comparable with the stored games.
biased_move, greedy_move, random_move = (bot.sees_everything for bot in (biased_move, greedy_move, random_move))

CORPUS = pathlib.Path(__file__).parent / "corpus"
BENCHMARK_GAMES = pathlib.Path(__file__).parents[2] / "benchmarks" / "games"
CHECKPOINT = 25
MAX_STEPS = 6000


def state_hash(state):
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def human_like(state, seat, rng):
    """Mostly good moves, now and then a move taken back, as a person clicking around would."""
    moves = praga.legal_moves(state, seat)
    if {"type": "undo"} in moves and rng.below(8) == 0:
        return {"type": "undo"}
    if rng.below(4) == 0:
        return random_move(state, seat, rng)
    return greedy_move(state, seat, rng, sample=12)


CHOOSERS = {
    "random": random_move,
    "biased": lambda state, seat, rng: biased_move(state, seat, rng, BIASED_WEIGHTS),
    "climber": lambda state, seat, rng: biased_move(state, seat, rng, CLIMBER),
    "greedy": lambda state, seat, rng: greedy_move(state, seat, rng, sample=12),
    "human-like": human_like,
}

# (name, players, seed, options or None for random_options(seed, players), chooser)
PLAYED = [
    ("solo-dummy-greedy", 1, 11, {"solo_mode": "dummy"}, "greedy"),
    ("solo-parler-greedy", 1, 12, {"solo_mode": "parler"}, "greedy"),
    ("solo-parler-human-like", 1, 13, {"solo_mode": "parler", "first_game": True}, "human-like"),
    ("solo-dummy-random-variants", 1, 14, None, "random"),
    ("2p-first-game-human-like", 2, 21, {"first_game": True}, "human-like"),
    ("2p-side-b-greedy", 2, 22, {"action_side": "B"}, "greedy"),
    ("2p-variants-biased", 2, 23, None, "biased"),
    ("3p-variants-climber", 3, 31, None, "climber"),
    ("3p-greedy", 3, 32, {}, "greedy"),
    ("4p-variants-random", 4, 41, None, "random"),
    ("4p-human-like", 4, 42, {}, "human-like"),
]
# Seeds searched (in order) for games that add a move type or rare event the corpus lacks.
EVENT_SEARCH = [(f"events-{kind}-{players}p-{seed}", players, seed, None, kind)
                for seed in range(5000, 5400) for players in (1, 2, 3, 4) for kind in ("climber", "biased")]


def play(players, seed, options, kind):
    options = random_options(seed, players) if options is None else options
    state = praga.new(options, players, seed)
    rng = Rng.from_seed(seed)
    choose = CHOOSERS[kind]
    moves, events = [], set()
    while praga.to_act(state):
        seat = state["active"] if state.get("active") in praga.to_act(state) else min(praga.to_act(state))
        move = choose(state, seat, rng)
        after = praga.apply(state, seat, move)
        events |= events_of(state, seat, move, after)
        moves.append([seat, move])
        state = after
        if len(moves) > MAX_STEPS:
            raise RuntimeError(f"game {players}p seed {seed} did not end")
    return {"players": players, "seed": seed, "options": options, "origin": kind, "moves": moves}, events


def replay(record):
    """Yield (step, state) for step 0 (the new game) and after every move, under the rules
    version the game was recorded with (as the site replays a stored game)."""
    state = praga.new(record["options"], record["players"], record["seed"], rules_version=record.get("rules_version"))
    yield 0, state
    for step, (seat, move) in enumerate(record["moves"], start=1):
        state = praga.apply(state, seat, move)
        yield step, state


def seal(name, record, events):
    checkpoints, final = {}, None
    for step, state in replay(record):
        if step % CHECKPOINT == 0:
            checkpoints[str(step)] = state_hash(state)
        final = state
    return {"name": name, "game": "praga", **record, "events": sorted(events),
            "rules_version": final.get("rules_version", 1), "checkpoints": checkpoints,
            "final_state": state_hash(final), "outcome": praga.outcome(final)}


def benchmark_games():
    for path in sorted(BENCHMARK_GAMES.glob("*.json")):
        data = json.loads(path.read_text())
        record = {"players": data["players"], "seed": data["seed"], "options": data["options"],
                  "origin": f"benchmarks/games/{path.name} ({data.get('bot', '?')} bots)",
                  "moves": [[seat, move] for seat, move in data["moves"]]}
        yield "benchmark-" + path.stem, record


def wanted():
    return EVENTS | {"move " + move_type for move_type in SCHEMA}


def corpus():
    """[(name, record, events)]: the played games, the benchmark games, then event seekers."""
    games, seen = [], set()
    for name, players, seed, options, kind in PLAYED:
        record, events = play(players, seed, options, kind)
        games.append((name, record, events))
        seen |= events
    for name, record in benchmark_games():
        state = None
        events = set()
        for _step, after in replay(record):
            if state is not None:
                seat, move = record["moves"][_step - 1]
                events |= events_of(state, seat, move, after)
            state = after
        games.append((name, record, events))
        seen |= events
    for name, players, seed, options, kind in EVENT_SEARCH:
        if not wanted() - seen:
            break
        record, events = play(players, seed, options, kind)
        if events - seen:
            games.append((name, record, events))
            seen |= events
    if wanted() - seen:
        raise RuntimeError(f"the corpus misses {sorted(wanted() - seen)}: search more seeds")
    return games


def write(only=()):
    CORPUS.mkdir(exist_ok=True)
    names = []
    for name, record, events in corpus():
        if only and name not in only:
            continue
        path = CORPUS / f"{name}.json"
        path.write_text(json.dumps(seal(name, record, events), sort_keys=True, separators=(",", ":")) + "\n")
        names.append(name)
    if not only:  # a game no longer in the corpus is removed
        for stale in set(p.stem for p in CORPUS.glob("*.json")) - set(names):
            (CORPUS / f"{stale}.json").unlink()
    return names


if __name__ == "__main__":
    for written in write(tuple(sys.argv[1:])):
        print("recorded", written)
