"""Bots do not cheat: every bot decides on a determinized state, so changing what its seat
cannot see (stack orders, other hands, the generator) never changes its move."""

import json
import zlib

import pytest

import engine.catan_ck as C
import engine.praga as P
import engine.queens_architect as Q
from engine.catan_ck import bots as catan_bots
from engine.catan_ck.common import clone
from engine.core.determinize import decides_on_determinized
from engine.core.rng import Rng
from engine.praga import bots as praga_bots
from engine.queens_architect import bots as architect_bots
from tests.engine.catan_ck import test_determinize as catan_cases
from tests.engine.praga import test_determinize as praga_cases


def praga_states():
    """States of greedy games at each seat's decision, with the seat to decide."""
    states = []
    for players, seed, options in ((2, 11, {}), (3, 12, {}), (1, 13, {"solo_mode": "parler"})):
        def keep(state, seat, move, states=states):
            if state["turn_no"] % 3 == 1 and len(states) < 40 and not state.get("undo"):
                states.append((state, seat))
        praga_bots.play(P.new(options, players, seed), praga_bots.greedy_move, seed, on_step=keep)
    return states


def catan_states():
    """States of a random game where the deciding seat has a real choice (no undo log, offers or reveals)."""
    states = []
    for state in catan_cases.random_states(seed=2)[100:]:
        if state.get("undo") or state["offers"] or state.get("private"):
            continue
        for seat in sorted(C.to_act(state)):
            if len([move for move in C.legal_moves(state, seat) if move["type"] != "undo"]) >= 3:
                states.append((state, seat))
    return states[::max(1, len(states) // 12)]


def moves_alike(bot, game, states, rearrange, seeds=range(3)):
    """How many decisions changed when the hidden parts were rearranged (0 for a fair bot)."""
    changed = 0
    for state, seat in states:
        other = rearrange(state, seat)
        assert game.view(other, seat) == game.view(state, seat)
        for seed in seeds:
            if bot(clone(state), seat, Rng.from_seed(seed)) != bot(other, seat, Rng.from_seed(seed)):
                changed += 1
    return changed


def architect_states():
    """States of greedy Queen's Architect games at each seat's decision, hires among them."""
    states = []
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        state, rng = Q.new({}, players, seed), Rng.from_seed(seed)
        for step in range(400):
            if not Q.to_act(state):
                break
            seat = next(iter(Q.to_act(state)))
            if step % 9 == 1:
                states.append((state, seat))
            state = Q.apply(state, seat, architect_bots.greedy_move(state, seat, rng))
    return states


def architect_hidden(state, seat):
    """What no seat of Queen's Architect sees: the supply's order (its tiles are deducible) and the generator."""
    return {"supply": list(state["supply"]), "rng": [state["rng"]]}


def architect_rearranged(state, seat):
    other = clone(state)
    for hidden_in in (other, (other.get("undo") or {}).get("base")):
        if hidden_in:
            hidden_in["supply"].reverse()
            hidden_in["rng"] += 1
    return other


@pytest.fixture(scope="module")
def praga():
    return praga_states()


@pytest.fixture(scope="module")
def catan():
    return catan_states()


@pytest.mark.parametrize("name", ["random_move", "biased_move", "greedy_move"])
def test_praga_bots_ignore_what_their_seat_cannot_see(praga, name):
    bot = getattr(praga_bots, name)
    assert bot.sees_everything  # the greedy bot's choice rarely turns on hidden parts: check the wrapper too
    assert moves_alike(bot, P, praga, praga_cases.rearranged) == 0


@pytest.mark.parametrize("name", ["random_move", "greedy_move"])
def test_catan_bots_ignore_what_their_seat_cannot_see(catan, name):
    bot = getattr(catan_bots, name)
    assert bot.sees_everything
    assert len(catan) >= 5
    assert moves_alike(bot, C, catan, catan_cases.rearranged) == 0


@pytest.fixture(scope="module")
def architect():
    return architect_states()


@pytest.mark.parametrize("name", ["random_move", "greedy_move"])
def test_queens_architect_bots_ignore_what_their_seat_cannot_see(architect, name):
    bot = getattr(architect_bots, name)
    assert bot.sees_everything
    assert len(architect) >= 20 and any(move["type"] == "hire" for state, seat in architect
                                        for move in Q.legal_moves(state, seat))
    assert moves_alike(bot, Q, architect, architect_rearranged) == 0


def peeking_bot(legal_moves, hidden):
    """A cheating bot: its choice depends on the hidden parts of the state it is given."""
    def choose(state, seat, rng):
        moves = [move for move in legal_moves(state, seat) if move["type"] != "undo"]
        return moves[zlib.crc32(json.dumps(hidden(state, seat), sort_keys=True).encode()) % len(moves)]
    return choose


def test_the_check_catches_a_peeking_bot_and_determinization_makes_it_fair(praga, catan, architect):
    for game, states, hidden, rearranged in ((P, praga, praga_cases.hidden, praga_cases.rearranged),
                                             (C, catan, catan_cases.hidden, catan_cases.rearranged),
                                             (Q, architect, architect_hidden, architect_rearranged)):
        peeking = peeking_bot(game.legal_moves, hidden)
        assert moves_alike(peeking, game, states, rearranged) > 0
        fair = decides_on_determinized(game.determinize)(peeking)
        assert moves_alike(fair, game, states, rearranged) == 0
