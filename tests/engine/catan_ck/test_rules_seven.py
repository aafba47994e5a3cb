"""The seven: simultaneous discards as pending decisions (CAT-DISCARD, D-01, ASYNC-02..05)
and the robber (CAT-ROBBER, CK-ROBBER)."""

import pytest

from engine.core.errors import IllegalMove
from engine.catan_ck import apply, legal_moves, default_move, to_act
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import hand_size
from engine.catan_ck.decisions import sample_card_choice
from engine.core.rng import Rng
from tests.engine.catan_ck.helpers import decisions_of, empty_board, give, put, roll


def _sevens(attacks=0):
    state = empty_board(seed=5, stage="roll")
    state["barbarians"]["attacks"] = attacks
    a, b, c, d = state["order"]
    give(state, b, brick=3, wool=3, ore=2)        # 8 cards: discards 4
    give(state, c, grain=5, paper=2, cloth=2, coin=1)  # 10 cards: discards 5
    give(state, d, ore=7)                          # 7 cards: safe
    return state, (a, b, c, d)


def test_TEST_23_CAT_DISCARD_01_02_half_rounded_down_over_the_limit():
    for walls, cards, expected in ((0, 8, 4), (2, 11, 0), (2, 12, 6), (3, 13, 0), (3, 14, 7)):
        state = empty_board(seed=5, stage="roll")
        seat = state["order"][1]
        for i in range(walls):
            put(state, seat, "city", ["-2,-1;-2,0;-1,-1", "-1,-1;-1,0;0,-1", "0,-1;0,0;1,-1"][i], wall=True)
        give(state, seat, brick=cards - cards // 2, wool=cards // 2)
        after = roll(state, 3, 4)
        found = decisions_of(after, "discard")
        assert [d["count"] for d in found] == ([expected] if expected else [])


def test_TEST_53_ASYNC_02_03_CAT_DISCARD_03_discards_are_open_together_and_answered_in_any_order():
    state, (a, b, c, d) = _sevens(attacks=1)
    after = roll(state, 3, 4)
    assert after["turn"]["stage"] == "discard"
    assert to_act(after) == {b, c}
    assert {d_["seat"]: d_["count"] for d_ in decisions_of(after, "discard")} == {b: 4, c: 5}
    with pytest.raises(IllegalMove, match="Waiting"):
        apply(after, a, {"type": "end_turn"})
    ids = {d_["seat"]: d_["id"] for d_ in after["decisions"]}
    answer_b = {"type": "discard", "decision": ids[b], "cards": {"brick": 2, "wool": 2}}
    answer_c = {"type": "discard", "decision": ids[c], "cards": {"grain": 3, "coin": 1, "cloth": 1}}
    first = apply(apply(after, c, answer_c), b, answer_b)
    second = apply(apply(after, b, answer_b), c, answer_c)
    assert {k: v for k, v in first.items() if k != "undo"} == {k: v for k, v in second.items() if k != "undo"}
    assert first["turn"]["stage"] == "robber" and to_act(first) == {a}
    assert hand_size(first["players"][b]["hand"]) == 4 and hand_size(first["players"][c]["hand"]) == 5


def test_CAT_DISCARD_01_a_discard_must_name_exactly_half_from_the_hand():
    state, (a, b, c, d) = _sevens()
    after = roll(state, 3, 4)
    ident = next(x["id"] for x in after["decisions"] if x["seat"] == b)
    with pytest.raises(IllegalMove, match="exactly 4"):
        apply(after, b, {"type": "discard", "decision": ident, "cards": {"brick": 3}})
    with pytest.raises(IllegalMove, match="do not hold"):
        apply(after, b, {"type": "discard", "decision": ident, "cards": {"grain": 4}})
    with pytest.raises(IllegalMove, match="no such decision"):
        apply(after, c, {"type": "discard", "decision": ident, "cards": {"grain": 4}})


def test_spec_4_8_discard_choices_are_listed_by_their_constraints():
    state, (a, b, c, d) = _sevens()
    after = roll(state, 3, 4)
    (move,) = legal_moves(after, b)
    assert move["cards"] == {"choose": {"count": 4, "from": {"brick": 3, "wool": 3, "ore": 2}}}
    concrete = dict(move, cards=sample_card_choice(move["cards"], Rng(1)))
    assert sum(concrete["cards"].values()) == 4
    apply(after, b, concrete)


def test_ASYNC_04_a_single_card_type_is_discarded_by_the_engine():
    state = empty_board(seed=5, stage="roll")
    seat = state["order"][2]
    give(state, seat, ore=9)
    after = roll(state, 3, 4)
    assert after["decisions"] == [] and after["players"][seat]["hand"]["ore"] == 5
    assert after["turn"]["stage"] == "action"


def test_TEST_54_ASYNC_05_a_timed_out_discard_is_drawn_from_the_generator_and_replays():
    state, (a, b, c, d) = _sevens()
    after = roll(state, 3, 4)
    move = default_move(after, b)
    assert move == {"type": "discard", "decision": move["decision"], "timeout": True}
    once, twice = apply(after, b, move), apply(after, b, move)
    assert once == twice and hand_size(once["players"][b]["hand"]) == 4
    fixed = dict(after, options=dict(after["options"], timeout_card_choice="fixed_order"))
    hand = apply(fixed, b, move)["players"][b]["hand"]
    assert (hand["brick"], hand["wool"], hand["ore"]) == (1, 1, 2)  # largest stacks first: brick, wool, brick, wool


def test_TEST_24_CAT_DISCARD_04_progress_cards_never_count():
    state = empty_board(seed=5, stage="roll")
    seat = state["order"][1]
    give(state, seat, brick=2, lumber=1, wool=1, grain=1, paper=2, coin=1)
    state["players"][seat]["progress"] = [state["decks"]["science"].pop() for _ in range(4)]
    after = roll(state, 3, 4)
    assert [(x["seat"], x["count"]) for x in after["decisions"]] == [(seat, 4)]


def test_TEST_31_CK_ROBBER_01_before_the_first_attack_a_seven_only_discards():
    state, (a, b, c, d) = _sevens(attacks=0)
    after = roll(state, 3, 4)
    for x in list(after["decisions"]):
        after = apply(after, x["seat"], default_move(after, x["seat"]))
    assert after["turn"]["stage"] == "action" and after["robber"] == state["robber"]


def test_CK_ROBBER_02_the_first_attack_and_a_seven_on_the_same_roll_move_the_robber():
    state = empty_board(seed=5, stage="roll")
    state["barbarians"]["position"] = 6
    put(state, state["order"][1], "city", "-1,-1;-1,0;0,-1")  # B = 1 > D = 0: that city is lost
    after = roll(state, 3, 4, "ship")
    assert after["barbarians"] == {"position": 0, "attacks": 1}
    assert after["turn"]["stage"] == "robber"


def test_CAT_ROBBER_01_02_the_robber_moves_and_steals_from_a_player_at_the_hex():
    state = empty_board(seed=5, stage="roll")
    state["barbarians"]["attacks"] = 1
    a, b, c = state["order"][:3]
    target = next(h for h in GEOMETRY.land_names if h != state["robber"])
    corners = GEOMETRY.hex_corners[target]
    put(state, b, "settlement", corners[0])
    put(state, c, "settlement", corners[3])
    give(state, b, wool=2)
    after = roll(state, 3, 4)
    assert after["turn"]["stage"] == "robber"
    moves = [m for m in legal_moves(after, a) if m["hex"] == target]
    assert moves == [{"type": "move_robber", "hex": target, "victim": b}]  # c holds no card
    with pytest.raises(IllegalMove, match="another hex"):
        apply(after, a, {"type": "move_robber", "hex": after["robber"], "victim": None})
    with pytest.raises(IllegalMove, match="whom to rob"):
        apply(after, a, {"type": "move_robber", "hex": target, "victim": c})
    robbed = apply(after, a, moves[0])
    assert robbed["robber"] == target and robbed["players"][a]["hand"]["wool"] == 1
    assert robbed["turn"]["stage"] == "action" and robbed["undo"] is None
    assert robbed["private"] == [{"kind": "steal", "seats": [a, b], "card": "wool"}]


def test_spec_4_4_the_robber_timeout_prefers_the_richest_opponent_hex():
    state = empty_board(seed=5, stage="robber")
    state["barbarians"]["attacks"] = 1
    a, b = state["order"][:2]
    hexes = state["board"]["hexes"]
    best = max((h for h in GEOMETRY.land_names if hexes[h]["number"] and h != state["robber"]),
               key=lambda h: (abs(7 - hexes[h]["number"]) * -1))
    put(state, b, "city", GEOMETRY.hex_corners[best][0])
    give(state, b, ore=1)
    after = apply(state, a, default_move(state, a))
    assert after["robber"] == best and after["players"][a]["hand"]["ore"] == 1


def test_CK_TURN_08_while_discards_are_open_the_active_player_makes_no_move():
    state, (a, b, c, d) = _sevens(attacks=1)
    give(state, a, brick=1, lumber=1)
    after = roll(state, 3, 4)
    assert legal_moves(after, a) == [] and a not in to_act(after)
    for move in ({"type": "build_road", "path": "-2,-1;-2,0"}, {"type": "maritime_trade", "give": "ore", "take": "wool"},
                 {"type": "move_robber", "hex": next(iter(GEOMETRY.land_names)), "victim": None}):
        with pytest.raises(IllegalMove, match="Waiting"):
            apply(after, a, move)


def test_ASYNC_01_a_required_answer_is_a_stored_decision_answered_by_a_move_of_its_seat():
    state, (a, b, c, d) = _sevens(attacks=1)
    after = roll(state, 3, 4)
    decision = next(x for x in after["decisions"] if x["seat"] == b)
    assert decision == {"id": decision["id"], "seat": b, "kind": "discard", "count": 4, "blocks": "turn"}
    move = default_move(after, b)
    assert move["type"] == "discard" and move["decision"] == decision["id"]
    with pytest.raises(IllegalMove):
        apply(after, c, move)  # the decision is b's
    answered = apply(after, b, move)
    assert all(x["seat"] != b for x in answered["decisions"])


def test_CAT_ROBBER_05_the_robber_leaves_knights_harbours_and_the_merchant_alone():
    from engine.catan_ck.scoring import points
    from engine.catan_ck.trade import trade_rate

    state = empty_board(seed=5, stage="robber")
    state["barbarians"]["attacks"] = 1
    a, b = state["order"][:2]
    harbour = next(h for h, k in state["board"]["harbours"].items() if k != "generic")
    spot = GEOMETRY.harbour_intersections[harbour][0]
    target = next(h for h in GEOMETRY.intersection_hexes[spot] if h in GEOMETRY.land_names and h != state["robber"])
    put(state, b, "settlement", spot)
    knight_spot = next(x for x in GEOMETRY.hex_corners[target] if x != spot and x not in GEOMETRY.neighbours[spot])
    put(state, b, "knight", knight_spot, active=True)
    state["merchant"] = {"hex": target, "owner": b}
    kind = state["board"]["harbours"][harbour]
    before = (trade_rate(state, b, kind), points(state, b), dict(state["knights"][knight_spot]))
    after = apply(state, a, {"type": "move_robber", "hex": target, "victim": None})
    assert after["robber"] == target and after["merchant"] == {"hex": target, "owner": b}
    assert (trade_rate(after, b, kind), points(after, b), after["knights"][knight_spot]) == before


def test_CAT_DISCARD_03_the_discarded_cards_are_named_in_the_public_log_line():
    from engine.catan_ck import describe
    from engine.core.text import render

    state, (a, b, c, d) = _sevens(attacks=1)
    after = roll(state, 3, 4)
    decision = next(x for x in after["decisions"] if x["seat"] == b)
    move = {"type": "discard", "decision": decision["id"], "cards": {"brick": 2, "wool": 2}}
    line = render(describe(move, after), names={s: "P%d" % s for s in range(4)})
    assert "2 brick" in line and "2 wool" in line and ("P%d" % b) in line
