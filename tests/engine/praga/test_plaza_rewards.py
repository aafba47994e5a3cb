"""Taking a plaza reward (PRG-PLAZA-04..08) and counting cubes at a plaza (PRG-PLAZA-03), with the
reasons a player reads when a reward move is wrong. P01 side a: top 3VP · 1SW."""

import pytest

from engine.core.errors import IllegalMove
from engine.praga.common import edition
from engine.praga.plazas import majority
from tests.engine.praga.helpers import add_item, do, new_game, set_turn


def with_reward(both, kind="plaza"):
    s = set_turn(new_game(2, 11))
    s["plazas"]["PL08"] = {"tile": "P01", "side": "a", "scored": True}
    return add_item(s, {"kind": kind, "plaza": "PL08", "both": both})


def reason(state, move):
    with pytest.raises(IllegalMove) as refusal:
        do(state, move)
    return refusal.value.as_text()["msg"]


def me(state):
    return state["players"][state["active"]]


def test_PRG_PLAZA_05_the_winner_takes_both_rewards_booked_as_plaza_points():
    s, item = with_reward(both=True)
    before = me(s)["vp_by_source"].get("plazas", 0)
    after = do(s, {"type": "plaza_reward", "item": item})
    assert me(after)["vp"] == me(s)["vp"] + 3
    assert me(after)["vp_by_source"]["plazas"] == before + 3
    assert not [i for i in after["turn"]["pending"] if i["kind"] == "plaza"]


def test_PRG_PLAZA_05_the_winner_may_not_pick_one_reward():
    s, item = with_reward(both=True)
    assert reason(s, {"type": "plaza_reward", "item": item, "choice": 0}) == "You receive both rewards of this plaza."


def test_PRG_PLAZA_06_a_runner_up_chooses_one_reward_booked_as_plaza_points():
    s, item = with_reward(both=False)
    after = do(s, {"type": "plaza_reward", "item": item, "choice": 0})
    assert me(after)["vp"] == me(s)["vp"] + 3
    assert me(after)["vp_by_source"]["plazas"] == me(s)["vp_by_source"].get("plazas", 0) + 3


@pytest.mark.parametrize("choice", [None, 2, -1])
def test_PRG_PLAZA_06_a_runner_up_must_choose_one_of_the_two(choice):
    s, item = with_reward(both=False)
    assert reason(s, {"type": "plaza_reward", "item": item, "choice": choice}) == (
        "Choose one of the two rewards of the plaza.")


def test_a_reward_that_is_not_pending_or_not_a_plaza_reward_is_refused():
    s, item = with_reward(both=True)
    assert reason(s, {"type": "plaza_reward", "item": item + 1}) == "There is no such plaza reward."
    other, item = with_reward(both=True, kind="choice")
    assert reason(other, {"type": "plaza_reward", "item": item}) == "There is no such plaza reward."


def test_PRG_PLAZA_03_cubes_are_counted_per_owner():
    s = new_game(2, 11)
    a, b = s["order"]
    s["city"]["PL08-NE"] = {"tile": "B1-02", "rot": 0, "owner": a, "cube": True, "spent": 2}
    s["city"]["PL08-E"] = {"tile": "B1-11", "rot": 0, "owner": a, "cube": True, "spent": 4}
    s["city"]["PL08-SW"] = {"tile": "B1-01", "rot": 0, "owner": b, "cube": True, "spent": 4}
    s["city"]["PL08-W"] = {"tile": "B1-05", "rot": 0, "owner": b, "cube": False, "spent": 3}
    assert majority(s, edition(s["edition"]), "PL08") == ({a: 2, b: 1}, [a])


def test_PRG_PLAZA_07_08_scoring_returns_the_cubes_and_a_deferred_reward_is_a_barrier_for_undo():
    from tests.engine.praga.test_plazas_road_tech import _plaza_game

    s, a, b, c = _plaza_game()
    s = do(s, {"type": "building", "slot": 0, "site": "PL08-NW", "rotation": 0, "cube": True})
    assert s["deferred"]  # other seats' rewards wait for their turns
    cubed = [site for site in ("PL08-NE", "PL08-E", "PL08-SW", "PL08-W", "PL08-NW")]
    assert all(s["city"][site]["cube"] is False and s["city"][site]["returned"] is True for site in cubed)
    assert reason(s, {"type": "undo"}) == "There is nothing you can take back."


def test_PRG_PARLER_07_the_pawn_goes_round_to_the_last_plaza_with_a_free_site():
    from engine.praga.city import city
    from engine.praga.common import Ctx
    from engine.praga.plazas import move_pawn_if_full

    s = new_game(1, 91, solo_mode="parler")
    order = s["plaza_order"]
    pawn = s["parler"]["pawn"]
    before = order[(order.index(pawn) - 1) % len(order)]  # the plaza just before the pawn's
    sites = city(edition(s["edition"]))["plaza_sites"]
    for pid in order:
        if pid != before:
            for site in sites[pid]:
                s["city"].setdefault(site, {"tile": "B1-02", "rot": 0, "owner": 0, "cube": False, "spent": 2})
    ctx = Ctx(s)
    move_pawn_if_full(ctx)
    assert ctx.s["parler"]["pawn"] == before
