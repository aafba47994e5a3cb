"""Tavern over three visits (QA-TAVERN-01..08, QA-CRAFT-05; spec 5.2)."""

from tests.engine.queens_architect.helpers import Q, after_draft, crew, edit_player, on_space, player, refusal, uses

CREW = [("GLA-B-1", 2), ("STO-A-1", 6), ("TAI-C-1", 3), ("LUM-B-1", 1)]


def start():
    state = after_draft(2)
    seat = state["order"][0]
    state = edit_player(crew(state, seat, *CREW), seat, coins=10)
    return state, seat


def visit(state, seat, guilds):
    return Q.apply(on_space(state, seat, "tavern"), seat, {"type": "tavern", "guilds": guilds})


def rooms(state, seat):
    tavern = player(state, seat)["tavern"]
    return {room: sorted(tavern[room]) for room in ("entrance", "bar", "dorm")}


def test_QA_TAVERN_01_all_end_of_work_tiles_start_in_the_entrance():
    state, seat = start()
    assert rooms(state, seat) == {"entrance": sorted(["glazier", "stonemason", "lumberjack", "bricklayer",
                                                      "blacksmith", "tailor"]), "bar": [], "dorm": []}


def test_QA_TAVERN_02_to_08_three_visits():
    state, seat = start()
    first = visit(state, seat, ["glazier", "stonemason", "lumberjack"])
    assert player(first, seat)["coins"] == 4
    assert uses(first, seat) == {"GLA-B-1": 3, "STO-A-1": 6, "TAI-C-1": 3, "LUM-B-1": 2}
    assert rooms(first, seat) == {"entrance": ["blacksmith", "bricklayer", "tailor"],
                                  "bar": ["glazier", "lumberjack", "stonemason"], "dorm": []}

    assert refusal(on_space(first, seat, "tavern"), seat, {"type": "tavern", "guilds": ["glazier"]}) == \
        "That end-of-work tile is not in your tavern's entrance."
    second = visit(first, seat, ["tailor"])
    assert player(second, seat)["coins"] == 3
    assert uses(second, seat)["TAI-C-1"] == 4
    assert rooms(second, seat) == {"entrance": ["blacksmith", "bricklayer"], "bar": ["tailor"],
                                   "dorm": ["glazier", "lumberjack", "stonemason"]}

    assert refusal(on_space(second, seat, "tavern"), seat, {"type": "tavern", "guilds": ["tailor"]}) == \
        "That end-of-work tile is not in your tavern's entrance."
    third = visit(second, seat, ["glazier", "lumberjack"])
    assert player(third, seat)["coins"] == 0
    assert uses(third, seat)["GLA-B-1"] == 4 and uses(third, seat)["LUM-B-1"] == 3
    assert rooms(third, seat) == {"entrance": ["blacksmith", "bricklayer", "stonemason"],
                                  "bar": ["glazier", "lumberjack"], "dorm": ["tailor"]}


def test_QA_TAVERN_06_declining_moves_no_tile():
    state, seat = start()
    first = visit(state, seat, ["glazier", "stonemason", "lumberjack"])
    declined = Q.apply(on_space(first, seat, "tavern"), seat, {"type": "decline"})
    assert rooms(declined, seat) == rooms(first, seat)


def test_QA_TAVERN_04_zero_pushes_still_shift_the_rooms_for_free():
    state, seat = start()
    first = visit(state, seat, ["glazier", "stonemason", "lumberjack"])
    second = visit(first, seat, [])
    assert player(second, seat)["coins"] == 4
    assert rooms(second, seat) == {"entrance": ["blacksmith", "bricklayer", "tailor"], "bar": [],
                                   "dorm": ["glazier", "lumberjack", "stonemason"]}


def test_QA_TAVERN_04_prices_and_what_the_player_can_pay():
    state, seat = start()
    state = edit_player(state, seat, coins=6)
    listed = [m for m in Q.legal_moves(on_space(state, seat, "tavern"), seat) if m["type"] == "tavern"]
    assert max(len(m["guilds"]) for m in listed) == 3
    assert refusal(on_space(state, seat, "tavern"), seat,
                   {"type": "tavern", "guilds": ["glazier", "stonemason", "lumberjack", "tailor"]}) == \
        "Resting {count} guilds costs {cost} coins; you have {coins}."


def test_QA_TAVERN_07_a_guild_without_craftsmen_may_be_pushed():
    state, seat = start()
    after = visit(state, seat, ["blacksmith"])
    assert player(after, seat)["coins"] == 9
    assert uses(after, seat) == dict((tile, count) for tile, count in CREW)


def test_QA_CRAFT_05_rest_never_goes_beyond_six_uses():
    state, seat = start()
    after = visit(state, seat, ["stonemason"])
    assert uses(after, seat)["STO-A-1"] == 6
