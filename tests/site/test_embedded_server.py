"""The embedded default as scripts/run serves it (gunicorn with threads, SQLite, the tick): a club
can play on it for real. 400 clients submitting the same move at once: one applies, every other
gets 409, no connection fails."""

import http.client
import json
import subprocess
import sys
import threading

import pytest

from tests.support import embedded_site

PREPARE = """
import json
import django
django.setup()
from accounts.models import ApiToken
from engine import registry
from games.models import Game
game = Game.objects.get(invitation__note="Demo: Alice's move")
seat = next(seat for seat in game.seat_list() if seat.to_act)
move = next(m for m in registry.get(game.game_id).legal_moves(game.state, seat.position) if m.get("type") != "undo")
print(json.dumps({"game": game.pk, "version": game.version, "move": move, "token": ApiToken.issue(seat.user, "race")[1]}))
"""


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("embedded")
    env = embedded_site.environment(folder)
    embedded_site.manage(env, "migrate", "-v", "0", capture_output=True)
    embedded_site.manage(env, "seed_demo", capture_output=True)
    prepared = json.loads(subprocess.run([sys.executable, "-c", PREPARE], cwd=embedded_site.ROOT, env=env, check=True,
                                         capture_output=True, text=True).stdout.splitlines()[-1])
    server, port = embedded_site.start(folder, env)
    yield {"port": port, "log": folder / "server.log", **prepared}
    embedded_site.stop(server)


def test_the_embedded_default_is_served_by_gunicorn_with_its_pages_and_static_files(embedded):
    connection = http.client.HTTPConnection("127.0.0.1", embedded["port"], timeout=30)
    connection.request("GET", f"/games/{embedded['game']}/")
    page = connection.getresponse()
    assert page.status == 200 and b"Praga" in page.read()
    connection.request("GET", "/static/css/site.css")
    assert connection.getresponse().status == 200
    assert "gunicorn" in embedded["log"].read_text()


def test_four_hundred_racing_submits_apply_once_and_refuse_the_rest_with_409(embedded):
    body = json.dumps({"move": embedded["move"], "version": embedded["version"]})
    headers = {"Content-Type": "application/json", "Authorization": f"Token {embedded['token']}"}
    statuses, failures = [], []
    start = threading.Barrier(400)

    def submit():
        connection = http.client.HTTPConnection("127.0.0.1", embedded["port"], timeout=120)
        try:
            start.wait()
            connection.request("POST", f"/api/games/{embedded['game']}/moves/", body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            statuses.append(response.status)
        except (OSError, http.client.HTTPException) as error:
            failures.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(400)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert sorted(set(statuses)) == [200, 409] and statuses.count(200) == 1 and statuses.count(409) == 399
