"""Catan through the site (CAT-INFO): no page, API answer, replay or email of a seat or a
spectator shows another seat's hand, progress cards or standing preferences, a stolen card,
what a Spy or a Master Merchant was shown, the deck order, the generator or the seed."""

import json
import random
from datetime import timedelta

import pytest
from django.test import Client

import engine.catan_ck as catan_rules
from engine.catan_ck.board import GEOMETRY
from games.models import Move, TurnMail
from games.notifications import turns
from games.replays import states
from games.text import render
from tests.conftest import client_for
from tests.engine.catan_ck.helpers import empty_board, give, put, with_roll
from tests.support.catan import bot_move, set_state, start_catan, user_at
from tests.support.leaks import emails_of, everything, seen_view
from tests.support.players import make_user
from games.moves import submit_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(alice, bob, carol, dave):
    game = start_catan([alice, bob, carol, dave])
    viewers = {seat.position: client_for(seat.user) for seat in game.seat_list()}
    viewers[None] = client_for(make_user("erin"))  # a spectator of the public game
    viewers["anonymous"] = Client()
    return game, viewers


def leaked(text, secrets):
    """Secrets found as whole tokens ("merchant-1" is not a leak inside "master_merchant-1")."""
    import re

    return sorted(secret for secret in secrets
                  if re.search(rf"(?<![A-Za-z0-9_]){re.escape(secret)}(?![A-Za-z0-9_])", text))


def position_of(key):
    return key if isinstance(key, int) else None


def secrets(state, game, viewer):
    """Strings that must not reach `viewer`: others' progress cards, the deck orders, generator, seed."""
    found = {str(state["rng"]), str(game.seed)}
    for player in state["players"]:
        if player["seat"] != viewer:
            found |= set(player["progress"])
    step = state.get("card_step") or {}
    if viewer is not None and viewer == state["active"]:
        found -= set(step.get("cards") or [])  # what a Spy shows its player (D-13)
    for entry in state.get("private") or []:  # reveals to the seats they name (a card taken by a Spy)
        if viewer in entry["seats"]:
            found -= {value for value in entry.values() if isinstance(value, str)}
    for deck in state["decks"].values():
        if len(deck) > 1:
            found.add(json.dumps(deck[:3])[1:-1])  # an order would show as a run of ids
    return found


def check_view(view, state, viewer):
    """What the API view of `viewer` holds of others' secrets: nothing."""
    for shown in view["players"]:
        if shown["seat"] != viewer:
            assert shown["hand"] is None and shown["progress"] is None and "preferences" not in shown
            assert shown["cards"] == sum(state["players"][shown["seat"]]["hand"].values())  # counts are public
        else:
            assert shown["hand"] == state["players"][viewer]["hand"]
    assert all(viewer in entry["seats"] for entry in view["private"])
    assert all("card" not in d or d["seat"] == viewer for d in view["decisions"])
    if state.get("card_step") and viewer != state["active"]:
        assert view["card_step"] == {"kind": state["card_step"]["kind"]}
    assert "rng" not in view and "undo" not in view


def check_everyone(game, viewers, replays=True):
    game.refresh_from_db()
    for key, client in viewers.items():
        viewer = position_of(key)
        text = everything(client, game, replays=replays)
        found = leaked(text, secrets(game.state, game, viewer))
        assert not found, f"viewer {key} sees {found} at version {game.version}"
        check_view(seen_view(client, game), game.state, viewer)


def send_turn_emails(game):
    """Every due turn email, as the tick would send it (users who browsed count as away a day later)."""
    for mail in TurnMail.objects.exclude(due=None):
        turns.send_turn_mail(mail.pk, mail.due, mail.due + timedelta(days=1))


def check_emails(game):
    for seat in game.seat_list():
        found = leaked(emails_of(seat.user), secrets(game.state, game, seat.position))
        assert not found, f"seat {seat.position}'s emails show {found}"


def test_a_bot_played_game_hides_every_secret_from_every_viewer_in_pages_replays_and_emails(table):
    game, viewers = table
    rng = random.Random(11)
    checked = 0
    for step in range(260):
        game.refresh_from_db()
        if step % 40 == 0:
            check_everyone(game, viewers)
            send_turn_emails(game)
            check_emails(game)
            checked += 1
        acting = sorted(catan_rules.to_act(game.state))
        position = acting[rng.randrange(len(acting))]
        submit_move(game.pk, user_at(game, position), bot_move(game, position, rng), game.version)
    assert checked >= 6
    # Replays: each sampled step of each viewer shows only what that viewer could see then.
    replayed = list(states(game))
    for step in range(0, len(replayed), 37):
        for key, client in viewers.items():
            page = client.get(f"/games/{game.pk}/replay/{step}/").content.decode()
            found = leaked(page, secrets(replayed[step], game, position_of(key)))
            assert not found, f"replay step {step}: viewer {key} sees {found}"


def spy_position():
    state = empty_board(seed=13)
    a, b, c, d = state["order"]
    for card in ("spy-1", "smith-2", "warlord-1"):
        for deck in state["decks"].values():
            if card in deck:
                deck.remove(card)
    state["players"][a]["progress"] = ["spy-1"]
    state["players"][b]["progress"] = ["smith-2", "warlord-1"]
    return state, (a, b, c, d)


def test_what_a_spy_is_shown_and_takes_reaches_only_the_spy_and_its_target(table):
    game, viewers = table
    state, (a, b, c, d) = spy_position()
    set_state(game, state)
    submit_move(game.pk, user_at(game, a), {"type": "play_progress", "card": "spy-1", "target": b}, game.version)
    game.refresh_from_db()
    assert game.state["card_step"]["cards"] == ["smith-2", "warlord-1"]
    check_everyone(game, viewers, replays=False)
    spy = seen_view(viewers[a], game)["card_step"]
    assert spy["cards"] == ["smith-2", "warlord-1"]  # the Spy sees the target's hand
    for key in (c, d, None, "anonymous"):
        page = everything(viewers[key], game, replays=False)
        assert not leaked(page, {"smith-2", "warlord-1"}), key
    submit_move(game.pk, user_at(game, a), {"type": "take_progress", "card": "warlord-1"}, game.version)
    check_everyone(game, viewers, replays=False)
    line = render(Move.objects.filter(game=game).latest("seq").text)
    assert "warlord" not in line.lower() and "Warlord" not in line  # the taken card stays between the two
    send_turn_emails(game)
    check_emails(game)


def test_a_master_merchants_view_of_a_hand_reaches_only_its_player(table):
    game, viewers = table
    state = empty_board(seed=14)
    p1, p2, p3, p4 = state["order"]
    spots = []
    for x in GEOMETRY.intersections:  # the leader needs more points than the player of the card
        if all(y not in GEOMETRY.neighbours[x] for y in spots):
            spots.append(x)
    for spot in spots[:2]:
        put(state, p2, "city", spot)
    give(state, p2, brick=3, wool=2, ore=2)
    for deck in state["decks"].values():
        if "master_merchant-1" in deck:
            deck.remove("master_merchant-1")
    state["players"][p1]["progress"] = ["master_merchant-1"]
    set_state(game, state)
    submit_move(game.pk, user_at(game, p1), {"type": "play_progress", "card": "master_merchant-1", "target": p2},
                game.version)
    game.refresh_from_db()
    assert game.state["card_step"]["kind"] == "master_merchant"
    check_everyone(game, viewers, replays=False)
    shown = json.dumps(seen_view(viewers[p1], game)["card_step"])
    assert '"brick": 3' in shown
    for key in (p3, p4, None, "anonymous"):
        assert seen_view(viewers[key], game)["card_step"] == {"kind": "master_merchant"}
        assert '"brick": 3' not in everything(viewers[key], game, replays=False)


def test_a_stolen_card_is_known_to_the_thief_and_the_victim_only(table):
    game, viewers = table
    state = empty_board(seed=5, stage="roll")
    state["barbarians"]["attacks"] = 1
    a, b, c, d = state["order"]
    target = next(h for h in GEOMETRY.land_names if h != state["robber"])
    put(state, b, "settlement", GEOMETRY.hex_corners[target][0])
    give(state, b, wool=2)
    set_state(game, with_roll(state, 3, 4, "trade"))
    submit_move(game.pk, user_at(game, a), {"type": "roll"}, game.version)
    game.refresh_from_db()
    submit_move(game.pk, user_at(game, a), {"type": "move_robber", "hex": target, "victim": b}, game.version)
    game.refresh_from_db()
    assert game.state["private"] == [{"kind": "steal", "seats": [a, b], "card": "wool"}]
    for key, client in viewers.items():
        private = seen_view(client, game)["private"]
        assert private == ([{"kind": "steal", "seats": [a, b], "card": "wool"}] if key in (a, b) else []), key
    line = render(Move.objects.filter(game=game).latest("seq").text)
    assert "wool" not in line.lower(), line
    api_log = viewers[c].get(f"/api/games/{game.pk}/log/").content.decode()
    assert "wool" not in api_log.lower()
    check_everyone(game, viewers, replays=False)


def test_standing_preferences_are_seen_by_their_seat_only(table):
    game, viewers = table
    state = empty_board(seed=5, stage="roll")
    set_state(game, state)
    b = state["order"][1]
    preferences = {"card_choice": ["coin", "cloth", "paper", "ore", "grain", "wool", "lumber", "brick"]}
    response = submit_move(game.pk, user_at(game, b), {"type": "set_preferences", "preferences": preferences},
                           game.version)
    assert response.move.seq == game.version + 1
    game.refresh_from_db()
    own = [p for p in seen_view(viewers[b], game)["players"] if p["seat"] == b][0]
    assert own["preferences"]["card_choice"] == preferences["card_choice"]
    for key, client in viewers.items():
        if key != b:
            text = everything(client, game, replays=False)
            assert '"coin", "cloth", "paper"' not in text and "coin, cloth, paper" not in text, key
    check_everyone(game, viewers, replays=False)


def test_move_buttons_do_not_tell_the_dice_or_what_a_card_would_take_before_the_move(table):
    """A label is read before the move: the roll's dice and a monopoly's haul are chance or hidden."""
    game, viewers = table
    state = empty_board(seed=5, stage="roll")
    a = state["active"]
    for deck in state["decks"].values():
        if "resource_monopoly-1" in deck:
            deck.remove("resource_monopoly-1")
    state["players"][a]["progress"] = ["resource_monopoly-1"]
    for seat in state["order"][1:]:
        give(state, seat, wool=3)
    set_state(game, with_roll(state, 3, 4, "trade"))
    page = viewers[a].get(f"/games/{game.pk}/").content.decode()
    assert "Roll the dice" in page and "= 7" not in page and "(red)" not in page
    game.refresh_from_db()
    submit_move(game.pk, user_at(game, a), {"type": "roll"}, game.version)
    game.refresh_from_db()
    page = viewers[a].get(f"/games/{game.pk}/live/").content.decode()
    assert "Resource Monopoly" in page  # the card's button on the board
    assert "takes 9" not in page and "9 wool" not in page  # what the others hold stays hidden until played
