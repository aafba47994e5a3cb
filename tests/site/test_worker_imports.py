"""A web worker does not load what it does not serve (issue 10: a worker serving pages stays under
100 MB; benchmarks/memory.py).

pywebpush (with aiohttp), requests and cryptography's bindings took ~18 MB of every gunicorn
worker's memory although only a Celery worker sending a push or a webhook uses them, Celery
itself ~9 MB although a web worker only queues tasks, which it hands over on Redis without
Celery (games/handover.py), openskill ~1.3 MB though pages rate nothing; each game's
engine and board is loaded by the first page of that game (engine.registry), not by every
worker at start. Each test loads the web application in a fresh process, as a worker does, and
fails if an import at module level brings such modules back."""

import json
import os
import re
import subprocess
import sys
import uuid
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
def test_the_web_application_queues_tasks_without_loading_celery(alice, bob, carol):
    """Celery and its libraries (~9 MB of a worker) load neither with pages, nor the load
    balancer's health check, nor when a worker queues a task (an email, a rating, a bot's move):
    the task is handed over on the broker's Redis, for the queue a worker of
    `celery -A praga_site` drains (games/handover.py; the worker's side:
    tests/correspondence/test_worker_emails.py)."""
    import redis

    services.require_postgresql("pages served in another process need a shared database: PostgreSQL")
    services.require_redis("the hand-over goes through the broker's Redis")
    from games import handover
    from tests.support.games import start_game

    game = start_game("catan_ck", [alice, bob, carol])
    probe = """
import sys, django
django.setup()
import praga_site.wsgi
from django.test import Client

celery = ("celery", "kombu", "amqp", "billiard", "click", "yaml", "openskill")
print(" ".join(name for name in celery if name in sys.modules))
statuses = [Client().get(path, HTTP_X_FORWARDED_PROTO="https").status_code for path in sys.argv[1:]]
print(statuses, " ".join(name for name in celery if name in sys.modules))
from games.notifications import outbox
from players import hooks
from games.models import Game
outbox.delay("send_email", 12345)
hooks.game_finished(None, Game.objects.get(pk=%d))
print(" ".join(name for name in celery if name in sys.modules))
""" % game.pk
    queue = f"test-imports-{uuid.uuid4().hex[:10]}"  # no worker drains it
    broker = redis.Redis.from_url(os.environ["REDIS_URL"])
    try:
        at_start, served, queued = run_in_a_fresh_process(
            probe, f"/games/{game.pk}/", f"/games/{game.pk}/log/", "/health/", "/",
            env={"DATABASE_URL": services.database_url(), "CELERY_QUEUE": queue}).splitlines()[-3:]
        handed_over = [json.loads(entry) for entry in reversed(broker.lrange(handover.key(queue), 0, -1))]
    finally:
        broker.delete(handover.key(queue))
    assert at_start == "", "loaded by the web application"
    assert served == "[200, 200, 200, 200] ", "loaded by a page or the health check"
    assert queued == "", "loaded to queue a task"
    assert handed_over == [["games.tasks.send_email", [12345]], ["players.tasks.rate_finished_game", [game.pk]]]


def test_every_task_handed_over_is_a_task_of_the_sites_celery_app():
    """The names the web process hands over are the ones `celery -A praga_site` registers."""
    from celery.app.utils import find_app

    app = find_app("praga_site")
    app.loader.import_default_modules()
    sources = "\n".join(path.read_text() for folder in ("games", "players") for path in (ROOT / folder).rglob("*.py"))
    names = set(re.findall(r'handover\.send\("([\w.]+)"', sources))
    names |= {f"games.tasks.{name}" for name in re.findall(r'\b(?:delay|on_commit_task)\("(\w+)"', sources)}
    assert names and names <= set(app.tasks), names - set(app.tasks)


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
