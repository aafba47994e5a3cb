"""Hire, the black board and the price marker (QA-HIRE-01..11; spec 5.1 T-HIRE-1..6)."""

import pytest

from tests.engine.queens_architect.helpers import (
    Q, after_draft, crew, edit_player, on_space, player, refusal, set_board, stub_draws, uses,
)

BOARD_1 = ["STO-B-2", "GLA-A-2", "LUM-C-3", "TAI-B-2", "SMI-A-3", "BRI-B-3"]


def hiring(board=BOARD_1, marker=6, supply=("LUM-A-2", "GLA-C-3", "BRI-A-2"), coins=5, tiles=None, **options):
    state = after_draft(2, **options)
    seat = state["order"][0]
    state = crew(state, seat, *(tiles or [("GLA-B-1", 4), ("STO-C-1", 4), ("LUM-B-1", 4)]))
    state = set_board(state, board, marker=marker, supply=list(supply))
    state = edit_player(state, seat, coins=coins)
    return on_space(state, seat, "hire"), seat


def test_QA_HIRE_05_T_HIRE_1_marker_moves_nothing_else_changes(monkeypatch):
    state, seat = hiring(marker=4)
    stub_draws(monkeypatch, ["LUM-A-2", "GLA-C-3"])
    after = Q.apply(state, seat, {"type": "hire", "slot": 4})
    assert player(after, seat)["coins"] == 2
    assert uses(after, seat)["TAI-B-2"] == 3
    assert [c for c in player(after, seat)["craftsmen"] if c["tile"] == "TAI-B-2"]
    from engine.queens_architect.common import edition, performance

    hired = next(c for c in player(after, seat)["craftsmen"] if c["tile"] == "TAI-B-2")
    assert performance(edition("qa-provisional-1"), hired) == 4
    assert after["price_marker"] == 3
    assert after["board"] == ["STO-B-2", "GLA-A-2", "LUM-C-3", "SMI-A-3", "BRI-B-3", "LUM-A-2"]
    assert len(after["supply"]) == len(state["supply"]) - 1


def test_QA_HIRE_05_T_HIRE_2_marker_on_cheapest_field_discards_the_top_tile(monkeypatch):
    board = ["STO-B-2", "GLA-A-2", "LUM-C-3", "SMI-A-3", "BRI-B-3", "LUM-A-2"]
    state, seat = hiring(board=board, marker=1, supply=["GLA-C-3", "BRI-A-2", "TAI-A-2"])
    stub_draws(monkeypatch, ["GLA-C-3", "BRI-A-2"])
    after = Q.apply(state, seat, {"type": "hire", "slot": 2})
    assert player(after, seat)["coins"] == 0
    assert "STO-B-2" not in after["supply"] and "STO-B-2" not in after["board"]
    assert after["board"] == ["LUM-C-3", "SMI-A-3", "BRI-B-3", "LUM-A-2", "GLA-C-3", "BRI-A-2"]
    assert after["price_marker"] == 6
    assert uses(after, seat)["GLA-A-2"] == 5


def test_QA_HIRE_02_T_HIRE_3_top_slot_at_a_discount_keeps_six_uses():
    state, seat = hiring(marker=3)
    after = Q.apply(state, seat, {"type": "hire", "slot": 1})
    assert player(after, seat)["coins"] == 2
    assert uses(after, seat)["STO-B-2"] == 6
    assert after["price_marker"] == 6
    assert after["board"][:5] == BOARD_1[1:] and after["board"][5] is not None


def test_QA_HIRE_02_option_top_slot_uses_price_gives_uses_equal_to_the_price():
    state, seat = hiring(marker=3, top_slot_uses="price")
    after = Q.apply(state, seat, {"type": "hire", "slot": 1})
    assert uses(after, seat)["STO-B-2"] == 3


def test_QA_HIRE_08_T_HIRE_4_new_top_tile_without_a_discard():
    state, seat = hiring(marker=5, coins=20)
    after = Q.apply(state, seat, {"type": "hire", "slot": 1})
    assert after["price_marker"] == 6
    top = after["board"][0]
    again = Q.apply(on_space(after, seat, "hire"), seat, {"type": "hire", "slot": 3})
    assert again["price_marker"] == 5
    assert again["board"][0] == top


def test_QA_HIRE_09_T_HIRE_5_empty_supply_leaves_slots_empty():
    state, seat = hiring(marker=6, supply=[], coins=20)
    after = Q.apply(state, seat, {"type": "hire", "slot": 6})
    assert after["price_marker"] == 5
    assert after["board"] == BOARD_1[:5] + [None]
    assert after["undo"] is not None  # nothing was drawn, so the hire may be taken back
    again = Q.apply(on_space(after, seat, "hire"), seat, {"type": "hire", "slot": 1})
    assert again["board"] == BOARD_1[1:5] + [None, None]
    assert again["price_marker"] == 6
    moves = Q.legal_moves(on_space(again, seat, "hire"), seat)
    assert {m["slot"] for m in moves if m["type"] == "hire"} <= {1, 2, 3, 4}


def test_QA_HIRE_06_T_HIRE_6_full_star_and_twin():
    six = [("GLA-C-2", 3), ("STO-A-1", 3), ("LUM-B-1", 3), ("BRI-A-1", 3), ("SMI-B-1", 3), ("TAI-C-1", 3)]
    board = ["STO-B-2", "GLA-C-3", "LUM-C-3", "TAI-B-2", "SMI-A-3", "BRI-B-3"]
    state, seat = hiring(board=board, tiles=six, coins=20)
    after = Q.apply(state, seat, {"type": "hire", "slot": 2, "dismiss": "GLA-C-2"})
    assert uses(after, seat)["GLA-C-3"] == 5 and "GLA-C-2" not in uses(after, seat)
    assert len(player(after, seat)["craftsmen"]) == 6
    assert refusal(state, seat, {"type": "hire", "slot": 2, "dismiss": "STO-A-1"}) == \
        "You already employ this craftsman."
    assert refusal(state, seat, {"type": "hire", "slot": 1}) == \
        "You already have 6 craftsmen: dismiss one of them first."
    five, _seat = hiring(board=board, tiles=six[:5], coins=20)
    assert refusal(five, seat, {"type": "hire", "slot": 2}) == "You already employ this craftsman."
    legal = [m for m in Q.legal_moves(state, seat) if m["type"] == "hire" and m["slot"] == 2]
    assert legal == [{"type": "hire", "slot": 2, "dismiss": "GLA-C-2"}]


def test_QA_HIRE_04_a_hire_the_player_cannot_pay_is_refused():
    state, seat = hiring(coins=2)
    assert refusal(state, seat, {"type": "hire", "slot": 2}) == "This craftsman costs {price} coins; you have {coins}."
    assert {m["slot"] for m in Q.legal_moves(state, seat) if m["type"] == "hire"} == {5, 6}


def test_QA_HIRE_11_with_nothing_to_hire_only_declining_is_left():
    state, seat = hiring(board=[], supply=[])
    assert Q.legal_moves(state, seat) == [{"type": "decline"}]


def test_QA_HIRE_03_the_new_craftsman_takes_the_named_free_spot():
    state, seat = hiring()
    after = Q.apply(state, seat, {"type": "hire", "slot": 6, "spot": 5})
    assert next(c for c in player(after, seat)["craftsmen"] if c["tile"] == "BRI-B-3")["spot"] == 5
    assert refusal(state, seat, {"type": "hire", "slot": 6, "spot": 0}) == "That spot of your star is taken."


def test_QA_INFO_03_a_refill_draw_is_a_barrier_for_undo():
    state, seat = hiring()
    after = Q.apply(state, seat, {"type": "hire", "slot": 6})
    assert after["undo"] is None
    assert {"type": "undo"} not in Q.legal_moves(after, seat)


@pytest.mark.parametrize("slot", [0, 7, "1", None])
def test_QA_HIRE_01_only_the_six_slots_exist(slot):
    state, seat = hiring()
    assert refusal(state, seat, {"type": "hire", "slot": slot}) == "There is no craftsman in that slot."


def test_QA_HIRE_07_the_tiles_move_up_and_take_their_new_slots_price_and_uses():
    state, seat = hiring(marker=6, coins=20, supply=["LUM-A-2"])
    after = Q.apply(state, seat, {"type": "hire", "slot": 2})  # GLA-A-2
    assert after["board"] == ["STO-B-2", "LUM-C-3", "TAI-B-2", "SMI-A-3", "BRI-B-3", "LUM-A-2"]
    assert after["price_marker"] == 5
    # LUM-C-3 lay in slot 3 (4 coins, 4 uses); in slot 2 he costs 5 and brings 5 uses
    again = Q.apply(on_space(after, seat, "hire"), seat, {"type": "hire", "slot": 2})
    assert player(again, seat)["coins"] == 20 - 5 - 5 and uses(again, seat)["LUM-C-3"] == 5
    assert again["board"] == ["STO-B-2", "TAI-B-2", "SMI-A-3", "BRI-B-3", "LUM-A-2", None]
    # STO-B-2 moved nowhere and keeps the top slot's terms: the marker's price, 6 uses
    top = Q.apply(on_space(again, seat, "hire"), seat, {"type": "hire", "slot": 1})
    assert player(top, seat)["coins"] == 10 - 4 and uses(top, seat)["STO-B-2"] == 6


SIX = [("GLA-C-2", 3), ("STO-A-1", 3), ("LUM-B-1", 3), ("BRI-A-1", 3), ("SMI-B-1", 3), ("TAI-C-1", 3)]


def test_QA_HIRE_10_the_lot_hire_is_a_complete_hire_action(monkeypatch):
    from tests.engine.queens_architect.test_build import town_build

    state, seat = town_build()
    state = Q.apply(edit_player(state, seat, coins=20), seat, {"type": "build_new", "climb": 0})
    assert state["turn"]["stage"] == "lot_hire"
    # a full star and a twin on the board, as in T-HIRE-6, now in the lot's Hire
    state = crew(state, seat, *SIX)
    state = set_board(state, ["STO-B-2", "GLA-C-3", "LUM-C-3", "TAI-B-2", "SMI-A-3", "BRI-B-3"], marker=4,
                      supply=["LUM-A-2", "GLA-A-2"])
    legal = [m for m in Q.legal_moves(state, seat) if m["type"] == "hire"]
    assert legal and all(m["dismiss"] is not None for m in legal)  # QA-HIRE-06
    assert [m for m in legal if m["slot"] == 2] == [{"type": "hire", "slot": 2, "dismiss": "GLA-C-2"}]
    assert refusal(state, seat, {"type": "hire", "slot": 2, "dismiss": "STO-A-1"}) == \
        "You already employ this craftsman."  # QA-HIRE-04
    assert refusal(state, seat, {"type": "hire", "slot": 1}) == \
        "You already have 6 craftsmen: dismiss one of them first."
    stub_draws(monkeypatch, ["GLA-A-2"])
    after = Q.apply(state, seat, {"type": "hire", "slot": 3, "dismiss": "LUM-B-1"})
    assert player(after, seat)["coins"] == 16 and uses(after, seat)["LUM-C-3"] == 4  # QA-HIRE-03
    assert "LUM-B-1" not in uses(after, seat) and len(player(after, seat)["craftsmen"]) == 6
    assert after["price_marker"] == 3  # QA-HIRE-05 b
    assert after["board"] == ["STO-B-2", "GLA-C-3", "TAI-B-2", "SMI-A-3", "BRI-B-3", "GLA-A-2"]  # QA-HIRE-07, -09
    assert after["turn"]["stage"] == "done"


def test_QA_CRAFT_06_never_more_than_six_craftsmen():
    state, seat = hiring(tiles=SIX, coins=20)
    legal = [m for m in Q.legal_moves(state, seat) if m["type"] == "hire"]
    assert len(legal) == 6 * 6  # every slot, each with one of the six to dismiss
    for move in legal:
        assert len(player(Q.apply(state, seat, move), seat)["craftsmen"]) == 6
    assert refusal(state, seat, {"type": "hire", "slot": 6}) == \
        "You already have 6 craftsmen: dismiss one of them first."


def test_QA_CRAFT_07_no_two_tiles_of_one_design_any_number_of_one_guild():
    board = ["GLA-C-3", "GLA-A-2", "TAI-B-2", "SMI-A-3", "BRI-B-3", "LUM-A-2"]
    state, seat = hiring(board=board, coins=20, tiles=[("GLA-A-1", 4), ("GLA-B-1", 4)])
    slots = {m["slot"] for m in Q.legal_moves(state, seat) if m["type"] == "hire"}
    assert 1 in slots and 2 not in slots
    assert refusal(state, seat, {"type": "hire", "slot": 2}) == "You already employ this craftsman."
    three = Q.apply(state, seat, {"type": "hire", "slot": 1})
    assert sorted(uses(three, seat)) == ["GLA-A-1", "GLA-B-1", "GLA-C-3"]  # three glaziers, three designs
    # once GLA-A-1 is gone, the other copy of his design may be hired
    without, seat = hiring(board=board, coins=20, tiles=[("GLA-B-1", 4)])
    assert 2 in {m["slot"] for m in Q.legal_moves(without, seat) if m["type"] == "hire"}


def test_QA_CRAFT_08_a_dismissal_only_while_hiring_with_six_and_the_dismissed_leave_the_game():
    state, seat = hiring(coins=20)  # 3 craftsmen
    assert all(m["dismiss"] is None for m in Q.legal_moves(state, seat) if m["type"] == "hire")
    assert refusal(state, seat, {"type": "hire", "slot": 6, "dismiss": "GLA-B-1"}) == \
        "You can dismiss a craftsman only when you already have 6."
    assert refusal(state, seat, {"type": "dismiss", "tile": "GLA-B-1"}) == \
        "Carry out the action of your space or decline it."
    full, seat = hiring(tiles=SIX, coins=20)
    after = Q.apply(full, seat, {"type": "hire", "slot": 6, "dismiss": "BRI-A-1"})
    assert "BRI-A-1" not in after["supply"] and "BRI-A-1" not in after["board"]
    assert all("BRI-A-1" not in uses(after, other) for other in (0, 1))
