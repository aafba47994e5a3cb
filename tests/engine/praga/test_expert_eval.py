"""The expert evaluation's long-term goals (engine/praga/prospects.py): a step that secures a V tile or a
seal right is valued for it, and a goal the game leaves no time for counts nothing."""

from engine.praga.common import BOT
from engine.praga.expert_eval import WEIGHTS, evaluate, move_value
from engine.praga.prospects import prospects
from tests.engine.praga.helpers import edit_player, new_game, set_turn


def solo(seed=3):
    return new_game(1, seed, solo_mode="parler")


def value(state, move):
    """The evaluation's gain for seat 0 by `move` (expert_eval.move_value, as the policy sees it)."""
    gain, _after = move_value(state, 0, move, evaluate(state, 0))
    assert gain is not None, move
    return gain


def test_the_climb_into_the_cathedral_level_iii_is_preferred_for_the_v_tile_waiting_there():
    """Both climbs pay the same row VP and level cost; only the Cathedral's gives a V tile (chosen in a
    later move of the turn, a pending item): it is preferred, and more so than with no tile left there."""
    state = set_turn(solo(), actions=("MINES", "WALL"))
    state = edit_player(state, 0, sw=2, gold=9, stone=9, uni=8, ca={"row": 4, "col": 0, "dead": []},
                        hw={"row": 4, "col": 0, "dead": []})
    assert state["v_cathedral"]
    climb = {"type": "climb", "structure": "ca"}
    cathedral = value(state, climb)
    assert cathedral > value(state, {"type": "climb", "structure": "hw"}) + 1
    assert cathedral > value(dict(state, v_cathedral=[]), climb) + 1


def test_the_step_onto_the_bridge_counts_the_v_tile_it_gives():
    """The V tile is chosen in a later move of the turn (a pending item); the step is valued for it."""
    state = set_turn(solo(), actions=("ROAD", "MINES"))
    state = edit_player(state, 0, road=4, eggs=3, uni=8, walls={})
    assert state["v_bridge"]
    with_tiles = value(state, {"type": "road", "via": "main"})
    no_tiles = dict(state, v_bridge=[])
    assert with_tiles >= value(no_tiles, {"type": "road", "via": "main"}) + 3


def test_a_production_step_that_earns_a_seal_right_counts_the_seal():
    state = set_turn(solo(), actions=("MINES", "WALL"))
    state = edit_player(state, 0, mines=8, cubes=2)
    increase = {"type": "mines", "via": "main", "option": "increase"}
    all_claimed = dict(state, seals={seal: BOT for seal in state["seals"]})
    assert value(state, increase) >= value(all_claimed, increase) + 3


def test_a_goal_the_game_leaves_no_time_for_counts_nothing():
    early = edit_player(solo(), 0, road=3)
    assert prospects(early, 0, WEIGHTS)["road"] > 0
    # the last turn, its main action done: no road step is left, not even the one to space IV
    last = set_turn(dict(early, turn_no=early["turn_no"] + 30), actions=("MINES", "WALL"), main="MINES")
    assert prospects(last, 0, WEIGHTS)["road"] == 0


def test_gold_windows_count_as_a_share_of_an_extra_action_worth_the_players_points_per_turn():
    """Two gold windows buy an extra action (PRG-EXTRA): held, they are worth more than two flat windows,
    the more so the more points each turn has brought this player; in the last turn, nothing."""
    start = solo()
    middle = dict(start, turn_no=start["turn_no"] + 10)

    def gold_windows_gain(state, vp):
        held = edit_player(state, 0, gw=2, sw=0, vp=vp)
        return evaluate(held, 0) - evaluate(edit_player(held, 0, gw=0), 0)

    gain = gold_windows_gain(middle, 30)
    assert gain > 2 * WEIGHTS["windows"] + 1
    assert gold_windows_gain(middle, 60) > gain + 1
    last = set_turn(dict(middle, turn_no=start["turn_no"] + 30), actions=("MINES", "WALL"), main="MINES")
    assert prospects(edit_player(last, 0, gw=2, vp=30), 0, WEIGHTS)["extra"] == 0
