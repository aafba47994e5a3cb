"""The next-game flow in Chromium: a move made on one game's page, then the key n opens the game
that has waited longest; the header counts the waiting games. Screenshot in test-artifacts/."""

import os
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Seat
from tests.browser.test_praga_board import page_for, shot
from tests.support.games import start_game

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_after_a_move_the_key_n_opens_the_game_that_waited_longest(browser, live_server, alice, bob, carol, dave):
    here = start_game("toy", [alice, bob])
    newer, older = start_game("toy", [alice, carol]), start_game("toy", [alice, dave])
    now = timezone.now()
    Seat.objects.filter(game=newer, user=alice).update(waiting_since=now - timedelta(hours=2))
    Seat.objects.filter(game=older, user=alice).update(waiting_since=now - timedelta(days=1))
    page = page_for(browser, live_server, alice, width=1280, height=900)
    page.goto(f"{live_server.url}/games/{here.pk}/")
    assert "3 waiting" in page.locator(".topbar .next-game").inner_text()
    page.locator("#moves button.move").first.click()  # select a card
    page.locator("#moves button.move", has_text="Play").first.click()
    banner = page.locator(".next-game-banner")
    banner.wait_for()
    assert "Your move is in." in banner.inner_text()
    assert "2 waiting" in page.locator(".topbar .next-game").inner_text()  # the header follows the move
    shot(page, "next-game-banner.png", full=False)
    page.locator("body").press("n")
    page.wait_for_url(f"{live_server.url}/games/{older.pk}/")
    assert "2 waiting" in page.locator(".topbar .next-game").inner_text()
    page.locator("body").press("n")  # the header link skips the game one is on
    page.wait_for_url(f"{live_server.url}/games/{newer.pk}/")
