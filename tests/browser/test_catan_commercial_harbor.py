"""The Commercial Harbor progress card on Catan's board (CK-CARD-HARBOR-01, D-10): the active
player plays it, chooses an opponent and hands over a resource picked from the own hand; the
opponent hands back a commodity picked from theirs. A click on a card the engine refuses says
the engine's reason next to it. Once by mouse, once by keyboard alone (a card enlarged with I,
the focus back on it after Escape: static/boards/board-kit.js)."""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.models import Game  # noqa: E402
from tests.browser.catan_pages import click, logged_in_page, shot  # noqa: E402
from tests.browser.keyboard import focused, press_until  # noqa: E402
from tests.engine.catan_ck.helpers import empty_board, give  # noqa: E402
from tests.support.catan import set_state, start_catan, user_at  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def harbor_ahead(game):
    """The active player holds a Commercial Harbor, wool, brick and a paper; the next opponent
    paper, cloth and ore, the last one coin and paper. Returns (active, next, last)."""
    state = empty_board(seed=16, players=3, stage="action")
    active = state["active"]
    order = state["order"]
    following, last = (order[(order.index(active) + step) % 3] for step in (1, 2))
    state["players"][active]["progress"] = ["commercial_harbor-1"]
    state["decks"]["trade"].remove("commercial_harbor-1")
    give(state, active, wool=2, brick=1, paper=1)
    give(state, following, paper=1, cloth=1, ore=1)
    give(state, last, coin=1, paper=1)
    set_state(game, state)
    return active, following, last


def shown_version(page):
    return int(page.locator("#catan").get_attribute("data-version"))


def wait_after(page, version):
    page.wait_for_function(
        "(v) => { const r = document.getElementById('catan');"
        " return r && +r.getAttribute('data-version') > v && r.hasAttribute('data-ready'); }",
        arg=version, timeout=15000)


def open_board(browser, live_server, game, position):
    page = logged_in_page(browser, live_server, user_at(game, position))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#catan[data-ready]")
    return page


def hand_card(page, card):
    return page.locator(f'#catan .ck-me .ck-card[data-k="hand:{card}"]')


def test_commercial_harbor_is_played_by_clicks_on_the_own_hand(browser, live_server, alice, bob, carol):
    game = start_catan([alice, bob, carol])
    active, following, last = harbor_ahead(game)
    names = {seat.position: seat.user.username for seat in game.seat_list()}
    page = open_board(browser, live_server, game, active)
    assert not page.locator("#catan .ck-card.bk-hl").count()  # no card to hand over before the card is played

    version = shown_version(page)
    page.get_by_role("button", name="Commercial Harbor", exact=True).click()
    wait_after(page, version)
    assert Game.objects.get(pk=game.pk).state["turn"]["harbor"] == []
    page.get_by_role("button", name=f"Commercial Harbor: trade with {names[following]}").click()
    assert page.locator("#bk-hint").inner_text() == "Choose a highlighted card in your hand."
    assert sorted(page.locator("#catan .ck-card.bk-hl").evaluate_all("els => els.map(e => e.dataset.k)")) == [
        "hand:brick", "hand:wool"]  # the resources held, not the paper
    click(hand_card(page, "paper"))
    assert page.locator("#bk-tip").inner_text() == "Offer a resource."  # the engine's reason
    assert Game.objects.get(pk=game.pk).version == version + 1
    shot(page, "harbor-offer")
    version = shown_version(page)
    click(hand_card(page, "wool"))
    wait_after(page, version)
    state = Game.objects.get(pk=game.pk).state
    assert state["turn"]["harbor"] == [following] and state["decisions"][0]["kind"] == "harbor_commodity"

    answer = open_board(browser, live_server, game, following)
    assert answer.locator("#bk-hint").inner_text() == "Choose a highlighted card in your hand."
    assert sorted(answer.locator("#catan .ck-card.bk-hl").evaluate_all("els => els.map(e => e.dataset.k)")) == [
        "hand:cloth", "hand:paper"]
    click(hand_card(answer, "ore"))
    assert answer.locator("#bk-tip").inner_text() == "Choose a commodity you hold."
    shot(answer, "harbor-answer")
    version = shown_version(answer)
    click(hand_card(answer, "cloth"))
    wait_after(answer, version)
    state = Game.objects.get(pk=game.pk).state
    assert state["players"][active]["hand"]["cloth"] == 1 and state["players"][active]["hand"]["wool"] == 1
    assert state["players"][following]["hand"]["wool"] == 1 and state["players"][following]["hand"]["cloth"] == 0
    assert not state["decisions"]


def test_commercial_harbor_is_played_and_answered_by_keyboard(browser, live_server, alice, bob, carol):
    game = start_catan([alice, bob, carol])
    active, following, last = harbor_ahead(game)
    page = open_board(browser, live_server, game, active)

    press_until(page, "Tab", lambda e: e["key"] == "card:commercial_harbor-1")
    version = shown_version(page)
    page.keyboard.press("Enter")
    wait_after(page, version)
    press_until(page, "Tab", lambda e: e["key"] == f"harbor:{last}")
    page.keyboard.press("Enter")
    assert focused(page)["id"] == "bk-hint"  # the prompt says what comes next
    card = press_until(page, "Tab", lambda e: (e["choice"] or "").startswith("hand:"))
    assert card["role"] == "button" and card["name"].endswith("from your hand")
    assert page.locator("#catan [data-choice][tabindex='0']").count() == 1  # one tab stop for the cards
    if card["choice"] != "hand:brick":
        card = press_until(page, "ArrowRight", lambda e: e["choice"] == "hand:brick")
    assert card["name"] == "Brick from your hand"
    shot(page, "harbor-offer-keyboard")
    version = shown_version(page)
    page.keyboard.press(" ")
    wait_after(page, version)
    assert Game.objects.get(pk=game.pk).state["decisions"][0]["seat"] == last

    answer = open_board(browser, live_server, game, last)
    card = press_until(answer, "Tab", lambda e: (e["choice"] or "").startswith("hand:"))
    if card["choice"] != "hand:coin":
        card = press_until(answer, "ArrowRight", lambda e: e["choice"] == "hand:coin")
    # the card enlarged by keyboard (the boards' shared dialog), and the focus back on it
    answer.keyboard.press("i")
    answer.wait_for_selector("#bk-zoom[open]")
    assert answer.locator("#bk-zoom-title").text_content() == hand_card(answer, "coin").get_attribute("data-title")
    answer.keyboard.press("Escape")
    answer.wait_for_selector("#bk-zoom:not([open])", state="attached")
    assert focused(answer)["choice"] == "hand:coin"
    version = shown_version(answer)
    answer.keyboard.press("Enter")
    wait_after(answer, version)
    state = Game.objects.get(pk=game.pk).state
    assert state["players"][active]["hand"]["coin"] == 1 and state["players"][active]["hand"]["brick"] == 0
    assert state["players"][last]["hand"]["brick"] == 1 and state["players"][last]["hand"]["coin"] == 0


def test_commercial_harbor_is_answered_on_a_phone(browser, live_server, alice, bob, carol):
    """At 390 px the opponent's hand fits the screen, the cards to choose are targets of at least
    24 px, and a tap on one answers."""
    from games.moves import submit_move

    game = start_catan([alice, bob, carol])
    active, following, last = harbor_ahead(game)
    game = Game.objects.get(pk=game.pk)
    submit_move(game.pk, user_at(game, active), {"type": "play_progress", "card": "commercial_harbor-1"}, game.version)
    game = Game.objects.get(pk=game.pk)
    submit_move(game.pk, user_at(game, active), {"type": "harbor_offer", "offers": {str(following): "wool"}},
                game.version)
    phone = logged_in_page(browser, live_server, user_at(game, following), width=390, height=844)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.wait_for_selector("#catan[data-ready]")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 392  # nothing wider than the phone
    cards = phone.locator("#catan .ck-card.bk-hl")
    assert cards.count() == 2
    for box in cards.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["width"] >= 24 and box["height"] >= 24 and box["right"] <= 390, box
    hand_card(phone, "cloth").scroll_into_view_if_needed()
    shot(phone, "harbor-answer-phone")
    version = shown_version(phone)
    hand_card(phone, "cloth").click()
    wait_after(phone, version)
    assert Game.objects.get(pk=game.pk).state["players"][following]["hand"]["cloth"] == 0
