"""Setup and the starting-craftsman draft (QA-SETUP-01..09, QA-DRAFT-01..07, QA-COMP-01)."""

import pytest

from engine.core.errors import IllegalMove
from tests.engine.queens_architect.helpers import ED, Q, apply, new_game, player, refusal


@pytest.mark.parametrize("players, side, locations, lots", [(2, "side_2_3", 12, 3), (3, "side_2_3", 12, 3),
                                                            (4, "side_4", 15, 4)])
def test_QA_SETUP_01_board_side_and_lots_by_player_count(players, side, locations, lots):
    state = new_game(players)
    assert state["map"]["side"] == side
    spots = [spot for location, spot in state["map"]["locations"].items() if location != "capital"]
    assert len(spots) == locations
    assert all(len(spot["lots"]) == lots and spot["lots"] == [None] * lots for spot in spots)


@pytest.mark.parametrize("players", [1, 5])
def test_QA_COMP_01_two_to_four_players(players):
    with pytest.raises(IllegalMove):
        new_game(players)


def test_QA_SETUP_02_nine_track_tiles_face_up_three_unseen():
    state = new_game(2)
    assert len(state["track"]) == 9 and len(state["unused_track"]) == 3
    assert sorted(state["track"] + state["unused_track"]) == sorted(t["id"] for t in ED.data.TRACK_TILES)


def test_QA_SETUP_03_one_demand_tile_of_the_right_type_per_location():
    state = new_game(4)
    for location, spot in state["map"]["locations"].items():
        kind = ED.maps["side_4"]["locations"][location]["type"]
        if kind == "capital":
            assert spot["demand"] is None and spot["lots"] == []
        else:
            assert ED.demand[spot["demand"]]["type"] == kind
    placed = [spot["demand"] for spot in state["map"]["locations"].values() if spot["demand"]]
    assert len(placed) + len(state["unused_demand"]) == 28


def test_QA_SETUP_04_to_07_marker_board_pool_supply():
    state = new_game(3)
    assert state["price_marker"] == 6
    start = state["board"] + state["draft"]["pool"]
    assert sorted(start) == sorted(t["id"] for t in ED.data.TILES if t["id"].endswith("-1"))
    assert len(state["board"]) == 6 and len(state["draft"]["pool"]) == 12
    assert len(state["supply"]) == 36 and not any(tile.endswith("-1") for tile in state["supply"])


def test_QA_SETUP_08_player_start():
    state = new_game(2)
    for p in state["players"]:
        assert (p["architect"], p["carriage"], p["track_position"], p["trust"], p["coins"], p["bonds"],
                p["cubes"], p["craftsmen"]) == (0, "capital", 0, 1, 0, 0, 8, [])
        assert len(p["tavern"]["entrance"]) == 6


def test_QA_SETUP_09_start_player_drawn_from_the_seed():
    starts = {new_game(4, seed)["order"][0] for seed in range(30)}
    assert starts == {0, 1, 2, 3}
    assert new_game(4, 7) == new_game(4, 7)
    state = new_game(4, 7)
    assert state["order"] == [(state["order"][0] + i) % 4 for i in range(4)]


def test_QA_DRAFT_01_order_is_snake_and_pass_is_only_in_the_second_pass():
    state = new_game(4, 3)
    a, b, c, d = state["order"]
    seen = []
    for index in range(8):
        seat = next(iter(Q.to_act(state)))
        seen.append(seat)
        legal = Q.legal_moves(state, seat)
        assert ({"type": "draft_pass"} in legal) == (index >= 4)
        if index < 4:
            assert refusal(state, seat, {"type": "draft_pass"}) == \
                "Everybody takes a start craftsman in the first round of the draft."
        state = Q.apply(state, seat, {"type": "draft_pass"} if index == 7 else
                        {"type": "draft", "tile": state["draft"]["pool"][0], "turns": 0})
    assert seen == [a, b, c, d, d, c, b, a]
    assert state["phase"] == "play" and Q.to_act(state) == {a}
    assert len(player(state, a)["craftsmen"]) == 1  # passed
    assert len(state["supply"]) == 36 + 12 - 7 and state["draft"]["pool"] == []  # QA-DRAFT-06


def test_QA_DRAFT_03_turning_a_start_craftsman_pays_a_coin_per_step():
    state = new_game(2, 1)
    seat = state["order"][0]
    tile = state["draft"]["pool"][0]
    after = Q.apply(state, seat, {"type": "draft", "tile": tile, "turns": 2})
    assert player(after, seat)["coins"] == 2
    assert player(after, seat)["craftsmen"] == [{"tile": tile, "uses": 4, "spot": 0}]
    assert refusal(state, seat, {"type": "draft", "tile": tile, "turns": 6}) == \
        "A start craftsman may be turned 0 to 5 steps."
    assert refusal(state, seat, {"type": "draft", "tile": state["board"][0], "turns": 0}) == \
        "That craftsman is not in the draft pool."


def test_QA_DRAFT_05_the_twin_rule_applies_to_draft_picks():
    state = new_game(2, 1)
    seat = state["order"][0]
    tile = state["draft"]["pool"][0]
    twin = tile[:-1] + "2"
    state["players"][seat]["craftsmen"] = [{"tile": twin, "uses": 3, "spot": 0}]
    assert refusal(state, seat, {"type": "draft", "tile": tile, "turns": 0}) == "You already employ this craftsman."
    assert not [m for m in Q.legal_moves(state, seat) if m.get("tile") == tile]


def test_QA_DRAFT_07_round_one_starts_with_the_start_player():
    state = new_game(3, 2)
    while state["phase"] == "draft":
        seat = next(iter(Q.to_act(state)))
        state = Q.apply(state, seat, {"type": "draft", "tile": state["draft"]["pool"][0], "turns": 1})
    assert state["round"] == 1 and state["turn"] == {"seat": state["order"][0], "stage": "move"}
    assert all(len(p["craftsmen"]) == 2 and p["coins"] == 2 for p in state["players"])


def test_options_have_the_spec_defaults():
    state = new_game(2)
    assert state["options"] == {"star_order": "changer_first", "appreciation_order": "minus_then_cap",
                                "top_slot_uses": "six", "palace_all_guilds": False, "end_mode": "finish_round",
                                "repair_distinct_guilds": True, "lot_hire_cost": "normal", "max_rounds": 80,
                                "data_edition": "qa-provisional-1"}
    assert state["data_edition"] == "qa-provisional-1"
    with pytest.raises(IllegalMove):
        new_game(2, max_rounds=39)
    with pytest.raises(IllegalMove):
        new_game(2, star_order="sideways")


def test_draft_moves_are_barriers_for_undo():
    state = new_game(2, 1)
    seat = state["order"][0]
    after = apply(state, seat, {"type": "draft", "tile": state["draft"]["pool"][0], "turns": 0})
    assert after["undo"] is None
