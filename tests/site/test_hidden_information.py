"""Every page, API answer and log line a seat or a spectator can get hides the others' secrets."""

import random

from django.test import Client

from games.replays import states
from tests.conftest import client_for
from tests.support.games import play_random_move, start_game
from tests.support.leaks import everything, leaked


def toy_secrets(state, seed, viewer):
    """Cards in other hands and in the deck, the generator state and the seed."""
    hidden = set(state["deck"])
    for seat, hand in enumerate(state["hands"]):
        if seat != viewer:
            hidden |= set(hand)
    public = {card for row in state["table"] for card in row}
    return (hidden - public) | {str(state["rng"]), str(seed)}


def test_no_viewer_ever_sees_another_seats_secrets(alice, bob, carol, dave):
    game = start_game("toy", [alice, bob], options={"hand_size": 2, "extra": 1})
    viewers = {0: client_for(alice), 1: client_for(bob), None: client_for(dave), "anonymous": Client()}
    rng = random.Random(7)
    steps = 0
    while True:
        game.refresh_from_db()
        for seat, client in viewers.items():
            position = seat if isinstance(seat, int) else None
            found = leaked(everything(client, game), toy_secrets(game.state, game.seed, position))
            assert not found, f"seat {seat} sees {found} at version {game.version}"
        if play_random_move(game, rng) is None:
            break
        steps += 1
    assert steps >= 12 and game.status == "finished"
    # Each step of the replay, for each viewer, shows only what was visible then.
    for step, state in enumerate(states(game)):
        for seat, client in viewers.items():
            position = seat if isinstance(seat, int) else None
            page = client.get(f"/games/{game.pk}/replay/{step}/").content.decode()
            found = leaked(page, toy_secrets(state, game.seed, position))
            assert not found, f"replay step {step}: seat {seat} sees {found}"


def test_a_players_own_hand_is_shown_to_him(toy_game, alice_client):
    page = alice_client.get(f"/games/{toy_game.pk}/").content.decode()
    assert all(card in page for card in toy_game.state["hands"][0])
