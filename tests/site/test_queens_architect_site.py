"""Queen's Architect on the site: offered with its options, started from the form, played by a
bot when a seat is dropped (its deadlines are the timeout policy: timeout_move is None)."""

import pytest

from engine import registry
from games import clocks
from games.models import Game, Invitation, Seat
from tests.conftest import client_for
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def test_it_is_offered_with_its_options_for_2_to_4_players_in_english_and_german(alice):
    client = client_for(alice)
    choose = client.get("/invitations/new/").content.decode()
    assert "/invitations/new/queens_architect/" in choose and "Queen&#x27;s Architect" in choose
    form = client.get("/invitations/new/queens_architect/").content.decode()
    for name in ("star_order", "appreciation_order", "top_slot_uses", "palace_all_guilds", "end_mode",
                 "repair_distinct_guilds", "lot_hire_cost", "max_rounds", "data_edition"):
        assert f'name="option_{name}"' in form, name
    assert "Action star order" in form and "Round limit" in form
    players = form.split('name="players"')[1].split("</select>")[0]
    assert '<option value="2"' in players and '<option value="4"' in players and '<option value="5"' not in players
    alice.profile.language = "de"
    alice.profile.save()
    german = client_for(alice).get("/invitations/new/queens_architect/").content.decode()
    assert "Queen&#x27;s Architekt" in german and "Reihenfolge des Aktions-Sterns" in german


def test_an_invitation_from_the_form_starts_a_game_with_the_chosen_options(alice, bob):
    response = client_for(alice).post("/invitations/new/queens_architect/", {
        "players": "2", "days_per_move": "3", "timeout_policy": "drop", "visibility": "public",
        "option_star_order": "travel_first", "option_max_rounds": "40", "seat_1": "bob"})
    assert response.status_code == 302, response.content.decode()[:2000]
    invitation = Invitation.objects.get(game_id="queens_architect")
    client_for(bob).post(f"/invitations/{invitation.pk}/join/")
    game = Game.objects.get(invitation=invitation)
    assert game.options["star_order"] == "travel_first" and game.options["max_rounds"] == 40
    assert game.state["phase"] == "draft" and len(game.seat_list()) == 2


def test_a_dropped_seat_is_played_by_a_bot_to_the_next_human_turn(alice, bob):
    game = start_game("queens_architect", [alice, bob])
    rules = registry.get("queens_architect")
    acting = next(iter(rules.to_act(game.state)))
    assert rules.timeout_move(game.state, acting) is None
    Seat.objects.filter(game=game, position=acting).update(dropped=True)
    played = clocks.play_bots(game.pk, limit=50)
    game.refresh_from_db()
    assert played >= 1 and acting not in rules.to_act(game.state)
