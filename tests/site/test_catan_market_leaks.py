"""The market, the preferences panel and the waiting banner never show a seat another seat's hand
or preferences: each seat sees its own hand in the market and its own preferences only; the
offers (public) are seen by everybody, a spectator included."""

import re

import pytest
from django.test import Client

from games.moves import submit_move
from tests.conftest import client_for
from tests.engine.catan_ck.helpers import empty_board, give
from tests.support.catan import set_state, start_catan, user_at
from tests.support.players import make_user

pytestmark = pytest.mark.django_db

# Each seat's secret: a commodity stack nobody else holds, with its own count.
SECRETS = {0: ("coin", 7), 1: ("paper", 3), 2: ("cloth", 4)}
PREFERENCES = {0: ("aqueduct", ["grain", "brick", "lumber", "wool", "ore"]),
               1: ("defender_deck", ["science", "trade", "politics"]),
               2: ("harbor_answer", ["coin", "paper", "cloth"])}


@pytest.fixture
def table(alice, bob, carol):
    game = start_catan([alice, bob, carol])
    state = empty_board(seed=5, players=3, stage="action")
    for seat, (card, count) in SECRETS.items():
        give(state, seat, **{card: count, "brick": 1, "wool": 1})
    set_state(game, state)
    for seat, (key, value) in PREFERENCES.items():
        game.refresh_from_db()
        submit_move(game.pk, user_at(game, seat), {"type": "set_preferences", "preferences": {key: value}},
                    game.version)
    game.refresh_from_db()
    active = game.state["active"]
    submit_move(game.pk, user_at(game, active), {"type": "offer_trade", "give": {"brick": 1}, "want": {"wool": 1}},
                game.version)
    game.refresh_from_db()
    viewers = {seat.position: client_for(seat.user) for seat in game.seat_list()}
    viewers[None] = client_for(make_user("erin"))
    viewers["anonymous"] = Client()
    return game, viewers


def panels(page):
    """The market, the preferences panel and the banner of a game page."""
    found = [page.split(f'id="{name}"')[1].split("</section>")[0] for name in ("market", "waiting")
             if f'id="{name}"' in page]
    if 'id="preferences"' in page:
        found.append(page.split('id="preferences"')[1].split("</section>")[0])
    return "\n".join(found)


def held(text):
    """The card stacks the market says the reader holds, and the card types its give fields offer."""
    hand = re.findall(r'card-chip card-([a-z]+)">(\d+)', text.split('class="market-hand')[1].split("</p>")[0]) \
        if 'class="market-hand' in text else []
    gives = set(re.findall(r'name="pick:give:([a-z]+)"', text))
    return dict((card, int(count)) for card, count in hand), gives


def test_each_seat_sees_its_own_hand_and_preferences_and_nobody_elses(table):
    game, viewers = table
    for viewer, client in viewers.items():
        page = client.get(f"/games/{game.pk}/").content.decode()
        shown = panels(page)
        assert 'id="market"' in page and "offer-turn" in shown  # the public offer reaches everybody
        hand, gives = held(shown)
        for seat, (card, count) in SECRETS.items():
            mine = seat == viewer
            assert (hand.get(card) == count) is mine, (viewer, seat)
            assert (card in gives) is mine, (viewer, seat)
            assert (f"{count} {card.capitalize()}" in shown) is mine, (viewer, seat)
        chosen = re.findall(r'data-preference="([a-z_]+)">\s*<h3[^>]*>[^<]*<span class="current">([^<]*)', shown)
        if isinstance(viewer, int):
            key, value = PREFERENCES[viewer]
            assert dict(chosen)[key].endswith("first") and dict(chosen)[key] != "Ask me"
            for other, (other_key, _value) in PREFERENCES.items():
                if other != viewer and other_key != key:
                    assert dict(chosen)[other_key] == "Ask me", (viewer, other_key)  # its own default, not theirs
        else:
            assert chosen == [] and 'id="preferences"' not in page


def test_the_live_part_and_the_api_give_no_other_hand_either(table):
    import json

    game, viewers = table
    for viewer, client in viewers.items():
        live = panels(client.get(f"/games/{game.pk}/live/").content.decode())
        hand, _gives = held(live)
        assert set(hand) <= ({SECRETS[viewer][0], "brick", "wool"} if isinstance(viewer, int) else set())
        view = json.loads(client.get(f"/api/games/{game.pk}/").content)["view"]
        for shown in view["players"]:
            if shown["seat"] != viewer:
                assert shown["hand"] is None and "preferences" not in shown
