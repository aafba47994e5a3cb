"""The Commercial Harbor's click flow (games/boards/catan_ck/flow.py): an offer is an opponent's
button then a card of the own hand, an answer a card of the own hand; the engine's reason is
ready for every card it refuses there. Pure functions of the engine's state, no browser."""

from engine.catan_ck import apply, legal_moves, view
from games.boards.catan_ck import flow
from tests.engine.catan_ck.helpers import empty_board, give

NAMES = {0: "Ann", 1: "Ben", 2: "Cy"}


def harbor_played():
    state = empty_board(seed=16, players=3, stage="action")
    active = state["active"]
    following = state["order"][(state["order"].index(active) + 1) % 3]
    state["players"][active]["progress"] = ["commercial_harbor-1"]
    state["decks"]["trade"].remove("commercial_harbor-1")
    give(state, active, wool=2, paper=1)
    give(state, following, paper=1, cloth=1, ore=1)
    return apply(state, active, {"type": "play_progress", "card": "commercial_harbor-1"}), active, following


def drawn(state, seat):
    legal = legal_moves(state, seat)
    moves = [move for move in legal if flow.draws(move)]
    return legal, flow.flow(view(state, seat), moves, NAMES, flow.reasons_for(state, seat, legal))


def test_an_offer_is_an_opponent_then_a_resource_of_the_own_hand_with_the_reason_for_a_commodity():
    state, active, following = harbor_played()
    legal, shown = drawn(state, active)
    offers = [move for move in legal if move["type"] == "harbor_offer"]
    assert offers and all(flow.draws(move) for move in offers)  # none left to the generic move card
    assert {tuple(entry["s"]) for entry in shown["moves"] if entry["m"]["type"] == "harbor_offer"} == {
        ("harbor:%s" % other, "hand:wool") for other in range(3) if other != active}
    assert shown["labels"]["harbor:%d" % following] == "Commercial Harbor: trade with %s" % NAMES[following]
    assert shown["labels"]["hand:wool"] == "Wool from your hand"
    assert shown["reasons"]["harbor:%d hand:paper" % following] == "Offer a resource."
    assert not any(key.endswith("hand:wool") for key in shown["reasons"])  # a legal card has no reason


def test_an_answer_is_a_commodity_of_the_own_hand_with_the_reason_for_a_resource():
    state, active, following = harbor_played()
    state = apply(state, active, {"type": "harbor_offer", "offers": {str(following): "wool"}})
    legal, shown = drawn(state, following)
    assert sorted(entry["s"][0] for entry in shown["moves"]) == ["hand:cloth", "hand:paper"]
    assert shown["reasons"]["hand:ore"] == "Choose a commodity you hold."
    assert not any(key.startswith("act:") for key in shown["reasons"])  # no turn of its own to refuse
    _legal, offered = drawn(state, active)  # the active player may still address the other opponent
    others = {"harbor:%d" % seat for seat in range(3) if seat not in (active, following)}
    assert {entry["s"][0] for entry in offered["moves"]} == others
    assert offered["reasons"]["act:road"] == "Waiting for other players' decisions."
