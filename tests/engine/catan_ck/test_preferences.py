"""Standing preferences (spec 4.6, ASYNC-06, ASYNC-TRADE-07)."""

import pytest

from engine.core.errors import IllegalMove
from engine.core.text import render
from engine.catan_ck import apply, describe, to_act, view
from tests.engine.catan_ck.helpers import empty_board, give, roll


def test_ASYNC_06_preferences_are_private_and_validated():
    state = empty_board(seed=17)
    a, b = state["order"][:2]
    after = apply(state, b, {"type": "set_preferences", "preferences": {"auto_roll": True}})
    assert view(after, b)["players"][b]["preferences"]["auto_roll"] is True
    assert "preferences" not in view(after, a)["players"][b] and "preferences" not in view(after, None)["players"][b]
    with pytest.raises(IllegalMove, match="Unknown preference"):
        apply(state, b, {"type": "set_preferences", "preferences": {"colour": "red"}})
    with pytest.raises(IllegalMove, match="cannot be"):
        apply(state, b, {"type": "set_preferences", "preferences": {"card_choice": ["gold"]}})


def test_ASYNC_06_a_ranked_card_choice_answers_the_discard_at_once():
    state = empty_board(seed=17, stage="roll")
    a, b = state["order"][:2]
    give(state, b, ore=4, wool=4)
    state = apply(state, b, {"type": "set_preferences", "preferences": {"card_choice": ["wool", "ore"]}})
    after = roll(state, 3, 4)
    assert after["decisions"] == [] and after["players"][b]["hand"]["wool"] == 0
    assert after["players"][b]["hand"]["ore"] == 4
    line = render(describe({"type": "roll"}, _rolled_state(state)))
    assert "standing preference" in line


def _rolled_state(state):
    from tests.engine.catan_ck.helpers import with_roll
    return with_roll(state, 3, 4, "trade")


def test_ASYNC_06_auto_roll_rolls_at_the_start_of_the_turn():
    state = empty_board(seed=17)
    a, b = state["order"][:2]
    state = apply(state, b, {"type": "set_preferences", "preferences": {"auto_roll": True}})
    after = apply(state, a, {"type": "end_turn"})
    assert after["active"] == b and after["turn"]["roll"] is not None and after["turn"]["stage"] != "roll"


def test_ASYNC_TRADE_07_decline_all_answers_offers_at_once():
    state = empty_board(seed=17)
    a, b, c = state["order"][:3]
    give(state, a, wool=1)
    state = apply(state, b, {"type": "set_preferences", "preferences": {"trade_offers": "decline_all"}})
    after = apply(state, a, {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": [b, c]})
    assert after["offers"][0]["to"] == [c] and to_act(after) == {a}


def test_D_04_preference_discards_the_new_card():
    state = empty_board(seed=17, stage="roll")
    a, b = state["order"][:2]
    state["players"][b]["levels"]["trade"] = 5
    state["players"][b]["progress"] = [state["decks"]["trade"].pop() for _ in range(4)]
    kept = list(state["players"][b]["progress"])
    state = apply(state, b, {"type": "set_preferences", "preferences": {"progress_overflow": "new"}})
    after = roll(state, 2, 6, "trade")
    assert after["decisions"] == [] and after["players"][b]["progress"] == kept
