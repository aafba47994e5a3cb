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


def test_QA_DRAFT_01_04_06_order_is_snake_pass_only_in_the_second_pass_pool_joins_the_supply():
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
                        {"type": "draft", "tile": state["draft"]["pool"][0], "turns": 1})
        if index == 6:
            pool, supply = list(state["draft"]["pool"]), list(state["supply"])
    assert seen == [a, b, c, d, d, c, b, a]
    assert state["phase"] == "play" and Q.to_act(state) == {a}
    assert len(player(state, a)["craftsmen"]) == 1  # passed
    assert player(state, a)["coins"] == 1 and player(state, b)["coins"] == 2  # QA-DRAFT-04: a pass pays nothing
    assert len(state["supply"]) == 36 + 12 - 7 and state["draft"]["pool"] == []  # QA-DRAFT-06
    assert sorted(state["supply"]) == sorted(supply + pool)


def test_QA_DRAFT_02_03_a_pick_leaves_the_pool_at_six_uses_each_turn_pays_a_coin():
    state = new_game(2, 1)
    seat = state["order"][0]
    tile = state["draft"]["pool"][0]
    after = Q.apply(state, seat, {"type": "draft", "tile": tile, "turns": 2})
    assert player(after, seat)["coins"] == 2
    assert player(after, seat)["craftsmen"] == [{"tile": tile, "uses": 4, "spot": 0}]
    assert tile not in after["draft"]["pool"] and len(after["draft"]["pool"]) == len(state["draft"]["pool"]) - 1
    unturned = Q.apply(state, seat, {"type": "draft", "tile": tile, "turns": 0})  # QA-DRAFT-02: highest position
    assert player(unturned, seat)["craftsmen"] == [{"tile": tile, "uses": 6, "spot": 0}]
    assert player(unturned, seat)["coins"] == 0
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


def test_QA_COMP_07_one_price_marker_prices_the_top_slot_for_everybody():
    from tests.engine.queens_architect.helpers import after_draft, edit_player, on_space, set_board

    state = after_draft(2)
    first, second = state["order"]
    state = set_board(state, ["STO-B-2", "GLA-A-2", "LUM-C-3", "TAI-B-2", "SMI-A-3", "BRI-B-3"], marker=6)
    assert isinstance(state["price_marker"], int) and all("price_marker" not in p for p in state["players"])
    for seat in (first, second):
        state = edit_player(state, seat, coins=10)
    state = apply(on_space(state, first, "hire"), first, {"type": "hire", "slot": 3}, {"type": "end_turn"})
    assert state["price_marker"] == 5 and Q.view(state, second)["price_marker"] == 5
    state = apply(state, second, {"type": "move", "steps": 2}, {"type": "hire", "slot": 1})  # Build -> Hire
    assert player(state, second)["coins"] == 5  # the first player's hire made the top slot cheaper


def test_QA_COMP_08_coins_are_an_unlimited_count_never_negative():
    from tests.engine.queens_architect.helpers import after_draft, edit_player, on_space

    state = after_draft(2)
    seat = state["order"][0]
    state = edit_player(state, seat, coins=200, bonds=4, trust=4)  # more than the box's 30 x 1 + 20 x 3
    after = Q.apply(on_space(state, seat, "changer"), seat, {"type": "redeem", "bonds": 4})
    assert player(after, seat)["coins"] == 208 and type(player(after, seat)["coins"]) is int
    broke = on_space(edit_player(state, seat, coins=0), seat, "tavern")
    assert refusal(broke, seat, {"type": "tavern", "guilds": ["glazier"]}) == \
        "Resting {count} guilds costs {cost} coins; you have {coins}."


def test_QA_COMP_09_bonds_are_an_unlimited_count_worth_two_coins_never_appreciation():
    from tests.engine.queens_architect.helpers import after_draft, crew, edit_player, on_space, set_track

    state = after_draft(2)
    seat = state["order"][0]
    state = set_track(crew(state, seat, ("STO-B-1", 6)), [4] * 9)  # STO-B repairs for 3
    state = edit_player(state, seat, bonds=40, trust=3)  # more than the box's 28 tokens
    build = on_space(state, seat, "build")
    assert [m["climb"] for m in Q.legal_moves(build, seat) if m["type"] == "repair"] == [0]  # 3 < 4, bonds or not
    after = Q.apply(build, seat, {"type": "repair", "tiles": ["STO-B-1"], "climb": 0})
    assert player(after, seat)["bonds"] == 43 and player(after, seat)["track_position"] == 0
    cashed = Q.apply(on_space(after, seat, "changer"), seat, {"type": "redeem", "bonds": 3})
    assert player(cashed, seat)["coins"] == 6 and player(cashed, seat)["bonds"] == 40


def test_QA_COMP_10_each_players_pieces():
    from engine.queens_architect.common import GUILD_IDS, star_spaces

    state = new_game(4)
    assert len(star_spaces(state)) == 6
    for p in state["players"]:
        # figures: architect (star space), appreciation marker (track position), trust marker
        assert (p["architect"], p["track_position"], p["trust"]) == (0, 0, 1)
        assert p["carriage"] == "capital" and p["cubes"] == 8
        assert set(p["tavern"]) == {"entrance", "bar", "dorm"}
        assert sorted(p["tavern"]["entrance"]) == sorted(GUILD_IDS)  # one end-of-work tile per guild
    seat = state["order"][0]
    tile = state["draft"]["pool"][0]
    for spot in range(6):  # six craftsman spots, 0-5
        assert player(Q.apply(state, seat, {"type": "draft", "tile": tile, "turns": 0, "spot": spot}),
                      seat)["craftsmen"][0]["spot"] == spot
    assert refusal(state, seat, {"type": "draft", "tile": tile, "turns": 0, "spot": 6}) == \
        "That spot of your star is taken."
