"""The greedy bot decides on determinize(state, seat, seed), never on the real state (CAT-INFO,
issue 15): its move stays the same when what its seat cannot see (other hands, progress cards
and deck order, the generator, other seats' preferences) is dealt again, and the move is
legal in the real state: the seat's legal moves are the same in every determinized state,
also with open offers whose author has spent the offered cards (ASYNC-TRADE-02, -04)."""

import pytest

import engine.catan_ck as C
from engine.catan_ck.bots import greedy_move, random_move
from engine.catan_ck.common import clone
from engine.catan_ck.data.terrains import CARD_TYPES
from engine.catan_ck.domestic import action_phase
from engine.core.rng import Rng
from engine.core.undo import can_undo
from tests.engine.catan_ck import test_determinize as determinize_tests
from tests.engine.catan_ck.test_determinize import hidden

PER_KIND = 4


def game_states(seed, players, bot):
    return determinize_tests.game_states(seed, players, bot, bot_seed=seed + 4242)


def with_offers(state, spend):
    """The active seat offers a card it holds for one it lacks and the next seat posts a
    standing offer; with `spend` both authors then give all their cards of the offered types
    to the bank (as after a purchase): the offers stay open but cannot be taken."""
    active = state["active"]
    hand = state["players"][active]["hand"]
    give = next((card for card in CARD_TYPES if hand[card]), None)
    if give is None:
        return None
    want = next(card for card in CARD_TYPES if card != give)
    state = C.apply(state, active, {"type": "offer_trade", "give": {give: 1}, "want": {want: 1}})
    poster = (active + 1) % state["players_count"]
    standing = next((card for card in CARD_TYPES if state["players"][poster]["hand"][card] and card != want), None)
    if standing is not None:
        state = C.apply(state, poster, {"type": "post_standing", "give": {standing: 1}, "want": {want: 1}})
    if spend:
        state = clone(state)
        for offer in state["offers"]:
            hand = state["players"][offer["author"]]["hand"]
            for card in offer["give"]:
                state["bank"][card] += hand[card]
                hand[card] = 0
    return state


def kinds_of(state, seat, moves):
    types = {move["type"] for move in moves}
    kinds = set()
    if "discard" in types:
        kinds.add("discard")
    if any(move.get("victim") is not None for move in moves if move["type"] in ("move_robber", "chase_robber")):
        kinds.add("steal")
    if "play_progress" in types:
        kinds.add("progress")
    if any("monopoly" in move["card"] for move in moves if move["type"] == "play_progress"):
        kinds.add("monopoly")  # its lookahead would count the cards other hands give up
    if any("decision" in move for move in moves) and "discard" not in types:
        kinds.add("other decision")
    if types & {"answer_trade", "take_standing", "complete_trade"}:
        kinds.add("trade answer")
    if any(seat in entry["seats"] for entry in state.get("private") or []):
        kinds.add("reveal")
    if can_undo(state, seat):
        kinds.add("undo window")
    if types & {"build_city", "build_settlement", "maritime_trade", "buy_improvement"}:
        kinds.add("build or trade")
    return kinds


@pytest.fixture(scope="module")
def decisions():
    """(state, seat, kinds): up to PER_KIND states of each kind of decision, from a greedy
    4-player game (played on real states: the fixture must not change with the bot under
    test), a random 3-player game and offers put into the greedy game's action phases."""
    chosen, counts = [], {}
    greedy_game = game_states(7, 4, greedy_move.sees_everything)  # the same states when the bot is broken
    offers = [with_offers(state, spend) for step, state in enumerate(greedy_game[40::25])
              if state["phase"] == "play" and action_phase(state) and not state["offers"]
              for spend in (step % 2 == 0, step % 2 == 1)]
    for state in greedy_game + game_states(1, 3, random_move)[::5] + [s for s in offers if s]:
        for seat in range(state["players_count"]):
            moves = [move for move in C.legal_moves(state, seat) if move["type"] != "undo"]
            if len(moves) < 2:
                continue
            new = [kind for kind in kinds_of(state, seat, moves) if counts.get(kind, 0) < PER_KIND]
            if new:
                for kind in new:
                    counts[kind] = counts.get(kind, 0) + 1
                chosen.append((state, seat, new))
    # Decisions a bot reading the real state makes differently (a few in a hundred): without
    # them a broken wrapper could go unseen.
    found = 0
    for state in greedy_game[::2]:
        for seat in sorted(C.to_act(state)):
            if found < PER_KIND and "progress" in kinds_of(state, seat, C.legal_moves(state, seat)) and \
                    greedy_move.sees_everything(clone(state), seat, Rng.from_seed(0)) != \
                    greedy_move.sees_everything(C.determinize(state, seat, 99), seat, Rng.from_seed(0)):
                found += 1
                chosen.append((state, seat, ["hidden parts matter"]))
    return chosen


def test_CAT_INFO_the_decisions_checked_cover_every_kind(decisions):
    kinds = {kind for _, _, found in decisions for kind in found}
    assert kinds == {"discard", "steal", "progress", "monopoly", "other decision", "trade answer", "reveal",
                     "undo window", "build or trade", "hidden parts matter"}, kinds


@pytest.mark.parametrize("bot", [greedy_move, random_move], ids=["greedy", "random"])
def test_CAT_INFO_bot_move_unchanged_when_the_hidden_parts_are_dealt_again(decisions, bot):
    """The other state: the seat's own determinization with another seed (its view and its
    legal moves are equal, every hidden part is dealt again and the generator differs)."""
    changed = []
    for number, (state, seat, kinds) in enumerate(decisions):
        other = C.determinize(state, seat, 10_000 + number)
        assert C.view(other, seat) == C.view(state, seat)
        assert C.legal_moves(other, seat) == C.legal_moves(state, seat)
        assert hidden(other, seat) != hidden(state, seat)
        for seed in range(2):
            if bot(state, seat, Rng.from_seed(seed)) != bot(other, seat, Rng.from_seed(seed)):
                changed.append((number, seat, kinds, seed))
    assert not changed


def test_CAT_INFO_the_check_catches_the_greedy_bot_reading_the_real_state(decisions):
    """The same check on the undecorated bot: its lookahead reads other hands (what a monopoly
    takes, their next purchase), so some moves change (a few in a hundred decisions of a game,
    most often a progress card played or not)."""
    peeking = greedy_move.sees_everything
    changed = 0
    for number, (state, seat, _) in enumerate(decisions):
        other = C.determinize(state, seat, 10_000 + number)
        for seed in range(2):
            changed += peeking(clone(state), seat, Rng.from_seed(seed)) != peeking(other, seat, Rng.from_seed(seed))
    assert changed > 0


def test_CAT_INFO_bot_moves_are_legal_in_the_real_state(decisions):
    """Every determinized state lists the seat's real legal moves, and the bots' moves apply."""
    for number, (state, seat, _) in enumerate(decisions):
        real = C.legal_moves(state, seat)
        for seed in range(3):
            assert C.legal_moves(C.determinize(state, seat, seed * 7919 + number), seat) == real
        for bot in (greedy_move, random_move):
            C.apply(state, seat, bot(state, seat, Rng.from_seed(number)))


def test_ASYNC_TRADE_02_04_spent_offer_cards_are_not_dealt_back():
    """An author who spent the offered cards is never dealt them again, so neither an accept
    nor a take of that offer is listed in a determinized state, and the greedy bot declines."""
    state = next(s for s in game_states(7, 4, greedy_move)[60:]
                 if s["phase"] == "play" and action_phase(s) and not s["offers"])
    state = with_offers(state, spend=True)
    for offer in state["offers"]:
        for seat in range(state["players_count"]):
            if seat == offer["author"]:
                continue
            for seed in range(40):
                hand = C.determinize(state, seat, seed)["players"][offer["author"]]["hand"]
                assert not all(hand[card] >= count for card, count in offer["give"].items()), (seat, seed)
            moves = C.legal_moves(state, seat)
            assert {"type": "take_standing", "offer": offer["id"]} not in moves
            assert {"type": "answer_trade", "offer": offer["id"], "answer": "accept"} not in moves
            if seat in C.to_act(state):
                C.apply(state, seat, greedy_move(state, seat, Rng.from_seed(seat)))
