"""A bot decides on what its seat may see, so the engine may refuse its move (Catan: a
standing offer whose author has spent the cards); it then chooses again instead of stalling the
game (games/clocks.bot_choice)."""

import pytest
from django.db import transaction

from games import clocks, engines, moves
from games.moves import submit_move
from tests.support.catan import start_catan
from tests.support.games import start_game

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


def _fallback(game, monkeypatch):
    """The move the bot of the acting seat plays when the engine refused all its choices."""
    monkeypatch.setattr(clocks, "choose_bot_move", lambda game, position, attempt=0: REFUSED)
    game.refresh_from_db()
    return clocks.bot_choice(game, game.state["turn"])[0]


def test_the_legal_move_a_refused_bot_falls_back_to_is_never_undo_and_the_same_when_asked_again(
        alice, bob, monkeypatch):
    """Undo is legal once a turn has begun; a bot that took its own move back would go round."""
    for _ in range(6):  # each game draws its own order of the legal moves
        game = start_game("toy", [alice, bob], {"hand_size": 3})
        first = _fallback(game, monkeypatch)
        assert first["type"] == "select" and _fallback(game, monkeypatch) == first  # several cards: one drawn
        submit_move(game.pk, alice, first, game.version)
        assert _fallback(game, monkeypatch) == {"type": "play"}  # not the undo of the card chosen


def test_a_refused_bot_tries_the_legal_moves_in_turn_until_one_applies(alice, bob, monkeypatch):
    """A listed legal move may still be refused (a form with an open card choice): the next one is tried."""
    game = start_game("toy", [alice, bob], {"hand_size": 3})
    monkeypatch.setattr(clocks, "choose_bot_move", lambda game, position, attempt=0: REFUSED)
    real, tried = engines.apply, []

    def first_listed_refused(game_id, state, seat, move):
        if move != REFUSED:
            tried.append(move)
        if move == REFUSED or len(tried) == 1:
            raise engines.IllegalMove("a card choice is left open")
        return real(game_id, state, seat, move)

    monkeypatch.setattr(engines, "apply", first_listed_refused)
    move, _state = clocks.bot_choice(game, game.state["turn"])
    assert len(tried) == 2 and tried[1] == move != tried[0]


def test_a_bot_that_no_move_satisfies_says_which_seat_of_which_game(alice, bob, monkeypatch):
    game = start_game("toy", [alice, bob])
    monkeypatch.setattr(clocks, "choose_bot_move", lambda game, position, attempt=0: REFUSED)

    def refused(game_id, state, seat, move):
        raise engines.IllegalMove("refused")

    monkeypatch.setattr(engines, "apply", refused)
    with pytest.raises(RuntimeError, match=f"^no move of the bot of seat 0 in game {game.pk} applies$"):
        clocks.bot_choice(game, 0)
