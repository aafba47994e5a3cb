"""Final scoring (PRG-SCORE-01..08, PRG-PLAZA-11) where the printed data of provisional-1 does not
reach: unscored plazas whose bottom reward is gold, stone or eggs (every bottom printed so far is
VP), and V tiles scored by each counting rule, with the spellings the data may use."""

from types import SimpleNamespace

import pytest

from engine.praga import scoring
from engine.praga.scoring import final_breakdown, outcome_of, v_tile_vp
from tests.engine.praga.helpers import edit_player, new_game


def with_unscored_plaza(owner_cube=True, scored=False, **player):
    """A 2-player game where the first seat has a cubed building at unscored PL08 paying `bottom`."""
    s = new_game(2, 11)
    a = s["order"][0]
    s["plazas"]["PL08"] = {"tile": "P01", "side": "a", "scored": scored}
    s["city"]["PL08-NE"] = {"tile": "B1-02", "rot": 0, "owner": a, "cube": owner_cube, "spent": 2}
    s = edit_player(s, a, **player)
    return s, a


@pytest.fixture
def plaza_bottom(monkeypatch):
    """Give PL08's tile the bottom reward of the test (a later edition may print any goods)."""
    sides = {}
    real = scoring.plaza_side

    def side(state, ed, pid):
        return {"bottom": sides["PL08"]} if pid == "PL08" and "PL08" in sides else real(state, ed, pid)

    monkeypatch.setattr(scoring, "plaza_side", side)
    return sides


def test_PRG_PLAZA_11_a_gold_bottom_reward_is_gold_for_the_seals_at_the_end(plaza_bottom):
    plaza_bottom["PL08"] = ["2G"]
    s, a = with_unscored_plaza(gold=3, stone=0, seals=["SEAL-GOLD"])
    final = final_breakdown(s, a)["final"]
    assert final["plazas"] == 0 and final["abilities"] == 2 * (3 + 2)
    assert s["players"][a]["gold"] == 3  # counted for the score, the state is not changed


def test_PRG_PLAZA_11_a_stone_bottom_reward_is_stone_for_the_seals_at_the_end(plaza_bottom):
    plaza_bottom["PL08"] = ["3S"]
    s, a = with_unscored_plaza(gold=0, stone=1, seals=["SEAL-STONE"])
    final = final_breakdown(s, a)["final"]
    assert final["plazas"] == 0 and final["abilities"] == 2 * (1 + 3)


def test_PRG_PLAZA_11_goods_from_a_plaza_stop_at_the_limit_of_nine(plaza_bottom):
    plaza_bottom["PL08"] = ["3G", "3S"]
    s, a = with_unscored_plaza(gold=8, stone=7, seals=["SEAL-GOLD", "SEAL-STONE"])
    assert final_breakdown(s, a)["final"]["abilities"] == 2 * 9 + 2 * 9


def test_PRG_PLAZA_11_an_eggs_bottom_reward_counts_on_the_egg_table(plaza_bottom):
    plaza_bottom["PL08"] = ["2E"]
    s, a = with_unscored_plaza(eggs=1)
    final = final_breakdown(s, a)["final"]
    assert final["plazas"] == 0 and final["eggs"] == 6  # 3 eggs on the table [0, 1, 3, 6, 10]


def test_PRG_PLAZA_11_a_mixed_bottom_pays_each_part_and_skips_choices(plaza_bottom):
    plaza_bottom["PL08"] = [{"choice": ["1G", "1S"]}, "2VP", "1G", "1E"]
    s, a = with_unscored_plaza(gold=0, stone=0, eggs=0, seals=["SEAL-GOLD"])
    final = final_breakdown(s, a)["final"]
    assert (final["plazas"], final["abilities"], final["eggs"]) == (2, 2, 1)


def test_PRG_PLAZA_11_only_unscored_plazas_with_the_players_cube_pay(plaza_bottom):
    plaza_bottom["PL08"] = ["2VP", "1E"]
    s, a = with_unscored_plaza(owner_cube=False, eggs=0)
    assert final_breakdown(s, a)["final"]["plazas"] == 0 and final_breakdown(s, a)["final"]["eggs"] == 0
    s, a = with_unscored_plaza(scored=True, eggs=0)
    assert final_breakdown(s, a)["final"]["plazas"] == 0 and final_breakdown(s, a)["final"]["eggs"] == 0


def test_PRG_PLAZA_11_a_scored_plaza_earlier_in_the_order_does_not_stop_the_count(plaza_bottom):
    plaza_bottom["PL08"] = ["2VP"]
    s, a = with_unscored_plaza()
    for pid in s["plaza_order"]:
        if pid != "PL08":
            s["plazas"][pid]["scored"] = True
    assert s["plaza_order"].index("PL08") > 0  # scored plazas come before it
    assert final_breakdown(s, a)["final"]["plazas"] == 2


def test_PRG_PLAZA_11_a_choice_before_the_goods_does_not_stop_the_count(plaza_bottom):
    plaza_bottom["PL08"] = [{"choice": ["1G", "1S"]}, "3VP"]
    s, a = with_unscored_plaza()
    assert final_breakdown(s, a)["final"]["plazas"] == 3


def test_PRG_SCORE_07_the_winner_is_first_in_the_ranking():
    s = new_game(2, 11)
    a, b = s["order"]
    s = edit_player(s, b, vp=40)
    result = outcome_of(s)
    assert result["ranking"][0] == b and result["winner"] == b and not result["solo"]
    assert result["scores"][b] > result["scores"][a]


# V tiles ----------------------------------------------------------------------------------------

PLAYER = {"uni": 3, "upgrades": {"hw": [1, 2], "ca": [3]}, "walls": ["1,2", "3,4"], "quarries": 4, "mines": 2,
          "hw": {"row": 3}, "ca": {"row": 2}}


def fake_edition(final):
    """An edition with one bridge tile V-X scored by `final` (the index is keyed by edition id)."""
    return SimpleNamespace(EDITION_ID=f"test-v-tile-{final}", BRIDGE_TILES=[{"id": "V-X", "final": final}])


@pytest.mark.parametrize("per, count", [
    ("university", 3), ("upgrade", 3), ("upgrades", 3), ("wall", 2), ("walls", 2), ("quarry", 3),
    ("quarries", 3), ("mine", 1), ("mines", 1), ("row", 3), ("rows", 3),
])
def test_a_v_tile_scores_its_vp_per_counted_thing(per, count):
    assert v_tile_vp(fake_edition({"per": per, "vp": 2}), PLAYER, "V-X") == 2 * count
    assert v_tile_vp(fake_edition({"per": per}), PLAYER, "V-X") == count  # 1 VP each unless printed


def test_a_bridge_tile_without_final_scoring_scores_nothing():
    assert v_tile_vp(fake_edition(None), PLAYER, "V-X") == 0


def test_an_unknown_v_tile_rule_is_an_error_naming_it():
    with pytest.raises(ValueError) as error:
        v_tile_vp(fake_edition({"per": "bridges"}), PLAYER, "V-X")
    assert str(error.value) == "unknown V tile scoring 'bridges'"


# Seals (PRG-SCORE-05, OQ-51) --------------------------------------------------------------------

def test_fixed_seals_add_up():
    assert scoring.seal_vp(edition_of(), ["SEAL-6", "SEAL-4"], 0, 0) == 10


def test_pairs_use_up_gold_and_stone_before_a_single_seal_counts_the_rest():
    ed = edition_of()
    # pair 3 VP, stone 2 VP each: 2 pairs (6) beat 1 pair + 1 stone (5) and 2 stones (4)
    assert scoring.seal_vp(ed, ["SEAL-PAIR", "SEAL-STONE"], 2, 2) == 6
    assert scoring.seal_vp(ed, ["SEAL-PAIR", "SEAL-STONE"], 1, 4) == 3 + 2 * 3
    assert scoring.seal_vp(ed, ["SEAL-PAIR", "SEAL-GOLD", "SEAL-4"], 3, 1) == 3 + 2 * 2 + 4


def test_the_breakdown_keeps_the_in_game_points_by_source():
    s = new_game(2, 11)
    a = s["order"][0]
    s = edit_player(s, a, vp=7, vp_by_source={"plazas": 4, "buildings": 3})
    breakdown = final_breakdown(s, a)
    assert breakdown["in_game"] == 7 and breakdown["in_game_by_source"] == {"plazas": 4, "buildings": 3}
    assert breakdown["total"] == 7 + sum(breakdown["final"].values())


def edition_of():
    from engine.praga.common import edition

    return edition(new_game(2, 11)["edition"])
