"""Playing progress cards (spec 3.1, 3.2; CK-PROGRESS-06, 08, 09)."""

import pytest

from engine.core.errors import IllegalMove
from engine.catan_ck import apply, legal_moves, default_move, timeout_move, to_act
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import hand_size
from engine.catan_ck.scoring import points
from engine.catan_ck.trade import trade_rate
from tests.engine.catan_ck.helpers import CHAIN_PATHS, V, empty_board, give, put, with_roll


def _with_card(card, stage="action", seed=13):
    state = empty_board(seed=seed, stage=stage)
    a = state["active"]
    for deck in state["decks"].values():
        if card in deck:
            deck.remove(card)
    state["players"][a]["progress"].append(card)
    return state, state["order"]


def play(state, seat, card, **fields):
    return apply(state, seat, dict({"type": "play_progress", "card": card}, **fields))


def test_TEST_27_CK_CARD_ALCHEMIST_01_02_chosen_dice_before_the_roll_only():
    state, (a, b, c, d) = _with_card("alchemist-1", stage="roll")
    state["barbarians"]["attacks"] = 1
    give(state, b, ore=5, wool=4)
    state = with_roll(state, 1, 1, "ship")  # the generator would roll 1 and 1; Alchemist chooses
    after = play(state, a, "alchemist-1", white=3, red=4)
    assert after["turn"]["roll"]["white"] == 3 and after["turn"]["roll"]["red"] == 4 and after["turn"]["roll"]["alchemist"]
    assert after["barbarians"]["position"] == 1  # the event die was still rolled
    assert [x["seat"] for x in after["decisions"]] == [b]  # a seven: discards, then the robber
    assert after["decks"]["science"][-1] == "alchemist-1"  # CK-PROGRESS-06
    state["turn"]["stage"] = "action"
    with pytest.raises(IllegalMove, match="before rolling"):
        play(state, a, "alchemist-1", white=3, red=4)


def test_CK_TURN_02_no_other_card_before_the_roll():
    state, (a, b, c, d) = _with_card("warlord-1", stage="roll")
    put(state, a, "settlement", V[0])
    put(state, a, "road", CHAIN_PATHS[0])
    put(state, a, "knight", V[1])
    with pytest.raises(IllegalMove, match="Roll the dice first"):
        play(state, a, "warlord-1")
    assert legal_moves(state, a) == [{"type": "roll"}]


def test_TEST_29_CK_CARD_CRANE_01_one_commodity_less_per_purchase():
    state, (a, b, c, d) = _with_card("crane-1")
    state["players"][a]["progress"].append("crane-2")
    state["decks"]["science"].remove("crane-2")
    put(state, a, "city", V[0])
    state["players"][a]["levels"]["science"] = 2
    give(state, a, paper=2)
    after = apply(state, a, {"type": "buy_improvement", "track": "science", "crane": "crane-1"})
    assert after["players"][a]["levels"]["science"] == 3 and after["players"][a]["hand"]["paper"] == 0
    assert after["undo"] is None  # a Crane reveals a card
    free = apply(after, a, {"type": "buy_improvement", "track": "trade", "crane": "crane-2"})
    assert free["players"][a]["levels"]["trade"] == 1
    limited = dict(after, options=dict(after["options"], crane_limit="per_turn"))
    with pytest.raises(IllegalMove, match="one Crane per turn"):
        apply(limited, a, {"type": "buy_improvement", "track": "trade", "crane": "crane-2"})


def test_CK_CARD_ENGINEER_01_a_free_wall():
    state, (a, b, c, d) = _with_card("engineer-1")
    put(state, a, "city", V[0])
    after = play(state, a, "engineer-1", intersection=V[0])
    assert after["buildings"][V[0]]["wall"] and after["players"][a]["supply"]["wall"] == 2


def test_TEST_22_CK_CARD_INVENTOR_01_swaps_tokens_except_2_12_6_8():
    state, (a, b, c, d) = _with_card("inventor-1")
    hexes = state["board"]["hexes"]
    by_number = {}
    for name, record in hexes.items():
        by_number.setdefault(record["number"], []).append(name)
    with pytest.raises(IllegalMove, match="other than 2, 12, 6 and 8"):
        play(state, a, "inventor-1", hexes=[by_number[6][0], by_number[9][0]])
    with pytest.raises(IllegalMove, match="different values"):
        play(state, a, "inventor-1", hexes=by_number[9])
    state["robber"] = by_number[5][0]
    after = play(state, a, "inventor-1", hexes=[by_number[5][0], by_number[10][0]])
    assert after["board"]["hexes"][by_number[5][0]]["number"] == 10
    assert after["board"]["hexes"][by_number[10][0]]["number"] == 5


def test_TEST_51_CK_CARD_IRRIGATION_01_two_grain_per_fields_hex():
    state, (a, b, c, d) = _with_card("irrigation-1")
    hexes = state["board"]["hexes"]
    fields = [h for h in GEOMETRY.land_names if hexes[h]["terrain"] == "fields"]
    first, second = fields[0], next(h for h in fields[1:] if not set(GEOMETRY.hex_corners[h]) & set(GEOMETRY.hex_corners[fields[0]]))
    corners = GEOMETRY.hex_corners[first]
    put(state, a, "settlement", corners[0])
    put(state, a, "city", corners[3])
    put(state, a, "settlement", next(x for x in GEOMETRY.hex_corners[second]
                                     if all(n not in state["buildings"] for n in GEOMETRY.neighbours[x] + [x])))
    other_fields = {h for x, bld in state["buildings"].items() for h in GEOMETRY.intersection_hexes[x]
                    if hexes[h]["terrain"] == "fields"}
    after = play(state, a, "irrigation-1")
    assert after["players"][a]["hand"]["grain"] == 2 * len(other_fields) >= 4
    state["players"][a]["progress"] = ["mining-1"]
    state["decks"]["science"].remove("mining-1")
    touches_mountains = any(hexes[h]["terrain"] == "mountains" for x in state["buildings"]
                            for h in GEOMETRY.intersection_hexes[x])
    if not touches_mountains:
        with pytest.raises(IllegalMove, match="None of your buildings"):
            play(state, a, "mining-1")


def test_CK_CARD_MEDICINE_01_a_city_for_2_ore_and_1_grain():
    state, (a, b, c, d) = _with_card("medicine-1")
    put(state, a, "settlement", V[0])
    give(state, a, ore=2, grain=1)
    after = play(state, a, "medicine-1", intersection=V[0])
    assert after["buildings"][V[0]]["kind"] == "city" and hand_size(after["players"][a]["hand"]) == 0


def test_CK_CARD_ROADBUILDING_01_two_free_roads_the_second_continuing_the_first():
    state, (a, b, c, d) = _with_card("road_building-1")
    put(state, a, "settlement", V[0])
    after = play(state, a, "road_building-1", paths=CHAIN_PATHS[:2])
    assert after["roads"][CHAIN_PATHS[0]] == after["roads"][CHAIN_PATHS[1]] == a
    assert after["players"][a]["supply"]["road"] == 13 and hand_size(after["players"][a]["hand"]) == 0
    with pytest.raises(IllegalMove):
        play(state, a, "road_building-1", paths=[CHAIN_PATHS[1], CHAIN_PATHS[0]])


def test_TEST_36_CK_CARD_SMITH_01_promotes_two_different_knights_free():
    state, (a, b, c, d) = _with_card("smith-1")
    put(state, a, "settlement", V[0])
    put(state, a, "road", CHAIN_PATHS[0])
    put(state, a, "knight", V[1])
    put(state, a, "knight", "-3,0;-3,1;-2,0")
    after = play(state, a, "smith-1", knights=[V[1], "-3,0;-3,1;-2,0"])
    assert [k["strength"] for k in after["knights"].values()] == [2, 2]
    with pytest.raises(IllegalMove, match="different knights"):
        play(state, a, "smith-1", knights=[V[1], V[1]])


def test_CK_CARD_WARLORD_01_CK_PROGRESS_09_activates_all_knights_but_they_are_not_ready():
    state, (a, b, c, d) = _with_card("warlord-1")
    put(state, a, "settlement", V[0])
    put(state, a, "road", CHAIN_PATHS[0])
    put(state, a, "knight", V[1])
    after = play(state, a, "warlord-1")
    assert after["knights"][V[1]]["active"] and not after["knights"][V[1]]["ready"]
    state["knights"][V[1]]["active"] = True
    with pytest.raises(IllegalMove, match="no inactive knight"):
        play(state, a, "warlord-1")


def test_TEST_50_TEST_62_CK_MERCHANT_01_02_CK_CARD_MERCHANT_01_control_point_and_rate():
    state, (a, b, c, d) = _with_card("merchant-1")
    hexes = state["board"]["hexes"]
    pasture = next(h for h in GEOMETRY.land_names if hexes[h]["terrain"] == "pasture")
    put(state, a, "city", GEOMETRY.hex_corners[pasture][0])
    after = play(state, a, "merchant-1", hex=pasture)
    assert after["merchant"] == {"hex": pasture, "owner": a} and points(after, a) == 3
    assert trade_rate(after, a, "wool") == 2 and trade_rate(after, a, "ore") == 4
    narrow = dict(state, options=dict(state["options"], merchant_site="settlement"))
    with pytest.raises(IllegalMove, match="next to one of your buildings"):
        play(narrow, a, "merchant-1", hex=pasture)


def test_TEST_59_CK_CARD_FLEET_01_two_to_one_until_the_end_of_the_turn():
    state, (a, b, c, d) = _with_card("merchant_fleet-1")
    give(state, a, brick=4)
    after = play(state, a, "merchant_fleet-1", card_type="brick")
    traded = apply(after, a, {"type": "maritime_trade", "give": "brick", "take": "wool"})
    assert traded["players"][a]["hand"]["brick"] == 2
    later = apply(traded, a, {"type": "end_turn"})
    assert trade_rate(later, a, "brick") == 4


def test_TEST_42_CK_CARD_RESMONO_01_CK_CARD_TRADEMONO_01_monopolies_take_up_to_two_resources_and_one_commodity():
    state, (a, b, c, d) = _with_card("resource_monopoly-1")
    give(state, b, ore=5, coin=2)
    give(state, c, ore=1)
    give(state, d, coin=1)
    after = play(state, a, "resource_monopoly-1", card_type="ore")
    assert after["players"][a]["hand"]["ore"] == 3 and after["players"][b]["hand"]["ore"] == 3
    state["players"][a]["progress"] = ["trade_monopoly-1"]
    state["decks"]["trade"].remove("trade_monopoly-1")
    after = play(state, a, "trade_monopoly-1", card_type="coin")
    assert after["players"][a]["hand"]["coin"] == 2
    with pytest.raises(IllegalMove, match="Name a commodity"):
        play(state, a, "trade_monopoly-1", card_type="ore")


def test_TEST_52_CK_CARD_BISHOP_01_one_card_from_every_opponent_at_the_hex():
    state, (a, b, c, d) = _with_card("bishop-1")
    target = next(h for h in GEOMETRY.land_names if h != state["robber"])
    corners = GEOMETRY.hex_corners[target]
    put(state, a, "settlement", corners[0])
    put(state, b, "settlement", corners[2])
    put(state, c, "settlement", corners[4])
    give(state, b, wool=3)
    with pytest.raises(IllegalMove, match="first barbarian attack"):
        play(state, a, "bishop-1", hex=target)
    state["barbarians"]["attacks"] = 1
    after = play(state, a, "bishop-1", hex=target)
    assert after["robber"] == target and after["players"][a]["hand"]["wool"] == 1
    assert after["players"][b]["hand"]["wool"] == 2


def test_TEST_38_CK_CARD_DIPLOMAT_01_02_03_open_roads_only_and_own_rebuild():
    state, (a, b, c, d) = _with_card("diplomat-1")
    put(state, a, "settlement", V[0])
    for path in CHAIN_PATHS[:4]:
        put(state, a, "road", path)
    put(state, a, "knight", V[4])  # the chain ends at a's knight: closed
    put(state, b, "knight", V[2])
    with pytest.raises(IllegalMove, match="open road"):
        play(state, a, "diplomat-1", path=CHAIN_PATHS[1])
    put(state, a, "road", "-1,0;0,0")  # a dead end beyond the knight at v4
    after = play(state, a, "diplomat-1", path="-1,0;0,0", rebuild=CHAIN_PATHS[4])
    assert "-1,0;0,0" not in after["roads"] and after["roads"][CHAIN_PATHS[4]] == a


def test_TEST_39_CK_CARD_INTRIGUE_01_02_displaces_a_knight_on_your_road():
    state, (a, b, c, d) = _with_card("intrigue-1")
    put(state, a, "settlement", V[0])
    for path in CHAIN_PATHS[:3]:
        put(state, a, "road", path)
    put(state, b, "knight", V[2], active=True)
    put(state, b, "knight", "0,1;1,0;1,1")
    with pytest.raises(IllegalMove, match="on one of your roads"):
        play(state, a, "intrigue-1", intersection="0,1;1,0;1,1")
    after = play(state, a, "intrigue-1", intersection=V[2])
    assert V[2] not in after["knights"] and after["players"][b]["supply"]["knights"]["1"] == 1


def _vp_table():
    """TEST-41: P1 active 8 VP; P2 9 VP with 7 cards; P3 8 VP with 1 card; P4 10 VP with 1 card."""
    state = empty_board(seed=14)
    p1, p2, p3, p4 = state["order"]
    chosen = []
    for x in GEOMETRY.intersections:  # spots respecting the distance rule
        if all(y not in GEOMETRY.neighbours[x] for y in chosen):
            chosen.append(x)
    spots = iter(chosen)
    for seat, cities, settlements in ((p1, 4, 0), (p2, 4, 1), (p3, 4, 0), (p4, 3, 4)):
        for _ in range(cities):
            put(state, seat, "city", next(spots))
        for _ in range(settlements):
            put(state, seat, "settlement", next(spots))
    give(state, p2, brick=3, wool=2, ore=2)
    give(state, p3, ore=1)
    give(state, p4, coin=1)
    assert [points(state, s) for s in (p1, p2, p3, p4)] == [8, 9, 8, 10]
    return state, (p1, p2, p3, p4)


def test_TEST_41_CK_CARD_WEDDING_01_givers_with_more_points_choose():
    state, (p1, p2, p3, p4) = _vp_table()
    state["players"][p1]["progress"] = ["wedding-1"]
    state["decks"]["politics"].remove("wedding-1")
    after = play(state, p1, "wedding-1")
    assert after["players"][p1]["hand"]["coin"] == 1  # p4 gives its only card at once
    (decision,) = after["decisions"]
    assert decision["kind"] == "give_cards" and decision["seat"] == p2 and to_act(after) == {p2}
    (move,) = legal_moves(after, p2)
    assert move["cards"] == {"choose": {"count": 2, "from": {"brick": 3, "wool": 2, "ore": 2}}}
    after = apply(after, p2, dict(move, cards={"wool": 2}))
    assert after["players"][p1]["hand"]["wool"] == 2 and to_act(after) == {p1}
    assert after["players"][p3]["hand"]["ore"] == 1  # equal points: nothing


def test_TEST_41_CK_CARD_SABOTEUR_01_opponents_with_at_least_your_points_discard_half():
    state, (p1, p2, p3, p4) = _vp_table()
    state["players"][p1]["progress"] = ["saboteur-1"]
    state["decks"]["politics"].remove("saboteur-1")
    after = play(state, p1, "saboteur-1")
    assert [(x["seat"], x["count"]) for x in after["decisions"]] == [(p2, 3)]
    after = apply(after, p2, default_move(after, p2))
    assert hand_size(after["players"][p2]["hand"]) == 4 and after["players"][p3]["hand"]["ore"] == 1


def test_TEST_63_ASYNC_UNDO_01_a_card_play_cannot_be_undone():
    state, (a, b, c, d) = _with_card("warlord-1")
    put(state, a, "settlement", V[0])
    put(state, a, "knight", V[1])
    put(state, a, "road", CHAIN_PATHS[0])
    give(state, a, brick=1, lumber=1, grain=1)
    state = apply(state, a, {"type": "build_road", "path": CHAIN_PATHS[1]})
    assert {"type": "undo"} in legal_moves(state, a)
    played = play(state, a, "warlord-1")
    assert {"type": "undo"} not in legal_moves(played, a)
    activated = apply(state, a, {"type": "activate_knight", "intersection": V[1]})
    assert {"type": "undo"} in legal_moves(activated, a)


def test_TEST_30_CK_CARD_SPY_01_02_sees_the_hand_and_takes_one_card():
    state, (a, b, c, d) = _with_card("spy-1")
    state["players"][b]["progress"] = ["spy-2"]
    state["players"][b]["revealed"] = ["constitution-1"]
    for card in ("spy-2", "constitution-1"):
        state["decks"]["politics"].remove(card)
    with pytest.raises(IllegalMove, match="holding progress cards"):
        play(state, a, "spy-1", target=c)
    after = play(state, a, "spy-1", target=b)
    from engine.catan_ck import view
    assert view(after, a)["card_step"] == {"kind": "spy", "target": b, "cards": ["spy-2"]}
    assert view(after, c)["card_step"] == {"kind": "spy"} and "spy-2" not in repr(view(after, c))
    assert legal_moves(after, a) == [{"type": "take_progress", "card": "spy-2"}]
    with pytest.raises(IllegalMove, match="First finish"):
        apply(after, a, {"type": "end_turn"})
    taken = apply(after, a, {"type": "take_progress", "card": "spy-2"})
    assert taken["players"][a]["progress"] == ["spy-2"] and taken["players"][b]["progress"] == []
    strict = dict(state, options=dict(state["options"], spy_may_take_spy=False))
    assert play(strict, a, "spy-1", target=b)["card_step"] is None  # only Spies: nothing taken


def test_TEST_56_D_04_a_spy_waits_for_an_open_overflow():
    state, (a, b, c, d) = _with_card("spy-1")
    state["players"][b]["progress"] = ["smith-1"]
    state["decks"]["science"].remove("smith-1")
    state["decisions"] = [{"id": 99, "seat": b, "kind": "discard_progress", "blocks": "roll", "card": "smith-1",
                           "places": {"trade": 18, "politics": 17, "science": 17}}]
    with pytest.raises(IllegalMove, match="Waiting for"):
        play(state, a, "spy-1", target=b)


def test_TEST_41_CK_CARD_MASTER_01_takes_two_chosen_cards_from_a_leader():
    state, (p1, p2, p3, p4) = _vp_table()
    state["players"][p1]["progress"] = ["master_merchant-1"]
    state["decks"]["trade"].remove("master_merchant-1")
    with pytest.raises(IllegalMove, match="more points"):
        play(state, p1, "master_merchant-1", target=p3)
    after = play(state, p1, "master_merchant-1", target=p2)
    (move,) = legal_moves(after, p1)
    assert move["cards"] == {"choose": {"count": 2, "from": {"brick": 3, "wool": 2, "ore": 2}}}
    after = apply(after, p1, {"type": "take_cards", "cards": {"ore": 2}})
    assert after["players"][p1]["hand"]["ore"] == 2 and after["card_step"] is None


def test_TEST_37_CK_CARD_DESERTER_02_03_04_target_chooses_then_a_free_placement():
    state, (a, b, c, d) = _with_card("deserter-1")
    put(state, a, "settlement", V[0])
    put(state, a, "road", CHAIN_PATHS[0])
    put(state, b, "knight", "0,1;1,0;1,1", active=True)
    put(state, b, "knight", "-1,1;0,0;0,1", strength=3)
    after = play(state, a, "deserter-1", target=b)
    (decision,) = after["decisions"]
    assert decision["kind"] == "desert_knight" and to_act(after) == {b}
    after = apply(after, b, {"type": "desert_knight", "decision": decision["id"], "intersection": "-1,1;0,0;0,1"})
    assert after["card_step"] == {"kind": "deserter", "strength": 3, "active": False}
    placed = apply(after, a, {"type": "place_deserter", "intersection": V[1]})
    assert placed["knights"][V[1]] == {"owner": a, "strength": 3, "active": False, "ready": False, "promoted": False}
    skipped = apply(after, a, default_move(after, a))
    assert V[1] not in skipped["knights"] and skipped["card_step"] is None


def _two_harbors(**options):
    state, seats = _with_card("commercial_harbor-1")
    for deck in state["decks"].values():
        if "commercial_harbor-2" in deck:
            deck.remove("commercial_harbor-2")
    state["players"][seats[0]]["progress"].append("commercial_harbor-2")
    state["options"].update(options)
    return state, seats


def test_TEST_40_CK_CARD_HARBOR_01_02_03_one_exchange_per_opponent():
    state, (a, b, c, d) = _two_harbors()
    give(state, a, wool=3)
    give(state, b, paper=1, coin=2)
    give(state, c, ore=2)
    give(state, d, cloth=1, coin=1)
    after = play(state, a, "commercial_harbor-1")
    after = apply(after, a, {"type": "harbor_offer", "offers": {str(b): "wool", str(c): "wool"}})
    (decision,) = after["decisions"]
    assert decision["seat"] == b and to_act(after) == {b}
    assert after["players"][c]["hand"]["wool"] == 0  # c has no commodity: nothing changes hands
    with pytest.raises(IllegalMove, match="Waiting"):  # the second card waits for b's answer
        play(after, a, "commercial_harbor-2")
    after = apply(after, b, {"type": "harbor_commodity", "decision": decision["id"], "commodity": "coin"})
    assert after["players"][a]["hand"]["coin"] == 1 and after["players"][b]["hand"]["wool"] == 1
    with pytest.raises(IllegalMove, match="already in play"):  # no effect: refused by default
        play(after, a, "commercial_harbor-2")
    assert not any(m.get("card") == "commercial_harbor-2" for m in legal_moves(after, a))
    with pytest.raises(IllegalMove, match="already traded"):
        apply(after, a, {"type": "harbor_offer", "offers": {str(b): "wool"}})
    later = apply(after, a, {"type": "end_turn"})  # a stops before d: d is untouched
    assert later["turn"].get("harbor") is None
    assert later["players"][d]["hand"] == state["players"][d]["hand"]


def test_TEST_40_PC_COMMERCIAL_HARBOR_second_card_with_no_effect_plays_allowed():
    state, (a, b, c, d) = _two_harbors(allow_no_effect_plays=True)
    give(state, a, wool=3)
    give(state, b, coin=2)
    after = play(state, a, "commercial_harbor-1")
    after = apply(after, a, {"type": "harbor_offer", "offers": {str(b): "wool"}})  # one commodity: automatic
    assert after["players"][a]["hand"]["coin"] == 1
    assert {"type": "play_progress", "card": "commercial_harbor-2"} in legal_moves(after, a)
    after = play(after, a, "commercial_harbor-2")
    with pytest.raises(IllegalMove, match="already traded"):  # even with two cards (CK-CARD-HARBOR-01)
        apply(after, a, {"type": "harbor_offer", "offers": {str(b): "wool"}})


def test_D_10_CK_PROGRESS_12_harbor_answers_in_parallel_while_further_opponents_may_be_addressed():
    state, (a, b, c, d) = _with_card("commercial_harbor-1")
    give(state, a, wool=2, brick=1)
    give(state, b, paper=1, coin=2)
    give(state, c, cloth=3, coin=1)
    give(state, d, paper=2, cloth=2)
    after = play(state, a, "commercial_harbor-1")
    assert {"type": "harbor_offer", "offers": {str(b): "wool"}} in legal_moves(after, a)  # in the action phase
    after = apply(after, a, {"type": "harbor_offer", "offers": {str(b): "wool"}})
    assert to_act(after) == {b}  # the active player's clock does not run while it waits
    # everything else waits, but further opponents may be addressed (OUT_OF_TURN for the site)
    assert {m["type"] for m in legal_moves(after, a)} == {"harbor_offer"}
    with pytest.raises(IllegalMove, match="Waiting"):
        apply(after, a, {"type": "maritime_trade", "give": "wool", "take": "ore"})
    after = apply(after, a, {"type": "harbor_offer", "offers": {str(c): "wool", str(d): "brick"}})
    assert to_act(after) == {b, c, d} and {x["seat"] for x in after["decisions"]} == {b, c, d}
    assert all(x["kind"] == "harbor_commodity" for x in after["decisions"])
    assert legal_moves(after, a) == []  # every opponent addressed: a just waits
    by_seat = {x["seat"]: x["id"] for x in after["decisions"]}
    # answered in any order: d by its own choice, c and b by their timeout defaults
    after = apply(after, d, {"type": "harbor_commodity", "decision": by_seat[d], "commodity": "paper"})
    after = apply(after, c, timeout_move(after, c))
    assert to_act(after) == {b}
    after = apply(after, b, timeout_move(after, b))
    assert after["decisions"] == [] and a in to_act(after)
    hand = after["players"][a]["hand"]
    assert hand["wool"] == 0 and hand["brick"] == 0 and hand["paper"] + hand["cloth"] + hand["coin"] == 3
    assert after["players"][d]["hand"]["brick"] == 1 and after["players"][c]["hand"]["wool"] == 1


def test_D_10_fixed_order_default_hands_back_the_largest_stack():
    state, (a, b, c, d) = _with_card("commercial_harbor-1")
    state["options"]["timeout_card_choice"] = "fixed_order"
    give(state, a, wool=1)
    give(state, b, paper=1, cloth=2, coin=2)
    after = play(state, a, "commercial_harbor-1")
    after = apply(after, a, {"type": "harbor_offer", "offers": {str(b): "wool"}})
    after = apply(after, b, timeout_move(after, b))
    assert after["players"][a]["hand"]["cloth"] == 1  # cloth and coin tie at 2: cloth comes first


def test_OQ_41_wedding_chooser_receiver_picks_from_each_giver_in_turn():
    state, (p1, p2, p3, p4) = _vp_table()
    state["options"]["wedding_chooser"] = "receiver"
    state["players"][p1]["progress"] = ["wedding-1"]
    state["decks"]["politics"].remove("wedding-1")
    after = play(state, p1, "wedding-1")
    assert after["decisions"] == [] and after["card_step"]["target"] == p2
    assert after["private"][-1] == {"kind": "hand", "seats": [p1, p2], "cards": state["players"][p2]["hand"]}
    after = apply(after, p1, {"type": "take_cards", "cards": {"brick": 2}})
    assert after["card_step"]["target"] == p4 and after["card_step"]["count"] == 1
    after = apply(after, p1, default_move(after, p1))
    assert after["card_step"] is None and after["players"][p1]["hand"]["coin"] == 1
    assert after["players"][p1]["hand"]["brick"] == 2


def test_CK_CARD_CRANE_02_a_crane_lowers_only_city_improvements():
    state, (a, b, c, d) = _with_card("crane-1")
    put(state, a, "settlement", V[0])
    put(state, a, "road", CHAIN_PATHS[0])
    give(state, a, ore=3, grain=2, brick=1, lumber=1, wool=1)
    for move in ({"type": "build_city", "intersection": V[0]}, {"type": "build_road", "path": CHAIN_PATHS[1]},
                 {"type": "build_knight", "intersection": V[1]}):
        with pytest.raises(IllegalMove, match="Unknown field crane"):
            apply(state, a, dict(move, crane="crane-1"))
    assert all("crane" not in m for m in legal_moves(state, a) if m["type"] != "buy_improvement")


def test_CK_CARD_INVENTOR_02_the_swap_applies_from_the_next_roll():
    state, (a, b, c, d) = _with_card("inventor-1")
    hexes = state["board"]["hexes"]
    five = next(h for h in GEOMETRY.land_names if hexes[h]["number"] == 5 and h != state["robber"])
    ten = next(h for h in GEOMETRY.land_names if hexes[h]["number"] == 10 and h != state["robber"])
    corner = next(x for x in GEOMETRY.hex_corners[five] if not set(GEOMETRY.intersection_hexes[x]) & {ten}
                  and all(hexes[h]["number"] not in (10,) for h in GEOMETRY.intersection_hexes[x]))
    put(state, b, "settlement", corner)
    after = play(state, a, "inventor-1", hexes=[five, ten])
    after = apply(after, a, {"type": "end_turn"})
    rolled = apply(with_roll(after, 4, 6, "trade"), b, {"type": "roll"})  # 10 now lies on the old 5 hex
    assert hand_size(rolled["players"][b]["hand"]) == 1


def test_CK_CARD_MINING_01_two_ore_per_distinct_mountains_hex():
    state, (a, b, c, d) = _with_card("mining-1")
    hexes = state["board"]["hexes"]
    mountains = next(h for h in GEOMETRY.land_names if hexes[h]["terrain"] == "mountains")
    corners = GEOMETRY.hex_corners[mountains]
    put(state, a, "settlement", corners[0])
    put(state, a, "city", corners[3])  # a second building on the same hex: still 2, a city does not double
    touched = {h for x in (corners[0], corners[3]) for h in GEOMETRY.intersection_hexes[x]
               if hexes[h]["terrain"] == "mountains"}
    after = play(state, a, "mining-1")
    assert after["players"][a]["hand"]["ore"] == 2 * len(touched)
    assert hand_size(after["players"][a]["hand"]) == 2 * len(touched)


def test_CK_CARD_IRRIGATION_02_the_robber_does_not_stop_the_card_by_default():
    state, (a, b, c, d) = _with_card("irrigation-1")
    hexes = state["board"]["hexes"]
    fields = next(h for h in GEOMETRY.land_names if hexes[h]["terrain"] == "fields"
                  and sum(hexes[x]["terrain"] == "fields" for x in GEOMETRY.intersection_hexes[GEOMETRY.hex_corners[h][0]]) == 1)
    put(state, a, "settlement", GEOMETRY.hex_corners[fields][0])
    state["robber"] = fields
    assert play(state, a, "irrigation-1")["players"][a]["hand"]["grain"] == 2
    strict = dict(state, options=dict(state["options"], production_cards_ignore_robber=False))
    with pytest.raises(IllegalMove, match="None of your buildings"):
        play(strict, a, "irrigation-1")


def test_CK_CARD_DESERTER_01_the_target_needs_a_knight_on_the_board():
    state, (a, b, c, d) = _with_card("deserter-1")
    put(state, b, "knight", "0,1;1,0;1,1")
    with pytest.raises(IllegalMove, match="opponent with a knight"):
        play(state, a, "deserter-1", target=c)
    assert {m.get("target") for m in legal_moves(state, a) if m.get("card") == "deserter-1"} == {b}


def test_CK_MERCHANT_03_control_changes_only_by_playing_merchant():
    state, (a, b, c, d) = _with_card("merchant-1")
    hexes = state["board"]["hexes"]
    pasture = next(h for h in GEOMETRY.land_names if hexes[h]["terrain"] == "pasture")
    put(state, a, "city", GEOMETRY.hex_corners[pasture][0])
    put(state, b, "settlement", GEOMETRY.hex_corners[pasture][3])
    after = play(state, a, "merchant-1", hex=pasture)
    after["robber"] = pasture  # the robber on the merchant's hex changes nothing
    assert after["merchant"]["owner"] == a and points(after, a) == 3
    after["active"] = b
    after["players"][b]["progress"].append("merchant-2")
    after["decks"]["trade"].remove("merchant-2")
    taken = play(after, b, "merchant-2", hex=pasture)
    assert taken["merchant"] == {"hex": pasture, "owner": b}
    assert points(taken, a) == 2 and points(taken, b) == 2


def test_CK_PROGRESS_06_played_cards_go_under_their_deck_in_the_order_played():
    state, (a, b, c, d) = _with_card("merchant_fleet-1")
    state["players"][a]["progress"].append("resource_monopoly-1")
    state["decks"]["trade"].remove("resource_monopoly-1")
    give(state, b, ore=1)
    after = play(state, a, "merchant_fleet-1", card_type="brick")
    after = play(after, a, "resource_monopoly-1", card_type="ore")
    assert after["decks"]["trade"][-2:] == ["merchant_fleet-1", "resource_monopoly-1"]
    assert len(after["decks"]["trade"]) == len(state["decks"]["trade"]) + 2


def test_CK_PROGRESS_08_only_the_owner_plays_and_only_on_their_own_turn():
    state, (a, b, c, d) = _with_card("merchant_fleet-1")
    state["players"][b]["progress"].append("merchant_fleet-2")
    state["decks"]["trade"].remove("merchant_fleet-2")
    with pytest.raises(IllegalMove, match="not your turn"):
        play(state, b, "merchant_fleet-2", card_type="brick")  # b's card, a's turn
    assert not any(m["type"] == "play_progress" for m in legal_moves(state, b))
    with pytest.raises(IllegalMove, match="do not hold"):
        play(state, a, "merchant_fleet-2", card_type="brick")  # a does not own it
    after = play(state, a, "merchant_fleet-1", card_type="brick")
    after["players"][a]["progress"].append("merchant_fleet-2")  # a card gained this turn plays at once
    after["players"][b]["progress"].remove("merchant_fleet-2")
    assert play(after, a, "merchant_fleet-2", card_type="ore")["turn"]["fleet"] == ["brick", "ore"]


def test_CK_PROGRESS_10_progress_cards_are_never_traded_or_taken_by_other_cards():
    state, (a, b, c, d) = _with_card("resource_monopoly-1")
    state["players"][b]["progress"] = ["spy-2"]
    state["decks"]["politics"].remove("spy-2")
    give(state, a, wool=4)
    with pytest.raises(IllegalMove, match="Name a resource or commodity"):
        apply(state, a, {"type": "maritime_trade", "give": "spy-2", "take": "wool"})
    with pytest.raises(IllegalMove, match="by type and number"):
        apply(state, a, {"type": "offer_trade", "give": {"wool": 1}, "want": {"spy-2": 1}})
    after = play(state, a, "resource_monopoly-1", card_type="wool")
    assert after["players"][b]["progress"] == ["spy-2"] and after["players"][a]["progress"] == []
    robbed = empty_board(seed=13, stage="robber")
    robbed["barbarians"]["attacks"] = 1
    thief, victim = robbed["order"][:2]
    robbed["players"][victim]["progress"] = ["spy-2"]
    robbed["decks"]["politics"].remove("spy-2")
    target = next(h for h in GEOMETRY.land_names if h != robbed["robber"])
    put(robbed, victim, "settlement", GEOMETRY.hex_corners[target][0])
    moved = apply(robbed, thief, default_move(robbed, thief) | {"hex": target, "victim": None})
    assert moved["players"][victim]["progress"] == ["spy-2"]
    with pytest.raises(IllegalMove):  # a hand of progress cards only has nothing to steal
        apply(robbed, thief, {"type": "move_robber", "hex": target, "victim": victim})


def test_CK_PROGRESS_09_CK_CARD_WEDDING_01_refused_unless_a_richer_opponent_holds_a_card():
    state, (p1, p2, p3, p4) = _vp_table()
    state["players"][p4]["progress"] = ["wedding-1"]
    state["decks"]["politics"].remove("wedding-1")
    state["active"] = p4  # the leader: nobody has more points
    with pytest.raises(IllegalMove, match="No opponent with more points holds a card"):
        play(state, p4, "wedding-1")
    state, (p1, p2, p3, p4) = _vp_table()
    state["players"][p1]["progress"] = ["wedding-1"]
    state["decks"]["politics"].remove("wedding-1")
    for richer in (p2, p4):
        state["players"][richer]["hand"] = dict.fromkeys(state["players"][richer]["hand"], 0)
    with pytest.raises(IllegalMove, match="No opponent with more points holds a card"):
        play(state, p1, "wedding-1")  # richer opponents, but with empty hands (public counts)
    assert not any(m.get("card") == "wedding-1" for m in legal_moves(state, p1))


def test_CK_PROGRESS_09_CK_CARD_SABOTEUR_01_refused_unless_an_affected_opponent_holds_two_cards():
    state, (p1, p2, p3, p4) = _vp_table()
    state["players"][p4]["progress"] = ["saboteur-1"]
    state["decks"]["politics"].remove("saboteur-1")
    state["active"] = p4
    with pytest.raises(IllegalMove, match="No opponent with at least your points holds two cards"):
        play(state, p4, "saboteur-1")
    assert not any(m.get("card") == "saboteur-1" for m in legal_moves(state, p4))


def test_CK_PROGRESS_09_CK_CARD_HARBOR_01_refused_unless_an_opponent_holds_a_card():
    state, (a, b, c, d) = _with_card("commercial_harbor-1")
    give(state, a, wool=1)
    with pytest.raises(IllegalMove, match="No opponent holds a card"):
        play(state, a, "commercial_harbor-1")
    assert not any(m.get("card") == "commercial_harbor-1" for m in legal_moves(state, a))
    give(state, d, ore=1)  # any card will do: without a commodity the slot is used (CK-CARD-HARBOR-02)
    assert {"type": "play_progress", "card": "commercial_harbor-1"} in legal_moves(state, a)
    assert play(state, a, "commercial_harbor-1")["turn"]["harbor"] == []


def test_CK_PROGRESS_09_a_game_begun_under_rules_version_2_still_plays_these_cards_for_nothing():
    # docs/engine.md "Rules versions": its stored moves must replay as they were applied
    state, (p1, p2, p3, p4) = _vp_table()
    state["rules_version"] = 2
    state["players"][p4]["progress"] = ["wedding-1", "saboteur-1"]
    state["decks"]["politics"].remove("wedding-1")
    state["decks"]["politics"].remove("saboteur-1")
    state["active"] = p4
    assert "wedding-1" not in play(state, p4, "wedding-1")["players"][p4]["progress"]
    receiver = dict(state, options=dict(state["options"], wedding_chooser="receiver"))
    assert "wedding-1" not in play(receiver, p4, "wedding-1")["players"][p4]["progress"]
    assert "saboteur-1" not in play(state, p4, "saboteur-1")["players"][p4]["progress"]
    state, (a, b, c, d) = _with_card("commercial_harbor-1")
    state["rules_version"] = 2
    give(state, a, wool=1)
    assert {"type": "play_progress", "card": "commercial_harbor-1"} in legal_moves(state, a)
    assert play(state, a, "commercial_harbor-1")["turn"]["harbor"] == []


def test_CK_CARD_DIPLOMAT_01_an_opponents_piece_at_a_dead_end_leaves_the_road_open():
    from engine.catan_ck.cards import open_roads

    state, (a, b, c, d) = _with_card("diplomat-1")
    put(state, a, "settlement", V[0])
    for path in CHAIN_PATHS[:3]:
        put(state, a, "road", path)
    put(state, b, "settlement", V[3])  # b's piece at a's dead end (OQ-19)
    assert [p for p in open_roads(state) if state["roads"][p] == a] == [CHAIN_PATHS[2]]
    after = play(state, a, "diplomat-1", path=CHAIN_PATHS[2])
    assert CHAIN_PATHS[2] not in after["roads"] and after["players"][a]["supply"]["road"] == 13
