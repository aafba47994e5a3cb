"""A real fault: the Redis server behind the cache is stopped while pages are requested.

Uses its own redis-server on a free port (the shared one keeps serving other tests): pages,
replays and the API answer 200 throughout, computing what the cache would have kept; the
login, whose rate limits need the cache, answers 503 with Retry-After instead of a 500."""

import random
import shutil
import subprocess

import pytest
from django.test import Client

from praga_site import settings as site_settings
from tests.conftest import client_for
from tests.support.games import play_random_move, start_game
from tests.support.players import PASSWORD
from tests.support.redis_server import RedisServer

pytestmark = [pytest.mark.django_db, pytest.mark.skipif(not shutil.which("redis-server"),
                                                         reason="redis-server is not installed")]


@pytest.fixture
def cache_redis(settings):
    server = RedisServer()
    server.start()
    settings.CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": f"redis://127.0.0.1:{server.port}/1",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }}
    settings.ACCOUNT_RATE_LIMITS = site_settings.ACCOUNT_RATE_LIMITS  # they need the cache: see the login below
    yield server
    server.stop()


def keys(server):
    return subprocess.run(["redis-cli", "-p", str(server.port), "-n", "1", "dbsize"],
                          capture_output=True, text=True).stdout.strip()


def test_pages_keep_working_while_redis_stops_and_comes_back(alice, bob, cache_redis):
    game = start_game("praga", [alice, bob])
    rng = random.Random(5)
    for _ in range(8):
        play_random_move(game, rng, skip_undo=True)
    game.refresh_from_db()
    acting = next(seat for seat in game.seat_list() if seat.to_act)
    watcher = bob if acting.user == alice else alice
    clients = [client_for(acting.user), client_for(watcher), Client()]
    for client in clients:
        client.raise_request_exception = False
    urls = [f"/games/{game.pk}/", f"/games/{game.pk}/live/", f"/games/{game.pk}/replay/3/",
            f"/api/games/{game.pk}/", f"/api/games/{game.pk}/log/", f"/api/games/{game.pk}/moves/", "/invitations/", "/"]

    def request_all():
        return [(url, client.get(url).status_code) for client in clients for url in urls]

    assert all(status == 200 for _url, status in request_all())
    assert keys(cache_redis) not in ("", "0")  # the board's reasons were cached
    statuses = []
    for round_ in range(3):
        if round_ == 1:
            cache_redis.stop()  # Redis goes away between two rounds of requests
        statuses += request_all()
    assert [(url, status) for url, status in statuses if status != 200] == []
    login = Client(raise_request_exception=False).post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert login.status_code == 503 and login["Retry-After"]
    cache_redis.start()  # back on the same port: the cache fills again
    assert all(status == 200 for _url, status in request_all())
    assert keys(cache_redis) not in ("", "0")
