"""A dropped Praga seat is played by the bot the game's `seat_bot` option names: the expert bot
when asked for, the random bot otherwise; through the site's own move pipeline."""

import datetime

import pytest
import time_machine

from engine import registry
from engine.praga import bots as praga_bots
from engine.praga.expert_bot import expert_move
from games import clocks
from games.models import Game, Move, Seat
from tests.correspondence.conftest import tick
from tests.support.games import play_praga_turn, start_game

pytestmark = [pytest.mark.django_db, pytest.mark.skipif("praga" not in registry.GAMES, reason="Praga is not registered")]


@pytest.fixture
def recorded(monkeypatch):
    """Which bot chose each move: the expert (a short search, so the test stays quick) or the random bot."""
    chosen = []

    def expert(state, seat, rng):
        chosen.append("expert")
        return expert_move(state, seat, rng, budget=None, iterations=1, width=2)

    def random_bot(state, seat, rng):
        chosen.append("random")
        return praga_bots.random_move(state, seat, rng)

    monkeypatch.setitem(praga_bots.BOTS, "expert", expert)
    monkeypatch.setitem(praga_bots.BOTS, "random", random_bot)
    return chosen


def timed_out_game(users, committed, options):
    for user in users:
        user.profile.vacation_auto = False  # the timeout applies at once
        user.profile.save()
    with committed():
        game = start_game("praga", users, options=options)
        game.invitation.timeout_policy = "drop"
        game.invitation.save()
    game.seats.update(clock_since=None)
    with committed():
        clocks.sync_game(game.pk)
    first = Seat.objects.get(game=game, to_act=True)
    with time_machine.travel(first.deadline + datetime.timedelta(minutes=1), tick=False), committed():
        tick()
    first.refresh_from_db()
    assert first.dropped
    return Game.objects.get(pk=game.pk), first


def test_the_expert_bot_plays_a_dropped_seat_when_the_options_ask_for_it(alice, bob, committed, recorded):
    game, dropped = timed_out_game([alice, bob], committed, {"seat_bot": "expert"})
    assert game.options["seat_bot"] == "expert"
    assert "seat_bot" not in game.state["options"]  # a site option: the rules never see it
    bot_moves = Move.objects.filter(game=game, seat=dropped.position)
    assert bot_moves.count() >= 1 and len(recorded) == bot_moves.count()
    assert set(recorded) == {"expert"}
    dropped.refresh_from_db()
    assert not dropped.to_act  # its turn was played to the end: the other seat acts
    assert Seat.objects.get(game=game, position=1 - dropped.position).to_act


def test_without_the_option_the_random_bot_plays_it(alice, bob, committed, recorded):
    game, dropped = timed_out_game([alice, bob], committed, {})
    assert game.options["seat_bot"] == "random"  # the default, filled in by the options check
    assert Move.objects.filter(game=game, seat=dropped.position).count() == len(recorded) >= 1
    assert set(recorded) == {"random"}


def test_a_bot_move_decided_on_an_old_version_is_not_applied(alice, bob, committed, recorded, monkeypatch):
    """The search runs without the game's lock: if the game moved meanwhile, the bot decides again."""
    game, dropped = timed_out_game([alice, bob], committed, {"seat_bot": "expert"})
    human = Seat.objects.get(game=game, position=1 - dropped.position)
    play_praga_turn(game, human.user, human.position)  # no on-commit hooks here: the bots wait
    game.refresh_from_db()
    assert dropped.position in registry.get("praga").to_act(game.state)
    played = Move.objects.filter(game=game).count()
    real_choose = clocks.choose_bot_move

    def choose_then_someone_moves(game_row, position, attempt=0):
        move = real_choose(game_row, position, attempt)
        Game.objects.filter(pk=game_row.pk).update(version=game_row.version + 1)  # a move committed meanwhile
        return move

    monkeypatch.setattr(clocks, "choose_bot_move", choose_then_someone_moves)
    assert clocks.bot_move(game.pk) is True  # not applied: decide again on the new version
    assert Move.objects.filter(game=game).count() == played
