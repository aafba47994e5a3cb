"""Screenshots of the Catan board: a mid-game of four (desktop, and a 390 px phone), for the
docs and for looking at. The page must draw the island, the barbarians and every player's panel.
The pictures in docs/screenshots/ are drawn again only when asked (UPDATE_DOCS_SCREENSHOTS=1), so a
test run leaves the tree as it was."""

import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import engine.catan_ck as rules  # noqa: E402
from games.moves import submit_move  # noqa: E402
from tests.browser.catan_pages import ARTIFACTS, logged_in_page, shot  # noqa: E402
from tests.support.catan import bot_move, start_catan, user_at  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
if not os.environ.get("UPDATE_DOCS_SCREENSHOTS"):
    DOCS = ARTIFACTS  # noqa: F811 (test-artifacts/ then)


def midgame(users, steps=420, seed=4):
    """A game of four played by random bots through the site for `steps` moves."""
    game = start_catan(users)
    rng = random.Random(seed)
    for _ in range(steps):
        game.refresh_from_db()
        if game.is_finished:
            break
        acting = sorted(rules.to_act(game.state))
        position = acting[rng.randrange(len(acting))]
        submit_move(game.pk, user_at(game, position), bot_move(game, position, rng), game.version)
    game.refresh_from_db()
    return game


def test_a_mid_game_of_four_on_a_desktop_and_on_a_phone(browser, live_server, alice, bob, carol, dave):
    game = midgame([alice, bob, carol, dave])
    seat = game.state["active"]
    page = logged_in_page(browser, live_server, user_at(game, seat), width=1400, height=1100)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#catan[data-ready]")
    assert page.locator(".ck-hex").count() == 19 and page.locator(".ck-player").count() == 4
    shot(page, "midgame")
    box = page.locator("#board").bounding_box()
    page.screenshot(path=str(DOCS / "catan-midgame.png"), full_page=True, clip=box)
    page.locator(".ck-island").screenshot(path=str(ARTIFACTS / "catan-island.png"))
    phone = logged_in_page(browser, live_server, user_at(game, seat), width=390, height=844)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.wait_for_selector("#catan[data-ready]")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 392  # nothing wider than the phone
    shot(phone, "phone")
    phone.screenshot(path=str(DOCS / "catan-phone.png"))
    # a step of the replay, as that seat saw it: the same drawing, its own cards face up
    page.goto(f"{live_server.url}/games/{game.pk}/replay/{game.version // 2}/")
    page.wait_for_selector("#catan[data-ready]")
    assert page.locator(".ck-player.ck-me .ck-card, .ck-player.ck-me .ck-hand .ck-small").count() >= 1
    assert page.locator("#bk-prompt").count() == 0  # nothing to click in a replay
    shot(page, "replay")
    # in German
    user = user_at(game, seat)
    user.profile.language = "de"
    user.profile.save()
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.wait_for_selector("#catan[data-ready]")
    assert "Die Insel Catan" in phone.content() and "barbaren" in phone.locator(".ck-barbarians").inner_text().lower()
    phone.locator("#board").screenshot(path=str(ARTIFACTS / "catan-phone-de.png"))
    # the parts one by one, as a phone shows them, to be looked at
    for part in (".ck-prompt", ".ck-island", ".ck-barbarians", ".ck-player.ck-me", ".ck-log"):
        phone.locator(part).first.screenshot(path=str(ARTIFACTS / ("catan-phone-%s.png" % part.split(".")[-1])))
