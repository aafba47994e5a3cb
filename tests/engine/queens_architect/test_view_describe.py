"""Views hide the hidden information (QA-INFO-01..03); log lines for every move type."""

import json

import pytest

import engine.queens_architect as Q
from engine.core.rng import Rng
from engine.core.text import render
import importlib
from engine.queens_architect.bots import greedy_move, random_move


view_module = importlib.import_module("engine.queens_architect.view")  # the package exports view()


def test_QA_INFO_every_state_key_is_classified_for_views():
    known = view_module.PUBLIC | view_module.SECRET | view_module.SHOWN_AS_COUNTS | view_module.FILTERED
    for players in (2, 4):
        state = Q.new({}, players, 11)
        rng = Rng.from_seed(11)
        for _step in range(300):
            assert set(state) <= known, set(state) - known
            if not Q.to_act(state):
                break
            seat = next(iter(Q.to_act(state)))
            state = Q.apply(state, seat, random_move(state, seat, rng))


def hidden_values(state):
    """Tile ids nobody may see: the supply, the unused track and demand tiles."""
    return set(state["supply"]) | set(state["unused_track"]) | set(state["unused_demand"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_QA_INFO_02_no_view_shows_the_supply_or_the_unused_tiles(players):
    state = Q.new({}, players, 5)
    rng = Rng.from_seed(5)
    for _step in range(400):
        secret = hidden_values(state)
        for seat in [None] + list(range(players)):
            shown = json.dumps(Q.view(state, seat))
            for tile in secret:
                assert '"%s"' % tile not in shown
            assert str(state["rng"]) not in shown
        view = Q.view(state, None)
        assert view["supply"] == len(state["supply"]) and "undo" not in view and "rng" not in view
        if not Q.to_act(state):
            break
        seat = next(iter(Q.to_act(state)))
        state = Q.apply(state, seat, greedy_move(state, seat, rng))


def test_QA_INFO_03_a_refilled_tile_appears_only_once_drawn():
    from tests.engine.queens_architect.helpers import after_draft, edit_player, on_space

    state = after_draft(2)
    seat = state["order"][0]
    state = on_space(edit_player(state, seat, coins=10), seat, "hire")
    before = json.dumps(Q.view(state, seat))
    after = Q.apply(state, seat, {"type": "hire", "slot": 6})
    drawn = after["board"][5]
    assert '"%s"' % drawn not in before
    assert Q.view(after, 1 - seat)["board"][5] == drawn


def test_QA_INFO_01_public_information_is_in_every_view():
    state = Q.new({}, 3, 2)
    view = Q.view(state, None)
    assert view["board"] == state["board"] and view["draft"]["pool"] == state["draft"]["pool"]
    assert view["track"] == state["track"] and view["players"] == state["players"]
    assert view["map"] == state["map"] and view["price_marker"] == 6


def test_describe_gives_a_line_for_every_move_of_a_game():
    state = Q.new({}, 3, 8)
    rng = Rng.from_seed(8)
    kinds = set()
    names = {0: "Anna", 1: "Ben", 2: "Cleo"}
    while Q.to_act(state):
        seat = next(iter(Q.to_act(state)))
        move = greedy_move(state, seat, rng) if rng.below(3) else random_move(state, seat, rng)
        line = render(Q.describe(move, state), names=names)
        assert line.startswith(names[seat]) and "{" not in line
        kinds.add(move["type"])
        state = Q.apply(state, seat, move)
    assert {"draft", "move", "end_turn", "build_new", "repair", "palace", "hire", "travel"} <= kinds


def test_describe_states_the_numbers_of_a_build():
    from tests.engine.queens_architect.test_build import town_build

    state, seat = town_build()
    line = render(Q.describe({"type": "build_new", "climb": 3}, state), names={seat: "Anna", 1 - seat: "Ben"})
    assert line == ("Anna builds in Kingsford (town, lot 2): performance 24, minus 2, cap 20, bonus 3: "
                    "appreciation 23; track position 7, 3 bonds, 0 coins.")



def test_determinize_keeps_everything_visible_and_changes_only_future_draws():
    from engine.queens_architect.common import edition

    state = Q.new({}, 2, 9)
    rng = Rng.from_seed(9)
    for _step in range(60):
        seat = next(iter(Q.to_act(state)))
        state = Q.apply(state, seat, greedy_move(state, seat, rng))
    seat = next(iter(Q.to_act(state)))
    other = Q.determinize(state, seat, 123)
    assert Q.view(other, seat) == Q.view(state, seat)
    ed = edition(state["data_edition"])
    known = {tile["id"] for tile in ed.data.TILES if not tile["id"].endswith("-1")}
    shown = set(state["board"]) | {c["tile"] for p in state["players"] for c in p["craftsmen"]}
    assert set(state["supply"]) <= known | set(Q.new({}, 2, 9)["draft"]["pool"])
    assert not set(state["supply"]) & shown
    assert other["rng"] != state["rng"]


def test_QA_CRAFT_09_every_view_shows_every_players_craftsmen_with_their_uses():
    from tests.engine.queens_architect.helpers import after_draft, crew

    state = after_draft(3)
    state = crew(state, 0, ("GLA-A-1", 3), ("TAI-C-2", 6))
    state = crew(state, 1, ("STO-B-2", 1))
    for seat in (None, 0, 1, 2):
        shown = Q.view(state, seat)["players"]
        assert [p["craftsmen"] for p in shown] == [
            [{"tile": "GLA-A-1", "uses": 3, "spot": 0}, {"tile": "TAI-C-2", "uses": 6, "spot": 1}],
            [{"tile": "STO-B-2", "uses": 1, "spot": 0}], []]
