"""The sandbox in Chromium on a Praga game: the board is drawn, a move button adds a move,
the log lists it, step back removes it. Screenshot: test-artifacts/sandbox-praga.png."""

import os

import pytest

from games.models import Move
from tests.browser.test_praga_board import page_for, shot
from tests.support.games import start_game

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_sandbox_plays_moves_and_steps_back(browser, live_server, alice, bob):
    game = start_game("praga", [alice, bob])
    page = page_for(browser, live_server, alice, width=1400, height=1000)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("link", name="Sandbox").click()
    page.wait_for_url("**/sandbox/?**")
    assert page.locator("#praga").count() == 1
    page.locator("button[name=add]").first.click()
    page.wait_for_load_state()
    assert page.locator(".sandbox-log li").count() == 2
    shot(page, "sandbox-praga.png")
    page.get_by_role("button", name="Step back").click()
    page.wait_for_load_state()
    assert page.locator(".sandbox-log li").count() == 1
    assert Move.objects.count() == 0
