"""Golden scenarios of spec section 7 not covered elsewhere (TEST-17, 25, 26, 28, 55, 65)."""

from engine.catan_ck import apply, outcome, to_act
from engine.catan_ck.board import GEOMETRY
from engine.core.text import render
from engine.catan_ck import describe
from tests.engine.catan_ck.helpers import CHAIN_PATHS, V, empty_board, give, put, roll


def _spots(state, count):
    chosen = []
    for x in GEOMETRY.intersections:
        if all(y not in GEOMETRY.neighbours[x] for y in chosen):
            chosen.append(x)
    return chosen[:count]


def test_TEST_17_CK_BARB_10_the_pillaged_city_already_produces_as_a_settlement():
    state = empty_board(seed=16, stage="roll")
    a, b = state["order"][:2]
    hexes = state["board"]["hexes"]
    forest = next(h for h in GEOMETRY.land_names if hexes[h]["terrain"] == "forest")
    corner = GEOMETRY.hex_corners[forest][0]
    for h in GEOMETRY.intersection_hexes[corner]:
        hexes[h]["number"] = 2 if h != forest else 8
    hexes[forest]["number"] = 8
    put(state, b, "city", corner)
    state["barbarians"]["position"] = 6
    after = roll(state, 4, 4, "ship")
    assert after["buildings"][corner]["kind"] == "settlement"
    assert after["players"][b]["hand"]["lumber"] == 1 and after["players"][b]["hand"]["paper"] == 0


def _twelve(state, seat, spots):
    for x in spots[:5]:
        put(state, seat, "city", x)  # 4 cities (8) ...
        if state["players"][seat]["supply"]["city"] == 0:
            break
    for x in spots[4:8]:
        put(state, seat, "settlement", x)  # ... and 4 settlements (4) = 12
    return state


def test_TEST_25_CK_WIN_03_points_won_on_another_turn_win_at_the_start_of_ones_own():
    state = empty_board(seed=16, stage="roll")
    p1, p2 = state["order"][:2]
    spots = _spots(state, 11)
    _twelve(state, p2, spots)
    put(state, p2, "knight", spots[8], strength=3, active=True)  # D = 4 = B (4 cities)
    put(state, p2, "knight", spots[10], active=True)
    state["barbarians"]["position"] = 6
    after = roll(state, 2, 3, "ship")
    assert after["turn"]["attack"]["defender"] == p2 and outcome(after) is None  # 13 on p1's turn
    after = apply(after, p1, {"type": "end_turn"})
    result = outcome(after)
    assert result["winner"] == p2 and result["scores"][p2] == 13 and after["turn"]["roll"] is None


def test_TEST_26_CK_WIN_02_the_active_player_wins_during_the_roll_before_production():
    state = empty_board(seed=16, stage="roll")
    p1, p2 = state["order"][:2]
    spots = _spots(state, 11)
    _twelve(state, p1, spots)
    put(state, p1, "knight", spots[8], strength=3, active=True)
    put(state, p1, "knight", spots[10], active=True)
    put(state, p2, "settlement", spots[9])
    state["barbarians"]["position"] = 6
    before = state["players"][p2]["hand"]
    after = roll(state, 2, 3, "ship")
    result = outcome(after)
    assert result["winner"] == p1 and to_act(after) == set() and after["decisions"] == []
    assert after["turn"]["production"] is None and after["players"][p2]["hand"] == before
    assert "wins with 13 points" in render(describe({"type": "roll"}, state))


def test_TEST_28_the_alchemist_red_die_decides_the_draws_active_first():
    state = empty_board(seed=16, stage="roll")
    a, b, c = state["order"][:3]
    state["players"][a]["progress"] = ["alchemist-1"]
    state["decks"]["science"].remove("alchemist-1")
    state["players"][b]["levels"]["science"] = 1
    state["players"][c]["levels"]["science"] = 5
    top = state["decks"]["science"][:2]
    from tests.engine.catan_ck.helpers import with_roll
    state = with_roll(state, 6, 6, "science")  # the first draw (6) is read as the event die: green gate
    after = apply(state, a, {"type": "play_progress", "card": "alchemist-1", "white": 2, "red": 1})
    assert after["turn"]["roll"]["event"] == "science" and after["turn"]["roll"]["red"] == 1
    held = {s: after["players"][s]["progress"] + after["players"][s]["revealed"] for s in (a, b, c)}
    assert held[a] == [] and held[b] == [top[0]] and held[c] == [top[1]]  # science 0 does not draw


def test_TEST_55_ASYNC_04_a_single_retreat_spot_is_taken_by_the_engine():
    state = empty_board(seed=16)
    a, b = state["order"][:2]
    put(state, a, "settlement", V[0])
    for path in CHAIN_PATHS[:4]:
        put(state, a, "road", path)
    put(state, a, "knight", V[1], strength=2, active=True)
    state["knights"][V[1]]["ready"] = True
    put(state, b, "knight", V[4])
    put(state, b, "road", "-1,0;0,0")
    move = {"type": "displace_knight", "knight": V[1], "intersection": V[4]}
    after = apply(state, a, move)
    assert after["decisions"] == [] and after["knights"]["-1,0;-1,1;0,0"]["owner"] == b
    assert "automatic: no other choice" in render(describe(move, state))


def test_TEST_65_CK_PROGRESS_12_the_active_player_waits_for_a_harbor_answer():
    state = empty_board(seed=16)
    a, b, c = state["order"][:3]
    state["players"][a]["progress"] = ["commercial_harbor-1"]
    state["decks"]["trade"].remove("commercial_harbor-1")
    give(state, a, wool=2, brick=1, lumber=1)
    give(state, b, paper=1, cloth=1)
    give(state, c, coin=1, paper=1)
    put(state, a, "settlement", V[0])
    after = apply(state, a, {"type": "play_progress", "card": "commercial_harbor-1"})
    after = apply(after, a, {"type": "harbor_offer", "offers": {str(b): "wool"}})
    assert to_act(after) == {b}
    import pytest
    from engine.core.errors import IllegalMove
    with pytest.raises(IllegalMove, match="Waiting"):
        apply(after, a, {"type": "build_road", "path": CHAIN_PATHS[0]})
    decision = after["decisions"][0]["id"]
    after = apply(after, b, {"type": "harbor_commodity", "decision": decision, "commodity": "cloth"})
    after = apply(after, a, {"type": "build_road", "path": CHAIN_PATHS[0]})
    after = apply(after, a, {"type": "harbor_offer", "offers": {str(c): "wool"}})
    assert after["decisions"][0]["seat"] == c
