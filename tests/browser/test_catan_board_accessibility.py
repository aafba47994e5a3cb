"""No critical or serious axe-core violation on the Catan board: the page of the player to act
on a desktop and on a phone, a discard with its card picker open, and a replay step."""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.models import Game  # noqa: E402
from games.moves import submit_move  # noqa: E402
from tests.browser.axe import describe, violations  # noqa: E402
from tests.browser.catan_pages import logged_in_page  # noqa: E402
from tests.browser.test_catan_board_shots import midgame  # noqa: E402
from tests.support.catan import seven_ahead, start_catan, user_at  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def problems_of(page, url):
    page.goto(url)
    page.wait_for_selector("#catan[data-ready]")
    found = violations(page)
    return ["%s:\n%s" % (url, describe(found))] if found else []


def test_the_catan_board_has_no_serious_accessibility_violation(browser, live_server, alice, bob, carol, dave):
    game = midgame([alice, bob, carol, dave], steps=160)
    user = user_at(game, game.state["active"])
    problems = []
    for width, height in ((1280, 1000), (390, 844)):
        page = logged_in_page(browser, live_server, user, width=width, height=height, bypass_csp=True)
        problems += problems_of(page, f"{live_server.url}/games/{game.pk}/")
        problems += problems_of(page, f"{live_server.url}/games/{game.pk}/replay/{game.version // 2}/")

    table = start_catan([alice, bob, carol])
    active, (owing, _third) = seven_ahead(table, over_limit=[0])
    submit_move(table.pk, user_at(table, active), {"type": "roll"}, Game.objects.get(pk=table.pk).version)
    page = logged_in_page(browser, live_server, user_at(table, owing), bypass_csp=True)
    problems += problems_of(page, f"{live_server.url}/games/{table.pk}/")
    assert not page.locator("#bk-picker").is_hidden()
    assert not problems, "\n\n".join(problems)
