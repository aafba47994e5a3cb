"""Rule statements of spec 4.15 (PRG-PLAZA) not covered elsewhere. Edition provisional-1 (city map of
spec 6.7, plaza tiles of 6.8: P01 a = top 3VP · 1SW, bottom 2VP; P03 a = top 2G · 2S, bottom 2VP)."""

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.praga.city import city, legal_sites
from engine.praga.scoring import final_breakdown
from tests.engine.praga.helpers import ED, do, edit_player, new_game, pending, put_tile_in_row, set_turn


def me(s):
    return s["players"][s["active"]]


def building_turn(players=2, seed=11):
    return set_turn(new_game(players, seed), tile="AT2", actions=("QUARRIES", "BUILDING"))


def test_PRG_PLAZA_01_every_site_touches_exactly_one_plaza_in_play():
    for n, count in ((2, 8), (3, 9), (4, 10)):
        s = new_game(n, 3)
        assert len(s["plaza_order"]) == count
        plazas = {tuple(p["hex"]): p["id"] for p in ED.CITY["plazas"]}
        for site in legal_sites(s, ED):
            q, r = city(ED)["sites"][site]["hex"]
            around = [plazas[h] for h in ((q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r),
                                          (q, r - 1)) if h in plazas]
            assert around == [city(ED)["sites"][site]["plaza"]] and around[0] in s["plaza_order"]
    # with 2 players the sites of PL05/PL06 are not offered
    s = edit_player(put_tile_in_row(building_turn(), "building", 0, "B1-02"), building_turn()["active"], gold=9)
    sites = {m["site"] for m in P.legal_moves(s, s["active"]) if m["type"] == "building"}
    assert not any(x.startswith(("PL05", "PL06")) for x in sites)
    with pytest.raises(IllegalMove):
        do(s, {"type": "building", "slot": 0, "site": "PL06-NE", "rotation": 0, "cube": False})


def test_PRG_PLAZA_02_scored_when_the_last_site_is_filled_prefilled_count():
    s = building_turn()
    seat = s["active"]
    assert "PL09-SE" in s["city"]  # pre-filled
    s["plazas"]["PL09"] = {"tile": "P01", "side": "a", "scored": False}
    s = edit_player(put_tile_in_row(s, "building", 0, "B1-02"), seat, gold=9, cubes=3)
    s = do(s, {"type": "building", "slot": 0, "site": "PL09-E", "rotation": 0, "cube": True})
    assert not s["plazas"]["PL09"]["scored"] and not pending(s, "plaza")
    for site in ("PL09-SW", "PL09-W"):
        s = set_turn(s, tile="AT2", actions=("QUARRIES", "BUILDING"), seat=seat)
        s = edit_player(put_tile_in_row(s, "building", 0, "B1-02"), seat, gold=9)
        s = do(s, {"type": "building", "slot": 0, "site": site, "rotation": 0, "cube": False})
    assert s["plazas"]["PL09"]["scored"]
    [item] = pending(s, "plaza")
    assert item["both"] and item["plaza"] == "PL09"


def test_PRG_PLAZA_10_parler_competes_and_his_rewards_are_lost():
    s = set_turn(new_game(1, 91, solo_mode="parler"), tile="AT2", actions=("QUARRIES", "BUILDING"))
    s["plazas"]["PL09"] = {"tile": "P01", "side": "a", "scored": False}
    s["city"]["PL09-E"] = {"tile": "B1-02", "rot": 0, "owner": "bot", "cube": True, "spent": 2}
    s["city"]["PL09-W"] = {"tile": "B1-11", "rot": 0, "owner": "bot", "cube": True, "spent": 4}
    s = edit_player(put_tile_in_row(s, "building", 0, "B1-02"), 0, gold=2)
    s = do(s, {"type": "building", "slot": 0, "site": "PL09-SW", "rotation": 0, "cube": True})
    assert s["plazas"]["PL09"]["scored"]
    [item] = pending(s, "plaza")
    assert not item["both"]  # Parler holds the majority (2 cubes to 1)
    assert s["deferred"] == {} and s["players"][0]["cubes"] == 2
    assert all(not b["cube"] for k, b in s["city"].items() if k.startswith("PL09"))


def test_PRG_PLAZA_11_unscored_plaza_pays_its_bottom_reward_once_per_player():
    s = new_game(2, 11)
    a, b = s["order"]
    s["plazas"]["PL08"] = {"tile": "P01", "side": "a", "scored": False}  # bottom 2VP
    s["city"]["PL08-NE"] = {"tile": "B1-02", "rot": 0, "owner": a, "cube": True, "spent": 2}
    s["city"]["PL08-NW"] = {"tile": "B1-02", "rot": 0, "owner": a, "cube": True, "spent": 2}
    s["city"]["PL08-W"] = {"tile": "B1-13", "rot": 0, "owner": b, "cube": False, "spent": 3}
    assert final_breakdown(s, a)["final"]["plazas"] == 2
    assert final_breakdown(s, b)["final"]["plazas"] == 0
    s["plazas"]["PL08"]["scored"] = True
    assert final_breakdown(s, a)["final"]["plazas"] == 0


def test_PRG_PLAZA_12_technology_T4_5_takes_both_top_rewards_of_a_scored_plaza():
    s = set_turn(new_game(2, 11))
    s = edit_player(s, s["active"], gold=0, stone=0, techs=[{"id": "T4-5", "level": 4, "new": False}])
    s["plazas"]["PL03"] = {"tile": "P03", "side": "a", "scored": True}
    a = do(s, {"type": "use_tech", "tech": "T4-5", "plaza": "PL03"})
    assert (me(a)["gold"], me(a)["stone"]) == (2, 2)
