"""Building (CAT-BUILD, CK-WALL, CAT-DISCARD-02) and maritime trade (CAT-TRADE-02..04)."""

import pytest

from engine.core.errors import IllegalMove
from engine.catan_ck import apply, legal_moves
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.building import discard_limit
from engine.catan_ck.scoring import points
from tests.engine.catan_ck.helpers import CHAIN_PATHS, V, empty_board, give, put

ROAD = {"brick": 1, "lumber": 1}
SETTLEMENT = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}


def _state():
    state = empty_board(seed=2)
    return state, state["active"], state["order"][1]


def test_CAT_BUILD_01_a_road_costs_brick_and_lumber_and_a_piece():
    state, a, _b = _state()
    put(state, a, "settlement", V[1])
    with pytest.raises(IllegalMove, match="cannot pay"):
        apply(state, a, {"type": "build_road", "path": CHAIN_PATHS[1]})
    give(state, a, **ROAD)
    after = apply(state, a, {"type": "build_road", "path": CHAIN_PATHS[1]})
    assert after["roads"][CHAIN_PATHS[1]] == a and after["players"][a]["supply"]["road"] == 14
    assert after["bank"]["brick"] == state["bank"]["brick"] + 1
    state["players"][a]["supply"]["road"] = 0
    with pytest.raises(IllegalMove, match="no road left"):
        apply(state, a, {"type": "build_road", "path": CHAIN_PATHS[1]})


def test_TEST_08_CAT_BUILD_02_roads_do_not_pass_opponent_knights_or_buildings():
    state, a, b = _state()
    put(state, a, "settlement", V[0])
    for path in CHAIN_PATHS:
        put(state, a, "road", path)
    put(state, b, "knight", V[7])
    give(state, a, brick=2, lumber=2)
    onward = next(p for p in GEOMETRY.intersection_paths[V[7]] if p != CHAIN_PATHS[6])
    with pytest.raises(IllegalMove, match="blocks"):
        apply(state, a, {"type": "build_road", "path": onward})
    side = "-1,0;0,0"  # the third path at v4
    assert apply(state, a, {"type": "build_road", "path": side})["roads"][side] == a
    state["knights"].clear()
    put(state, b, "settlement", V[7])
    with pytest.raises(IllegalMove, match="blocks"):
        apply(state, a, {"type": "build_road", "path": onward})


def test_CAT_BUILD_03_settlement_needs_own_road_and_distance():
    state, a, b = _state()
    put(state, a, "settlement", V[0])
    for path in CHAIN_PATHS[:3]:
        put(state, a, "road", path)
    give(state, a, brick=3, lumber=3, wool=3, grain=3)
    with pytest.raises(IllegalMove, match="Too close"):
        apply(state, a, {"type": "build_settlement", "intersection": V[1]})
    with pytest.raises(IllegalMove, match="touch one of your roads"):
        apply(state, a, {"type": "build_settlement", "intersection": V[5]})
    after = apply(state, a, {"type": "build_settlement", "intersection": V[2]})
    assert after["buildings"][V[2]]["kind"] == "settlement" and points(after, a) == 2
    assert {"type": "build_settlement", "intersection": V[2]} in legal_moves(state, a)


def test_TEST_09_CK_KNIGHT_12_no_settlement_on_a_knight_but_knights_ignore_distance():
    state, a, b = _state()
    put(state, a, "settlement", V[0])
    for path in CHAIN_PATHS[:4]:
        put(state, a, "road", path)
    put(state, a, "knight", V[2])
    put(state, b, "knight", V[4])
    give(state, a, **SETTLEMENT)
    with pytest.raises(IllegalMove, match="knight"):
        apply(state, a, {"type": "build_settlement", "intersection": V[2]})
    assert apply(state, a, {"type": "build_settlement", "intersection": V[3]})["buildings"][V[3]]["owner"] == a


def test_CAT_BUILD_04_a_city_replaces_a_settlement_and_returns_its_piece():
    state, a, _b = _state()
    put(state, a, "settlement", V[0])
    give(state, a, grain=2, ore=3)
    after = apply(state, a, {"type": "build_city", "intersection": V[0]})
    assert after["buildings"][V[0]]["kind"] == "city"
    assert after["players"][a]["supply"]["settlement"] == 5 and after["players"][a]["supply"]["city"] == 3
    assert points(after, a) == 2
    with pytest.raises(IllegalMove, match="replaces one of your settlements"):
        apply(after, a, {"type": "build_city", "intersection": V[0]})


def test_CK_WALL_01_to_04_walls_under_cities_raise_the_limit():
    state, a, _b = _state()
    cities = [V[0], V[2], V[4], V[6]]
    for x in cities:
        put(state, a, "city", x)
    put(state, a, "settlement", "1,0;2,-1;2,0")
    give(state, a, brick=8)
    assert discard_limit(state, a) == 7
    with pytest.raises(IllegalMove, match="under one of your cities"):
        apply(state, a, {"type": "build_wall", "intersection": "1,0;2,-1;2,0"})
    for count, x in enumerate(cities[:3], start=1):
        state = apply(state, a, {"type": "build_wall", "intersection": x})
        assert discard_limit(state, a) == 7 + 2 * count
    with pytest.raises(IllegalMove, match="already has a wall"):
        apply(state, a, {"type": "build_wall", "intersection": cities[0]})
    with pytest.raises(IllegalMove, match="no city wall left"):
        apply(state, a, {"type": "build_wall", "intersection": cities[3]})
    assert discard_limit(state, a) == 13


def test_CK_WALL_04_option_walls_under_metropolises():
    state, a, _b = _state()
    put(state, a, "city", V[0], wall=True, metropolis="trade")
    assert discard_limit(state, a) == 9
    state["options"]["walls_under_metropolis_count"] = False
    assert discard_limit(state, a) == 7


def _harbour_state():
    state, a, b = _state()
    harbours = state["board"]["harbours"]
    generic = next(h for h, t in harbours.items() if t == "generic")
    wool = next(h for h, t in harbours.items() if t == "wool")
    put(state, a, "settlement", GEOMETRY.harbour_intersections[generic][0])
    put(state, a, "settlement", GEOMETRY.harbour_intersections[wool][1])
    return state, a


def test_TEST_48_CAT_TRADE_02_03_maritime_rates():
    state, a = _harbour_state()
    give(state, a, coin=4, cloth=5, wool=2, ore=4)
    after = apply(state, a, {"type": "maritime_trade", "give": "coin", "take": "ore"})
    assert after["players"][a]["hand"]["coin"] == 1  # 3:1 takes commodities (OQ-34)
    after = apply(state, a, {"type": "maritime_trade", "give": "cloth", "take": "brick"})
    assert after["players"][a]["hand"]["cloth"] == 2 and after["players"][a]["hand"]["brick"] == 1
    after = apply(state, a, {"type": "maritime_trade", "give": "wool", "take": "cloth"})
    assert after["players"][a]["hand"]["wool"] == 0 and after["players"][a]["hand"]["cloth"] == 6
    with pytest.raises(IllegalMove, match="same type"):
        apply(state, a, {"type": "maritime_trade", "give": "ore", "take": "ore"})
    state["players"][a]["hand"]["cloth"] = 2
    with pytest.raises(IllegalMove, match="need 3 cards"):
        apply(state, a, {"type": "maritime_trade", "give": "cloth", "take": "ore"})


def test_CAT_TRADE_02_CK_IMPROVE_04_four_to_one_without_harbour_and_commodity_rate_at_trade_level_3():
    state, a, _b = _state()
    give(state, a, ore=4, paper=2)
    with pytest.raises(IllegalMove, match="need 4 cards"):
        apply(state, a, {"type": "maritime_trade", "give": "paper", "take": "grain"})
    assert apply(state, a, {"type": "maritime_trade", "give": "ore", "take": "grain"})["players"][a]["hand"]["grain"] == 1
    state["players"][a]["levels"]["trade"] = 3
    assert apply(state, a, {"type": "maritime_trade", "give": "paper", "take": "grain"})["players"][a]["hand"]["paper"] == 0


def test_CAT_BANK_03_no_maritime_trade_for_a_type_the_bank_lacks():
    state, a, _b = _state()
    give(state, a, ore=4)
    state["bank"]["grain"] = 0
    with pytest.raises(IllegalMove, match="bank has no card"):
        apply(state, a, {"type": "maritime_trade", "give": "ore", "take": "grain"})
    assert all(m["take"] != "grain" for m in legal_moves(state, a) if m["type"] == "maritime_trade")


def test_CAT_TRADE_01_no_trade_or_build_before_the_roll():
    state = empty_board(seed=2, stage="roll")
    a = state["active"]
    give(state, a, ore=4)
    with pytest.raises(IllegalMove, match="Roll the dice first"):
        apply(state, a, {"type": "maritime_trade", "give": "ore", "take": "grain"})
    assert legal_moves(state, a) == [{"type": "roll"}]


def test_ASYNC_UNDO_02_builds_and_maritime_trades_can_be_undone():
    state, a = _harbour_state()
    give(state, a, ore=3, brick=1, lumber=1)
    start = state
    road = next(m for m in legal_moves(state, a) if m["type"] == "build_road")
    state = apply(state, a, {"type": "maritime_trade", "give": "ore", "take": "grain"})
    state = apply(state, a, road)
    assert {"type": "undo"} in legal_moves(state, a)
    state = apply(apply(state, a, {"type": "undo"}), a, {"type": "undo"})
    assert {k: v for k, v in state.items() if k != "undo"} == {k: v for k, v in start.items() if k != "undo"}


def test_CAT_BOARD_07_a_harbour_serves_the_two_ends_of_its_coastal_path():
    from engine.catan_ck.common import clone
    from engine.catan_ck.trade import trade_rate

    state = empty_board(seed=13)
    a = state["active"]
    harbour, kind = next((h, k) for h, k in state["board"]["harbours"].items() if k != "generic")
    ends = GEOMETRY.harbour_intersections[harbour]
    assert len(ends) == 2
    for end in ends:
        served = clone(state)
        put(served, a, "settlement", end)
        assert trade_rate(served, a, kind) == 2
    beside = next(x for x in GEOMETRY.neighbours[ends[0]] if x not in ends)
    put(state, a, "settlement", beside)
    assert trade_rate(state, a, kind) != 2


def test_CK_TURN_06_CAT_BUILD_06_CAT_TRADE_04_trade_and_build_in_any_order_as_often_as_affordable():
    from engine.catan_ck.trade import trade_rate

    state = empty_board(seed=13)
    a = state["active"]
    put(state, a, "settlement", V[0])
    rate = trade_rate(state, a, "ore")
    give(state, a, brick=3, lumber=1, ore=2 * rate)
    state = apply(state, a, {"type": "build_road", "path": CHAIN_PATHS[0]})
    for path in CHAIN_PATHS[1:3]:  # two maritime trades in one turn, each between builds
        state = apply(state, a, {"type": "maritime_trade", "give": "ore", "take": "lumber"})
        state = apply(state, a, {"type": "build_road", "path": path})
    assert [state["roads"].get(p) for p in CHAIN_PATHS[:3]] == [a, a, a]
    assert sum(state["players"][a]["hand"].values()) == 0
    with pytest.raises(IllegalMove, match="cannot pay|not enough|afford"):  # only the cost stops a fourth
        apply(state, a, {"type": "build_road", "path": CHAIN_PATHS[3]})


def test_CK_COMMODITY_04_commodities_never_pay_for_pieces_walls_or_activation():
    state = empty_board(seed=13)
    a = state["active"]
    put(state, a, "city", V[0])
    put(state, a, "road", CHAIN_PATHS[0])
    put(state, a, "knight", V[2])
    give(state, a, paper=6, cloth=6, coin=6)
    for move in ({"type": "build_road", "path": CHAIN_PATHS[1]}, {"type": "build_wall", "intersection": V[0]},
                 {"type": "build_knight", "intersection": V[1]}, {"type": "activate_knight", "intersection": V[2]},
                 {"type": "build_settlement", "intersection": V[1]}):
        with pytest.raises(IllegalMove):
            apply(state, a, move)
    kinds = {m["type"] for m in legal_moves(state, a)}
    assert not kinds & {"build_road", "build_wall", "build_knight", "activate_knight", "build_settlement", "build_city"}
    assert "buy_improvement" in kinds


def test_CK_COMMODITY_03_commodities_trade_with_the_bank_and_a_special_harbour_takes_only_its_resource():
    from engine.catan_ck.trade import trade_rate

    state = empty_board(seed=13)
    a = state["active"]
    harbour = next(h for h, k in state["board"]["harbours"].items() if k == "wool")
    put(state, a, "settlement", GEOMETRY.harbour_intersections[harbour][0])
    assert trade_rate(state, a, "wool") == 2 and trade_rate(state, a, "cloth") == 4
    give(state, a, coin=4)
    after = apply(state, a, {"type": "maritime_trade", "give": "coin", "take": "brick"})
    assert after["players"][a]["hand"]["coin"] == 0 and after["players"][a]["hand"]["brick"] == 1
