"""Private notes and game records in Chromium: the notes box saves as the player types (after
a short pause) and comes back on reload, the other player never sees it; a record downloaded
from a finished game uploads again and opens as an imported replay. Screenshots: test-artifacts/."""

import json
import os
import random

import pytest
from playwright.sync_api import expect

from games import records
from games.models import Game, Note
from tests.browser.test_praga_board import page_for, shot
from tests.support.games import play_random_move, start_game

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SECRET = "watch the Cathedral, bob goes for the wall"


def test_notes_are_saved_while_typing_and_stay_private(browser, live_server, alice, bob):
    game = start_game("praga", [alice, bob])
    page = page_for(browser, live_server, alice, width=1400, height=1000)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    box = page.locator("#notes-body")
    assert not page.locator(".notes-save").is_visible()  # saving is automatic with JavaScript
    box.press_sequentially(SECRET, delay=5)
    expect(page.locator("#notes-status")).to_have_text("Saved.", timeout=10000)
    assert Note.objects.get(game=game, user=alice).body == SECRET
    shot(page, "notes-praga-game-page.png")
    page.reload()
    assert page.locator("#notes-body").input_value() == SECRET
    other = page_for(browser, live_server, bob)
    other.goto(f"{live_server.url}/games/{game.pk}/")
    assert other.locator("#notes-body").input_value() == ""
    assert SECRET not in other.content()
    # Too long: the reason shows next to the box and the saved text stays.
    page.evaluate("(n) => { const box = document.getElementById('notes-body'); box.removeAttribute('maxlength');"
                  " box.value = 'x'.repeat(n); box.dispatchEvent(new Event('input', {bubbles: true})); }",
                  10001)
    expect(page.locator("#notes-status")).to_contain_text("at most", timeout=10000)
    assert Note.objects.get(game=game, user=alice).body == SECRET


def test_a_record_uploads_and_opens_as_an_imported_replay(browser, live_server, alice, tmp_path):
    game = start_game("toy", [alice], options={"hand_size": 3})
    rng = random.Random(1)
    while play_random_move(game, rng, skip_undo=True) is not None:
        pass
    game.refresh_from_db()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(records.export(game, alice)))
    page = page_for(browser, live_server, alice, width=1280, height=900)
    page.goto(f"{live_server.url}/games/import/")
    shot(page, "import-page.png")
    page.set_input_files("#record-file", str(path))
    page.get_by_role("button", name="Import").click()
    page.wait_for_url("**/replay/**")
    imported = Game.objects.get(imported=True)
    assert page.url.endswith(f"/games/{imported.pk}/replay/{imported.version}/")
    assert page.locator(".badge.imported").is_visible()
    shot(page, "import-replay.png")
    record = json.loads(path.read_text())
    record["outcome"]["scores"][0] += 5
    path.write_text(json.dumps(record))
    page.goto(f"{live_server.url}/games/import/")
    page.set_input_files("#record-file", str(path))
    page.get_by_role("button", name="Import").click()
    assert page.locator("[role=alert]").inner_text() == "The replayed outcome differs from the recorded one."
    shot(page, "import-refused.png")
    assert Game.objects.filter(imported=True).count() == 1
