"""Component data and options (spec 5.1-5.11, 3.1, CAT-GAME-06)."""

from collections import Counter

import pytest

from engine.core.contract import normalize_options
from engine.core.errors import IllegalMove
from engine.catan_ck.data.costs import COSTS, PIECES
from engine.catan_ck.data.harbours import HARBOUR_TYPES, HARBOURS
from engine.catan_ck.data.improvements import EVENT_FACES, TRACKS, draws_progress, improvement_cost
from engine.catan_ck.data.knights import KNIGHTS
from engine.catan_ck.data.progress_cards import CARDS_BY_KIND, DECKS, PROGRESS_CARDS, deck_cards
from engine.catan_ck.data.terrains import BANK, TERRAINS
from engine.catan_ck.data.tokens import PIPS, TOKENS
from engine.catalogue.catan_ck import OPTIONS

DEFAULTS = {
    "victory_points": 13, "token_layout": "spiral", "spiral_direction": "ccw", "harbor_layout": "shuffled",
    "starting_city_commodities": False, "progress_overflow_own_turn": "end_of_turn",
    "knight_promotions_per_turn": 1, "knight_path_through_opponents": False, "spy_may_take_spy": True,
    "walls_under_metropolis_count": True, "production_cards_ignore_robber": True, "crane_limit": "per_purchase",
    "allow_no_effect_plays": False, "knight_errant": False, "timeout_card_choice": "random",
    "wedding_chooser": "giver", "merchant_site": "building",
}


def test_CAT_GAME_06_CK_WIN_01_every_option_has_the_specified_default():
    assert normalize_options(OPTIONS, {}, 4) == DEFAULTS


def test_CAT_GAME_06_victory_points_range_from_10_to_20():
    field = next(f for f in OPTIONS["fields"] if f["name"] == "victory_points")
    assert [c[0] for c in field["choices"]] == list(range(10, 21))
    with pytest.raises(IllegalMove):
        normalize_options(OPTIONS, {"victory_points": 9}, 3)


@pytest.mark.parametrize("seats", [2, 5])
def test_CAT_GAME_01_three_or_four_players(seats):
    with pytest.raises(IllegalMove):
        normalize_options(OPTIONS, {}, seats)


def test_CAT_BOARD_02_CK_COMMODITY_01_06_terrain_counts_commodities_and_no_gold_fields():
    assert {t: r["hexes"] for t, r in TERRAINS.items()} == {
        "forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}
    assert TERRAINS["forest"]["commodity"] == "paper" and TERRAINS["pasture"]["commodity"] == "cloth"
    assert TERRAINS["mountains"]["commodity"] == "coin" and TERRAINS["fields"]["commodity"] is None


def test_CAT_BOARD_03_eighteen_tokens_with_58_pips():
    assert len(TOKENS) == 18 and [letter for letter, _v in TOKENS] == list("ABCDEFGHIJKLMNOPQR")
    values = Counter(v for _l, v in TOKENS)
    assert values == Counter({2: 1, 12: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2})
    assert sum(PIPS[v] for _l, v in TOKENS) == 58


def test_CAT_BOARD_06_harbour_multiset():
    assert Counter(HARBOUR_TYPES) == Counter({"generic": 4, "brick": 1, "lumber": 1, "wool": 1, "grain": 1, "ore": 1})
    assert Counter(h["fixed"] for h in HARBOURS) == Counter(HARBOUR_TYPES)


def test_CAT_BANK_01_bank_stock():
    assert BANK == {"brick": 19, "lumber": 19, "wool": 19, "grain": 19, "ore": 19, "paper": 12, "cloth": 12, "coin": 12}


def test_CAT_BUILD_05_CK_KNIGHT_01_pieces_costs_and_six_knights():
    assert PIECES == {"road": 15, "settlement": 5, "city": 4, "wall": 3}
    assert {s: k["count"] for s, k in KNIGHTS.items()} == {1: 2, 2: 2, 3: 2}
    assert COSTS["settlement"] == {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
    assert COSTS["city"] == {"grain": 2, "ore": 3} and COSTS["wall"] == {"brick": 2}


def test_CK_PROGRESS_01_three_decks_of_18_make_54_cards():
    assert sum(card["count"] for card in PROGRESS_CARDS) == 54
    for deck in DECKS:
        cards = deck_cards(deck)
        assert len(cards) == 18 and len(set(cards)) == 18
    counts = {kind: card["count"] for kind, card in CARDS_BY_KIND.items()}
    assert counts["merchant"] == 6 and counts["resource_monopoly"] == 4 and counts["spy"] == 3
    assert counts["printer"] == counts["constitution"] == counts["engineer"] == 1
    assert {c["kind"] for c in PROGRESS_CARDS if c["when"] == "on_draw"} == {"printer", "constitution"}


def test_CK_IMPROVE_02_costs_and_CK_PROGRESS_02_red_die_table():
    assert [improvement_cost(level) for level in range(1, 6)] == [1, 2, 3, 4, 5]
    assert [[red for red in range(1, 7) if draws_progress(level, red)] for level in range(6)] == [
        [], [1, 2], [1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6]]
    assert {t["commodity"] for t in TRACKS.values()} == {"cloth", "coin", "paper"}


def test_CK_DICE_04_event_die_faces():
    assert Counter(EVENT_FACES) == Counter({"ship": 3, "trade": 1, "politics": 1, "science": 1})


def test_CAT_GAME_05_no_development_cards_largest_army_or_building_cost_cards():
    from engine.catan_ck import new

    base_game = {"knight", "soldier", "year_of_plenty", "monopoly", "victory_point", "largest_army"}
    assert not base_game & set(CARDS_BY_KIND) and set(DECKS) == {"trade", "politics", "science"}
    state = new({}, 4, 1)
    keys = set(state) | {key for player in state["players"] for key in player}
    assert not [key for key in keys if "army" in key or "development" in key or "cost" in key]
