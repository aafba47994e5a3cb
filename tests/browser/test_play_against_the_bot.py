"""Play against the bot in Chromium: the invitation form gives the second seat to a bot, the game
page opens at once and names the bot's seat, and the bot's moves appear in the log after the
player's turn (the page's live poll). Screenshots in test-artifacts/."""

import os

import pytest
from django.db import transaction

from engine import registry
from games.models import Game, Seat
from praga_site.celery import app as celery_app
from tests.browser.test_praga_board import page_for, shot
from tests.support.games import play_praga_turn

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.skipif("praga" not in registry.GAMES, reason="Praga is not registered")]


@pytest.fixture
def eager_bots():
    """The bot's task runs in the live server's process (no Celery worker in browser tests)."""
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before


def bot_lines(page):
    """Lines of the bot's in the game log (Praga's board draws its own: .pg-log-text)."""
    return page.locator(".pg-log-text", has_text="Bot (random)").count()


def test_a_game_against_the_bot_from_the_form_shows_the_bots_moves(browser, live_server, alice, eager_bots):
    page = page_for(browser, live_server, alice, width=1280, height=1000)
    page.goto(f"{live_server.url}/invitations/new/praga/")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=seat_1_bot]", "random")
    assert page.locator("input[name=seat_2]").is_hidden()  # only the seats of the chosen player count
    page.locator("select[name=seat_1_bot]").scroll_into_view_if_needed()
    shot(page, "play-against-the-bot-form.png", full=False)
    page.get_by_role("button", name="Create the invitation").click()
    game = Game.objects.get()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    assert "Bot (random)" in page.content()
    before = bot_lines(page)
    human = Seat.objects.get(game=game, user=alice)
    with transaction.atomic():  # alice's turn (the board's clicks are tested elsewhere); the bot answers
        play_praga_turn(game, alice, human.position)
    for _poll in range(60):  # the page polls for news (no script evaluation: the CSP forbids it)
        if bot_lines(page) > before:
            break
        page.wait_for_timeout(500)
    assert bot_lines(page) > before
    shot(page, "play-against-the-bot-game.png", full=False)
