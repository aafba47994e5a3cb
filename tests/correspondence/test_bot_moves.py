"""The bot of a dropped seat: what its move leaves in the game log, which bot decides and how it
draws (games/clocks.bot_move, choose_bot_move); pinned where a mutation showed them untested
(docs/mutation.md, "clocks, session 6")."""

import json

import pytest

from engine import registry
from games import clocks, engines
from games.models import GameEvent, Move, Seat
from games.text import render
from tests.engine.catan_ck.helpers import empty_board, give
from tests.support.catan import set_state, start_catan, user_at
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def names(game):
    from games.presenters import player_names

    return player_names(game)


def test_a_bots_answer_to_an_offer_made_to_two_seats_is_logged_with_the_bots_seat(alice, bob, carol, monkeypatch):
    """A dropped seat that owes a discard may also answer a trade offer still open to it and to
    another seat; from the move alone the engine cannot tell who answered, so the site passes the
    bot's seat (else the line names the active player)."""
    game = start_catan([alice, bob, carol])
    state = empty_board(seed=5, players=3, stage="action")
    active = state["active"]
    first, second = [position for position in state["order"] if position != active]
    give(state, active, brick=2)
    give(state, first, wool=2)
    give(state, second, wool=4, ore=4)
    state = engines.apply("catan_ck", state, active, {"type": "offer_trade", "give": {"brick": 1}, "want": {"wool": 1}})
    offer = state["offers"][0]
    assert sorted(offer["to"]) == sorted([first, second])
    # and `second` owes a discard (as on a 7): only it acts until it answers
    state["decisions"].append({"id": 1, "seat": second, "kind": "discard", "blocks": "turn", "count": 4})
    set_state(game, state)
    Seat.objects.filter(game=game, position=second).update(dropped=True)  # timed out: a bot plays it
    decline = {"type": "answer_trade", "offer": offer["id"], "answer": "decline"}
    assert decline in engines.legal_moves("catan_ck", game.state, second)
    monkeypatch.setattr(clocks, "choose_bot_move", lambda game, position, attempt=0: dict(decline))
    assert clocks.bot_move(game.pk)
    answer = Move.objects.filter(game=game).latest("seq")
    assert (answer.seat, answer.payload) == (second, decline)
    line = render(answer.text, names(game))
    assert line.startswith(user_at(game, second).username), line
    assert user_at(game, active).username not in line


@pytest.mark.skipif("praga" not in registry.GAMES, reason="Praga is not registered")
def test_the_solo_opponents_turn_after_a_bots_end_of_turn_is_in_the_log(alice):
    """A solo Praga seat played by a bot: Peter Parler's turn, played inside the bot's end of
    turn, gets its log line right after that move, as after a person's."""
    game = start_game("praga", [alice], {"solo_mode": "parler"})
    Seat.objects.filter(game=game).update(dropped=True)
    for _ in range(200):  # a turn takes a few moves
        assert clocks.bot_move(game.pk)
        if Move.objects.filter(game=game, payload__type="end_turn").exists():
            break
    end_turn = Move.objects.get(game=game, payload__type="end_turn")
    [event] = GameEvent.objects.filter(game=game)
    assert event.after_seq == end_turn.seq
    assert event.text["msg"].startswith("Peter Parler plays card")


def test_a_bot_asked_again_after_a_refusal_draws_anew(alice, bob, carol):
    """After the engine refused its move the bot chooses with a new draw, not the refused one again
    (attempt 0 draws as the bot always did)."""
    game = start_catan([alice, bob, carol])  # the first settlement: dozens of places to choose from
    position = game.state["active"]
    choices = {json.dumps(clocks.choose_bot_move(game, position, attempt), sort_keys=True) for attempt in range(6)}
    assert len(choices) > 1
    assert clocks.choose_bot_move(game, position, 0) == clocks.choose_bot_move(game, position)
    # and each draw is the game's, version's, seat's and attempt's own: asked again, the bot
    # decides the same (a retried task, a bug report replayed)
    assert all(clocks.choose_bot_move(game, position, attempt) == clocks.choose_bot_move(game, position, attempt)
               for attempt in range(3))


def test_a_timed_out_seat_gets_the_games_bot_for_dropped_seats_not_a_bot_seated_before_it(alice, bob, carol,
                                                                                         monkeypatch):
    from engine.catan_ck import bots

    game = start_catan([alice, bob, carol])
    Seat.objects.filter(game=game, position=0).update(bot="greedy")  # as if the host seated it there
    game.refresh_from_db()
    asked = []
    for name in ("greedy", "random"):
        monkeypatch.setitem(bots.BOTS, name, lambda state, seat, rng, name=name: asked.append((name, seat)) or {})
    clocks.choose_bot_move(game, 1)
    clocks.choose_bot_move(game, 0)
    assert asked == [("random", 1), ("greedy", 0)]
