"""Reliability: median time to the first move of a wait, timeouts, dropped and resigned games."""

import datetime

import pytest
import time_machine

from games import clocks
from games.models import Seat
from players import reliability
from players.models import Reliability
from players.resign import resign
from tests.conftest import client_for
from tests.correspondence.conftest import move
from tests.support.games import start_game

pytestmark = pytest.mark.django_db
HOUR = datetime.timedelta(hours=1)
START = datetime.datetime(2026, 3, 2, 9, 0, tzinfo=datetime.UTC)


def test_the_median_time_to_move_counts_only_the_first_move_of_each_wait(alice, bob):
    with time_machine.travel(START, tick=False):
        game = start_game("toy", [alice, bob])
    first, second = sorted(game.seat_list(), key=lambda seat: not seat.to_act)
    waits = {first.user: [1, 5, 9], second.user: [2, 4]}
    elapsed = datetime.timedelta(0)
    for turn in range(5):
        user = (first if turn % 2 == 0 else second).user
        elapsed += waits[user][turn // 2] * HOUR
        with time_machine.travel(START + elapsed, tick=False):
            move(game, user, "select")
        elapsed += 10 * HOUR  # the second move of the same wait is not a new wait
        with time_machine.travel(START + elapsed, tick=False):
            move(game, user, "play")
    figures = reliability.measure(first.user.pk)
    assert figures["median_seconds"] == 5 * 3600 and figures["moves"] == 3 and figures["percent"] == 100
    assert reliability.measure(second.user.pk)["median_seconds"] == 3 * 3600  # 2 h and 4 h


def test_timeouts_and_resignations_lower_reliability_and_are_counted(alice, bob, carol, committed):
    for user in (alice, bob, carol):
        user.profile.vacation_auto = False
        user.profile.save()
    with committed():
        game = start_game("toy", [alice, bob])
    acting = Seat.objects.get(game=game, to_act=True)
    with committed():
        clocks.time_out(acting.pk, acting.deadline, acting.deadline)
    figures = reliability.measure(acting.user_id)
    assert (figures["timeouts"], figures["dropped"], figures["percent"]) == (1, 1, 0)
    with committed():
        other = start_game("toy", [carol, acting.user])
    with committed():
        resign(other.pk, acting.user)
    row = Reliability.objects.get(user_id=acting.user_id)  # refreshed after the resignation
    assert (row.abandoned, row.dropped, row.timeouts) == (1, 1, 1)
    page = client_for(carol).get(f"/players/{acting.user.username}/").content.decode()
    assert "Games resigned" in page and "100 % of 1 turn" in page
