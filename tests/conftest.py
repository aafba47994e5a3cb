"""Shared fixtures: the toy game registered for tests, players alice/bob/carol/dave, games."""

import os
import uuid
import zlib

import pytest

from engine import registry
from tests.support import toygame
from tests.support.players import make_user


@pytest.fixture(autouse=True)
def toy_game_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", toygame)
    yield


@pytest.fixture(autouse=True)
def _game_seeds_from_the_test(request, monkeypatch):
    # A game's seed is secret and random on the site; in a test it follows from the test's name,
    # so a test sees the same games on every run (a position met by chance cannot come and go).
    import random

    from games import invitations

    seeds = random.Random(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr(invitations.secrets, "randbits", lambda bits: seeds.getrandbits(bits))


@pytest.fixture(autouse=True)
def _no_rate_limits(settings):
    settings.ACCOUNT_RATE_LIMITS = False


@pytest.fixture(autouse=True)
def _own_cache_keys(settings):
    # Game ids repeat between the xdist workers' databases (and, on SQLite, between tests), while
    # the cache is shared: keys that name a game (games.live) must not meet another test's game.
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # not the fixture: mutmut runs without xdist
    settings.CACHES = {"default": {**settings.CACHES["default"], "KEY_PREFIX": f"{worker}:{uuid.uuid4().hex}"}}


@pytest.fixture(autouse=True)
def _no_kept_games():
    # A process keeps the games it wrote a move to last (games/move_cache.py); a rolled-back
    # test's game must not be met by the next test's.
    from games import move_cache

    move_cache.forget()
    yield
    move_cache.forget()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # PBKDF2 costs ~0.3 s per password on a busy CI machine; tests need no strength.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _site_language_after_each_test():
    # A request in German leaves German active in the test's thread (LocaleMiddleware activates
    # the reader's language and nothing turns it back): a pure test after it would read German.
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run on-commit hooks (emails, the finish signal that rates a game) in tests that stay
    inside one transaction: `with committed(): ...`."""

    def run():
        return django_capture_on_commit_callbacks(execute=True)

    return run


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    return make_user("carol")


@pytest.fixture
def dave(db):
    return make_user("dave")


@pytest.fixture
def toy_game(alice, bob):
    """A running 2-player toy game, alice in seat 0 and bob in seat 1."""
    from tests.support.games import start_game

    return start_game("toy", [alice, bob])


def client_for(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice_client(alice):
    return client_for(alice)


@pytest.fixture
def bob_client(bob):
    return client_for(bob)


@pytest.fixture
def carol_client(carol):
    return client_for(carol)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    yield
    _close_connections_outside_a_test_transaction()


def _close_connections_outside_a_test_transaction():
    """Close the database connections the test body opened, unless a test transaction holds them.

    Playwright's sync API runs the test body in its own greenlet, and Django keeps connections
    per context (asgiref.local), so the body's connection is not the one pytest-django closes
    before dropping the test database ("... is being accessed by other users")."""
    from django.db import connections

    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


# How many slow tests this run left out (pytest.ini deselects them) --------------------------------

_slow_deselected = set()


def pytest_deselected(items):
    _slow_deselected.update(item.nodeid for item in items if item.get_closest_marker("slow"))


def pytest_sessionfinish(session):
    if hasattr(session.config, "workeroutput"):  # an xdist worker: the controller prints the count
        session.config.workeroutput["slow_deselected"] = len(_slow_deselected)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    # Every xdist worker collects the whole run, so each reports the same count.
    count = getattr(node, "workeroutput", {}).get("slow_deselected", 0)
    node.config.stash[SLOW_DESELECTED] = max(node.config.stash.get(SLOW_DESELECTED, 0), count)


SLOW_DESELECTED = pytest.StashKey[int]()


def pytest_terminal_summary(terminalreporter, config):
    count = max(len(_slow_deselected), config.stash.get(SLOW_DESELECTED, 0))
    if count:
        terminalreporter.write_line(f"{count} slow tests deselected (run: scripts/test -m slow)")
