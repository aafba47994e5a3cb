"""The city to lose when the barbarians win (D-02) as a standing preference on Catan's page:
chosen by keyboard among the player's own cities in the preferences panel, kept after a reload,
and on nobody else's page (preferences are private to their seat)."""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.models import Game  # noqa: E402
from tests.browser.catan_pages import logged_in_page, shot, version, wait_version  # noqa: E402
from tests.browser.keyboard import press_until  # noqa: E402
from tests.engine.catan_ck.helpers import empty_board, put  # noqa: E402
from tests.support.catan import set_state, start_catan, user_at  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CITIES = ("-1,0;0,-1;0,0", "0,0;1,-1;1,0")


def test_the_city_to_lose_is_set_by_keyboard_stays_after_a_reload_and_is_private(
        browser, live_server, alice, bob, carol):
    game = start_catan([alice, bob, carol])
    state = empty_board(seed=5, players=3, stage="action")
    owner = state["order"][1]  # not the active player: a preference is set at any time
    other = state["order"][2]
    for city in CITIES:
        put(state, owner, "city", city)
    set_state(game, state)

    page = logged_in_page(browser, live_server, user_at(game, owner))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#catan[data-ready]")
    row = page.locator('#preferences [data-preference="city_to_lose"]')
    assert row.get_attribute("role") == "group"
    press_until(page, "Tab", lambda e: e["tag"] == "summary" and "standing preferences" in e["name"])
    page.keyboard.press("Enter")  # opens the panel
    assert row.locator("h3").inner_text() == "Barbarians win: the city I lose: Ask me"
    choices = row.get_by_role("button")
    labels = choices.all_inner_texts()
    assert labels[0] == "Ask me" and len(labels) == 3
    second = labels[2]
    assert second.startswith("City at ")
    press_until(page, "Tab", lambda e: e["tag"] == "button" and e["name"] == second)
    before = version(page)
    page.keyboard.press("Enter")
    wait_version(page, before)
    assert Game.objects.get(pk=game.pk).state["players"][owner]["preferences"]["city_to_lose"] == [
        CITIES[1], CITIES[0]]

    page.reload()
    page.wait_for_selector("#catan[data-ready]")
    page.locator("#preferences summary").click()
    row = page.locator('#preferences [data-preference="city_to_lose"]')
    assert row.locator("h3 .current").inner_text() == f"{second} first"
    chosen = row.get_by_role("button", name=second)
    assert chosen.get_attribute("aria-pressed") == "true" and chosen.is_disabled()
    assert row.get_by_role("button", name="Ask me").get_attribute("aria-pressed") is None
    row.scroll_into_view_if_needed()
    shot(page, "city-preference")

    stranger = logged_in_page(browser, live_server, user_at(game, other))
    stranger.goto(f"{live_server.url}/games/{game.pk}/")
    stranger.wait_for_selector("#catan[data-ready]")
    assert second not in stranger.content()  # neither the choice nor the owner's list of cities
    stranger.locator("#preferences summary").click()
    theirs = stranger.locator('#preferences [data-preference="city_to_lose"]')
    assert theirs.locator("h3 .current").inner_text() == "Ask me"
    assert theirs.get_by_role("button").all_inner_texts() == ["Ask me"]
    assert "no city the barbarians could take" in theirs.inner_text()
