"""The Catan board on the game page: drawn for every seat and a spectator, its click flow
replacing the move card for the moves it draws, the rest staying on the card."""

import json
import random

import pytest

from games.models import Game
from games.moves import submit_move
from tests.conftest import client_for
from tests.support.catan import bot_move, seven_ahead, start_catan, user_at
from tests.support.players import make_user

pytestmark = pytest.mark.django_db


def play(game, steps, seed=3):
    rng = random.Random(seed)
    import engine.catan_ck as rules

    for _ in range(steps):
        game.refresh_from_db()
        acting = sorted(rules.to_act(game.state))
        position = acting[rng.randrange(len(acting))]
        submit_move(game.pk, user_at(game, position), bot_move(game, position, rng), game.version)
    game.refresh_from_db()
    return game


def flow_of(html):
    start = html.index('<script id="bk-flow" type="application/json">') + len('<script id="bk-flow" type="application/json">')
    return json.loads(html[start:html.index("</script>", start)])


def test_the_island_is_drawn_for_every_seat_and_a_spectator(alice, bob, carol):
    game = play(start_catan([alice, bob, carol]), 60)
    viewers = [client_for(seat.user) for seat in game.seat_list()] + [client_for(make_user("erin"))]
    for client in viewers:
        html = client.get(f"/games/{game.pk}/").content.decode()
        assert html.count('class="ck-hex ') == 19
        occupied = len(game.state["buildings"]) + len(game.state["knights"])
        assert html.count('class="ck-spot"') + occupied == 54 and html.count('class="ck-path-spot"') == 72
        assert 'id="catan"' in html and "ck-barbarians" in html


def test_setup_is_clicked_on_the_island_and_the_move_card_stays_away(alice, bob, carol):
    game = start_catan([alice, bob, carol])
    client = client_for(user_at(game, game.state["active"]))
    html = client.get(f"/games/{game.pk}/").content.decode()
    flow = flow_of(html)
    assert all(entry["m"]["type"] == "setup_place" for entry in flow["moves"])
    assert all(entry["s"][0].startswith("int:") and entry["s"][1].startswith("path:") for entry in flow["moves"])
    # the board draws every setup move and the preferences have their own panel: no move card
    assert 'id="moves"' not in html and 'id="preferences"' in html


def test_a_discard_is_picked_on_the_board_and_trade_forms_stay_on_the_move_card(alice, bob, carol):
    game = start_catan([alice, bob, carol])
    active, (owing, _third) = seven_ahead(game, over_limit=[0])
    submit_move(game.pk, user_at(game, active), {"type": "roll"}, Game.objects.get(pk=game.pk).version)
    html = client_for(user_at(game, owing)).get(f"/games/{game.pk}/").content.decode()
    flow = flow_of(html)
    assert [p["count"] for p in flow["picks"]] == [4]
    assert {c["type"]: c["most"] for c in flow["picks"][0]["cards"]} == {"ore": 5, "wool": 4}


def test_the_board_speaks_german_to_a_german_reader(alice, bob, carol):
    game = start_catan([alice, bob, carol])
    first = user_at(game, game.state["active"])
    first.profile.language = "de"
    first.profile.save()
    html = client_for(first).get(f"/games/{game.pk}/").content.decode()
    for german in ("Die Insel Catan", "Barbaren", "hervorgehobene Kreuzung auf der Insel.", "Kreuzung: ",
                   "Stärke Catans: aktive Ritter"):
        assert german in html, german
    assert "Choose a highlighted" not in html and "The island of Catan" not in html
    assert 'transform="translate(0.0,0.0)"' in html  # coordinates never take a decimal comma
