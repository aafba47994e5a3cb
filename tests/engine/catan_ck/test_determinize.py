"""determinize(state, seat, seed) for Catan C&K (CAT-INFO: hands, progress cards and deck order
are hidden): the seat's view stays, hidden cards are dealt again from what the seat knows."""

import pytest

import engine.catan_ck as C
from engine.core.rng import Rng
from engine.catan_ck.bots import random_move
from engine.catan_ck.common import clone, hand_size
from engine.catan_ck.data.progress_cards import DECKS, card_record
from engine.catan_ck.data.terrains import CARD_TYPES
from tests.support.determinization import (
    assert_games_finish, assert_ignores_real_hidden_parts, assert_seeds_differ, assert_unpredictable,
    assert_view_unchanged)


def game_states(seed, players, bot, bot_seed=None):
    """Every state of a game of `bot`s (the acting seat drawn, as the bots' moves, from
    `bot_seed`, the game's seed when not given)."""
    state, rng = C.new({}, players, seed), Rng.from_seed(seed if bot_seed is None else bot_seed)
    states = [state]
    while C.to_act(state):
        seats = sorted(C.to_act(state))
        seat = seats[rng.below(len(seats))]
        state = C.apply(state, seat, bot(state, seat, rng))
        states.append(state)
    return states


def random_states(seed=1, players=3):
    """Every state of a random game (3 players, seed 1 reaches Spy, Master Merchant, D-04, gifts)."""
    return game_states(seed, players, random_move)


@pytest.fixture(scope="module")
def game():
    return random_states()


def first(states, condition):
    return next(state for state in states if condition(state))


def most_progress(states):
    return max(states, key=lambda s: sum(len(p["progress"]) for p in s["players"]))


def hidden(state, seat):
    others = [p for p in state["players"] if p["seat"] != seat]
    groups = {"rng": [state["rng"]],
              "hands": [[card, n] for p in others for card, n in sorted(p["hand"].items())]}
    for deck in DECKS:
        groups["progress:" + deck] = state["decks"][deck] + [
            card for p in others for card in p["progress"] if card_record(card)["deck"] == deck]
    return groups


def test_CAT_INFO_view_of_every_seat_unchanged_through_a_whole_game(game):
    for step, state in enumerate(game[::3]):
        for seat in (None, 0, 1, 2):
            assert_view_unchanged(C, state, seat, seeds=[step])


def test_CAT_INFO_two_seeds_deal_differently(game):
    assert_seeds_differ(C, most_progress(game), 0, hidden)


def test_CK_PROGRESS_01_progress_cards_and_deck_order_cannot_be_told(game):
    state = most_progress(game)
    deck = max(DECKS, key=lambda d: sum(1 for p in state["players"][1:] for c in p["progress"]
                                        if card_record(c)["deck"] == d))
    assert_unpredictable(C, state, 0, hidden, "progress:" + deck)


def test_CAT_INFO_other_hands_are_dealt_from_the_cards_they_hold_together(game):
    state = max(game[len(game) // 2:], key=lambda s: min(hand_size(p["hand"]) for p in s["players"][1:]))
    pool = {card: sum(p["hand"][card] for p in state["players"][1:]) for card in CARD_TYPES}
    total = sum(pool.values())
    runs = 300
    counts = {(other, card): 0 for other in (1, 2) for card in CARD_TYPES}
    for seed in range(runs):
        determinized = C.determinize(state, 0, seed)
        assert determinized["players"][0]["hand"] == state["players"][0]["hand"]
        for other in (1, 2):
            hand = determinized["players"][other]["hand"]
            assert hand_size(hand) == hand_size(state["players"][other]["hand"])
            for card in CARD_TYPES:
                counts[(other, card)] += hand[card]
        assert {c: sum(determinized["players"][o]["hand"][c] for o in (1, 2)) for c in CARD_TYPES} == pool
    for other in (1, 2):
        size = hand_size(state["players"][other]["hand"])
        for card in CARD_TYPES:
            expected = runs * pool[card] * size / total  # a uniform deal of the pooled cards
            assert abs(counts[(other, card)] - expected) <= 4 * expected ** 0.5 + 1, (other, card)


def test_CK_CARD_SPY_cards_shown_stay_and_another_spy_sees_dealt_cards(game):
    state = first(game, lambda s: s.get("card_step") and s["card_step"]["kind"] == "spy")
    spy, target = state["active"], state["card_step"]["target"]
    watcher = next(seat for seat in range(3) if seat not in (spy, target))
    for seed in range(20):
        mine = C.determinize(state, spy, seed)
        assert mine["players"][target]["progress"] == state["players"][target]["progress"]
        assert mine["card_step"] == state["card_step"]
        theirs = C.determinize(state, watcher, seed)
        assert set(theirs["card_step"]["cards"]) <= set(theirs["players"][target]["progress"])
        assert theirs["private"] == []  # the Spy's reveal was not made to the watcher


def test_CK_PROGRESS_13_another_seats_new_card_follows_the_deal(game):
    state = first(game, lambda s: any("card" in d for d in s["decisions"]))
    decision = next(d for d in state["decisions"] if "card" in d)
    other = next(seat for seat in range(3) if seat != decision["seat"])
    for seed in range(20):
        determinized = C.determinize(state, other, seed)
        dealt = next(d for d in determinized["decisions"] if d["id"] == decision["id"])
        assert dealt["card"] in determinized["players"][decision["seat"]]["progress"]


def rearranged(state, seat):
    """The same game as `seat` sees it, with hidden cards arranged otherwise: one card type
    swapped between two other hands, the decks reversed, a preference and the generator changed."""
    other = clone(state)
    first, second = [p for p in other["players"] if p["seat"] != seat][:2]
    give = next(card for card in CARD_TYPES if first["hand"][card])
    take = next(card for card in CARD_TYPES if second["hand"][card] and card != give)
    first["hand"][give], first["hand"][take] = first["hand"][give] - 1, first["hand"][take] + 1
    second["hand"][give], second["hand"][take] = second["hand"][give] + 1, second["hand"][take] - 1
    for deck in DECKS:
        other["decks"][deck].reverse()
    first["preferences"] = {"auto_roll": True}
    other["rng"] += 1
    return other


def test_CAT_INFO_determinize_reads_nothing_hidden(game):
    state = clone(most_progress(game))
    state["undo"], state["private"], state["offers"] = None, [], []
    assert_ignores_real_hidden_parts(C, state, 0, rearranged(state, 0))


def test_CAT_GAME_random_games_finish_from_determinized_states(game):
    for state in (game[len(game) // 3], most_progress(game)):
        assert_games_finish(C, state, 0, random_move, seeds=range(2))
