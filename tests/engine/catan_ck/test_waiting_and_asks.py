"""`owed` (the site's banner: what each seat in to_act owes and its default at the deadline) and
`asks` (offers a seat may answer outside to_act, for the turn email): ASYNC-05, ASYNC-TRADE."""

import engine.catan_ck as catan
from engine.catan_ck.waiting import TASKS
from tests.engine.catan_ck.helpers import empty_board, give


def trading(stage="action"):
    state = empty_board(seed=5, players=3, stage=stage)
    for seat in range(3):
        give(state, seat, brick=2, wool=2)
    active = state["active"]
    return state, active, [s for s in state["order"] if s != active]


def test_ASYNC_TRADE_02_a_turn_offer_asks_its_addressees_until_they_answer():
    state, active, (first, second) = trading()
    state = catan.apply(state, active, {"type": "offer_trade", "give": {"brick": 1}, "want": {"wool": 1}, "to": [first]})
    (ask,) = catan.asks(state, first)
    assert ask["id"] == state["offers"][0]["id"]
    assert ask["text"]["msg"] == "{player} offers {give} for {want}." and ask["text"]["args"]["player"] == active
    assert catan.asks(state, second) == [] and catan.asks(state, active) == []
    state = catan.apply(state, first, {"type": "answer_trade", "offer": ask["id"], "answer": "decline"})
    assert catan.asks(state, first) == []


def test_ASYNC_TRADE_03_a_counter_offer_asks_the_active_player():
    state, active, (first, _second) = trading()
    state = catan.apply(state, active, {"type": "offer_trade", "give": {"brick": 1}, "want": {"wool": 1}})
    state = catan.apply(state, first, {"type": "counter_trade", "offer": state["offers"][0]["id"],
                                       "give": {"wool": 1}, "want": {"brick": 2}})
    assert [a["text"]["msg"] for a in catan.asks(state, active)] == ["{player} counters: {give} for {want}."]


def test_ASYNC_TRADE_04_a_standing_offer_asks_only_the_active_player_in_its_action_phase():
    state, active, (first, second) = trading(stage="roll")
    state = catan.apply(state, first, {"type": "post_standing", "give": {"wool": 1}, "want": {"brick": 1}})
    assert catan.asks(state, active) == []  # before the roll nobody can take it
    state["turn"]["stage"] = "action"
    assert len(catan.asks(state, active)) == 1
    assert catan.asks(state, second) == [] and catan.asks(state, first) == []


def test_ASYNC_05_every_decision_kind_owes_a_task_with_its_default():
    state, active, (first, _second) = trading()
    for kind in TASKS:
        decision = {"id": 99, "seat": first, "kind": kind, "blocks": "turn", "count": 2}
        owed = catan.owed(dict(state, decisions=[decision]), first)
        assert owed["task"]["msg"] == TASKS[kind] and owed["default"]["msg"], kind
    assert catan.owed(state, first) is None
    assert catan.owed(state, active) == {"task": {"msg": "build, trade or end their turn", "args": {}}, "default": None}
    assert catan.owed(dict(state, turn=dict(state["turn"], stage="roll")), active)["task"]["msg"] == "roll the dice"
