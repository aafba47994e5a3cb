"""Helpers of the Catan browser tests: a logged-in page, the page's game version, screenshots,
the market's offer form."""

from pathlib import Path

from django.conf import settings
from django.test import Client

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def logged_in_page(browser, live_server, user, width=1280, height=1000, locale="en-GB", bypass_csp=False):
    """`bypass_csp`: for injecting axe-core (the site allows no inline script)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, bypass_csp=bypass_csp)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    return context.new_page()


def version(page):
    return int(page.locator("#live").get_attribute("data-version"))


def wait_version(page, above, timeout=15.0):
    for _ in range(int(timeout * 5)):
        if version(page) > above:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the page stayed at version {version(page)}")


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"catan-{name}.png"), full_page=True)


def click(locator):
    """A click on a board spot, brought to the middle of the window first (the board's prompt is
    pinned at the top and may cover what the browser scrolled to just below it)."""
    locator.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
    locator.click()


def fill_offer(form, give_cards, want_cards):
    """Counts into a market offer form: `give_cards` and `want_cards` by their labels ("Brick")."""
    sides = form.locator("fieldset.choice-field")
    for card, count in give_cards.items():
        sides.nth(0).get_by_label(card).fill(str(count))
    for card, count in want_cards.items():
        sides.nth(1).get_by_label(card).fill(str(count))
