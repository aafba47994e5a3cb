"""The wheel's refusals (PRG-WHEEL-04..10) give the reason a player reads; taking a tile costs
the gold of its red zone."""

import pytest

from engine.core.errors import IllegalMove
from engine.praga.common import edition
from engine.praga.wheel import take_cost
from tests.engine.praga.helpers import do, edit_player, new_game, set_turn


def reason(state, move):
    with pytest.raises(IllegalMove) as refusal:
        do(state, move)
    error = refusal.value.as_text()
    return error["msg"].format(**error["args"]) if error["args"] else error["msg"]


def before_taking(seed=11, **player):
    """The active seat's turn before any tile is taken."""
    s = set_turn(new_game(2, seed), tile=None, actions=())
    return edit_player(s, s["active"], **player) if player else s


def test_PRG_WHEEL_04_one_action_tile_per_turn():
    s = set_turn(new_game(2, 11))
    other = sorted(s["wheel"]["at"])[0]
    assert reason(s, {"type": "take", "tile": other}) == "You have already taken an action tile this turn."


def test_PRG_WHEEL_04_only_a_tile_on_the_wheel_can_be_taken():
    s = before_taking()
    assert reason(s, {"type": "take", "tile": "AT99"}) == "This action tile is not on the wheel."


def test_PRG_WHEEL_05_a_red_zone_tile_needs_its_gold():
    for seed in range(11, 60):
        s = before_taking(seed)
        costly = [(take_cost(s, edition(s["edition"]), t)[0], t) for t in s["wheel"]["at"]]
        costly = [(gold, t) for gold, t in costly if gold > 0]
        if costly:
            break
    gold, tile = costly[0]
    s = edit_player(s, s["active"], gold=gold - 1)
    assert reason(s, {"type": "take", "tile": tile}) == f"You need {gold} gold to take this action tile."
    s = edit_player(s, s["active"], gold=gold)
    after = do(s, {"type": "take", "tile": tile})
    assert after["players"][s["active"]]["gold"] == 0


def test_PRG_WHEEL_08_the_wheel_bonus_is_used_once():
    s = set_turn(new_game(2, 11), wheel_bonus=None)
    assert reason(s, {"type": "wheel_bonus"}) == "You have no unused wheel bonus."
    s = set_turn(new_game(2, 11), wheel_bonus={"kind": "gain", "reward": ["1G"], "used": True})
    assert reason(s, {"type": "wheel_bonus"}) == "You have no unused wheel bonus."


@pytest.mark.parametrize("pay, message", [("gold", "You need 1 gold to buy the egg."),
                                          ("stone", "You need 1 stone to buy the egg.")])
def test_PRG_WHEEL_09_an_egg_costs_one_gold_or_stone(pay, message):
    s = set_turn(new_game(2, 11), wheel_bonus={"kind": "egg", "pay": pay, "used": False})
    s = edit_player(s, s["active"], gold=0, stone=0)
    assert reason(s, {"type": "wheel_bonus"}) == message
    s = edit_player(s, s["active"], **{pay: 1})
    eggs = s["players"][s["active"]]["eggs"]
    after = do(s, {"type": "wheel_bonus"})
    assert after["players"][s["active"]][pay] == 0 and after["players"][s["active"]]["eggs"] == eggs + 1


def test_PRG_WHEEL_10_the_special_tile_bonus_converts_once():
    s = set_turn(new_game(2, 11), special=None)
    assert reason(s, {"type": "special_vp"}) == "You have no unused special-tile bonus."
    s = set_turn(new_game(2, 11), special={"vp": 2, "state": "open"})
    vp = s["players"][s["active"]]["vp"]
    after = do(s, {"type": "special_vp"})
    assert after["players"][s["active"]]["vp"] == vp + 2
    assert reason(after, {"type": "special_vp"}) == "You have no unused special-tile bonus."


def test_PRG_WHEEL_10_a_converted_special_bonus_is_marked_converted():
    s = set_turn(new_game(2, 11), special={"vp": 2, "state": "open"})
    assert do(s, {"type": "special_vp"})["turn"]["special"] == {"vp": 2, "state": "converted"}


def test_PRG_WHEEL_08_points_from_a_wheel_bonus_are_booked_as_wheel_points():
    s = set_turn(new_game(2, 11), wheel_bonus={"kind": "gain", "reward": ["2VP"], "used": False})
    before = s["players"][s["active"]]["vp_by_source"].get("wheel", 0)
    after = do(s, {"type": "wheel_bonus"})["players"][s["active"]]
    assert after["vp_by_source"]["wheel"] == before + 2


@pytest.mark.parametrize("tech, good", [("T1-2", "gold"), ("T1-3", "stone")])
def test_T1_2_and_T1_3_add_a_good_and_a_point_booked_as_technology_points(tech, good):
    s = set_turn(new_game(2, 11), wheel_bonus={"kind": "gain", "reward": ["1G" if good == "gold" else "1S"],
                                               "used": False})
    s = edit_player(s, s["active"], techs=[{"id": tech, "level": 1, "new": False}])
    player = s["players"][s["active"]]
    after = do(s, {"type": "wheel_bonus"})["players"][s["active"]]
    assert after[good] == player[good] + 2
    assert after["vp_by_source"]["technologies"] == player["vp_by_source"].get("technologies", 0) + 1


def test_T1_1_adds_a_technology_point_to_a_single_point_from_the_tile_choice():
    s = set_turn(new_game(2, 11), special={"vp": 1, "state": "open"})
    s = edit_player(s, s["active"], techs=[{"id": "T1-1", "level": 1, "new": False}])
    player = s["players"][s["active"]]
    after = do(s, {"type": "special_vp"})["players"][s["active"]]
    assert after["vp"] == player["vp"] + 1 + 1
    assert after["vp_by_source"]["technologies"] == player["vp_by_source"].get("technologies", 0) + 1
