"""The watchdog: /health/ for load balancers and monitoring, check_clocks for operators."""

import datetime
import logging

import pytest
import time_machine
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.utils import timezone

from games import clocks, downtime, health
from games.models import Heartbeat, Seat
from tests.correspondence.test_timeouts import new_game, seat

pytestmark = pytest.mark.django_db
MINUTE = datetime.timedelta(minutes=1)


def ticked(moment):
    Heartbeat.objects.update_or_create(name="tick", defaults={"last": moment})


def test_health_is_ok_with_a_fresh_tick_and_nothing_overdue(settings):
    settings.CELERY_BROKER_URL = "memory://"
    now = timezone.now()
    ticked(now - MINUTE)
    with time_machine.travel(now, tick=False):
        response = Client().get("/health/?strict=1")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "embedded",
                               "last_tick_seconds": 60, "tick": "ok", "overdue_deadlines": 0}


def test_a_late_tick_and_an_overdue_deadline_degrade_health_without_failing_the_node(alice, bob, committed,
                                                                                     settings):
    settings.CELERY_BROKER_URL = "memory://"
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    ticked(deadline - MINUTE)
    with time_machine.travel(deadline + 3 * MINUTE, tick=False):
        response = Client().get("/health/")
        strict = Client().get("/health/?strict=1")
    assert response.status_code == 200 and strict.status_code == 503
    assert response.json() == {"status": "degraded", "database": "ok", "broker": "embedded",
                               "last_tick_seconds": 240, "tick": "late", "overdue_deadlines": 1}


def test_an_unreachable_broker_is_reported_without_its_address(settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    ticked(timezone.now())
    response = Client().get("/health/?strict=1")
    assert response.status_code == 503
    assert response.json()["broker"] == "unavailable"
    assert "127.0.0.1" not in response.content.decode()


def test_a_database_outage_answers_503(monkeypatch):
    monkeypatch.setattr(health, "database_ok", lambda: False)
    response = Client().get("/health/")
    assert response.status_code == 503 and response.json()["status"] == "down"


def test_check_clocks_names_the_overdue_game_and_blames_the_stopped_scheduler(alice, bob, committed):
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    ticked(deadline - datetime.timedelta(hours=1))
    with time_machine.travel(deadline + 5 * MINUTE, tick=False):
        with pytest.raises(CommandError, match="1 overdue deadline"):
            call_command("check_clocks", stdout=(out := OutputCapture()))
    assert f"game {game.pk} (toy), seat 0 (alice)" in out.text
    assert "Celery beat or its workers are down" in out.text


def test_check_clocks_blames_a_failing_timeout_when_the_tick_runs(alice, bob, committed, monkeypatch, caplog):
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline

    def broken(now):
        raise RuntimeError("the engine crashed")

    monkeypatch.setattr(clocks, "apply_timeouts", broken)
    with caplog.at_level(logging.ERROR, logger="games.downtime"):
        for minutes in (1, 2, 3, 4):
            with time_machine.travel(deadline + minutes * MINUTE, tick=False), committed():
                ticked(timezone.now() - MINUTE)
                clocks.tick()
    assert not Seat.objects.get(pk=seat(game, alice).pk).dropped
    assert any("overdue by more than two ticks" in r.getMessage() and str(game.pk) in r.getMessage()
               for r in caplog.records if r.levelno == logging.ERROR)
    with time_machine.travel(deadline + 4 * MINUTE, tick=False):
        with pytest.raises(CommandError):
            call_command("check_clocks", stdout=(out := OutputCapture()))
    assert "'tick step apply_timeouts failed'" in out.text


def test_check_clocks_is_quiet_when_all_is_well(alice, bob, committed):
    new_game([alice, bob], committed, days=1)
    ticked(timezone.now())
    call_command("check_clocks", stdout=(out := OutputCapture()))
    assert "0 overdue" in out.text


def test_an_overdue_deadline_within_two_ticks_is_not_yet_an_error(alice, bob, committed, caplog):
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    with caplog.at_level(logging.ERROR, logger="games.downtime"):
        assert downtime.report_overdue(deadline + MINUTE) == 0
        assert downtime.report_overdue(deadline + 3 * MINUTE) == 1
    assert len([r for r in caplog.records if r.levelno == logging.ERROR]) == 1


class OutputCapture:
    def __init__(self):
        self.text = ""

    def write(self, value):
        self.text += value

    def flush(self):
        pass


def test_a_reachable_broker_is_ok(settings):
    import os

    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs Redis (REDIS_URL); scripts/test sets it when Redis runs")
    settings.CELERY_BROKER_URL = os.environ["REDIS_URL"]
    assert health.broker_state() == "ok"
