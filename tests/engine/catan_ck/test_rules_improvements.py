"""City improvements, metropolises and the Aqueduct (CK-IMPROVE, CK-METRO, D-05)."""

import pytest

from engine.core.errors import IllegalMove
from engine.catan_ck import apply, legal_moves, default_move, to_act
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.scoring import points
from tests.engine.catan_ck.helpers import V, empty_board, give, put, roll

CITY = [V[0], V[2], V[4], V[6], "1,0;2,-1;2,0", "-2,1;-1,0;-1,1"]


def _state():
    state = empty_board(seed=12)
    return state, state["order"]


def test_CK_IMPROVE_01_02_07_levels_cost_their_number_in_the_track_commodity():
    state, (a, b, c, d) = _state()
    put(state, a, "city", CITY[0])
    give(state, a, cloth=6)
    for level, left in ((1, 5), (2, 3), (3, 0)):
        state = apply(state, a, {"type": "buy_improvement", "track": "trade"})
        assert state["players"][a]["levels"]["trade"] == level and state["players"][a]["hand"]["cloth"] == left
    with pytest.raises(IllegalMove, match="You need 4"):
        apply(state, a, {"type": "buy_improvement", "track": "trade"})
    assert {"type": "buy_improvement", "track": "trade"} not in legal_moves(state, a)


def test_TEST_21_CK_IMPROVE_03_05_CK_COMMODITY_05_CK_PROGRESS_04_no_purchase_without_a_city_but_levels_stay():
    state, (a, b, c, d) = _state()
    put(state, a, "settlement", CITY[0])
    state["players"][a]["levels"]["science"] = 2
    give(state, a, paper=3)
    with pytest.raises(IllegalMove, match="need a city"):
        apply(state, a, {"type": "buy_improvement", "track": "science"})
    state["turn"]["stage"] = "roll"
    after = roll(state, 2, 3, "science")  # red 2 <= level 2 + 1: draws without a city
    assert len(after["players"][a]["progress"]) + len(after["players"][a]["revealed"]) == 1


def test_TEST_18_CK_METRO_01_02_03_04_09_CK_IMPROVE_08_metropolis_placed_taken_and_locked():
    state, (p1, p2, p3, p4) = _state()
    for seat, spots in ((p1, CITY[:2]), (p2, CITY[2:4]), (p3, CITY[4:5])):
        for spot in spots:
            put(state, seat, "city", spot)
        state["players"][seat]["levels"]["politics"] = 3
        give(state, seat, coin=9)
    with pytest.raises(IllegalMove, match="Choose one of your cities"):
        apply(state, p1, {"type": "buy_improvement", "track": "politics"})
    state = apply(state, p1, {"type": "buy_improvement", "track": "politics", "metropolis": CITY[1]})
    assert state["metropolises"]["politics"] == {"owner": p1, "intersection": CITY[1]} and points(state, p1) == 6
    state["active"] = p2
    with pytest.raises(IllegalMove, match="brings no metropolis"):
        apply(state, p2, {"type": "buy_improvement", "track": "politics", "metropolis": CITY[2]})
    state = apply(state, p2, {"type": "buy_improvement", "track": "politics"})
    state = apply(state, p2, {"type": "buy_improvement", "track": "politics", "metropolis": CITY[3]})
    assert state["metropolises"]["politics"] == {"owner": p2, "intersection": CITY[3]}
    assert state["buildings"][CITY[1]]["metropolis"] is None and points(state, p1) == 4 and points(state, p2) == 6
    assert state["undo"] is None  # it took points from another player
    state["active"] = p1
    state = apply(state, p1, {"type": "buy_improvement", "track": "politics"})
    assert state["metropolises"]["politics"]["owner"] == p2  # the first at level 5 keeps it


def test_TEST_19_CK_METRO_05_level_4_needs_a_city_without_metropolis():
    state, (a, b, c, d) = _state()
    put(state, a, "city", CITY[0], metropolis="trade")
    state["metropolises"]["trade"] = {"owner": a, "intersection": CITY[0]}
    state["players"][a]["levels"].update(trade=4, science=3)
    give(state, a, paper=4, cloth=5)
    with pytest.raises(IllegalMove, match="Level 4 needs a city without a metropolis"):
        apply(state, a, {"type": "buy_improvement", "track": "science"})
    # TEST-20, CK-METRO-06: the holder may buy level 5 without a free city
    after = apply(state, a, {"type": "buy_improvement", "track": "trade"})
    assert after["players"][a]["levels"]["trade"] == 5 and after["metropolises"]["trade"]["owner"] == a
    put(state, a, "city", CITY[1])
    after = apply(state, a, {"type": "buy_improvement", "track": "science", "metropolis": CITY[1]})
    assert after["buildings"][CITY[1]]["metropolis"] == "science" and points(after, a) == 8


def test_CK_METRO_08_barbarians_skip_metropolis_cities():
    state, (a, b, c, d) = _state()
    put(state, a, "city", CITY[0], metropolis="trade")
    state["metropolises"]["trade"] = {"owner": a, "intersection": CITY[0]}
    put(state, b, "city", CITY[2])
    state["turn"]["stage"] = "roll"
    state["barbarians"]["position"] = 6
    after = roll(state, 2, 3, "ship")
    assert after["turn"]["attack"]["strength"] == 2 and after["turn"]["attack"]["losers"] == [b]


def _aqueduct():
    state, (a, b, c, d) = _state()
    state["turn"]["stage"] = "roll"
    state["players"][b]["levels"]["science"] = 3
    hexes = state["board"]["hexes"]
    own = next(h for h in GEOMETRY.land_names if hexes[h]["number"] == 4)
    corner = GEOMETRY.hex_corners[own][0]
    for other in GEOMETRY.intersection_hexes[corner]:
        if other != own and hexes[other]["number"]:
            hexes[other]["number"] = 2  # b's building produces only on 4
    put(state, b, "settlement", corner)
    return state, (a, b, c, d), own


def test_TEST_43_CK_IMPROVE_06_the_aqueduct_when_nothing_was_received():
    state, (a, b, c, d), own = _aqueduct()
    after = roll(state, 3, 5)  # 8: nothing for b
    (decision,) = after["decisions"]
    assert decision["kind"] == "aqueduct" and decision["seat"] == b and to_act(after) == {b}
    assert after["turn"]["stage"] == "aqueduct"
    took = apply(after, b, {"type": "take_aqueduct", "decision": decision["id"], "resource": "ore"})
    assert took["players"][b]["hand"]["ore"] == 1 and took["turn"]["stage"] == "action" and to_act(took) == {a}
    skipped = apply(after, b, {"type": "take_aqueduct", "decision": decision["id"], "resource": None})
    assert sum(skipped["players"][b]["hand"].values()) == 0
    timed_out = apply(after, b, default_move(after, b))
    assert sum(timed_out["players"][b]["hand"].values()) == 1
    assert roll(state, 3, 4)["decisions"] == []  # a seven: no Aqueduct
    produced = roll(state, 1, 3)  # the 4: b received a card
    assert produced["decisions"] == [] or all(d["seat"] != b for d in produced["decisions"])
    state["robber"] = own
    blocked = roll(state, 1, 3)  # the robber blocks b's hex: nothing received
    assert [d["seat"] for d in blocked["decisions"]] == [b]


def test_CK_METRO_07_one_metropolis_per_city_but_several_per_player():
    state, (a, b, c, d) = _state()
    put(state, a, "city", CITY[0], metropolis="trade")
    state["metropolises"]["trade"] = {"owner": a, "intersection": CITY[0]}
    state["players"][a]["levels"]["trade"] = 4
    state["players"][a]["levels"]["science"] = 3
    give(state, a, paper=4)
    with pytest.raises(IllegalMove, match="city without a metropolis"):  # the only city carries one
        apply(state, a, {"type": "buy_improvement", "track": "science", "metropolis": CITY[0]})
    put(state, a, "city", CITY[1])
    after = apply(state, a, {"type": "buy_improvement", "track": "science", "metropolis": CITY[1]})
    assert after["metropolises"]["science"] == {"owner": a, "intersection": CITY[1]}
    assert after["buildings"][CITY[0]]["metropolis"] == "trade" and after["buildings"][CITY[1]]["metropolis"] == "science"
    assert points(after, a) == 8
