"""The move clock restarts at the start of every turn, also when the same seat acts again
(solo games, a bot's turn played inside the human's last move), never within a turn."""

import datetime

import pytest
import time_machine

from games import clocks
from accounts.models import Profile
from games.models import Game, Seat
from tests.correspondence.conftest import move, tick
from games.moves import submit_move
from tests.support.games import play_praga_turn, start_game

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


def solo_game(game_id, user, committed, options=None, days=2):
    user.profile.vacation_auto = False
    user.profile.save()
    with committed():
        game = start_game(game_id, [user], options)
        Game.objects.filter(pk=game.pk).update(days_per_move=days)
        game.invitation.timeout_policy = "drop"
        game.invitation.save()
    game.seats.update(clock_since=None)  # set the clock up again with this time per move
    with committed():
        clocks.sync_game(game.pk)
    game.refresh_from_db()
    return game


def seat_of(game):
    return Seat.objects.get(game=game, position=0)


def test_a_solo_player_moving_every_day_is_never_timed_out_and_the_clock_restarts_each_turn(alice, committed):
    game = solo_game("praga", alice, committed, {"solo_mode": "parler"})
    start = seat_of(game).waiting_since
    for day in range(1, 5):  # the time per move is 2 days; a turn a day for 4 days
        now = start + day * DAY
        with time_machine.travel(now, tick=False), committed():
            play_praga_turn(game, alice)
            tick()
        seat = seat_of(game)
        assert not seat.dropped
        assert seat.waiting_since == now and seat.clock_since == now and seat.deadline == now + 2 * DAY
    game.refresh_from_db()
    assert game.state["turn_no"] == 8  # four turns of the human, four of Peter Parler


def test_a_partial_move_does_not_push_the_deadline_back(alice, committed):
    game = solo_game("toy", alice, committed, {"hand_size": 3})
    start = seat_of(game).waiting_since
    with time_machine.travel(start + DAY, tick=False), committed():
        move(game, alice, "select")  # the turn is not over: the clock keeps running
    assert seat_of(game).waiting_since == start and seat_of(game).deadline == start + 2 * DAY
    with time_machine.travel(start + DAY + datetime.timedelta(hours=1), tick=False), committed():
        move(game, alice, "play")  # the turn ends; the same seat acts again
    restarted = start + DAY + datetime.timedelta(hours=1)
    assert seat_of(game).waiting_since == restarted and seat_of(game).deadline == restarted + 2 * DAY
    with time_machine.travel(start + 2 * DAY + datetime.timedelta(minutes=5), tick=False), committed():
        tick()  # the first deadline has passed, the new one has not
    assert not seat_of(game).dropped


def test_the_engine_tells_each_turn_boundary():
    from tests.support import toygame
    import engine.praga as praga

    state = toygame.new({}, 1, 3)
    first = toygame.turn_marker(state)
    selected = toygame.apply(state, 0, {"type": "select", "card": state["hands"][0][0]})
    assert toygame.turn_marker(selected) == first
    assert toygame.turn_marker(toygame.apply(selected, 0, {"type": "play"})) != first
    state = praga.new({"solo_mode": "parler"}, 1, 5)
    assert praga.turn_marker(state) == praga.turn_marker(praga.apply(state, 0, {"type": "take", "tile": "AT1"}))


def pass_the_turn_to_bob(alice, bob, committed, profile=True):
    """A toy game: alice chooses and plays a card, and bob's turn begins with that move."""
    with committed():
        game = start_game("toy", [alice, bob])
    if not profile:  # the invitation made one for him: take it away again
        Profile.objects.filter(user=bob).delete()
    for payload in ({"type": "select", "card": game.state["hands"][0][0]}, {"type": "play"}):
        game.refresh_from_db()
        with committed():
            submit_move(game.pk, alice, payload, game.version)
    game.refresh_from_db()
    bobs = Seat.objects.get(game=game, user=bob)
    assert bobs.to_act and bobs.waiting_since is not None
    return game, bobs


def test_a_turn_that_begins_while_its_player_is_on_vacation_starts_paused(alice, bob, committed):
    assert clocks.start_vacation(bob)
    game, bobs = pass_the_turn_to_bob(alice, bob, committed)
    assert bobs.deadline is None and bobs.next_nag is None
    assert bobs.clock_left == clocks.period(game)  # the whole time per move, kept for the return


def test_a_turn_of_a_player_without_a_profile_gets_the_usual_clock(alice, bob, committed):
    """Accounts made outside the sign-up (createsuperuser, imported records' placeholders) have no profile."""
    game, bobs = pass_the_turn_to_bob(alice, bob, committed, profile=False)
    assert not Profile.objects.filter(user=bob).exists()
    assert bobs.deadline == bobs.waiting_since + clocks.period(game)
