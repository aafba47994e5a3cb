"""A bot decides on what its seat may see, so the engine may refuse its move (Catan: a
standing offer whose author has spent the cards); it then chooses again instead of stalling the
game (games/clocks.bot_choice)."""

import pytest
from django.db import transaction

from games import clocks, moves
from tests.support.catan import start_catan

pytestmark = pytest.mark.django_db
REFUSED = {"type": "take_standing", "offer": 99}  # what a determinized state may suggest


def _choose(game):
    with transaction.atomic():
        locked = moves.locked_game(game.pk)
        return clocks.bot_choice(locked, locked.state["active"])


def test_a_refused_bot_move_is_chosen_again(alice, bob, carol, monkeypatch):
    game = start_catan([alice, bob, carol])
    attempts, real = [], clocks.choose_bot_move

    def refused_three_times(game, position, attempt=0):
        attempts.append(attempt)
        return REFUSED if attempt < 3 else real(game, position, attempt)

    monkeypatch.setattr(clocks, "choose_bot_move", refused_three_times)
    move, state = _choose(game)
    assert attempts == [0, 1, 2, 3] and move["type"] == "setup_place" and state["setup"] != game.state["setup"]


def test_a_bot_whose_choices_are_all_refused_plays_a_legal_move(alice, bob, carol, monkeypatch):
    game = start_catan([alice, bob, carol])
    monkeypatch.setattr(clocks, "choose_bot_move", lambda game, position, attempt=0: REFUSED)
    move, state = _choose(game)
    assert move["type"] == "setup_place" and state["setup"] != game.state["setup"]
