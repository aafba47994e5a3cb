"""A web worker does not load what it does not serve (issue 10: a worker serving pages stays under
100 MB; benchmarks/memory.py).

pywebpush (with aiohttp), requests and cryptography's bindings took ~18 MB of every gunicorn
worker's memory although only a Celery worker sending a push or a webhook uses them, Celery
itself ~7.5 MB although a worker serving pages queues no task; each game's
engine and board is loaded by the first page of that game (engine.registry), not by every
worker at start. Each test loads the web application in a fresh process, as a worker does, and
fails if an import at module level brings such modules back."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import services

ROOT = Path(__file__).resolve().parents[2]
SENDERS_ONLY = ("pywebpush", "py_vapid", "aiohttp", "requests", "cryptography.hazmat")
GAMES = ("praga", "catan_ck", "queens_architect")

# Prints {game id: [its engine's and board's modules loaded]} after loading the web application
# and, given pages' paths, {"status": [each page's status], game id: [...]} after serving them.
GAME_MODULES = """
import json, sys
import django
django.setup()
import praga_site.wsgi

def loaded():
    return {game_id: sorted(name for name in sys.modules for package in (f"engine.{game_id}", f"games.boards.{game_id}")
                            if name == package or name.startswith(package + "."))
            for game_id in %r}

print(json.dumps(loaded()))
if len(sys.argv) > 1:
    from django.test import Client

    client = Client()
    if sys.argv[1].startswith("login="):
        from django.contrib.auth import get_user_model
        client.force_login(get_user_model().objects.get(username=sys.argv.pop(1)[len("login="):]))
    statuses = [client.get(path, HTTP_X_FORWARDED_PROTO="https").status_code for path in sys.argv[1:]]
    print(json.dumps({"status": statuses, **loaded()}))
""" % (GAMES,)


def run_in_a_fresh_process(code, *arguments, env=None):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "praga_site.settings", "PYTHONPATH": str(ROOT), **(env or {})}
    result = subprocess.run([sys.executable, "-c", code, *arguments], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def test_the_web_application_loads_without_the_senders_libraries():
    probe = ("import sys, django; django.setup(); import praga_site.wsgi; "
             f"print(' '.join(name for name in {SENDERS_ONLY!r} if name in sys.modules))")
    assert run_in_a_fresh_process(probe).strip() == "", "loaded by the web application"


@pytest.mark.django_db(transaction=True)
def test_the_web_application_loads_celery_only_to_queue_a_task(alice, bob, carol):
    """Celery and its libraries (~7.5 MB of a worker) load with the first task a worker queues, not
    with pages or the load balancer's health check, and that task goes to the site's app and
    broker, as `celery -A praga_site` finds them."""
    services.require_postgresql("pages served in another process need a shared database: PostgreSQL")
    from tests.support.games import start_game

    game = start_game("catan_ck", [alice, bob, carol])
    probe = """
import sys, django
django.setup()
import praga_site.wsgi
from django.test import Client

celery = ("celery", "kombu", "amqp", "click", "yaml")
print(" ".join(name for name in celery if name in sys.modules))
statuses = [Client().get(path, HTTP_X_FORWARDED_PROTO="https").status_code for path in sys.argv[1:]]
print(statuses, " ".join(name for name in celery if name in sys.modules))
from games import tasks
from celery.app.utils import find_app
print(tasks.send_email.app.main, tasks.send_email.app.conf.broker_url, find_app("praga_site") is tasks.send_email.app)
"""
    broker = "redis://127.0.0.1:1/5"  # nothing listens there: the health check says so, nothing is sent
    at_start, served, queued = run_in_a_fresh_process(
        probe, f"/games/{game.pk}/", f"/games/{game.pk}/log/", "/health/", "/",
        env={"REDIS_URL": broker, "DATABASE_URL": services.database_url()}).splitlines()[-3:]
    assert at_start == "", "loaded by the web application"
    assert served == "[200, 200, 200, 200] ", "loaded by a page or the health check"
    assert queued == f"praga_site {broker} True"


def test_the_web_application_loads_no_game_before_a_page_of_it():
    loaded = json.loads(run_in_a_fresh_process(GAME_MODULES).splitlines()[-1])
    assert loaded == {game_id: [] for game_id in GAMES}


@pytest.mark.django_db(transaction=True)
def test_a_game_page_loads_that_game_and_no_other(alice, bob):
    # the page is served by another process, which must see this test's game: a shared database
    services.require_postgresql("a page served in another process needs a shared database: PostgreSQL")
    from tests.support.games import start_game

    game = start_game("praga", [alice, bob])
    before, after = (json.loads(line) for line in
                     run_in_a_fresh_process(GAME_MODULES, f"/games/{game.pk}/",
                                            env={"DATABASE_URL": services.database_url()}).splitlines()[-2:])
    assert before == {game_id: [] for game_id in GAMES}
    assert after["status"] == [200]
    assert "engine.praga" in after["praga"] and "games.boards.praga" in after["praga"]
    assert after["catan_ck"] == [] and after["queens_architect"] == []


@pytest.mark.django_db(transaction=True)
def test_the_lobby_ratings_and_an_invitation_name_every_game_without_loading_one(alice, bob):
    """Titles come from engine.registry.TITLES: listing the games loads none of their engines."""
    services.require_postgresql("pages served in another process need a shared database: PostgreSQL")
    from games import invitations

    invitation = invitations.create_invitation(alice, "catan_ck", 3, {}, [None, None])
    pages = ["/", "/invitations/", f"/invitations/{invitation.pk}/", "/invitations/new/", "/ratings/",
             *(f"/ratings/{game_id}/" for game_id in GAMES), f"/players/{alice.username}/"]
    served = json.loads(run_in_a_fresh_process(GAME_MODULES, f"login={bob.username}", *pages,
                                               env={"DATABASE_URL": services.database_url()}).splitlines()[-1])
    assert served.pop("status") == [200] * len(pages)
    assert served == {game_id: [] for game_id in GAMES}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_site_shows_the_options_the_engine_validates(game_id):
    from engine import registry
    from games import engines

    assert engines.options_spec(game_id) is registry.get(game_id).OPTIONS


def test_each_game_keeps_its_name():
    from games import engines

    assert [engines.title(game_id) for game_id in GAMES] == ["Praga", "Catan: Cities & Knights", "Queen's Architect"]
