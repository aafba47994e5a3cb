"""Barbarian attacks (CK-BARB), tied-defence draws and the progress hand limit
(CK-PROGRESS-02..07, D-02, D-03, D-04), victory (CK-WIN)."""

import pytest

from engine.core.errors import IllegalMove
from engine.catan_ck import apply, legal_moves, outcome, default_move, to_act
from engine.catan_ck.scoring import points
from tests.engine.catan_ck.helpers import V, decisions_of, empty_board, give, put, roll

CITY_SPOTS = [V[0], V[2], V[4], V[6], "1,0;2,-1;2,0", "-2,1;-1,0;-1,1", "-1,1;0,0;0,1", "0,1;1,0;1,1"]


def _attack_state():
    state = empty_board(seed=6, stage="roll")
    state["barbarians"]["position"] = 6
    return state, state["order"]


def test_TEST_10_CK_BARB_01_03_04_07_CK_KNIGHT_14_the_weakest_candidate_loses_and_non_candidates_are_skipped():
    state, (p1, p2, p3, p4) = _attack_state()
    put(state, p1, "city", CITY_SPOTS[0])
    put(state, p1, "city", CITY_SPOTS[1])
    put(state, p1, "knight", "2,-2;2,-1;3,-2", strength=2, active=True)
    put(state, p2, "city", CITY_SPOTS[2], metropolis="trade")
    put(state, p3, "city", CITY_SPOTS[3])
    put(state, p3, "city", CITY_SPOTS[4])
    after = roll(state, 2, 3, "ship")
    attack = after["turn"]["attack"]
    assert (attack["strength"], attack["defence"], attack["catan_wins"]) == (5, 2, False)
    assert attack["losers"] == [p3]
    assert [(d["seat"], d["kind"]) for d in after["decisions"]] == [(p3, "lose_city")]
    assert to_act(after) == {p3}
    lost = apply(after, p3, {"type": "lose_city", "decision": after["decisions"][0]["id"],
                             "intersection": CITY_SPOTS[4]})
    assert lost["buildings"][CITY_SPOTS[4]]["kind"] == "settlement"
    assert lost["barbarians"] == {"position": 0, "attacks": 1}
    assert all(not k["active"] for k in lost["knights"].values())  # CK-BARB-08
    assert lost["turn"]["stage"] == "action" and to_act(lost) == {p1}


def test_TEST_11_CK_BARB_07_tied_weakest_each_lose_a_city():
    state, (p1, p2, p3, p4) = _attack_state()
    put(state, p1, "city", CITY_SPOTS[0])
    put(state, p3, "city", CITY_SPOTS[3])
    after = roll(state, 2, 3, "ship")
    assert after["decisions"] == []  # one city each: no choice (ASYNC-04)
    assert after["turn"]["attack"]["cities_lost"] == {str(p1): CITY_SPOTS[0], str(p3): CITY_SPOTS[3]}


def test_TEST_12_CK_BARB_05_06_11_equality_is_a_win_and_the_single_strongest_is_defender():
    state, (p1, p2, p3, p4) = _attack_state()
    put(state, p1, "city", CITY_SPOTS[0])
    put(state, p2, "city", CITY_SPOTS[2])
    put(state, p2, "knight", "2,-2;2,-1;3,-2", strength=2, active=True)
    after = roll(state, 2, 3, "ship")
    assert after["turn"]["attack"]["catan_wins"] and after["turn"]["attack"]["defender"] == p2
    assert after["players"][p2]["defenders"] == 1 and points(after, p2) == 3


def test_TEST_14_CK_BARB_07_08_only_metropolises_means_nothing_is_lost():
    state, (p1, p2, p3, p4) = _attack_state()
    put(state, p1, "city", CITY_SPOTS[0], metropolis="science")
    put(state, p1, "knight", CITY_SPOTS[5], active=True)
    put(state, p2, "city", CITY_SPOTS[2], metropolis="trade")
    put(state, p3, "city", CITY_SPOTS[3], metropolis="politics")
    after = roll(state, 2, 3, "ship")
    assert not after["turn"]["attack"]["catan_wins"] and after["turn"]["attack"]["losers"] == []
    assert after["barbarians"] == {"position": 0, "attacks": 1}
    assert not after["knights"][CITY_SPOTS[5]]["active"]


def test_TEST_15_CK_WALL_05_06_CK_BARB_02_a_pillaged_city_loses_its_wall_before_the_discards():
    state, (p1, p2, p3, p4) = _attack_state()
    put(state, p3, "city", CITY_SPOTS[3], wall=True)
    give(state, p3, brick=5, wool=4)
    after = roll(state, 3, 4, "ship")
    assert after["buildings"][CITY_SPOTS[3]] == {"owner": p3, "kind": "settlement", "wall": False,
                                                 "metropolis": None, "on_side": False}
    assert after["players"][p3]["supply"]["wall"] == 3
    assert [(d["seat"], d["count"]) for d in decisions_of(after, "discard")] == [(p3, 4)]


def test_TEST_16_CK_BARB_09_without_a_settlement_piece_the_city_is_turned_on_its_side():
    state, (p1, p2, p3, p4) = _attack_state()
    put(state, p3, "city", CITY_SPOTS[3])
    for spot in ("2,-2;2,-1;3,-2", "-2,2;-1,1;-1,2", "0,2;1,1;1,2", "-3,1;-2,0;-2,1", "0,-3;0,-2;1,-3"):
        put(state, p3, "settlement", spot)
    after = roll(state, 2, 3, "ship")
    building = after["buildings"][CITY_SPOTS[3]]
    assert building["kind"] == "settlement" and building["on_side"]
    assert points(after, p3) == 6 and after["players"][p3]["supply"]["city"] == 3
    after = dict(after, active=p3, turn=dict(after["turn"], stage="action"))
    give(after, p3, grain=4, ore=6, brick=2)
    with pytest.raises(IllegalMove, match="turned on its side"):
        apply(after, p3, {"type": "build_city", "intersection": "2,-2;2,-1;3,-2"})
    with pytest.raises(IllegalMove, match="under one of your cities"):
        apply(after, p3, {"type": "build_wall", "intersection": CITY_SPOTS[3]})
    upright = apply(after, p3, {"type": "build_city", "intersection": CITY_SPOTS[3]})
    assert upright["buildings"][CITY_SPOTS[3]]["kind"] == "city" and upright["players"][p3]["supply"]["city"] == 3


def test_TEST_64_CK_BARB_06_no_city_and_no_knight_every_player_ties_and_chooses_a_deck():
    state, order = _attack_state()
    after = roll(state, 2, 3, "ship")
    assert sorted(d["seat"] for d in decisions_of(after, "choose_deck")) == sorted(order)
    assert to_act(after) == set(order) and after["turn"]["stage"] == "attack"
    for seat in reversed(order):  # any order
        ident = next(d["id"] for d in after["decisions"] if d["seat"] == seat)
        after = apply(after, seat, {"type": "choose_deck", "decision": ident, "deck": "science"})
    tops = state["decks"]["science"][:4]
    for seat, card in zip(order, tops):  # drawn in seat order from the active player
        assert card in after["players"][seat]["progress"] + after["players"][seat]["revealed"]
    assert after["barbarians"]["attacks"] == 1 and after["turn"]["stage"] == "action"


def test_CK_PROGRESS_07_CK_CARD_VP_01_a_drawn_victory_point_card_is_revealed_at_once():
    state, order = _attack_state()
    deck = state["decks"]["politics"]
    deck.remove("constitution-1")
    deck.insert(0, "constitution-1")
    after = roll(state, 2, 3, "ship")
    first = next(d["id"] for d in after["decisions"] if d["seat"] == order[0])
    after = apply(after, order[0], {"type": "choose_deck", "decision": first, "deck": "politics"})
    for seat in order[1:]:
        after = apply(after, seat, default_move(after, seat))
    assert after["players"][order[0]]["revealed"] == ["constitution-1"] and points(after, order[0]) == 1


def test_CK_PROGRESS_02_gate_draws_follow_the_red_die_and_the_level():
    state = empty_board(seed=6, stage="roll")
    a, b, c, d = state["order"]
    state["players"][a]["levels"]["science"] = 1
    state["players"][b]["levels"]["science"] = 5
    state["players"][c]["levels"]["science"] = 0
    top = state["decks"]["science"][:2]
    after = roll(state, 2, 2, "science")  # red 2: level 1 draws
    assert [len(after["players"][s]["progress"]) + len(after["players"][s]["revealed"]) for s in (a, b, c)] == [1, 1, 0]
    assert top[0] in after["players"][a]["progress"] + after["players"][a]["revealed"]  # active first
    after = roll(state, 2, 3, "science")  # red 3: level 1 does not draw
    assert len(after["players"][a]["progress"]) + len(after["players"][a]["revealed"]) == 0


def _overflow_state():
    state = empty_board(seed=6, stage="roll")
    a, b, c, d = state["order"]
    deck = state["decks"]["trade"]
    for seat in (a, b):
        state["players"][seat]["levels"]["trade"] = 5
        state["players"][seat]["progress"] = [deck.pop() for _ in range(4)]
    return state, (a, b, c, d)


def test_TEST_44_CK_PROGRESS_05_off_turn_fifth_card_opens_a_decision_that_holds_the_next_roll():
    state, (a, b, c, d) = _overflow_state()
    after = roll(state, 2, 6, "trade")
    assert len(after["players"][a]["progress"]) == 5 and len(after["players"][b]["progress"]) == 5
    (decision,) = after["decisions"]
    assert decision["seat"] == b and decision["blocks"] == "roll"
    assert to_act(after) == {a, b}  # the active player's turn is not held up (OQ-46)
    with pytest.raises(IllegalMove, match="Discard down to 4"):
        apply(after, a, {"type": "end_turn"})
    kept = after["players"][a]["progress"][-1]
    dropped = after["players"][a]["progress"][0]
    after = apply(after, a, {"type": "discard_progress", "card": dropped})
    after = apply(after, a, {"type": "end_turn"})
    assert after["active"] == b and after["players"][a]["progress"][-1] == kept
    assert to_act(after) == {b}
    assert legal_moves(after, b) == [{"type": "discard_progress", "decision": decision["id"], "card": c_}
                                     for c_ in after["players"][b]["progress"]]
    with pytest.raises(IllegalMove, match="First answer"):
        apply(after, b, {"type": "roll"})
    card = after["players"][b]["progress"][1]
    after = apply(after, b, {"type": "discard_progress", "decision": decision["id"], "card": card})
    # CK-PROGRESS-13 (TEST-61): b's card takes the place reserved when the decision opened,
    # above the card a discarded later under the same deck
    assert after["decks"]["trade"][-2:] == [card, dropped] and to_act(after) == {b}


def test_D_04_another_seat_cannot_roll_while_an_overflow_is_open():
    state, (a, b, c, d) = _overflow_state()
    state["players"][b]["levels"]["trade"] = 0
    state["players"][c]["levels"]["trade"] = 5
    state["players"][c]["progress"] = [state["decks"]["trade"].pop() for _ in range(4)]
    after = roll(state, 2, 6, "trade")
    after = apply(after, a, {"type": "discard_progress", "card": after["players"][a]["progress"][0]})
    after = apply(after, a, {"type": "end_turn"})
    assert after["active"] == b and to_act(after) == {c}
    with pytest.raises(IllegalMove, match="Waiting for"):
        apply(after, b, {"type": "roll"})
    after = apply(after, c, default_move(after, c))  # D-04 default: the card just received
    assert len(after["players"][c]["progress"]) == 4 and to_act(after) == {b}


def test_CK_WIN_02_the_active_player_wins_at_once_and_CK_WIN_03_others_only_on_their_turn():
    state = empty_board(seed=6, stage="action")
    a, b = state["order"][:2]
    state["options"]["victory_points"] = 10
    for spot in CITY_SPOTS[:4]:
        put(state, b, "city", spot)
    put(state, b, "settlement", "2,-2;2,-1;3,-2")
    put(state, b, "settlement", "-2,2;-1,1;-1,2")  # b has 10 points during a's turn
    put(state, a, "settlement", "0,2;1,1;1,2")
    give(state, a, ore=4)
    after = apply(state, a, {"type": "maritime_trade", "give": "ore", "take": "grain"})
    assert outcome(after) is None
    after = apply(after, a, {"type": "end_turn"})
    result = outcome(after)
    assert result["winner"] == b and result["ranking"][0] == {"seat": b, "rank": 1, "score": 10}
    assert result["breakdown"][b]["cities"] == 8 and to_act(after) == set() and legal_moves(after, b) == []
    with pytest.raises(IllegalMove, match="over"):
        apply(after, b, {"type": "roll"})


def test_TEST_13_CK_BARB_12_tied_draws_in_order_and_choosing_again_when_a_deck_runs_empty():
    state, (p1, p2, p3, p4) = _attack_state()
    state["decks"]["science"] = state["decks"]["science"][:1]
    last = state["decks"]["science"][0]
    after = roll(state, 2, 3, "ship")
    for seat in (p3, p1, p2, p4):
        ident = next(d["id"] for d in after["decisions"] if d["seat"] == seat)
        deck = "science" if seat in (p1, p3) else "trade"
        after = apply(after, seat, {"type": "choose_deck", "decision": ident, "deck": deck})
    # p1 (active) drew the last science card; p3's deck is empty: p3 chooses again
    assert last in after["players"][p1]["progress"] + after["players"][p1]["revealed"]
    (again,) = after["decisions"]
    assert again["seat"] == p3 and again["decks"] == ["trade", "politics"]
    assert after["turn"]["stage"] == "attack" and to_act(after) == {p3}
    after = apply(after, p3, {"type": "choose_deck", "decision": again["id"], "deck": "politics"})
    assert after["turn"]["stage"] == "action" and after["barbarians"]["attacks"] == 1
    for seat in (p1, p2, p3, p4):
        assert len(after["players"][seat]["progress"]) + len(after["players"][seat]["revealed"]) == 1


def test_CK_VP_01_every_source_of_points_and_they_are_public():
    from engine.catan_ck import view
    from engine.catan_ck.scoring import points_breakdown

    state = empty_board(seed=6)
    a, b = state["order"][:2]
    put(state, a, "settlement", CITY_SPOTS[0])
    put(state, a, "city", CITY_SPOTS[1])
    put(state, a, "city", CITY_SPOTS[2], metropolis="trade")
    state["metropolises"]["trade"] = {"owner": a, "intersection": CITY_SPOTS[2]}
    state["longest_road"]["holder"] = a
    state["players"][a]["defenders"] = 2
    state["merchant"] = {"hex": next(iter(state["board"]["hexes"])), "owner": a}
    state["players"][a]["revealed"] = ["printer-1", "constitution-1"]
    expected = {"settlements": 1, "cities": 4, "metropolises": 2, "longest_road": 2, "defenders": 2,
                "merchant": 1, "progress": 2}
    assert points_breakdown(state, a) == expected and points(state, a) == 14
    shown = view(state, b)["players"][a]
    assert shown["points"] == 14 and shown["points_breakdown"] == expected


def test_CK_WIN_04_ASYNC_09_the_end_drops_open_decisions_and_ranks_equal_points_together():
    state = empty_board(seed=6, stage="action")
    a, b, c, d = state["order"]
    state["options"]["victory_points"] = 10
    for spot in CITY_SPOTS[:5]:
        put(state, b, "city", spot)  # b has 10 points during a's turn
    put(state, a, "settlement", "2,-2;2,-1;3,-2")
    put(state, c, "settlement", "-2,2;-1,1;-1,2")
    state["players"][d]["progress"] = ["smith-1"]
    state["decks"]["science"].remove("smith-1")
    state["decisions"] = [{"id": 99, "seat": d, "kind": "discard_progress", "blocks": "roll", "card": "smith-1",
                           "places": {"trade": 18, "politics": 18, "science": 17}}]
    after = apply(state, a, {"type": "end_turn"})
    result = outcome(after)
    assert result["winner"] == b and after["decisions"] == [] and to_act(after) == set()
    ranks = {row["seat"]: (row["rank"], row["score"]) for row in result["ranking"]}
    assert ranks[b] == (1, 10) and ranks[a] == ranks[c] == (2, 1) and ranks[d] == (4, 0)
    assert set(result["breakdown"][b]) == {"settlements", "cities", "metropolises", "longest_road", "defenders",
                                           "merchant", "progress"}
