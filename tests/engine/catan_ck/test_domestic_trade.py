"""Domestic trade without waiting (CAT-TRADE-05..07, spec 4.5)."""

import pytest

from engine.core.errors import IllegalMove
from engine.core.text import render
from engine.catan_ck import apply, default_move, describe, legal_moves, to_act
from tests.engine.catan_ck.helpers import answer_all_by_timeout, empty_board, give


def _state():
    state = empty_board(seed=15)
    a, b, c, d = state["order"]
    give(state, a, wool=3, ore=1)
    give(state, b, brick=2)
    give(state, c, brick=1, grain=1)
    return state, (a, b, c, d)


def test_TEST_49_CAT_TRADE_05_06_invalid_exchanges_are_refused():
    state, (a, b, c, d) = _state()
    with pytest.raises(IllegalMove, match="both sides"):
        apply(state, a, {"type": "offer_trade", "give": {"wool": 1}, "want": {"wool": 1}})
    with pytest.raises(IllegalMove, match="by type and number"):
        apply(state, a, {"type": "offer_trade", "give": {"wool": 2}, "want": {}})
    with pytest.raises(IllegalMove, match="do not hold"):
        apply(state, a, {"type": "offer_trade", "give": {"grain": 1}, "want": {"brick": 1}})
    with pytest.raises(IllegalMove, match="action phase"):
        apply(state, b, {"type": "offer_trade", "give": {"brick": 1}, "want": {"wool": 1}})


def test_ASYNC_TRADE_02_an_offer_goes_to_all_opponents_unless_addressed_and_never_to_nobody():
    state, (a, b, c, d) = _state()
    offer = {"type": "offer_trade", "give": {"wool": 1}, "want": {"brick": 1}}
    assert apply(state, a, offer)["offers"][0]["to"] == sorted([b, c, d])
    assert apply(state, a, dict(offer, to=[d, b]))["offers"][0]["to"] == sorted([b, d])
    with pytest.raises(IllegalMove, match="at least one opponent"):
        apply(state, a, dict(offer, to=[]))  # an empty list is a choice of nobody, not "everybody"
    for wrong in ([a, b], [b, b]):  # the author, or an opponent twice
        with pytest.raises(IllegalMove, match="Choose opponents"):
            apply(state, a, dict(offer, to=wrong))
    for wrong in ([{"seat": b}], [True], [str(b)], [[b]]):
        with pytest.raises(IllegalMove, match="The field to has a wrong value"):
            apply(state, a, dict(offer, to=wrong))


def test_ASYNC_TRADE_02_a_game_begun_under_rules_version_2_keeps_its_recipients_reading():
    # docs/engine.md "Rules versions": there an empty list meant every opponent and a repeat was kept
    state, (a, b, c, d) = _state()
    state["rules_version"] = 2
    offer = {"type": "offer_trade", "give": {"wool": 1}, "want": {"brick": 1}}
    assert apply(state, a, dict(offer, to=[]))["offers"][0]["to"] == sorted([b, c, d])
    assert apply(state, a, dict(offer, to=[b, b]))["offers"][0]["to"] == [b, b]
    with pytest.raises(IllegalMove, match="Choose opponents"):
        apply(state, a, dict(offer, to=[a, b]))


def test_ASYNC_TRADE_02_first_acceptance_executes_at_once_and_others_never_wait():
    state, (a, b, c, d) = _state()
    state = apply(state, a, {"type": "offer_trade", "give": {"wool": 2}, "want": {"brick": 1}})
    offer = state["offers"][0]["id"]
    assert to_act(state) == {a}  # ASYNC-07: offers put nobody into to_act
    assert {"type": "answer_trade", "offer": offer, "answer": "accept"} in legal_moves(state, b)
    assert {"type": "answer_trade", "offer": offer, "answer": "accept"} not in legal_moves(state, d)  # no brick
    after = apply(state, c, {"type": "answer_trade", "offer": offer, "answer": "accept"})
    assert after["players"][c]["hand"]["wool"] == 2 and after["players"][a]["hand"]["brick"] == 1
    assert after["offers"] == [] and after["undo"] is None
    line = render(describe({"type": "answer_trade", "offer": offer, "answer": "accept"}, state, seat=c))
    assert line == "%d gives %d 2 wool for 1 brick." % (a, c)


def test_ASYNC_TRADE_02_choose_mode_and_a_refusal_when_the_cards_are_gone():
    state, (a, b, c, d) = _state()
    state = apply(state, a, {"type": "offer_trade", "give": {"wool": 1}, "want": {"brick": 1}, "mode": "choose"})
    offer = state["offers"][0]["id"]
    state = apply(state, b, {"type": "answer_trade", "offer": offer, "answer": "accept"})
    state = apply(state, c, {"type": "answer_trade", "offer": offer, "answer": "accept"})
    assert state["offers"][0]["accepted"] == [b, c]
    done = apply(state, a, {"type": "complete_trade", "offer": offer, "with": b})
    state["players"][c]["hand"]["brick"] = 0  # c spent the brick meanwhile
    state["bank"]["brick"] += 1
    with pytest.raises(IllegalMove, match="no longer holds"):
        apply(state, a, {"type": "complete_trade", "offer": offer, "with": c})
    assert done["players"][b]["hand"]["wool"] == 1 and done["offers"] == []


def test_ASYNC_TRADE_03_a_counter_offer_the_active_player_accepts():
    state, (a, b, c, d) = _state()
    state = apply(state, a, {"type": "offer_trade", "give": {"wool": 2}, "want": {"brick": 2}, "to": [b]})
    offer = state["offers"][0]["id"]
    state = apply(state, b, {"type": "counter_trade", "offer": offer, "give": {"brick": 1}, "want": {"wool": 2}})
    counter = state["offers"][-1]
    assert counter["kind"] == "counter" and counter["to"] == [a]
    after = apply(state, a, {"type": "answer_trade", "offer": counter["id"], "answer": "accept"})
    assert after["players"][b]["hand"] == dict(after["players"][b]["hand"], brick=1, wool=2)
    lapsed = apply(state, a, {"type": "end_turn"})
    assert lapsed["offers"] == []  # turn offers and counters lapse with the turn


def test_ASYNC_TRADE_04_standing_offers_are_taken_by_an_active_player():
    state, (a, b, c, d) = _state()
    state = apply(state, b, {"type": "post_standing", "give": {"brick": 1}, "want": {"ore": 1}})
    offer = state["offers"][0]["id"]
    assert {"type": "take_standing", "offer": offer} in legal_moves(state, a)
    assert {"type": "take_standing", "offer": offer} not in legal_moves(state, c)
    with pytest.raises(IllegalMove, match="Only the active player"):
        apply(state, c, {"type": "take_standing", "offer": offer})
    after = apply(state, a, {"type": "take_standing", "offer": offer})
    assert after["players"][a]["hand"]["brick"] == 1 and after["players"][b]["hand"]["ore"] == 1
    later = apply(state, a, {"type": "end_turn"})
    assert later["offers"][0]["id"] == offer  # standing offers stay
    withdrawn = apply(later, b, {"type": "withdraw_trade", "offer": offer})
    assert withdrawn["offers"] == []


def test_TEST_57_ASYNC_UNDO_a_domestic_trade_cannot_be_undone():
    state, (a, b, c, d) = _state()
    give(state, a, wool=4)
    traded = apply(state, a, {"type": "maritime_trade", "give": "wool", "take": "grain"})
    assert {"type": "undo"} in legal_moves(traded, a)
    traded = apply(traded, a, {"type": "offer_trade", "give": {"grain": 1}, "want": {"brick": 1}, "to": [b]})
    traded = apply(traded, b, {"type": "answer_trade", "offer": traded["offers"][0]["id"], "answer": "accept"})
    assert {"type": "undo"} not in legal_moves(traded, a)


def test_ASYNC_TRADE_04_a_standing_offer_expires_after_its_last_turn():
    state, (a, b, c, d) = _state()
    turn = state["turn"]["number"]
    with pytest.raises(IllegalMove, match="expire before"):
        apply(state, b, {"type": "post_standing", "give": {"brick": 1}, "want": {"ore": 1}, "until": turn - 1})
    state = apply(state, b, {"type": "post_standing", "give": {"brick": 1}, "want": {"ore": 1}, "until": turn + 1})
    assert state["offers"][0]["until"] == turn + 1
    assert render(describe({"type": "post_standing", "give": {"brick": 1}, "want": {"ore": 1}, "until": 9},
                           state, b)).endswith("It stands through turn 9.")
    kept = apply(state, a, {"type": "end_turn"})
    assert [o["until"] for o in kept["offers"]] == [turn + 1]  # stands through the next turn
    following = kept["active"]
    while kept["turn"]["stage"] != "action":
        kept = apply(kept, following, default_move(kept, following))
        kept = answer_all_by_timeout(kept)
    lapsed = apply(kept, following, {"type": "end_turn"})
    assert lapsed["offers"] == []


def test_ASYNC_TRADE_02_04_offers_expire_by_date_through_the_sites_clock():
    from engine.catan_ck import SITE_MOVES, timed_moves, view

    state, (a, b, c, d) = _state()
    for bad in ("tomorrow", "2026-11-30T18:00:00+01:00", "2026-11-30T18:00:00", 1764525600):
        with pytest.raises(IllegalMove):
            apply(state, b, {"type": "post_standing", "give": {"brick": 1}, "want": {"ore": 1}, "expires": bad})
    state = apply(state, b, {"type": "post_standing", "give": {"brick": 1}, "want": {"ore": 1},
                             "expires": "2026-11-30T18:00:00+00:00"})
    state = apply(state, a, {"type": "offer_trade", "give": {"wool": 1}, "want": {"grain": 1}, "to": [c],
                             "expires": "2026-11-29T09:30:00Z"})
    standing, turn_offer = state["offers"]
    assert standing["expires"] == "2026-11-30T18:00:00Z" and turn_offer["expires"] == "2026-11-29T09:30:00Z"
    assert timed_moves(state) == [  # earliest first, each for its author's seat
        {"at": "2026-11-29T09:30:00Z", "seat": a, "move": {"type": "expire_trade", "offer": turn_offer["id"]}},
        {"at": "2026-11-30T18:00:00Z", "seat": b, "move": {"type": "expire_trade", "offer": standing["id"]}}]
    assert SITE_MOVES == {"expire_trade"}
    shown = view(state, d)["offers"]  # the market's shape: both expiries on every offer
    assert [(o["expires"], o["until"]) for o in shown] == [("2026-11-30T18:00:00Z", None),
                                                           ("2026-11-29T09:30:00Z", None)]
    assert render(describe({"type": "offer_trade", "give": {"wool": 1}, "want": {"grain": 1},
                            "expires": "2026-11-29T09:30:00Z"}, state, a)).endswith("It expires at 2026-11-29 09:30:00 UTC.")
    with pytest.raises(IllegalMove, match="no expiry"):  # only the author's seat, only an offer with a date
        apply(state, c, {"type": "expire_trade", "offer": standing["id"]})
    expired = apply(state, a, {"type": "expire_trade", "offer": turn_offer["id"]})
    assert [o["id"] for o in expired["offers"]] == [standing["id"]]
    assert render(describe({"type": "expire_trade", "offer": turn_offer["id"]}, state, a)).startswith(
        "Offer %d by " % turn_offer["id"])
    with pytest.raises(IllegalMove, match="no such offer"):  # already gone: refused, nothing changes
        apply(expired, a, {"type": "expire_trade", "offer": turn_offer["id"]})
    assert timed_moves(apply(expired, a, {"type": "end_turn"})) == timed_moves(expired)[-1:]


def test_CAT_TRADE_07_ASYNC_07_08_offers_are_public_never_in_to_act_and_answers_are_listed():
    from engine.catan_ck import view

    state, (a, b, c, d) = _state()
    after = apply(state, a, {"type": "offer_trade", "give": {"wool": 1}, "want": {"brick": 1}})
    assert to_act(after) == {a}  # nobody owes an answer
    (offer,) = after["offers"]
    for seat in (b, c, d, None):
        (shown,) = view(after, seat)["offers"]
        assert shown.items() >= offer.items()  # the view adds `until` and `expires`
    assert {"type": "answer_trade", "offer": offer["id"], "answer": "accept"} in legal_moves(after, b)
    assert {"type": "answer_trade", "offer": offer["id"], "answer": "decline"} in legal_moves(after, d)
    traded = apply(after, b, {"type": "answer_trade", "offer": offer["id"], "answer": "accept"})
    assert traded["players"][b]["hand"]["wool"] == 1 and traded["players"][a]["hand"]["brick"] == 1
    standing = apply(state, b, {"type": "post_standing", "give": {"brick": 1}, "want": {"wool": 1}})
    assert to_act(standing) == {a}
    assert {"type": "withdraw_trade", "offer": standing["offers"][0]["id"]} in legal_moves(standing, b)
