"""determinize(state, seat, seed) on the toy game of the site's tests (tests/support/toygame.py):
the shared checks of tests/support/determinization.py on a small game with hands and a deck."""

from engine.core.rng import Rng
from tests.support import toygame
from tests.support.determinization import (
    assert_games_finish, assert_ignores_real_hidden_parts, assert_seeds_differ, assert_unpredictable,
    assert_view_unchanged)


def hidden(state, seat):
    others = [other for other in range(state["seats"]) if other != seat]
    return {"cards": state["deck"] + [card for other in others for card in state["hands"][other]],
            "rng": [state["rng"]]}


def random_move(state, seat, rng):
    moves = [move for move in toygame.legal_moves(state, seat) if move["type"] != "undo"]
    return moves[rng.below(len(moves))]


def game_after(moves_made, seats=3, seed=4):
    state = toygame.new({"hand_size": 3, "extra": 2}, seats, seed)
    rng = Rng.from_seed(seed)
    for _ in range(moves_made):
        seat = min(toygame.to_act(state))
        state = toygame.apply(state, seat, random_move(state, seat, rng))
    return state


def test_view_of_every_seat_unchanged():
    for moves_made in (0, 3, 7):
        state = game_after(moves_made)
        for seat in (None, 0, 1, 2):
            assert_view_unchanged(toygame, state, seat)


def test_two_seeds_deal_differently():
    assert_seeds_differ(toygame, game_after(2), 0, hidden)


def test_unseen_cards_cannot_be_told():
    state = game_after(3)
    assert_unpredictable(toygame, state, 1, hidden, "cards")


def test_another_seats_chosen_card_stays_in_its_hand():
    state = game_after(1)  # seat 0 has chosen a card, not played it yet
    assert state["selected"][0] is not None
    for seed in range(30):
        determinized = toygame.determinize(state, 1, seed)
        assert determinized["selected"][0] in determinized["hands"][0]
        assert determinized["undo"] is None  # seat 0's undo base is not seat 1's to know
    mine = toygame.determinize(state, 0, 5)
    assert mine["selected"][0] == state["selected"][0]
    assert toygame.apply(mine, 0, {"type": "undo"})["selected"][0] is None


def test_determinize_reads_nothing_hidden():
    state = {**game_after(3), "undo": None}
    other = {**state, "hands": [list(hand) for hand in state["hands"]], "deck": list(state["deck"])}
    other["hands"][2][0], other["deck"][0] = other["deck"][0], other["hands"][2][0]
    other["deck"].reverse()
    other["rng"] += 1
    assert_ignores_real_hidden_parts(toygame, state, 1, other)


def test_random_games_finish_from_determinized_states():
    for moves_made in (0, 4, 9):
        state = game_after(moves_made)
        for seat in (0, 1, 2):
            assert_games_finish(toygame, state, seat, random_move)
