"""Rounds, turns and the action star (QA-TURN-01..05, QA-STAR-01..05), travel, money changer."""

from tests.engine.queens_architect.helpers import (
    Q, after_draft, apply, crew, edit_player, on_space, player, refusal,
)


def test_QA_STAR_02_move_one_to_three_spaces_never_stay():
    state = after_draft(2)
    seat = state["order"][0]
    assert Q.legal_moves(state, seat) == [{"type": "move", "steps": s} for s in (1, 2, 3)]
    for steps in (0, 4, "1"):
        assert refusal(state, seat, {"type": "move", "steps": steps}) == \
            "Move your architect 1, 2 or 3 spaces clockwise."
    assert refusal(state, seat, {"type": "decline"}) == "First move your architect 1 to 3 spaces."


def test_QA_STAR_01_from_build_the_reachable_spaces_follow_the_star_order():
    from engine.queens_architect.star import reachable

    state = after_draft(2)
    seat = state["order"][0]
    assert [space for _s, space in reachable(state, player(state, seat))] == ["day", "hire", "changer"]
    other = after_draft(2, star_order="travel_first")
    assert [space for _s, space in reachable(other, player(other, seat))] == ["day", "hire", "travel"]


def test_QA_STAR_04_the_same_action_never_twice_in_a_row():
    from engine.queens_architect.star import reachable

    state = after_draft(2)
    for start in range(6):
        state["players"][0]["architect"] = start
        assert all(space != ["build", "day", "hire", "changer", "travel", "tavern"][start]
                   for _s, space in reachable(state, state["players"][0]))


def test_QA_TURN_02_03_a_turn_is_move_action_or_decline_end():
    state = after_draft(3)
    a, b, _c = state["order"]
    state = apply(state, a, {"type": "move", "steps": 2})
    assert state["turn"]["stage"] == "action" and {"type": "decline"} in Q.legal_moves(state, a)
    assert refusal(state, a, {"type": "travel", "to": "ashby"}) == \
        "Your architect stands on {space}; that action is not available there."
    state = apply(state, a, {"type": "decline"})
    assert Q.legal_moves(state, a) == [{"type": "end_turn"}, {"type": "undo"}]
    assert refusal(state, b, {"type": "end_turn"}) == "It is not your turn."
    marker = Q.turn_marker(state)
    state = apply(state, a, {"type": "end_turn"})
    assert Q.to_act(state) == {b} and Q.turn_marker(state) != marker
    assert player(state, a)["turns"] == 1


def test_QA_TURN_01_rounds_go_clockwise_from_the_start_player():
    state = after_draft(3)
    order = state["order"]
    for seat in order:
        assert Q.to_act(state) == {seat}
        state = apply(state, seat, {"type": "move", "steps": 1}, {"type": "decline"}, {"type": "end_turn"})
    assert state["round"] == 2 and Q.to_act(state) == {order[0]}


def test_undo_goes_back_within_the_turn_only():
    state = after_draft(2)
    seat = state["order"][0]
    moved = apply(state, seat, {"type": "move", "steps": 2})
    declined = apply(moved, seat, {"type": "decline"})
    back = Q.apply(declined, seat, {"type": "undo"})
    assert back["turn"] == moved["turn"] and back["players"] == moved["players"]
    back = Q.apply(back, seat, {"type": "undo"})
    assert back["turn"] == state["turn"] and back["players"] == state["players"]
    assert {"type": "undo"} not in Q.legal_moves(back, seat)
    ended = apply(declined, seat, {"type": "end_turn"})
    assert refusal(ended, 1 - seat, {"type": "undo"}) == "There is nothing to undo."


def traveller(coins, at="capital", players=2):
    state = after_draft(players)
    seat = state["order"][0]
    return on_space(edit_player(state, seat, coins=coins, carriage=at), seat, "travel"), seat


def test_QA_TRAVEL_01_02_cost_by_shortest_road_distance():
    state, seat = traveller(1)
    after = Q.apply(state, seat, {"type": "travel", "to": "ashby"})  # 2 steps
    assert player(after, seat)["carriage"] == "ashby" and player(after, seat)["coins"] == 0
    state, seat = traveller(6, at="ashby")
    after = Q.apply(state, seat, {"type": "travel", "to": "fernhill"})  # 4 steps through the capital
    assert player(after, seat)["coins"] == 0
    state, seat = traveller(5, at="ashby")
    assert {"type": "travel", "to": "fernhill"} not in Q.legal_moves(state, seat)
    assert refusal(state, seat, {"type": "travel", "to": "fernhill"}) == \
        "This journey of {steps} steps costs {cost} coins; you have {coins}."


def test_QA_TRAVEL_03_05_other_carriages_never_block_staying_is_a_decline():
    state, seat = traveller(0)
    state = edit_player(state, 1 - seat, carriage="highbridge")
    assert {"type": "travel", "to": "highbridge"} in Q.legal_moves(state, seat)
    assert refusal(state, seat, {"type": "travel", "to": "capital"}) == \
        "Your carriage is already there; to stay, decline the action."
    assert refusal(state, seat, {"type": "travel", "to": "atlantis"}) == "There is no such place."


def changer(trust, bonds):
    state = after_draft(2)
    seat = state["order"][0]
    return on_space(edit_player(state, seat, trust=trust, bonds=bonds), seat, "changer"), seat


def test_QA_CHANGER_02_03_gain_trust_or_redeem():
    state, seat = changer(2, 12)
    legal = Q.legal_moves(state, seat)
    assert [m for m in legal if m["type"] == "redeem"] == [{"type": "redeem", "bonds": 1}, {"type": "redeem", "bonds": 2}]
    after = Q.apply(state, seat, {"type": "redeem", "bonds": 2})
    assert player(after, seat)["coins"] == 4 and player(after, seat)["bonds"] == 10
    assert refusal(state, seat, {"type": "redeem", "bonds": 3}) == \
        "With trust {trust} and {bonds} bonds you can redeem 1 to {most} bonds."
    assert player(Q.apply(state, seat, {"type": "trust"}), seat)["trust"] == 3


def test_QA_CHANGER_02_gain_trust_at_four_is_illegal_redeem_needs_bonds():
    state, seat = changer(4, 0)
    assert refusal(state, seat, {"type": "trust"}) == "Your trust is already at the top."
    assert refusal(state, seat, {"type": "redeem", "bonds": 1}) == "You have no bonds to redeem."
    assert Q.legal_moves(state, seat) == [{"type": "decline"}]


def test_QA_CHANGER_04_one_variant_per_action():
    state, seat = changer(2, 3)
    after = Q.apply(state, seat, {"type": "trust"})
    assert refusal(after, seat, {"type": "redeem", "bonds": 1}) == "Your action is done; end your turn."


def test_QA_TURN_05_coins_never_go_negative():
    state, seat = traveller(0)
    assert all(move["to"] in ("highbridge", "st_aldric", "westmarket", "whitecliff")
               for move in Q.legal_moves(state, seat) if move["type"] == "travel")
    state = crew(state, seat, ("GLA-A-1", 3))
    assert player(state, seat)["coins"] == 0


def test_QA_TURN_04_one_action_per_turn_the_lot_hire_is_the_only_extra():
    from tests.engine.queens_architect.test_build import town_build

    state, seat = changer(2, 3)
    done = Q.apply(state, seat, {"type": "redeem", "bonds": 1})
    assert Q.legal_moves(done, seat) == [{"type": "end_turn"}, {"type": "undo"}]
    for move in ({"type": "redeem", "bonds": 1}, {"type": "trust"}, {"type": "decline"},
                 {"type": "move", "steps": 1}, {"type": "day", "workers": []}):
        assert refusal(done, seat, move) == "Your action is done; end your turn."
    built, seat = town_build()
    built = Q.apply(edit_player(built, seat, coins=10), seat, {"type": "build_new", "climb": 0})
    assert {m["type"] for m in Q.legal_moves(built, seat)} == {"hire", "skip_hire", "undo"}
    assert refusal(built, seat, {"type": "repair", "tiles": ["LUM-B-1"], "climb": 0}) == \
        "Hire a craftsman with your building lot's reward, or skip it."
    hired = Q.apply(built, seat, {"type": "hire", "slot": 6})
    assert Q.legal_moves(hired, seat) == [{"type": "end_turn"}]
    assert refusal(hired, seat, {"type": "hire", "slot": 5}) == "Your action is done; end your turn."


def test_QA_STAR_03_spaces_passed_over_have_no_effect():
    state = after_draft(2)
    seat = state["order"][0]
    state = edit_player(crew(state, seat, ("GLA-A-1", 4)), seat, coins=10)  # Day and Hire would pay or cost
    after = Q.apply(state, seat, {"type": "move", "steps": 3})  # Build -> Day -> Hire -> Money changer
    expected = [dict(p) for p in state["players"]]
    expected[seat]["architect"] = 3
    assert after["players"] == expected
    assert {key: value for key, value in after.items() if key not in ("players", "turn", "undo")} == \
        {key: value for key, value in state.items() if key not in ("players", "turn", "undo")}
    assert {m["type"] for m in Q.legal_moves(after, seat)} == {"decline", "trust", "undo"}


def test_QA_STAR_05_build_offers_new_building_repairs_palace_the_changer_trust_or_redeem():
    from tests.engine.queens_architect.test_build import SIGMA_13, palace_ready, village

    state, seat = village(SIGMA_13, [None, None, None])
    assert {m["type"] for m in Q.legal_moves(state, seat)} == {"decline", "build_new", "repair"}
    assert refusal(state, seat, {"type": "trust"}) == \
        "Your architect stands on {space}; that action is not available there."
    assert Q.apply(state, seat, {"type": "build_new", "climb": 0})["turn"]["action"] == "build_new"
    ready = on_space(palace_ready(state, seat), seat, "build")
    assert {m["type"] for m in Q.legal_moves(ready, seat)} == {"decline", "repair", "palace"}
    assert Q.apply(ready, seat, {"type": "palace"})["turn"]["action"] == "palace"
    money, seat = changer(2, 3)
    assert {m["type"] for m in Q.legal_moves(money, seat)} == {"decline", "trust", "redeem"}
    for move in ({"type": "trust"}, {"type": "redeem", "bonds": 1}):
        assert Q.apply(money, seat, move)["turn"]["action"] == move["type"]
    assert refusal(money, seat, {"type": "repair", "tiles": [], "climb": 0}) == \
        "Your architect stands on {space}; that action is not available there."


def without_spots(seat_player):
    return {**seat_player, "craftsmen": [{k: v for k, v in c.items() if k != "spot"} for c in seat_player["craftsmen"]]}


def test_QA_STAR_06_a_new_craftsman_takes_any_free_spot_and_the_spot_changes_nothing():
    from engine.queens_architect.common import clone

    state = Q.new({}, 2, 1)
    seat = state["order"][0]
    pool = state["draft"]["pool"]
    assert player(Q.apply(state, seat, {"type": "draft", "tile": pool[0], "turns": 0, "spot": 4}),
                  seat)["craftsmen"][0]["spot"] == 4
    assert player(Q.apply(state, seat, {"type": "draft", "tile": pool[0], "turns": 0}),
                  seat)["craftsmen"][0]["spot"] == 0  # without a spot: the lowest free one
    for spot in (6, -1, "1"):
        assert refusal(state, seat, {"type": "draft", "tile": pool[0], "turns": 0, "spot": spot}) == \
            "That spot of your star is taken."
    # two stars that differ only in the spots play alike
    from tests.engine.queens_architect.test_build import SIGMA_13, village

    here, seat = village(SIGMA_13, [None, None, None])
    there = clone(here)
    for craftsman, spot in zip(player(there, seat)["craftsmen"], (5, 3, 1, 2)):
        craftsman["spot"] = spot
    assert Q.legal_moves(here, seat) == Q.legal_moves(there, seat)
    built_here = Q.apply(here, seat, {"type": "build_new", "climb": 1})
    built_there = Q.apply(there, seat, {"type": "build_new", "climb": 1})
    assert without_spots(player(built_here, seat)) == without_spots(player(built_there, seat))


def test_QA_TRAVEL_04_a_place_more_than_six_steps_away_is_out_of_reach(monkeypatch):
    from engine.queens_architect.common import edition, map_of

    for side in ("side_2_3", "side_4"):  # none exists on the provisional maps
        distances = edition("qa-provisional-1").maps[side]["distances"]
        assert max(d for row in distances.values() for d in row.values()) <= 6
    state, seat = traveller(100)
    monkeypatch.setitem(map_of(state)["distances"]["capital"], "ashby", 7)
    assert {"type": "travel", "to": "ashby"} not in Q.legal_moves(state, seat)
    assert {"type": "travel", "to": "kingsford"} in Q.legal_moves(state, seat)
    assert refusal(state, seat, {"type": "travel", "to": "ashby"}) == "That place is more than 6 steps away."


def test_QA_CHANGER_01_05_trust_starts_at_one_rises_to_four_and_never_falls():
    state = after_draft(2)
    seat = state["order"][0]
    assert [p["trust"] for p in state["players"]] == [1, 1]
    state = edit_player(state, seat, bonds=10)
    assert [m for m in Q.legal_moves(on_space(state, seat, "changer"), seat) if m["type"] == "redeem"] == \
        [{"type": "redeem", "bonds": 1}]
    for trust in (2, 3, 4):
        state = Q.apply(on_space(state, seat, "changer"), seat, {"type": "trust"})
        assert player(state, seat)["trust"] == trust
    assert {"type": "trust"} not in Q.legal_moves(on_space(state, seat, "changer"), seat)
    state = Q.apply(on_space(state, seat, "changer"), seat, {"type": "redeem", "bonds": 4})
    assert player(state, seat)["trust"] == 4 and player(state, seat)["bonds"] == 6
