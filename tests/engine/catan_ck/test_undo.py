"""Undo with another seat's standing preference in between (spec 4.7, ASYNC-UNDO-01..03; 4.6).

A preference set by a seat other than the active one, that answers nothing, passes through
the active player's undo chain: the active player still takes back their own moves, the
preference stays in effect (engine.core.undo, `kept`)."""

import pytest

from engine.core.errors import IllegalMove
from engine.catan_ck import apply, determinize, legal_moves, new, replay, view
from tests.engine.catan_ck.helpers import V, empty_board, give, put

UNDO = {"type": "undo"}
RETREAT = {"type": "set_preferences", "preferences": {"knight_retreat": "nearest"}}


def _action_phase():
    """The first seat's action phase with a settlement, cards for two roads and a 4:1 trade."""
    state = empty_board(seed=17)
    a, b, c = state["order"][:3]
    put(state, a, "settlement", V[3])
    give(state, a, brick=2, lumber=2, ore=4, wool=1)
    return state, a, b, c


def _road(state, seat):
    return next(m for m in legal_moves(state, seat) if m["type"] == "build_road")


def _without_undo(state):
    return {key: value for key, value in state.items() if key != "undo"}


def test_ASYNC_UNDO_02_the_road_is_undone_after_another_seats_preference_which_stays():
    start, a, b, _c = _action_phase()
    built = apply(start, a, _road(start, a))
    preferred = apply(built, b, RETREAT)
    assert UNDO in legal_moves(preferred, a) and view(preferred, a)["can_undo"] is True
    assert UNDO not in legal_moves(preferred, b) and view(preferred, b)["can_undo"] is False
    undone = apply(preferred, a, UNDO)
    assert undone == apply(start, b, RETREAT)  # the road is gone, the preference set
    assert undone["players"][b]["preferences"]["knight_retreat"] == "nearest"
    assert undone["roads"] == start["roads"] and undone["players"][a]["hand"] == start["players"][a]["hand"]
    assert UNDO not in legal_moves(undone, a)  # nothing of a's left to take back


def test_ASYNC_UNDO_02_moves_around_a_preference_are_undone_one_by_one_and_the_preference_stays():
    start, a, b, _c = _action_phase()
    road = _road(start, a)
    built = apply(start, a, road)
    preferred = apply(built, b, RETREAT)
    trade = {"type": "maritime_trade", "give": "ore", "take": "grain"}
    traded = apply(preferred, a, trade)
    with pytest.raises(IllegalMove, match="nothing you can take back"):
        apply(traded, b, UNDO)  # the preference is a standing setting, not a move of b's turn
    once = apply(traded, a, UNDO)
    assert once == preferred  # the trade taken back: the road and the preference stay
    twice = apply(once, a, UNDO)
    assert _without_undo(twice) == _without_undo(apply(start, b, RETREAT))
    assert twice["players"][b]["preferences"]["knight_retreat"] == "nearest"
    # made again after the undos, the same moves give the same state
    assert apply(apply(twice, a, road), a, trade)["roads"] == traded["roads"]


def test_ASYNC_UNDO_01_a_checkpoint_after_the_preference_still_refuses_the_undo():
    start, a, b, _c = _action_phase()
    give(start, b, wool=1)
    preferred = apply(apply(start, a, _road(start, a)), b, RETREAT)
    posted = apply(preferred, b, {"type": "post_standing", "give": {"wool": 1}, "want": {"ore": 1}})
    assert UNDO not in legal_moves(posted, a) and view(posted, a)["can_undo"] is False
    with pytest.raises(IllegalMove, match="nothing you can take back"):
        apply(posted, a, UNDO)


def test_ASYNC_UNDO_01_a_preference_that_answers_an_offer_ends_the_undo_chain():
    start, a, b, c = _action_phase()
    offered = apply(start, a, {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": [b, c]})
    built = apply(offered, a, _road(offered, a))
    assert UNDO in legal_moves(built, a)
    declined = apply(built, b, {"type": "set_preferences", "preferences": {"trade_offers": "decline_all"}})
    assert declined["offers"][0]["to"] == [c]  # the preference acted: it answered a's offer
    assert UNDO not in legal_moves(declined, a)
    with pytest.raises(IllegalMove, match="nothing you can take back"):
        apply(declined, a, UNDO)


def test_ASYNC_UNDO_03_replay_of_undos_around_a_preference_equals_applying_them_one_by_one():
    start, a, b, c = _action_phase()
    road = _road(start, a)
    second = {"type": "set_preferences", "preferences": {"deserter_victim": "weakest"}}
    moves = [[a, road], [b, RETREAT], [c, second], [a, {"type": "maritime_trade", "give": "ore", "take": "grain"}],
             [a, UNDO], [a, UNDO], [a, road], [c, RETREAT], [a, UNDO], [a, road]]
    states = [start]
    for seat, move in moves:
        states.append(apply(states[-1], seat, move))
    for end in (len(moves), len(moves) - 1, 6, 5, 4):  # ending inside the chain or right after an undo
        for first in range(end + 1):
            assert replay(states[first], moves[first:end]) == states[end], (first, end)
    ended = moves + [[a, {"type": "end_turn"}]]  # a barrier after the undos (the fast path)
    assert replay(start, ended) == apply(states[-1], a, {"type": "end_turn"})


def test_ASYNC_UNDO_02_determinize_keeps_the_active_players_undo_without_other_seats_preferences():
    start, a, b, _c = _action_phase()
    preferred = apply(apply(start, a, _road(start, a)), b, RETREAT)
    dealt = determinize(preferred, a, 5)
    assert [seat for seat, *_rest in dealt["undo"]["moves"]] == [a]  # b's preference is b's secret
    undone = apply(dealt, a, UNDO)
    assert undone["roads"] == start["roads"] and "preferences" not in undone["players"][b]
    assert determinize(preferred, b, 5)["undo"] is None


def test_ASYNC_UNDO_02_a_game_started_under_rules_version_1_keeps_its_chains_of_one_seat():
    # games started before the change replay and continue as they were (docs/engine.md,
    # "Rules versions"): there another seat's preference ends the active player's chain
    assert new({}, 4, 1)["rules_version"] == 3
    start, a, b, _c = _action_phase()
    start["rules_version"] = 1
    preferred = apply(apply(start, a, _road(start, a)), b, RETREAT)
    assert preferred["undo"]["moves"] == [[b, RETREAT]]
    assert UNDO not in legal_moves(preferred, a) and view(preferred, a)["can_undo"] is False
    with pytest.raises(IllegalMove, match="nothing you can take back"):
        apply(preferred, a, UNDO)
