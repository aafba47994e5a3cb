"""The random and greedy bots: the greedy one beats the random one in most seeded 3-player
games, answers offers by what they do for its next purchase, and random complete games for 3
and 4 players end with a valid outcome (spec 8.3.7; a 1,000-game run is marked slow)."""

import json

import pytest

from engine.core.rng import Rng
from engine.catan_ck import apply, legal_moves, new, outcome, to_act
from engine.catan_ck.bots import evaluate, greedy_move, random_move
from engine.catan_ck.scoring import points
from tests.engine.catan_ck.helpers import empty_board, give, put

CAP = 20000


def play(seed, players, bots, options=None, checks=False):
    """A complete game; `bots[seat]` chooses for that seat. Returns (state, moves applied)."""
    state, rng = new(options or {}, players, seed), Rng.from_seed(seed + 4242)
    for count in range(CAP):
        seats = sorted(to_act(state))
        if not seats:
            return state, count
        seat = seats[rng.below(len(seats))]
        move = bots[seat](state, seat, rng)
        if checks:
            assert move in legal_moves(state, seat) or "cards" in move or move["type"] in ("undo",), move
        state = apply(state, seat, move)
    return state, CAP


def assert_valid_outcome(state):
    result = outcome(state)
    assert result is not None, "the game did not end"
    winner = result["winner"]
    assert points(state, winner) >= state["options"]["victory_points"]
    assert result["ranking"][0]["seat"] == winner
    scores = [r["score"] for r in result["ranking"]]
    assert scores == sorted(scores, reverse=True)
    assert sorted(r["seat"] for r in result["ranking"]) == list(range(state["players_count"]))
    assert not to_act(state)
    assert json.loads(json.dumps(result)) == result
    return result


def test_greedy_bot_beats_the_random_bot_most_of_the_time():
    wins, games = 0, 12
    for seed in range(games):
        greedy_seat = seed % 3
        bots = {seat: greedy_move if seat == greedy_seat else random_move for seat in range(3)}
        state, _ = play(seed, 3, bots)
        result = assert_valid_outcome(state)
        wins += result["winner"] == greedy_seat
    print("greedy wins %d of %d 3-player games against two random bots" % (wins, games))
    assert wins >= 10


def test_greedy_bots_play_a_complete_4_player_game():
    state, moves = play(7, 4, {seat: greedy_move for seat in range(4)})
    assert_valid_outcome(state)
    assert moves < CAP


def _offer_state(give_cards, want_cards):
    """Seat 1 holds a settlement and ore 3, grain 1, brick 2 (a city needs one more grain);
    the active seat offers it `give_cards` for `want_cards`."""
    state = empty_board(seed=4, players=3)
    active = state["active"]
    other = (active + 1) % 3
    put(state, other, "settlement", "-1,-1;-1,0;0,-1")
    give(state, other, ore=3, grain=1, brick=2)
    give(state, active, grain=2, ore=2, brick=1)
    state = apply(state, active, {"type": "offer_trade", "give": give_cards, "want": want_cards, "to": [other]})
    return state, other


def test_greedy_bot_accepts_an_offer_that_completes_its_city():
    state, other = _offer_state({"grain": 1}, {"brick": 1})
    move = greedy_move(state, other, Rng.from_seed(1))
    assert move == {"type": "answer_trade", "offer": state["offers"][0]["id"], "answer": "accept"}


def test_greedy_bot_declines_an_offer_that_takes_what_it_needs():
    state, other = _offer_state({"brick": 1}, {"ore": 1})
    move = greedy_move(state, other, Rng.from_seed(1))
    assert move == {"type": "answer_trade", "offer": state["offers"][0]["id"], "answer": "decline"}


def test_greedy_bot_trades_with_the_bank_toward_a_city():
    state = empty_board(seed=4, players=3)
    seat = state["active"]
    put(state, seat, "settlement", "-1,-1;-1,0;0,-1")
    give(state, seat, ore=3, grain=1, wool=4)
    before = evaluate(state, seat)
    move = greedy_move(state, seat, Rng.from_seed(2))
    assert move["type"] == "maritime_trade" and move["take"] == "grain", move
    after = apply(state, seat, move)
    assert evaluate(after, seat) > before
    assert greedy_move(after, seat, Rng.from_seed(2))["type"] == "build_city"


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_random_complete_games_end_with_a_valid_outcome(seed, players):
    state, moves = play(seed, players, {seat: random_move for seat in range(players)})
    assert_valid_outcome(state)


@pytest.mark.slow
def test_1000_random_complete_games_end_with_a_valid_outcome():
    lengths = []
    for seed in range(1000, 2000):
        players = 3 + seed % 2
        state, moves = play(seed, players, {seat: random_move for seat in range(players)})
        assert_valid_outcome(state)
        lengths.append(moves)
    lengths.sort()
    print("1,000 random games: median %d moves, longest %d" % (lengths[500], lengths[-1]))
