"""Build: new building, repairs, appreciation and bonds, last use (QA-BUILD, QA-REPAIR, QA-APPREC,
QA-CRAFT-03/04, QA-DAY; spec 5.3, 5.4, 5.5, 5.7)."""

import pytest

from tests.engine.queens_architect.helpers import (
    Q, after_draft, crew, edit_player, on_space, player, refusal, set_board, set_demand, set_track, uses,
)

T_BUILD_1_CREW = [("GLA-C-1", 3), ("BRI-C-1", 6), ("SMI-B-1", 6), ("TAI-C-1", 2), ("LUM-B-1", 6)]


def town_build(**options):
    state = after_draft(2, **options)
    seat = state["order"][0]
    other = 1 - seat
    state = set_demand(state, "kingsford", "T04", lots=[other, None, None])
    state = crew(state, seat, *T_BUILD_1_CREW)
    state = edit_player(state, seat, carriage="kingsford", track_position=4, coins=3)
    state = set_track(state, [4, 4, 5, 5, 7, 9, 4, 8, 6])
    state = set_board(state, ["STO-B-2", "GLA-A-2", "LUM-C-3", "TAI-B-2", "SMI-A-3", "BRI-B-3"], marker=6)
    return on_space(state, seat, "build"), seat


def test_QA_BUILD_04_05_07_T_BUILD_1_cap_then_town_bonus_then_climb_and_bonds():
    state, seat = town_build()
    climbs = sorted(m["climb"] for m in Q.legal_moves(state, seat) if m["type"] == "build_new")
    assert climbs == [0, 1, 2, 3]  # A = min(24 - 2, 20) + 3 = 23 pays 7 + 9 + 4 = 20
    # QA-BUILD-05: the bonus comes after the cap, so A = 23 > 20; QA-BUILD-07: 23 - 20 = 3 bonds
    after = Q.apply(state, seat, {"type": "build_new", "climb": 3})
    assert player(after, seat)["track_position"] == 7
    assert player(after, seat)["bonds"] == 3
    assert uses(after, seat) == {"GLA-C-1": 2, "BRI-C-1": 5, "SMI-B-1": 5, "TAI-C-1": 1, "LUM-B-1": 5}
    assert after["map"]["locations"]["kingsford"]["lots"] == [1 - seat, seat, None]
    assert player(after, seat)["cubes"] == 7
    assert after["turn"]["stage"] == "lot_hire"  # QA-BUILD-10: lot 2 of a town grants a Hire
    assert {"type": "skip_hire"} in Q.legal_moves(after, seat)
    skipped = Q.apply(after, seat, {"type": "skip_hire"})
    assert Q.legal_moves(skipped, seat)[0] == {"type": "end_turn"}


def test_QA_BUILD_10_without_a_possible_hire_the_lot_reward_lapses():
    state, seat = town_build()
    after = Q.apply(edit_player(state, seat, coins=0), seat, {"type": "build_new", "climb": 0})
    assert after["turn"]["stage"] == "done"


def test_QA_BUILD_04_option_cap_then_minus():
    state, seat = town_build(appreciation_order="cap_then_minus")
    after = Q.apply(state, seat, {"type": "build_new", "climb": 3})  # A = 20 - 2 + 3 = 21
    assert player(after, seat)["bonds"] == 1


def test_QA_APPREC_02_climbing_more_than_affordable_is_refused():
    state, seat = town_build()
    assert refusal(state, seat, {"type": "build_new", "climb": 4}) == \
        "With {appreciation} appreciation you can climb 0 to {most} steps."


def village(total_tiles, lots, **options):
    state = after_draft(2, **options)
    seat = state["order"][0]
    state = set_demand(state, "ashby", "V07", lots=lots)
    state = crew(state, seat, *total_tiles)
    state = edit_player(state, seat, carriage="ashby")
    state = set_track(state, [9, 9, 9, 9, 9, 9, 9, 9, 9])
    return on_space(state, seat, "build"), seat


# SMI-A at 6 uses shows 2, STO-C at 6 uses shows 4, GLA-C at 6 shows 2, LUM-C at 3 uses shows 4, TAI-B 3 uses 4
SIGMA_13 = [("SMI-A-1", 5), ("STO-C-1", 6), ("GLA-C-1", 6), ("LUM-C-1", 3)]  # 3 + 4 + 2 + 4 = 13


def test_QA_BUILD_06_T_BUILD_2_village_lot_2_cap_and_coin():
    state, seat = village(SIGMA_13, [1, None, None])
    after = Q.apply(state, seat, {"type": "build_new", "climb": 1})  # A = min(13 - 1, 10) = 10
    assert player(after, seat)["bonds"] == 1 and player(after, seat)["coins"] == 1
    state, seat = village(SIGMA_13, [1, None, None], appreciation_order="cap_then_minus")
    after = Q.apply(state, seat, {"type": "build_new", "climb": 1})  # 10 - 1 = 9
    assert player(after, seat)["bonds"] == 0


def test_QA_BUILD_04_T_BUILD_3_zero_appreciation_is_still_a_build_with_its_hire():
    state = after_draft(3)
    seat = state["order"][0]
    others = [s for s in state["order"] if s != seat]
    # STO-B at 6 uses shows 1, GLA-B at 5 shows 1, LUM-C at 4 uses shows 1: sum 3; M01 = GLA, STO, LUM
    state = set_demand(state, "st_aldric", "M01", lots=others + [None])
    state = crew(state, seat, ("STO-B-1", 6), ("GLA-B-1", 5), ("LUM-C-1", 4))
    state = edit_player(state, seat, carriage="st_aldric", coins=5)
    state = on_space(state, seat, "build")
    assert [m for m in Q.legal_moves(state, seat) if m["type"] == "build_new"] == [{"type": "build_new", "climb": 0}]
    after = Q.apply(state, seat, {"type": "build_new", "climb": 0})
    assert player(after, seat)["bonds"] == 0
    assert after["map"]["locations"]["st_aldric"]["lots"][2] == seat
    assert after["turn"]["stage"] == "lot_hire"


@pytest.mark.parametrize("case, reason", [
    ("capital", "There is no building lot in the capital; only the palace is built there."),
    ("own", "You already have a building here."),
    ("guild", "You need a craftsman of every guild on this place's demand tile."),
    ("full", "Every lot here is taken."),
    ("cubes", "You have no building cube left."),
])
def test_QA_BUILD_01_T_BUILD_4_illegal_builds_each_with_its_reason(case, reason):
    state, seat = village(SIGMA_13, [None, None, None])
    if case == "capital":
        state = edit_player(state, seat, carriage="capital")
    elif case == "own":
        state = set_demand(state, "ashby", "V07", lots=[seat, None, None])
    elif case == "guild":
        state = set_demand(state, "ashby", "V03")  # GLA, TAI: no tailor
    elif case == "full":
        state = set_demand(state, "ashby", "V07", lots=[1 - seat, 1 - seat, 1 - seat])
    else:
        state = edit_player(state, seat, cubes=0)
    assert refusal(state, seat, {"type": "build_new", "climb": 0}) == reason
    assert not [m for m in Q.legal_moves(state, seat) if m["type"] == "build_new"]


def test_QA_BUILD_02_the_sum_counts_every_craftsman_not_only_the_demanded_guilds():
    state, seat = village([("SMI-A-1", 5), ("STO-C-1", 6)], [None, None, None])  # 3 + 4 = 7
    after = Q.apply(state, seat, {"type": "build_new", "climb": 0})
    more, seat = village([("SMI-A-1", 5), ("STO-C-1", 6), ("TAI-B-1", 3)], [None, None, None])  # + 4
    after_more = Q.apply(more, seat, {"type": "build_new", "climb": 0})
    assert player(after, seat)["bonds"] == 7 and player(after_more, seat)["bonds"] == 10


def apprec_state(position=0, values=(5, 8, 4, 9, 6, 7, 4, 9, 5)):
    state = after_draft(2)
    seat = state["order"][0]
    state = crew(state, seat, ("STO-B-1", 6), ("LUM-B-1", 6), ("TAI-B-1", 6))
    state = edit_player(state, seat, track_position=position)
    return on_space(set_track(state, list(values)), seat, "build"), seat


def test_QA_APPREC_03_QA_REPAIR_04_repair_leftover_becomes_bonds():
    state, seat = apprec_state()
    tiles = ["LUM-B-1", "STO-B-1", "TAI-B-1"]
    listed = sorted(m["climb"] for m in Q.legal_moves(state, seat) if m["type"] == "repair" and m["tiles"] == tiles)
    assert listed == [0, 1]
    assert player(Q.apply(state, seat, {"type": "repair", "tiles": tiles, "climb": 0}), seat)["bonds"] == 9
    assert player(Q.apply(state, seat, {"type": "repair", "tiles": tiles, "climb": 1}), seat)["bonds"] == 4
    assert refusal(state, seat, {"type": "repair", "tiles": tiles, "climb": 2}).startswith("With {appreciation}")


def test_QA_APPREC_02_build_with_17_climbs_three():
    from engine.queens_architect.appreciation import max_climb
    from engine.queens_architect.common import edition

    state, seat = apprec_state()
    ed = edition(state["data_edition"])
    assert max_climb(state, ed, 0, 12) == 1
    assert max_climb(state, ed, 0, 17) == 3
    assert max_climb(state, ed, 8, 17) == 1


def test_QA_APPREC_05_on_position_nine_everything_becomes_bonds():
    state, seat = apprec_state(position=9)
    tiles = ["LUM-B-1", "STO-B-1", "TAI-B-1"]
    listed = [m for m in Q.legal_moves(state, seat) if m["type"] == "repair" and m["tiles"] == tiles]
    assert listed == [{"type": "repair", "tiles": tiles, "climb": 0}]
    assert player(Q.apply(state, seat, listed[0]), seat)["bonds"] == 9


def last_use():
    state = after_draft(2)
    seat = state["order"][0]
    state = set_demand(state, "ashby", "V07", lots=[None, None, None])
    state = crew(state, seat, ("SMI-A-1", 1), ("GLA-B-1", 4), ("STO-C-1", 2))
    state = edit_player(state, seat, carriage="ashby", coins=10)
    return state, seat


def test_QA_CRAFT_04_QA_BUILD_08_a_build_turns_every_craftsman_the_last_use_leaves_the_game():
    state, seat = last_use()
    after = Q.apply(on_space(state, seat, "build"), seat, {"type": "build_new", "climb": 0})
    assert player(after, seat)["bonds"] == 10  # sum 12, capped at 10
    assert uses(after, seat) == {"GLA-B-1": 3, "STO-C-1": 1}
    assert "SMI-A-1" not in after["supply"] and "SMI-A-1" not in after["board"]


def test_QA_CRAFT_05_a_tavern_rest_first_saves_him():
    state, seat = last_use()
    rested = Q.apply(on_space(state, seat, "tavern"), seat, {"type": "tavern", "guilds": ["blacksmith"]})
    assert uses(rested, seat)["SMI-A-1"] == 2
    after = Q.apply(on_space(rested, seat, "build"), seat, {"type": "build_new", "climb": 0})
    assert uses(after, seat)["SMI-A-1"] == 1


def test_QA_DAY_01_to_03_day_labourer_with_a_last_use_worker():
    state, seat = last_use()
    state = on_space(edit_player(state, seat, coins=0), seat, "day")
    assert [m for m in Q.legal_moves(state, seat) if m["type"] == "day"] == [
        {"type": "day", "workers": []}, {"type": "day", "workers": ["SMI-A-1"]}]
    after = Q.apply(state, seat, {"type": "day", "workers": ["SMI-A-1"]})
    assert player(after, seat)["coins"] == 4
    assert uses(after, seat) == {"GLA-B-1": 4, "STO-C-1": 2}


def test_QA_DAY_04_craftsmen_without_a_bag_never_work_as_day_labourers():
    state, seat = last_use()
    state = on_space(state, seat, "day")
    assert refusal(state, seat, {"type": "day", "workers": ["GLA-B-1"]}).startswith("Only your own craftsmen")


def test_QA_DAY_01_no_craftsmen_no_coins():
    state = after_draft(2)
    seat = state["order"][0]
    after = Q.apply(on_space(state, seat, "day"), seat, {"type": "day", "workers": []})
    assert player(after, seat)["coins"] == 0


def test_QA_REPAIR_05_only_the_chosen_craftsmen_turn():
    state, seat = last_use()
    after = Q.apply(on_space(state, seat, "build"), seat, {"type": "repair", "tiles": ["SMI-A-1", "STO-C-1"],
                                                            "climb": 0})
    assert player(after, seat)["bonds"] == 3
    assert uses(after, seat) == {"GLA-B-1": 4, "STO-C-1": 1}


def test_QA_REPAIR_01_guilds_must_differ_unless_the_option_says_otherwise():
    state = after_draft(2)
    seat = state["order"][0]
    state = on_space(crew(state, seat, ("GLA-A-1", 4), ("GLA-B-1", 4), ("STO-A-1", 4), ("LUM-A-1", 4)), seat, "build")
    move = {"type": "repair", "tiles": ["GLA-A-1", "GLA-B-1"], "climb": 0}
    assert refusal(state, seat, move) == "The craftsmen of a repair must belong to different guilds."
    loose = dict(state, options={**state["options"], "repair_distinct_guilds": False})
    assert player(Q.apply(loose, seat, move), seat)["bonds"] == 5
    four = {"type": "repair", "tiles": ["GLA-A-1", "STO-A-1", "LUM-A-1", "GLA-B-1"], "climb": 0}
    assert refusal(loose, seat, four) == "Repairs use 1 to 3 of your craftsmen."


def test_QA_REPAIR_03_repairs_are_allowed_in_the_capital():
    state = after_draft(2)
    seat = state["order"][0]
    state = on_space(crew(state, seat, ("GLA-A-1", 4)), seat, "build")
    assert {"type": "repair", "tiles": ["GLA-A-1"], "climb": 0} in Q.legal_moves(state, seat)


def test_QA_BUILD_10_lot_hire_pays_the_normal_price_and_the_new_craftsman_does_not_turn():
    state, seat = town_build()
    state = edit_player(state, seat, coins=5)
    after = Q.apply(state, seat, {"type": "build_new", "climb": 0})
    tile = after["board"][4]
    hired = Q.apply(after, seat, {"type": "hire", "slot": 5})
    assert player(hired, seat)["coins"] == 3 and uses(hired, seat)[tile] == 2
    assert hired["price_marker"] == state["price_marker"] - 1
    free, seat = town_build(lot_hire_cost="free")
    after = Q.apply(edit_player(free, seat, coins=0), seat, {"type": "build_new", "climb": 0})
    hired = Q.apply(after, seat, {"type": "hire", "slot": 1})
    assert player(hired, seat)["coins"] == 0


def test_QA_BUILD_03_the_cube_goes_on_the_best_free_lot_without_a_choice():
    state, seat = village(SIGMA_13, [None, None, None])
    other = 1 - seat
    for lots, expected, coins in (([other, None, None], [other, seat, None], 1),
                                  ([None, other, None], [seat, other, None], 0),
                                  ([other, other, None], [other, other, seat], 0)):
        here = set_demand(state, "ashby", "V07", lots=lots)
        assert {tuple(sorted(m)) for m in Q.legal_moves(here, seat) if m["type"] == "build_new"} == {("climb", "type")}
        after = Q.apply(here, seat, {"type": "build_new", "climb": 0})
        assert after["map"]["locations"]["ashby"]["lots"] == expected
        assert player(after, seat)["coins"] == coins  # village lot 2 pays 1 coin, lots 1 and 3 none


def test_QA_BUILD_09_a_building_stays_and_its_lot_stays_taken():
    state, seat = village(SIGMA_13, [None, None, None])
    other = 1 - seat
    state = edit_player(state, seat, coins=20)
    state = Q.apply(state, seat, {"type": "build_new", "climb": 0})
    state = Q.apply(state, seat, {"type": "end_turn"})
    state = crew(state, other, ("SMI-A-2", 5), ("STO-C-2", 6))
    state = edit_player(state, other, carriage="ashby")
    state = Q.apply(on_space(state, other, "build"), other, {"type": "build_new", "climb": 0})
    assert state["map"]["locations"]["ashby"]["lots"] == [seat, other, None]
    state = Q.apply(state, other, {"type": "end_turn"})
    for space, move in (("tavern", {"type": "tavern", "guilds": ["blacksmith"]}),
                        ("travel", {"type": "travel", "to": "capital"}),
                        ("build", {"type": "repair", "tiles": ["STO-C-1"], "climb": 0})):
        state = Q.apply(on_space(state, seat, space), seat, move)
        assert state["map"]["locations"]["ashby"]["lots"] == [seat, other, None]
    state = edit_player(state, seat, carriage="ashby")
    assert refusal(on_space(state, seat, "build"), seat, {"type": "build_new", "climb": 0}) == \
        "You already have a building here."
    assert player(state, seat)["cubes"] == 7


def palace_ready(state, seat):
    """Σ = 17 (BRI-C 5, SMI-B 5, LUM-B 4, STO-A 3 at 6 uses), track position 9, in the capital."""
    state = crew(state, seat, ("BRI-C-1", 6), ("SMI-B-1", 6), ("LUM-B-1", 6), ("STO-A-1", 6))
    return edit_player(state, seat, carriage="capital", track_position=9)


def test_QA_BUILD_11_the_capital_has_no_demand_tile_and_no_lots_only_the_palace():
    for players in (2, 4):
        assert Q.new({}, players, 3)["map"]["locations"]["capital"] == {"demand": None, "lots": []}
    state = after_draft(2)
    seat = state["order"][0]
    state = on_space(palace_ready(state, seat), seat, "build")
    kinds = {m["type"] for m in Q.legal_moves(state, seat)}
    assert "build_new" not in kinds and "palace" in kinds
    assert refusal(state, seat, {"type": "build_new", "climb": 0}) == \
        "There is no building lot in the capital; only the palace is built there."
    after = Q.apply(state, seat, {"type": "palace"})
    assert after["map"]["locations"]["capital"] == {"demand": None, "lots": []}


def test_QA_REPAIR_02_repair_values_alone_no_performance_lot_cap_or_bonus():
    state, seat = town_build()  # a town with bonus 3 and lot 2 (-2) free; the crew's performance is 24
    tiles = ["GLA-C-1", "LUM-B-1", "SMI-B-1"]  # performance 5 + 4 + 5; repair values 1 + 3 + 3 (spec 3.8)
    listed = sorted(m["climb"] for m in Q.legal_moves(state, seat) if m["type"] == "repair" and m["tiles"] == tiles)
    assert listed == [0, 1]  # A = 7 pays the 7 of position 5, not the 9 after it
    after = Q.apply(state, seat, {"type": "repair", "tiles": tiles, "climb": 0})
    assert player(after, seat)["bonds"] == 7
    assert after["map"] == state["map"] and player(after, seat)["cubes"] == 8
    strong = Q.apply(state, seat, {"type": "repair", "tiles": ["SMI-B-1"], "climb": 0})
    assert player(strong, seat)["bonds"] == 3


def test_QA_APPREC_01_from_start_0_over_nine_tiles_to_the_palace():
    fresh = Q.new({}, 3, 4)
    assert len(fresh["track"]) == 9 and all(p["track_position"] == 0 for p in fresh["players"])
    state, seat = town_build()  # A = 23
    state = edit_player(set_track(state, [4] * 9), seat, track_position=5)
    climbs = sorted(m["climb"] for m in Q.legal_moves(state, seat) if m["type"] == "build_new")
    assert climbs == [0, 1, 2, 3, 4]  # 23 would pay 5 tiles of 4, but position 9 is the last
    after = Q.apply(state, seat, {"type": "build_new", "climb": 4})
    assert player(after, seat)["track_position"] == 9 and player(after, seat)["bonds"] == 7
    after = Q.apply(after, seat, {"type": "skip_hire"})
    # on position 9 the track condition of the palace holds; the carriage is what is missing now
    assert refusal(on_space(after, seat, "build"), seat, {"type": "palace"}) == \
        "Your carriage must be in the capital to build at the palace."


def test_QA_APPREC_04_appreciation_is_never_stored():
    state, seat = apprec_state()  # the first tile costs 5; each of the crew repairs for 3
    keys = set(player(state, seat))
    first = Q.apply(state, seat, {"type": "repair", "tiles": ["STO-B-1"], "climb": 0})
    assert player(first, seat)["bonds"] == 3 and player(first, seat)["track_position"] == 0
    assert set(player(first, seat)) == keys
    second = on_space(first, seat, "build")
    listed = [m["climb"] for m in Q.legal_moves(second, seat) if m["type"] == "repair" and m["tiles"] == ["LUM-B-1"]]
    assert listed == [0]  # 3 now, 3 before: the earlier 3 became bonds at once and pay nothing
    assert refusal(second, seat, {"type": "repair", "tiles": ["LUM-B-1"], "climb": 1}).startswith("With {appreciation}")


def test_QA_APPREC_06_markers_never_move_down_and_may_share_a_position():
    state, seat = apprec_state(position=3)
    other = 1 - seat
    state = edit_player(state, other, track_position=4)
    tiles = ["LUM-B-1", "STO-B-1", "TAI-B-1"]  # A = 9 pays the 9 of position 4
    assert refusal(state, seat, {"type": "repair", "tiles": tiles, "climb": -1}).startswith("With {appreciation}")
    assert min(m["climb"] for m in Q.legal_moves(state, seat) if m["type"] == "repair") == 0
    stay = Q.apply(state, seat, {"type": "repair", "tiles": tiles, "climb": 0})
    assert player(stay, seat)["track_position"] == 3
    shared = Q.apply(state, seat, {"type": "repair", "tiles": tiles, "climb": 1})
    assert player(shared, seat)["track_position"] == player(shared, other)["track_position"] == 4


def test_QA_CRAFT_01_02_uses_six_to_one_put_corners_c1_to_c6_at_the_hammer():
    state = after_draft(2)
    seat = state["order"][0]
    # GLA-C: c1..c6 = 2, 4, 3, 5, 1, 4 (spec 3.8); uses u shows c(7 - u)
    for count, value in zip((6, 5, 4, 3, 2, 1), (2, 4, 3, 5, 1, 4)):
        assert Q.view(crew(state, seat, ("GLA-C-1", count)), None)["performance"][seat] == value
    # uses is how often he still works: two repairs with 2 uses, then he is gone
    twice = crew(state, seat, ("GLA-C-1", 2), ("STO-B-1", 6))
    for left in (1, 0):
        twice = Q.apply(on_space(twice, seat, "build"), seat, {"type": "repair", "tiles": ["GLA-C-1"], "climb": 0})
        assert uses(twice, seat).get("GLA-C-1", 0) == left
    assert player(twice, seat)["bonds"] == 2


def test_QA_CRAFT_03_craftsmen_turn_one_step_only_when_they_work():
    state = after_draft(2)
    seat = state["order"][0]
    state = crew(state, seat, ("GLA-A-1", 4), ("STO-B-1", 4))  # GLA-A has the money bag
    state = set_demand(edit_player(state, seat, coins=20, bonds=2, carriage="ashby"), "ashby", "V01",
                       lots=[None, None, None])
    works = [("day", {"type": "day", "workers": ["GLA-A-1"]}, {"GLA-A-1": 3, "STO-B-1": 4}),
             ("build", {"type": "repair", "tiles": ["STO-B-1"], "climb": 0}, {"GLA-A-1": 4, "STO-B-1": 3}),
             ("build", {"type": "build_new", "climb": 0}, {"GLA-A-1": 3, "STO-B-1": 3})]
    for space, move, expected in works:
        assert uses(Q.apply(on_space(state, seat, space), seat, move), seat) == expected
    state = set_board(state, ["LUM-C-3", "TAI-B-2", "SMI-A-3", "BRI-B-3", "LUM-A-2", "TAI-A-2"], marker=6)
    idle = [("day", {"type": "day", "workers": []}), ("changer", {"type": "trust"}),
            ("changer", {"type": "redeem", "bonds": 1}), ("travel", {"type": "travel", "to": "highbridge"}),
            ("tavern", {"type": "tavern", "guilds": ["lumberjack"]}), ("build", {"type": "decline"}),
            ("hire", {"type": "hire", "slot": 6})]
    for space, move in idle:
        after = Q.apply(on_space(state, seat, space), seat, move)
        assert {tile: count for tile, count in uses(after, seat).items() if tile != "TAI-A-2"} == \
            {"GLA-A-1": 4, "STO-B-1": 4}
