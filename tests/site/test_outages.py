"""Outages: the database or the cache unreachable. The API answers JSON (503 with Retry-After),
pages a plain "try again in a moment"; a page that only uses the cache as a shortcut still works."""

import logging
import random

import pytest
from django.db import OperationalError, connections
from django.test import Client

from games import presenters
from games.boards.praga.log import points_by_round
from tests.conftest import client_for
from tests.support.games import play_random_move, start_game

CLOSED_PORT_CACHE = {"default": {
    "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:9/0",
    "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
}}


@pytest.fixture
def database_down(db):
    """Call it to take the database away: every query needs a cursor, and none is given.

    Restored before the test database is rolled back (after `db`, unlike the autouse monkeypatch)."""

    def refuse(*args, **kwargs):
        raise OperationalError("connection to server at 127.0.0.1, port 5432 failed: Connection refused")

    connection = connections["default"]
    yield lambda: setattr(connection, "create_cursor", refuse)
    connection.__dict__.pop("create_cursor", None)


def quiet(client):
    client.raise_request_exception = False  # answer as production does instead of re-raising
    return client


def test_the_api_answers_json_503_with_retry_after_when_the_database_is_down(toy_game, alice, database_down):
    clients = (quiet(client_for(alice)), quiet(Client()))
    database_down()
    for client in clients:
        for url in (f"/api/games/{toy_game.pk}/", f"/api/games/{toy_game.pk}/log/"):
            response = client.get(url)
            assert response.status_code == 503, url
            assert response["Content-Type"] == "application/json"
            assert response["Retry-After"] == "30"
            assert "try again in a moment" in response.json()["error"]


def test_a_page_says_try_again_when_the_database_is_down(toy_game, alice, database_down):
    clients = (quiet(client_for(alice)), quiet(Client()))
    database_down()
    for client in clients:
        for url in ("/", f"/games/{toy_game.pk}/", "/invitations/"):
            response = client.get(url)
            assert response.status_code == 503, url
            assert response["Retry-After"] == "30"
            page = response.content.decode()
            assert "Try again in a moment" in page and "<html" in page and "Traceback" not in page


def test_a_page_in_german_says_try_again_in_german(toy_game, database_down):
    database_down()
    response = quiet(Client()).get("/invitations/", headers={"accept-language": "de"})
    assert response.status_code == 503
    assert "Versuche es gleich noch einmal" in response.content.decode()


def test_an_api_error_that_is_no_outage_is_a_json_500(toy_game, alice, monkeypatch):
    monkeypatch.setattr(presenters, "state_payload", lambda *args: 1 / 0)
    response = quiet(client_for(alice)).get(f"/api/games/{toy_game.pk}/")
    assert response.status_code == 500 and "error" in response.json()
    assert "Retry-After" not in response


@pytest.fixture
def cache_down(settings):
    settings.CACHES = CLOSED_PORT_CACHE


@pytest.fixture
def praga_game(alice, bob):
    game = start_game("praga", [alice, bob])
    rng = random.Random(3)
    for _ in range(40):
        play_random_move(game, rng, skip_undo=True)
    game.refresh_from_db()
    return game


def test_game_pages_work_without_the_cache(praga_game, alice, bob, cache_down, caplog):
    acting = next(seat for seat in praga_game.seat_list() if seat.to_act)
    with caplog.at_level(logging.WARNING, logger="games.optional_cache"):
        for client in (client_for(acting.user), client_for(alice), client_for(bob), Client()):
            for url in (f"/games/{praga_game.pk}/", f"/games/{praga_game.pk}/live/",
                        f"/games/{praga_game.pk}/replay/2/", f"/api/games/{praga_game.pk}/"):
                assert client.get(url).status_code == 200, url
    assert "cache unavailable" in caplog.text


def test_the_points_chart_is_computed_without_the_cache(praga_game, cache_down):
    chart = points_by_round(praga_game)
    assert chart is None or chart["series"]
