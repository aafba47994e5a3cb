"""Two players trade over the Catan market in Chromium: the active player offers, an opponent
accepts; then the opponent answers a second offer with a counter-offer the active player
accepts; a bad offer shows the engine's reason. Screenshots of the market and the waiting
banner at 390 px in English and German go to test-artifacts/ (the ones in docs/screenshots/ are
copies of catan-market-offer-390-en, catan-market-market-390-en and -de, and of
catan-market-addressed-390-en and catan-market-addressed-form-390-en: an offer to one opponent
with an expiry, and the form that made it by keyboard)."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.moves import submit_move  # noqa: E402
from tests.browser.axe import describe, violations  # noqa: E402
from tests.browser.catan_pages import fill_offer, version, wait_version  # noqa: E402
from tests.browser.catan_pages import logged_in_page as board_page  # noqa: E402
from tests.engine.catan_ck.helpers import empty_board, give  # noqa: E402
from tests.support.catan import set_state, start_catan, user_at  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def logged_in_page(browser, live_server, user, width=1280):
    return board_page(browser, live_server, user, width=width, height=900, bypass_csp=True)  # axe is injected


def shot(page, name, parts=("#waiting", "#market")):
    """The banner and the market (the generic board below them is long), one image."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"catan-market-{name}.png"
    boxes = [page.evaluate("(s) => { const r = document.querySelector(s).getBoundingClientRect();"
                           " return {y: r.top + window.scrollY, height: r.height}; }", part) for part in parts]
    top, bottom = min(box["y"] for box in boxes), max(box["y"] + box["height"] for box in boxes)
    width = page.viewport_size["width"]
    page.screenshot(path=str(path), full_page=True, clip={"x": 0, "y": top - 8, "width": width, "height": bottom - top + 16})


def market_game(users):
    """A game of three in the active player's action phase: 2 brick and 2 grain for the active
    player, 2 wool and 2 ore for each other one. Returns (game, active seat)."""
    game = start_catan(users)
    state = empty_board(seed=5, players=3, stage="action")
    active = state["active"]
    give(state, active, brick=2, grain=2)
    for seat in range(3):
        if seat != active:
            give(state, seat, wool=2, ore=2)
    set_state(game, state)
    return game, active


def hand(game, seat):
    game.refresh_from_db()
    return {card: n for card, n in game.state["players"][seat]["hand"].items() if n}


def test_two_players_trade_over_the_market_with_an_offer_and_a_counter_offer(browser, live_server, alice, bob, carol):
    game, active = market_game([alice, bob, carol])
    other = next(seat for seat in range(3) if seat != active)

    trader = logged_in_page(browser, live_server, user_at(game, active))
    trader.goto(f"{live_server.url}/games/{game.pk}/")
    form = trader.locator("#make-turn-offer")
    fill_offer(form, {"Brick": 1}, {"Wool": 1})
    assert form.locator(".chosen").first.inner_text() == "1"
    before = version(trader)
    form.get_by_role("button", name="Offer: the first to accept trades").click()
    wait_version(trader, before)
    (offer,) = game.__class__.objects.get(pk=game.pk).state["offers"]
    assert trader.locator(f"#offer-{offer['id']} .expiry").inner_text().startswith("lapses at the end of turn")

    answerer = logged_in_page(browser, live_server, user_at(game, other), width=390)
    answerer.goto(f"{live_server.url}/games/{game.pk}/")
    row = answerer.locator(f"#offer-{offer['id']}")
    assert "Turn offer" in row.inner_text() and "1 Brick" in row.inner_text()
    shot(answerer, "offer-390-en")
    before = version(answerer)
    row.get_by_role("button", name="Accept").click()
    wait_version(answerer, before)
    assert hand(game, active) == {"brick": 1, "grain": 2, "wool": 1}
    assert hand(game, other) == {"brick": 1, "wool": 1, "ore": 2}

    trader.reload()
    form = trader.locator("#make-turn-offer")
    fill_offer(form, {"Grain": 1}, {"Ore": 2})
    before = version(trader)
    form.get_by_role("button", name="Offer: the first to accept trades").click()
    wait_version(trader, before)
    (offer,) = game.__class__.objects.get(pk=game.pk).state["offers"]

    answerer.reload()
    row = answerer.locator(f"#offer-{offer['id']}")
    row.locator("details.counter summary").click()
    counter = answerer.locator(f"#counter-{offer['id']}")
    fill_offer(counter, {"Ore": 1}, {"Grain": 1})
    before = version(answerer)
    counter.get_by_role("button", name="Send this counter-offer").click()
    wait_version(answerer, before)

    trader.reload()
    counter_offer = next(o for o in game.__class__.objects.get(pk=game.pk).state["offers"] if o["kind"] == "counter")
    counter_row = trader.locator(f"#offer-{counter_offer['id']}")
    assert "Counter-offer" in counter_row.inner_text()
    shot(trader, "counter-1280-en")
    before = version(trader)
    counter_row.get_by_role("button", name="Accept").click()
    wait_version(trader, before)
    assert hand(game, active) == {"brick": 1, "grain": 1, "wool": 1, "ore": 1}
    assert hand(game, other) == {"brick": 1, "grain": 1, "wool": 1, "ore": 1}

    form = trader.locator("#make-turn-offer")
    fill_offer(form, {"Brick": 1}, {"Brick": 1})
    before = version(trader)
    form.get_by_role("button", name="Offer: the first to accept trades").click()
    trader.locator("#live .error").wait_for()
    assert "A card type cannot be on both sides of a trade." in trader.locator("#live .error").inner_text()
    assert version(trader) == before


def test_the_market_preferences_and_banner_at_390_px_in_german(browser, live_server, alice, bob, carol):
    game, active = market_game([alice, bob, carol])

    other = next(seat for seat in range(3) if seat != active)
    submit_move(game.pk, user_at(game, active), {"type": "offer_trade", "give": {"brick": 1}, "want": {"wool": 1},
                                                 "mode": "choose"}, game.version)
    game.refresh_from_db()
    submit_move(game.pk, user_at(game, other), {"type": "post_standing", "give": {"ore": 1}, "want": {"grain": 1},
                                                "until": 4}, game.version)
    user = user_at(game, other)
    user.profile.language = "de"
    user.profile.save()
    page = logged_in_page(browser, live_server, user, width=390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    market = page.locator("#market")
    assert "Angebot in diesem Zug" in market.inner_text() and "Stehendes Angebot" in market.inner_text()
    assert "gilt bis einschließlich Zug 4" in market.inner_text()
    assert page.locator("#waiting").inner_text().startswith("Warten auf")
    page.locator("#preferences summary").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    shot(page, "market-390-de")
    shot(page, "preferences-390-de", parts=("#preferences",))
    found = violations(page)
    assert not found, describe(found)

    english = logged_in_page(browser, live_server, user_at(game, active), width=390)
    english.goto(f"{live_server.url}/games/{game.pk}/")
    assert english.evaluate("document.documentElement.scrollWidth") <= 390
    shot(english, "market-390-en")
    found = violations(english)
    assert not found, describe(found)


def test_an_offer_addressed_to_one_opponent_with_an_expiry_is_made_by_keyboard(browser, live_server, alice, bob, carol):
    """The trader (in Berlin) ticks off one opponent and sets an expiry, all by keyboard; the
    offer shows its one addressee and its expiry in each reader's zone, and only the addressee
    may accept it."""
    game, active = market_game([alice, bob, carol])
    left_out, addressee = [seat for seat in range(3) if seat != active]
    trader_user = user_at(game, active)
    trader_user.profile.time_zone = "Europe/Berlin"
    trader_user.profile.save()

    trader = logged_in_page(browser, live_server, trader_user, width=390)
    trader.goto(f"{live_server.url}/games/{game.pk}/")
    form = trader.locator("#make-turn-offer")
    form.get_by_label("Brick").first.focus()
    trader.keyboard.press("Control+A")
    trader.keyboard.type("1")
    form.locator("fieldset.choice-field").nth(1).get_by_label("Wool").focus()
    trader.keyboard.press("Control+A")
    trader.keyboard.type("1")
    left_out_name = user_at(game, left_out).username
    recipient = form.get_by_role("checkbox", name=left_out_name)
    assert recipient.is_checked()
    recipient.focus()
    trader.keyboard.press("Space")  # not to this one
    assert not recipient.is_checked()
    trader.keyboard.press("Tab")  # the other opponent, still ticked
    trader.keyboard.press("Tab")  # the expiry's box
    trader.keyboard.press("Space")
    assert form.get_by_role("checkbox", name="Expires at a date and time").is_checked()
    trader.keyboard.press("Tab")  # the date-time: Debian's Chromium orders it month, day, year (its own
    trader.keyboard.type("01152031")  # language, not the page's), a year takes up to 6 digits: Tab to the time
    trader.keyboard.press("Tab")
    trader.keyboard.type("1830")
    assert form.get_by_label("Date and time", exact=True).input_value() == "2031-01-15T18:30"
    assert "Europe/Berlin" in form.inner_text()
    shot(trader, "addressed-form-390-en", parts=("#make-turn-offer",))
    found = violations(trader)
    assert not found, describe(found)
    before = version(trader)
    form.get_by_role("button", name="Offer: I choose among those who accept").focus()
    trader.keyboard.press("Enter")
    wait_version(trader, before)

    (offer,) = game.__class__.objects.get(pk=game.pk).state["offers"]
    assert offer["to"] == [addressee] and offer["expires"] == "2031-01-15T17:30:00Z"
    row = trader.locator(f"#offer-{offer['id']}")
    assert f"→ {user_at(game, addressee).username}" in row.inner_text()
    assert "expires Wed 15 Jan, 18:30 CET" in row.inner_text()

    answerer = logged_in_page(browser, live_server, user_at(game, addressee), width=390)
    answerer.goto(f"{live_server.url}/games/{game.pk}/")
    row = answerer.locator(f"#offer-{offer['id']}")
    assert "expires Wed 15 Jan, 17:30 UTC" in row.inner_text()  # the addressee's profile keeps UTC
    assert row.get_by_role("button", name="Accept").is_visible()
    shot(answerer, "addressed-390-en")
    found = violations(answerer)
    assert not found, describe(found)

    trader.locator("#make-standing-offer").locator("xpath=..").locator("summary").click()
    standing = trader.locator("#make-standing-offer")
    box = standing.get_by_role("checkbox", name="Expires at a date and time")
    assert not box.is_checked()
    standing.get_by_label("Date and time", exact=True).focus()
    trader.keyboard.type("02012031")  # typing a date-time ticks its box (static/js/site.js)
    assert box.is_checked()

    passed_over = logged_in_page(browser, live_server, user_at(game, left_out), width=390)
    passed_over.goto(f"{live_server.url}/games/{game.pk}/")
    row = passed_over.locator(f"#offer-{offer['id']}")
    assert "Turn offer" in row.inner_text() and row.get_by_role("button", name="Accept").count() == 0
