"""Dice, event die and production (CK-DICE, CK-TURN-03/04, CAT-PROD, CK-COMMODITY, CAT-BANK-02)."""

from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.dice import pay_production
from engine.catan_ck.scoring import points
from tests.engine.catan_ck.helpers import empty_board, put, roll


def _hex(state, terrain):
    return next(n for n, h in state["board"]["hexes"].items() if h["terrain"] == terrain)


def _alone(state, hex_name):
    """A corner of the hex that touches no other hex with the same number."""
    number = state["board"]["hexes"][hex_name]["number"]
    for corner in GEOMETRY.hex_corners[hex_name]:
        others = [h for h in GEOMETRY.intersection_hexes[corner] if h != hex_name]
        if all(state["board"]["hexes"][h]["number"] != number for h in others):
            return corner


def _setup(terrain, kind, seed=3):
    state = empty_board(seed=seed, stage="roll")
    hex_name = _hex(state, terrain)
    seat = state["order"][1]
    corner = _alone(state, hex_name)
    put(state, seat, kind, corner)
    return state, seat, hex_name


def _dice(number):
    return (1, number - 1) if number <= 7 else (6, number - 6)


def test_CK_DICE_01_02_the_production_number_is_white_plus_red_and_CK_DICE_05_dice_are_public():
    state = empty_board(stage="roll")
    after = roll(state, 2, 5, "ship")
    assert after["turn"]["roll"] == {"white": 2, "red": 5, "event": "ship", "total": 7, "alchemist": False}


def test_CAT_PROD_02_a_settlement_takes_one_resource():
    state, seat, hex_name = _setup("forest", "settlement")
    after = roll(state, *_dice(state["board"]["hexes"][hex_name]["number"]))
    hand = after["players"][seat]["hand"]
    assert hand["lumber"] == 1 and hand["paper"] == 0


def test_CAT_PROD_03_a_city_takes_resource_and_commodity_or_two_resources():
    for terrain, expected in (("forest", {"lumber": 1, "paper": 1}), ("pasture", {"wool": 1, "cloth": 1}),
                              ("mountains", {"ore": 1, "coin": 1}), ("fields", {"grain": 2}),
                              ("hills", {"brick": 2})):
        state, seat, hex_name = _setup(terrain, "city")
        after = roll(state, *_dice(state["board"]["hexes"][hex_name]["number"]))
        hand = after["players"][seat]["hand"]
        assert {c: n for c, n in hand.items() if n} == expected, terrain
        assert after["turn"]["production"] == {str(seat): expected}


def test_CAT_PROD_04_the_robber_hex_produces_nothing():
    state, seat, hex_name = _setup("forest", "city")
    state["robber"] = hex_name
    after = roll(state, *_dice(state["board"]["hexes"][hex_name]["number"]))
    assert sum(after["players"][seat]["hand"].values()) == 0 and after["turn"]["production"] == {}


def test_CK_TURN_04_the_event_die_resolves_on_a_seven_too():
    state = empty_board(stage="roll")
    after = roll(state, 3, 4, "ship")
    assert after["barbarians"]["position"] == 1


def test_TEST_45_CAT_BANK_02_shortage_per_card_type():
    bank = {"brick": 19, "lumber": 19, "wool": 19, "grain": 19, "ore": 1, "paper": 12, "cloth": 12, "coin": 3}
    owed = {0: {"ore": 1, "coin": 1}, 1: {"ore": 1}}
    assert pay_production(bank, owed) == {0: {"coin": 1}}
    bank["ore"] = 2
    assert pay_production(bank, {0: {"ore": 3}}) == {0: {"ore": 2}}
    assert pay_production(bank, {0: {"ore": 1}, 1: {"ore": 1}}) == {0: {"ore": 1}, 1: {"ore": 1}}


def test_CK_COMMODITY_02_settlements_never_produce_commodities():
    state, seat, hex_name = _setup("mountains", "settlement")
    after = roll(state, *_dice(state["board"]["hexes"][hex_name]["number"]))
    assert after["players"][seat]["hand"]["coin"] == 0 and after["players"][seat]["hand"]["ore"] == 1


def test_CAT_PROD_05_the_desert_never_produces_and_a_corner_takes_from_every_hex():
    state = empty_board(seed=3, stage="roll")
    seat = state["order"][0]
    hexes = state["board"]["hexes"]
    corner = next(x for x in GEOMETRY.intersections if len(GEOMETRY.intersection_hexes[x]) == 3
                  and all(hexes[h]["number"] for h in GEOMETRY.intersection_hexes[x]))
    for h in GEOMETRY.intersection_hexes[corner]:
        hexes[h]["number"] = 5
        hexes[h]["terrain"] = "fields"
    put(state, seat, "settlement", corner)
    after = roll(state, 2, 3)
    assert after["players"][seat]["hand"]["grain"] >= 3
    assert points(after, seat) == 1


def test_CAT_PROD_01_every_hex_with_the_number_pays_every_building_on_its_corners():
    from engine.catan_ck.common import hand_size

    state = empty_board(seed=3, stage="roll")
    hexes = state["board"]["hexes"]
    seat = state["order"][1]
    number = next(n for n in (9, 10, 4, 5) if sum(h["number"] == n for h in hexes.values()) == 2)
    first, second = [name for name, h in hexes.items() if h["number"] == number]
    spots = [GEOMETRY.hex_corners[first][0], GEOMETRY.hex_corners[first][3], GEOMETRY.hex_corners[second][1]]
    for spot in spots:
        put(state, seat, "settlement", spot)

    def owed(robber):
        return sum(hexes[h]["number"] == number and h != robber for x in spots for h in GEOMETRY.intersection_hexes[x])

    after = roll(state, *_dice(number))
    assert hand_size(after["players"][seat]["hand"]) == owed(state["robber"]) >= 3
    state["robber"] = second
    after = roll(state, *_dice(number))
    assert hand_size(after["players"][seat]["hand"]) == owed(second) >= 2


def test_CAT_PROD_06_production_received_is_public():
    from engine.catan_ck import view

    state, seat, hex_name = _setup("forest", "settlement")
    after = roll(state, *_dice(state["board"]["hexes"][hex_name]["number"]))
    other = next(s for s in after["order"] if s != seat)
    for shown in (view(after, other), view(after, None)):
        assert shown["turn"]["production"] == {str(seat): {"lumber": 1}}


def test_CK_TURN_01_03_05_roll_all_three_dice_then_production_then_the_action_phase():
    import pytest

    from engine.core.errors import IllegalMove
    from engine.catan_ck import apply, legal_moves

    state, seat, hex_name = _setup("forest", "settlement")
    active = state["active"]
    assert legal_moves(state, active) == [{"type": "roll"}]
    with pytest.raises(IllegalMove, match="Roll the dice first"):
        apply(state, active, {"type": "end_turn"})
    after = roll(state, *_dice(state["board"]["hexes"][hex_name]["number"]), "ship")
    assert set(after["turn"]["roll"]) >= {"white", "red", "event"} and after["barbarians"]["position"] == 1
    assert after["players"][seat]["hand"]["lumber"] == 1 and after["turn"]["stage"] == "action"
    assert {"type": "end_turn"} in legal_moves(after, active)
