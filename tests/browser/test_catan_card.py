"""Catan's board and the generic move card side by side in Chromium: the active player rolls a
7 on the board, the player over the limit discards with the board's card picker (a live
count), then the active player offers a trade with the market's form (a panel beside the board)
and ends the turn on the board."""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.models import Game  # noqa: E402
from tests.browser.catan_pages import logged_in_page, shot, version, wait_version  # noqa: E402
from tests.support.catan import seven_ahead, start_catan, user_at  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_seven_a_keyboard_discard_a_trade_offer_and_the_end_of_a_turn(browser, live_server, alice, bob, carol):
    game = start_catan([alice, bob, carol])
    active, (owing, _third) = seven_ahead(game, over_limit=[0], active_cards={"brick": 2, "grain": 1})
    game.refresh_from_db()
    roller = logged_in_page(browser, live_server, user_at(game, active))
    roller.goto(f"{live_server.url}/games/{game.pk}/")
    before = version(roller)
    roller.wait_for_selector("#catan[data-ready]")
    roller.get_by_role("button", name="Roll the dice").click()
    wait_version(roller, before)

    discarder = logged_in_page(browser, live_server, user_at(game, owing))
    discarder.goto(f"{live_server.url}/games/{game.pk}/")
    discarder.wait_for_selector("#catan[data-ready]")
    assert "You must discard 4 cards." in discarder.locator("#bk-prompt").inner_text()
    discarder.get_by_role("button", name="one more: wool").click()
    assert discarder.locator("#bk-picker-count").inner_text() == "1 of 4 chosen"
    for _ in range(3):
        discarder.get_by_role("button", name="one more: ore").click()
    assert discarder.locator("#bk-picker-count").inner_text() == "4 of 4 chosen"
    assert discarder.get_by_role("button", name="one more: ore").is_disabled()  # the count is reached
    shot(discarder, "discard-picker")
    before = version(discarder)
    discarder.locator("#bk-picker-send").click()
    wait_version(discarder, before)
    game.refresh_from_db()
    hand = game.state["players"][owing]["hand"]
    assert hand["ore"] == 2 and hand["wool"] == 3 and not game.state["decisions"]

    roller.reload()
    assert roller.locator("#market form.card-choice").count() >= 2  # offers: a turn offer and a standing one
    offer = roller.locator("#make-turn-offer")
    offer.get_by_label("Brick").first.fill("1")
    offer.locator("fieldset.choice-field").nth(1).get_by_label("Wool").fill("1")
    before = version(roller)
    offer.get_by_role("button", name="Offer: the first to accept trades").click()
    wait_version(roller, before)
    game.refresh_from_db()
    assert [(o["give"], o["want"]) for o in game.state["offers"]] == [({"brick": 1}, {"wool": 1})]
    shot(roller, "offer-made")
    before = version(roller)
    roller.get_by_role("button", name="End the turn").click()
    wait_version(roller, before)
    game.refresh_from_db()
    assert game.state["active"] != active and Game.objects.get(pk=game.pk).version == version(roller)
