"""Setup (CAT-SETUP, CK-SETUP, CAT-GAME-02, CAT-BOARD-08)."""

import pytest

from engine.core.errors import IllegalMove
from engine.catan_ck import apply, legal_moves, new, default_move, to_act
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.setup import placement_order
from tests.engine.catan_ck.helpers import after_setup


def test_CAT_GAME_02_seat_order_is_drawn_from_the_seed():
    orders = {tuple(new({}, 4, seed)["order"]) for seed in range(20)}
    assert len(orders) > 5 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    assert new({}, 4, 7) == new({}, 4, 7)


def test_CAT_BOARD_08_robber_on_the_desert_merchant_off_barbarians_at_zero():
    state = new({}, 3, 2)
    assert state["robber"] == state["board"]["desert"] and state["merchant"] is None
    assert state["barbarians"] == {"position": 0, "attacks": 0}


def test_TEST_46_CAT_SETUP_01_06_CK_SETUP_01_setup_order_city_in_round_two_and_first_turn():
    state = new({}, 4, 5)
    order = state["order"]
    seen = []
    while state["phase"] == "setup":
        seat = state["active"]
        assert to_act(state) == {seat}
        seen.append(seat)
        state = apply(state, seat, default_move(state, seat))
    assert seen == order + order[::-1] == placement_order(new({}, 4, 5))
    for seat in range(4):
        kinds = sorted(b["kind"] for b in state["buildings"].values() if b["owner"] == seat)
        assert kinds == ["city", "settlement"]
        assert state["players"][seat]["supply"]["settlement"] == 4 and state["players"][seat]["supply"]["city"] == 3
    assert state["phase"] == "play" and state["active"] == order[0] and state["turn"]["stage"] == "roll"
    assert to_act(state) == {order[0]}


def _city_cards(options):
    state = new(options, 3, 11)
    while state["phase"] == "setup":
        seat = state["active"]
        if state["setup"]["step"] == 5:  # the last city: find a forest+hills spot
            hexes = state["board"]["hexes"]
            move = next(m for m in legal_moves(state, seat)
                        if {hexes[h]["terrain"] for h in GEOMETRY.intersection_hexes[m["intersection"]]}
                        >= {"forest", "hills"} and len(GEOMETRY.intersection_hexes[m["intersection"]]) == 2)
            terrains = sorted(hexes[h]["terrain"] for h in GEOMETRY.intersection_hexes[move["intersection"]])
            state = apply(state, seat, move)
            return terrains, state["players"][seat]["hand"]
        state = apply(state, seat, default_move(state, seat))


def test_CK_SETUP_02_the_city_gives_one_resource_per_land_hex_and_no_commodity():
    terrains, hand = _city_cards({})
    assert terrains == ["forest", "hills"]
    assert hand["lumber"] == 1 and hand["brick"] == 1 and hand["paper"] == 0
    terrains, hand = _city_cards({"starting_city_commodities": True})
    assert hand["lumber"] == 1 and hand["brick"] == 1 and hand["paper"] == 1


def test_CAT_SETUP_04_the_first_settlement_gives_nothing():
    state = new({}, 3, 1)
    seat = state["active"]
    state = apply(state, seat, default_move(state, seat))
    assert sum(state["players"][seat]["hand"].values()) == 0


def test_CAT_SETUP_02_distance_rule_and_CAT_SETUP_03_07_road_touches_the_building_in_the_same_move():
    state = new({}, 3, 1)
    first = state["active"]
    move = default_move(state, first)
    state = apply(state, first, move)
    placed = next(iter(state["buildings"]))
    second = state["active"]
    neighbour = GEOMETRY.neighbours[placed][0]
    with pytest.raises(IllegalMove, match="Too close"):
        apply(state, second, {"type": "setup_place", "intersection": neighbour,
                              "path": GEOMETRY.intersection_paths[neighbour][0]})
    far = next(x for x in GEOMETRY.intersections if x != placed and x not in GEOMETRY.neighbours[placed]
               and all(n not in GEOMETRY.neighbours[placed] for n in GEOMETRY.neighbours[x]))
    wrong_path = next(p for p in GEOMETRY.paths if far not in GEOMETRY.path_ends[p])
    with pytest.raises(IllegalMove, match="must touch"):
        apply(state, second, {"type": "setup_place", "intersection": far, "path": wrong_path})
    with pytest.raises(IllegalMove, match="not your turn"):
        apply(state, first, default_move(state, second))


def test_CAT_SETUP_05_three_points_each_after_setup():
    from engine.catan_ck.scoring import points

    state = after_setup(seed=4)
    assert [points(state, seat) for seat in range(4)] == [3, 3, 3, 3]


def test_CAT_GAME_03_turns_pass_in_seat_order():
    from tests.engine.catan_ck.helpers import empty_board, roll

    state = empty_board(seed=3)
    order = state["order"]
    seen = [state["active"]]
    for _ in range(6):
        state = apply(state, state["active"], {"type": "end_turn"})
        assert state["turn"]["stage"] == "roll"
        state = roll(state, 2, 2, "trade")
        seen.append(state["active"])
    start = order.index(seen[0])
    assert seen == [order[(start + step) % 4] for step in range(7)]
