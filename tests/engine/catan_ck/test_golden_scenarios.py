"""Golden scenarios of spec section 7 not covered elsewhere (TEST-17, 25, 26, 28, 55, 65)."""

from engine.catan_ck import apply, describe, legal_moves, outcome, to_act
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import Context
from engine.catan_ck.scoring import points, road_length, update_longest_road
from engine.core.text import render
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


def test_TEST_28_CK_DICE_03_CK_PROGRESS_03_the_alchemist_red_die_decides_the_draws_active_first():
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
    decision = after["decisions"][0]["id"]
    after = apply(after, c, {"type": "harbor_commodity", "decision": decision, "commodity": "coin"})
    after = apply(after, a, {"type": "end_turn"})
    # a's next turn (the turns between change nothing here): the right is gone with the turn
    later = dict(after, active=a, turn=dict(after["turn"], stage="action"))
    with pytest.raises(IllegalMove, match="Commercial Harbor first"):
        apply(later, a, {"type": "harbor_offer", "offers": {str(b): "wool"}})


# --- Longest Road: TEST-03, TEST-06, TEST-07 (Chain fixture of spec section 7) -------------


B_FIVE = ["-1,-1;0,-1", "0,-2;0,-1", "0,-1;1,-2", "1,-2;1,-1", "1,-1;2,-2"]  # touches v3 (TEST-01)
SOUTH_FIVE = ["-2,1;-1,0", "-1,0;-1,1", "-1,1;0,0", "0,0;0,1", "0,1;1,0"]  # south of row 0, apart from the Chain


def _award(state):
    context = Context(state)
    update_longest_road(context)
    return context.state


def test_TEST_03_CAT_ROAD_LONGEST_05_the_knight_moves_away_and_the_card_comes_back():
    state = empty_board(seed=8)
    a, b = state["order"][:2]
    for path in CHAIN_PATHS:
        put(state, a, "road", path)
    for path in B_FIVE:
        put(state, b, "road", path)
    state = _award(state)
    assert state["longest_road"]["holder"] == a
    # TEST-01: B builds a knight on v3 (a real move): A falls to 4, B (5) takes the card
    give(state, b, wool=1, ore=1, grain=1)
    state["active"] = b
    state = apply(state, b, {"type": "build_knight", "intersection": V[3]})
    assert state["longest_road"] == {"holder": b, "lengths": [road_length(state, s) for s in range(4)]}
    assert state["longest_road"]["lengths"][a] == 4 and state["longest_road"]["lengths"][b] == 5
    a_points, b_points = points(state, a), points(state, b)
    state = apply(state, b, {"type": "activate_knight", "intersection": V[3]})
    state["knights"][V[3]]["ready"] = True  # a later turn: the active knight may act
    moves = [m for m in legal_moves(state, b) if m["type"] == "move_knight" and m["knight"] == V[3]]
    assert moves
    state = apply(state, b, moves[0])
    assert V[3] not in state["knights"]
    # A back to 7 > 5: A takes the card back; 2 points change hands
    assert state["longest_road"]["lengths"][a] == 7 and state["longest_road"]["holder"] == a
    assert points(state, a) == a_points + 2 and points(state, b) == b_points - 2


def test_TEST_06_CAT_ROAD_LONGEST_04_cut_to_a_tie_keeps_cut_below_sets_aside_then_a_new_longest_takes():
    state = empty_board(seed=8)
    a, b, c = state["order"][:3]
    for path in CHAIN_PATHS[:6]:  # v0 .. v6: 6
        put(state, a, "road", path)
    for path in B_FIVE:
        put(state, b, "road", path)
    for path in SOUTH_FIVE:
        put(state, c, "road", path)
    state = _award(state)
    assert state["longest_road"]["lengths"][a:a + 1] == [6] and state["longest_road"]["holder"] == a
    assert road_length(state, b) == road_length(state, c) == 5
    # cut to 5 (an opponent's knight on v1): A still longest with the others, A keeps
    put(state, b, "knight", V[1])
    state = _award(state)
    assert road_length(state, a) == 5 and state["longest_road"]["holder"] == a
    # cut to 4 (a second knight on v2): B and C tie at 5 without the holder: set aside
    c_points = points(state, c)
    a_points = points(state, a)
    put(state, c, "knight", V[2])
    state = _award(state)
    assert road_length(state, a) == 4 and state["longest_road"]["holder"] is None
    assert points(state, a) == a_points - 2 and points(state, c) == c_points  # nobody scores it
    # C builds to 6 (a real move): C takes the card
    give(state, c, brick=1, lumber=1)
    state["active"] = c
    state = apply(state, c, {"type": "build_road", "path": "1,0;1,1"})
    assert road_length(state, c) == 6 and state["longest_road"]["holder"] == c
    assert points(state, c) == c_points + 2


def test_TEST_07_CAT_ROAD_LONGEST_03_cut_below_five_nobody_holds_the_card():
    state = empty_board(seed=8)
    a, b = state["order"][:2]
    for path in CHAIN_PATHS[:5]:  # v0 .. v5: 5
        put(state, a, "road", path)
    for path in SOUTH_FIVE[:4]:
        put(state, b, "road", path)
    state = _award(state)
    assert state["longest_road"]["holder"] == a and road_length(state, b) == 4
    a_points = points(state, a)
    put(state, b, "knight", V[1])
    state = _award(state)
    assert road_length(state, a) == 4 and state["longest_road"]["holder"] is None
    assert points(state, a) == a_points - 2


# --- TEST-20: CK-METRO-06 (reading OQ-12) ------------------------------------------------

def test_TEST_20_CK_METRO_06_level_5_with_every_city_a_metropolis_then_locked():
    state = empty_board(seed=12)
    p, q = state["order"][:2]
    metro_city, q_city = V[0], V[4]
    put(state, p, "city", metro_city, metropolis="trade")
    state["metropolises"]["trade"] = {"owner": p, "intersection": metro_city}
    state["players"][p]["levels"]["trade"] = 4
    give(state, p, cloth=5)
    state["active"] = p
    before = points(state, p)
    assert {"type": "buy_improvement", "track": "trade"} in legal_moves(state, p)
    state = apply(state, p, {"type": "buy_improvement", "track": "trade"})
    assert state["players"][p]["levels"]["trade"] == 5
    assert state["metropolises"]["trade"] == {"owner": p, "intersection": metro_city}
    assert state["buildings"][metro_city]["metropolis"] == "trade" and points(state, p) == before
    # locked: Q reaching level 5 later does not take it (CK-METRO-04)
    put(state, q, "city", q_city)
    state["players"][q]["levels"]["trade"] = 4
    give(state, q, cloth=5)
    state["active"] = q
    state = apply(state, q, {"type": "buy_improvement", "track": "trade"})
    assert state["players"][q]["levels"]["trade"] == 5
    assert state["metropolises"]["trade"]["owner"] == p and state["buildings"][q_city]["metropolis"] is None
