"""Palace, game end, ranking and tie-breaks (QA-PALACE-01..05, QA-END-01..07; spec 5.6)."""

import pytest

from tests.engine.queens_architect.helpers import Q, after_draft, apply, crew, edit_player, on_space, refusal

# Crews by total performance; tiles at 6 uses show c1 (spec 3.8).
CREWS = {
    14: ["BRI-C", "SMI-B", "LUM-B"],  # 5 + 5 + 4
    17: ["BRI-C", "SMI-B", "LUM-B", "STO-A"],  # + 3
    19: ["BRI-C", "SMI-B", "LUM-B", "TAI-C", "GLA-A"],  # 5 + 5 + 4 + 4 + 1
}


def ready(state, seat, total, at="capital", position=9):
    copy = 1 + state["order"].index(seat)  # every player gets other copies of the designs
    state = crew(state, seat, *[("%s-%d" % (design, copy), 6) for design in CREWS[total]])
    return edit_player(state, seat, carriage=at, track_position=position)


def play_turn(state, seat, build_palace):
    state = on_space(state, seat, "build")
    state = Q.apply(state, seat, {"type": "palace"} if build_palace else {"type": "decline"})
    return Q.apply(state, seat, {"type": "end_turn"})


def three_players(b_total=19, c_total=None, **options):
    state = after_draft(3, **options)
    a, b, c = state["order"]
    state = ready(state, a, 17)
    state = ready(state, b, b_total)
    if c_total:
        state = ready(state, c, c_total)
    return state, a, b, c


def test_QA_PALACE_03_04_QA_END_01_04_the_higher_palace_appreciation_wins():
    state, a, b, c = three_players()
    state = play_turn(state, a, True)
    assert state["players"][a]["palace"] == 17 and Q.outcome(state) is None
    assert [cr["uses"] for cr in state["players"][a]["craftsmen"]] == [6, 6, 6, 6]  # QA-PALACE-04
    state = play_turn(state, b, True)
    state = play_turn(state, c, False)
    result = Q.outcome(state)
    assert result["winners"] == [b] and result["winner"] == b
    assert result["ranking"][:2] == [b, a]
    assert result["scores"][b] == 19 and not result["ended_by_round_limit"]


def test_QA_END_04_equal_palace_appreciation_shares_the_win():
    state, a, b, c = three_players(b_total=17)
    for seat, builds in ((a, True), (b, True), (c, False)):
        state = play_turn(state, seat, builds)
    result = Q.outcome(state)
    assert result["ranking"][0] == sorted([a, b]) and result["winners"] == sorted([a, b])
    assert result["winner"] is None


def test_QA_END_01_the_last_player_may_still_build_and_share():
    state, a, b, c = three_players(c_total=19)
    for seat in (a, b, c):
        state = play_turn(state, seat, True)
    assert Q.outcome(state)["winners"] == sorted([b, c])


def test_QA_END_02_03_a_lone_palace_builder_last_in_the_round_ends_the_game_and_wins():
    state = after_draft(3)
    first, second, last = state["order"]
    state = ready(state, last, 17)
    for seat in (first, second):
        state = edit_player(state, seat, track_position=9)  # QA-END-03: the track does not beat the palace
        state = apply(state, seat, {"type": "move", "steps": 1}, {"type": "decline"}, {"type": "end_turn"})
    state = play_turn(state, last, True)
    assert Q.outcome(state)["winners"] == [last] and Q.to_act(state) == set()
    assert Q.outcome(state)["winner"] == last and Q.outcome(state)["ranking"] == [last, sorted([first, second])]


def test_QA_END_01_option_one_more_turn_each():
    state = after_draft(3, end_mode="one_more_turn_each")
    first, second, last = state["order"]
    state = ready(state, last, 17)
    for seat in (first, second):
        state = apply(state, seat, {"type": "move", "steps": 1}, {"type": "decline"}, {"type": "end_turn"})
    state = play_turn(state, last, True)
    assert Q.to_act(state) == {first} and state["round"] == 2
    state = apply(state, first, {"type": "move", "steps": 1}, {"type": "decline"}, {"type": "end_turn"})
    assert Q.to_act(state) == {second}
    state = apply(state, second, {"type": "move", "steps": 1}, {"type": "decline"}, {"type": "end_turn"})
    assert Q.outcome(state)["winners"] == [last]


@pytest.mark.parametrize("case, reason", [
    ("track", "You must be on the last space of the appreciation track to build at the palace."),
    ("carriage", "Your carriage must be in the capital to build at the palace."),
    ("strength", "Your craftsmen's total performance must be at least {least} to build at the palace."),
])
def test_QA_PALACE_01_each_missing_condition_has_its_reason(case, reason):
    state = after_draft(2)
    seat = state["order"][0]
    if case == "track":
        state = ready(state, seat, 17, position=8)
    elif case == "carriage":
        state = ready(state, seat, 17, at="highbridge")
    else:
        state = ready(state, seat, 14)
    state = on_space(state, seat, "build")
    assert refusal(state, seat, {"type": "palace"}) == reason
    assert {"type": "palace"} not in Q.legal_moves(state, seat)


def test_QA_PALACE_01_c_only_on_the_build_space():
    state = after_draft(2)
    seat = state["order"][0]
    state = on_space(ready(state, seat, 17), seat, "tavern")
    assert refusal(state, seat, {"type": "palace"}) == \
        "Your architect stands on {space}; that action is not available there."


def test_QA_PALACE_02_option_all_guilds():
    state = after_draft(2, palace_all_guilds=True)
    seat = state["order"][0]
    state = on_space(ready(state, seat, 19), seat, "build")  # no stonemason
    assert refusal(state, seat, {"type": "palace"}) == \
        "You need a craftsman of each of the six guilds to build at the palace."


def test_QA_PALACE_05_at_most_once_and_without_a_cube():
    state, a, b, c = three_players(**{"end_mode": "one_more_turn_each"})
    state = play_turn(state, a, True)
    assert state["players"][a]["cubes"] == 8
    assert state["players"][a]["palace"] == 17


def test_QA_END_07_round_limit_ranks_by_track_position():
    state = after_draft(2, max_rounds=40)
    first, second = state["order"]
    state = edit_player(edit_player(state, first, track_position=3), second, track_position=5)
    state["round"] = 40
    for seat in (first, second):
        state = apply(state, seat, {"type": "move", "steps": 1}, {"type": "decline"}, {"type": "end_turn"})
    result = Q.outcome(state)
    assert result["ended_by_round_limit"] and result["ranking"] == [second, first]
    assert result["winners"] == [] and result["scores"] == [
        state["players"][0]["track_position"], state["players"][1]["track_position"]]


def test_QA_END_06_non_builders_rank_after_builders_equal_values_share():
    from engine.queens_architect.ending import outcome_of

    state = after_draft(4)
    for seat, (palace, position) in enumerate([(None, 6), (16, 9), (None, 6), (None, 8)]):
        state["players"][seat]["palace"] = palace
        state["players"][seat]["track_position"] = position
    assert outcome_of(state)["ranking"] == [1, 3, [0, 2]]


def test_QA_END_05_coins_bonds_buildings_and_trust_do_not_count():
    state, a, b, c = three_players(b_total=14)  # B cannot build at the palace (14 < 15)
    rich = {"coins": 300, "bonds": 90, "trust": 4, "track_position": 8}
    state = edit_player(edit_player(state, b, **rich), c, track_position=9)
    for location in ("ashby", "kingsford", "st_aldric", "westmarket"):
        state["map"]["locations"][location]["lots"][0] = b
    for seat, builds in ((a, True), (b, False), (c, False)):
        state = play_turn(state, seat, builds)
    result = Q.outcome(state)
    assert result["winners"] == [a] and result["ranking"] == [a, c, b]
    assert result["scores"][a] == 17 and result["scores"][b] == 8 and result["scores"][c] == 9
    assert result["breakdown"][b]["buildings"] == 4 and result["breakdown"][b]["coins"] == 300
