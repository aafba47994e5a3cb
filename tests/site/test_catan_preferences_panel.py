"""The preferences panel of a Catan game (spec 4.6): each choice a `set_preferences` move through
the page's submit, the current value shown, drawn for its own seat only."""

import json

import pytest

from games import engines
from games.boards.catan_ck import preferences
from tests.conftest import client_for
from tests.engine.catan_ck.helpers import empty_board, give, put
from tests.support.catan import set_state, start_catan, user_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def catan(alice, bob, carol):
    game = start_catan([alice, bob, carol])
    state = empty_board(seed=5, players=3, stage="action")
    for seat in range(3):
        give(state, seat, wool=2, ore=1)
    set_state(game, state)
    return game


def panel(game, position, step=None):
    game.refresh_from_db()
    seat = next((s for s in game.seat_list() if s.position == position), None)
    view = engines.view(game.game_id, game.state, position)
    return preferences.context(game, seat, view, [], step=step)["preferences"]


def rows(game, position):
    return {row["key"]: row for row in panel(game, position)["rows"]}


def press(game, position, key, label):
    choice = next(c for c in rows(game, position)[key]["choices"] if c["label"] == label)
    response = client_for(user_at(game, position)).post(f"/games/{game.pk}/move/", {
        "move": choice["json"], "version": game.version, "request_id": f"pref-{key}"}, HTTP_HX_REQUEST="true")
    game.refresh_from_db()
    return response


def test_every_preference_of_the_spec_has_a_row_with_its_current_value(catan):
    shown = rows(catan, 1)
    assert set(shown) == {"auto_roll", "trade_offers", "progress_overflow", "knight_retreat", "deserter_victim",
                          "card_choice", "aqueduct", "defender_deck", "harbor_answer", "city_to_lose"}
    assert shown["auto_roll"]["current"] == "Let me roll myself"
    assert shown["aqueduct"]["current"] == "Ask me"
    assert [c["label"] for c in shown["aqueduct"]["choices"]] == [
        "Ask me", "Take nothing", "Brick", "Lumber", "Wool", "Grain", "Ore"]
    assert [c["label"] for c in shown["card_choice"]["choices"]][1:4] == ["Brick", "Lumber", "Wool"]


@pytest.mark.parametrize("key, label, stored, current", [
    ("auto_roll", "Roll at once when my turn begins", True, "Roll at once when my turn begins"),
    ("trade_offers", "Decline them all", "decline_all", "Decline them all"),
    ("aqueduct", "Take nothing", "skip", "Take nothing"),
    ("aqueduct", "Ore", ["ore", "brick", "lumber", "wool", "grain"], "Ore first"),
    ("card_choice", "Paper", ["paper", "brick", "lumber", "wool", "grain", "ore", "cloth", "coin"], "Paper first"),
    ("defender_deck", "Science deck", ["science", "trade", "politics"], "Science deck first"),
    ("progress_overflow", "Discard the new card at once", "new", "Discard the new card at once"),
])
def test_a_choice_is_a_move_through_the_page_and_becomes_the_current_value(catan, key, label, stored, current):
    response = press(catan, 1, key, label)
    assert response.status_code == 200
    assert catan.state["players"][1]["preferences"][key] == stored
    row = rows(catan, 1)[key]
    assert row["current"] == current
    assert [c["label"] for c in row["choices"] if c["current"]] == [label]


def test_the_panel_is_drawn_for_its_own_seat_only(catan, dave):
    press(catan, 1, "trade_offers", "Decline them all")
    assert panel(catan, None) is None  # a spectator
    assert panel(catan, 1, step=2) is None  # a replay
    assert rows(catan, 2)["trade_offers"]["current"] == "Ask me"  # another seat: its own values
    page = client_for(dave).get(f"/games/{catan.pk}/").content.decode()
    assert 'id="preferences"' not in page
    own = client_for(user_at(catan, 1)).get(f"/games/{catan.pk}/").content.decode()
    assert 'id="preferences"' in own and "My standing preferences" in own


def test_a_forged_preference_is_refused_with_400(catan):
    client = client_for(user_at(catan, 1))
    for value in ({"auto_roll": "often"}, {"city_to_lose": 5}, {"no_such": True}):
        response = client.post(f"/games/{catan.pk}/move/", {
            "move": json.dumps({"type": "set_preferences", "preferences": value}), "version": catan.version},
            HTTP_HX_REQUEST="true")
        assert response.status_code == 400, value
    catan.refresh_from_db()
    assert "preferences" not in catan.state["players"][1] or catan.state["players"][1]["preferences"] is None


def test_the_city_to_lose_is_chosen_among_the_own_cities_a_metropolis_does_not_protect(alice, bob, carol):
    game = start_catan([alice, bob, carol])
    state = empty_board(seed=5, players=3, stage="action")
    for city in ("-1,0;0,-1;0,0", "0,0;1,-1;1,0"):
        put(state, 1, "city", city)
    put(state, 1, "city", "0,1;1,0;1,1", metropolis="trade")  # a metropolis is never pillaged
    put(state, 2, "city", "-1,1;0,0;0,1")
    set_state(game, state)
    row = rows(game, 1)["city_to_lose"]
    assert row["current"] == "Ask me" and not row["empty"]
    labels = [c["label"] for c in row["choices"]]
    assert len(labels) == 3 and labels[0] == "Ask me" and all(label.startswith("City at ") for label in labels[1:])
    second = labels[2]
    assert press(game, 1, "city_to_lose", second).status_code == 200
    assert game.state["players"][1]["preferences"]["city_to_lose"] == ["0,0;1,-1;1,0", "-1,0;0,-1;0,0"]
    assert rows(game, 1)["city_to_lose"]["current"] == second + " first"
    assert rows(game, 0)["city_to_lose"]["empty"]  # no city of its own: nothing to choose but Ask me
    assert [c["label"] for c in rows(game, 0)["city_to_lose"]["choices"]] == ["Ask me"]
