"""The turn email in the browser: bob follows its link and moves; its unsubscribe link
turns his turn emails off without logging in. Debian Chromium through Playwright."""

import os
import re

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from django.conf import settings  # noqa: E402
from django.core import mail  # noqa: E402
from django.test import Client  # noqa: E402

from accounts.models import Profile  # noqa: E402
from games import clocks  # noqa: E402
from games.moves import submit_move  # noqa: E402
from praga_site.celery import app as celery_app  # noqa: E402
from tests.support.games import start_game  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def in_process_tasks(settings, live_server):
    """Tasks run eagerly here; emails land in Django's test outbox; links point at the live server."""
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    settings.SITE_URL = live_server.url
    settings.TURN_EMAIL_DELAY = 0
    yield
    celery_app.conf.task_always_eager = before


def logged_in_page(browser, live_server, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context()
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    return context.new_page()


def alice_plays_a_turn(game, alice):
    game.refresh_from_db()
    card = game.state["hands"][0][0]
    submit_move(game.pk, alice, {"type": "select", "card": card}, game.version)
    submit_move(game.pk, alice, {"type": "play"}, game.version + 1)


def test_bob_follows_the_turn_email_and_moves_then_unsubscribes(browser, live_server, in_process_tasks, alice, bob):
    game = start_game("toy", [alice, bob])
    alice_plays_a_turn(game, alice)
    clocks.tick()
    [email] = [m for m in mail.outbox if m.to == [bob.email] and m.subject.startswith("It's your turn")]
    link = re.search(rf"{re.escape(live_server.url)}/games/{game.pk}/", email.body).group(0)

    page = logged_in_page(browser, live_server, bob)
    page.goto(link)
    page.locator("#moves button.move").first.click()  # choose a card
    page.locator(f'#live[data-version="{game.version + 3}"]').wait_for()
    page.locator("#moves button.move").first.click()  # play it
    page.locator(f'#live[data-version="{game.version + 4}"]').wait_for()
    game.refresh_from_db()
    assert game.moves.filter(seat=1).count() == 2

    unsubscribe = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert unsubscribe in email.body
    stranger = browser.new_context().new_page()  # not logged in
    stranger.goto(unsubscribe)
    assert Profile.objects.get(user=bob).notify_turn
    stranger.locator("#unsubscribe button[type=submit]").click()
    stranger.wait_for_selector("#unsubscribed")
    assert not Profile.objects.get(user=bob).notify_turn
