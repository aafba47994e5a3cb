"""What the Catan board shows each viewer (CAT-INFO), on random positions of a bot-played
game of four: every seat, a spectator and an anonymous visitor; the game page, the API and
the replay. Another seat's cards in hand and progress cards never show (neither their types
nor their ids), the deck order never does; their counts do, and they are right."""

import random
import re

import pytest
from django.test import Client

import engine.catan_ck as rules
from engine.catan_ck.data.progress_cards import DECKS, card_record
from games.moves import submit_move
from games.replays import states
from tests.conftest import client_for
from tests.support.catan import bot_move, start_catan, user_at
from tests.support.leaks import everything
from tests.support.players import make_user

pytestmark = pytest.mark.django_db

PANEL = re.compile(r'<section class="ck-player[^"]*"[^>]*data-h="seat:(\d+)"(.*?)</section>', re.S)


def panels(html):
    return {int(seat): body for seat, body in PANEL.findall(html)}


def id_leaks(text, state, viewer):
    """Progress card ids of other seats and runs of deck order found in `text`."""
    secrets = set()
    for player in state["players"]:
        if player["seat"] != viewer:
            secrets |= set(player["progress"])
    if viewer is not None and viewer == state["active"]:
        secrets -= set((state.get("card_step") or {}).get("cards") or [])  # what a Spy shows its player
    found = sorted(s for s in secrets if re.search(rf"(?<![A-Za-z0-9_]){re.escape(s)}(?![A-Za-z0-9_])", text))
    for deck in state["decks"].values():
        if len(deck) > 1 and ", ".join('"%s"' % c for c in deck[:3]) in text:
            found.append("deck order")
    return found


def check_panels(html, state, viewer):
    shown = panels(html)
    assert sorted(shown) == sorted(range(state["players_count"]))
    for seat, body in shown.items():
        player = state["players"][seat]
        if seat == viewer:
            for card, count in player["hand"].items():
                if count:
                    assert f"<b>{count}</b>" in body
            for card in player["progress"]:
                assert f'data-h="pcard:{card}"' in body
        else:
            assert 'class="ck-card' not in body and "data-h=\"pcard:" not in body  # no faces
            total = sum(player["hand"].values())
            assert re.search(rf"\b{total} cards?\b", body), (seat, total)  # the count is shown
            for deck in DECKS:
                count = sum(1 for c in player["progress"] if card_record(c)["deck"] == deck)
                assert f"</span>{count}<span" in body.replace("\n", "")


def test_every_viewer_sees_counts_of_the_others_cards_and_never_their_faces(alice, bob, carol, dave):
    game = start_catan([alice, bob, carol, dave])
    viewers = {seat.position: client_for(seat.user) for seat in game.seat_list()}
    viewers[None] = client_for(make_user("erin"))
    viewers["anonymous"] = Client()
    rng = random.Random(21)
    checked = 0
    for step in range(330):
        game.refresh_from_db()
        if game.is_finished:
            break
        if step % 55 == 54:
            for key, client in viewers.items():
                viewer = key if isinstance(key, int) else None
                text = everything(client, game)
                assert not id_leaks(text, game.state, viewer), (key, step)
                check_panels(client.get(f"/games/{game.pk}/").content.decode(), game.state, viewer)
            checked += 1
        acting = sorted(rules.to_act(game.state))
        position = acting[rng.randrange(len(acting))]
        submit_move(game.pk, user_at(game, position), bot_move(game, position, rng), game.version)
    assert checked >= 5
    replayed = list(states(game))
    for step in range(1, len(replayed), 41):
        for key, client in viewers.items():
            viewer = key if isinstance(key, int) else None
            page = client.get(f"/games/{game.pk}/replay/{step}/").content.decode()
            assert not id_leaks(page, replayed[step], viewer), (key, step)
            check_panels(page, replayed[step], viewer)  # a seat's replay shows what that seat saw
