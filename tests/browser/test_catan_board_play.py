"""Three new users play Catan: Cities & Knights by clicks on the board, in Chromium.

From the first setup placement through two whole rounds: settlements, cities and roads of
the setup on the island (intersection, then road), rolls, a 7 (the Alchemist's dice) with a
discard by another player picked with a live count, a knight built and activated, a progress
card played, a domestic trade made over the market (an offer and its acceptance), turns ended. Every move is a click on a highlighted spot or a prompt button;
nothing is posted by the test itself. Only the cards in hand for the second round are
prepared (as a position), so that the dice of the test's seed cannot decide what is played.

The test is a list of steps (`ROUND_TWO`).
"""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from engine.catan_ck.data.progress_cards import card_record  # noqa: E402
from games.models import Game  # noqa: E402
from tests.browser.catan_pages import click, fill_offer, logged_in_page, shot, version, wait_version  # noqa: E402
from tests.support.catan import set_state, start_catan  # noqa: E402
from tests.support.players import make_user  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Table:
    """The game and one logged-in page per seat."""

    def __init__(self, browser, live_server, users):
        self.game = start_catan(users)
        self.url = f"{live_server.url}/games/{self.game.pk}/"
        self.pages = {}
        for seat in self.game.seat_list():
            page = logged_in_page(browser, live_server, seat.user)
            self.pages[seat.position] = page
        self.refresh()

    def refresh(self):
        self.game = Game.objects.get(pk=self.game.pk)
        return self.game.state

    def page(self, seat):
        page = self.pages[seat]
        page.goto(self.url)
        page.wait_for_selector("#catan[data-ready]")
        return page

    def active(self):
        return self.refresh()["active"]


def click_and_wait(page, locator):
    before = version(page)
    locator.click()
    wait_version(page, before)
    page.wait_for_selector("#catan[data-ready]")


def place_in_setup(table):
    seat = table.active()
    page = table.page(seat)
    before = version(page)
    click(page.locator(".ck-spot.bk-hl").first)
    assert page.locator(".ck-spot.bk-chosen").count() == 1  # the intersection is kept, its roads come next
    click(page.locator(".ck-path-spot.bk-hl").first)
    wait_version(page, before)
    return seat


def roll(table, seat):
    page = table.page(seat)
    click_and_wait(page, page.get_by_role("button", name="Roll the dice"))
    return page


def end_turn(table, seat):
    page = table.page(seat)
    click_and_wait(page, page.get_by_role("button", name="End the turn"))


def answer_every_decision(table):
    """Discards owed by other players after a 7: each picks its cards on its own page."""
    for decision in list(table.refresh()["decisions"]):
        page = table.page(decision["seat"])
        assert not page.locator("#bk-picker").is_hidden()
        count = decision["count"]
        for _ in range(count):
            page.locator("#bk-picker .ck-more:not([disabled])").first.click()
        assert page.locator("#bk-picker-count").inner_text().startswith(f"{count} of {count}")
        shot(page, "discard-picked")
        click_and_wait(page, page.locator("#bk-picker-send"))


def plain_turn(table):
    seat = table.active()
    roll(table, seat)
    answer_every_decision(table)
    if table.refresh()["turn"]["stage"] == "robber":
        move_robber(table, seat)
    end_turn(table, seat)


def move_robber(table, seat):
    page = table.page(seat)
    before = version(page)
    click(page.locator(".ck-hex.bk-hl").first)
    victims = page.locator("#bk-buttons .bk-btn-victim")
    if victims.count():
        victims.first.click()
    wait_version(page, before)


# ---------------------------------------------------------------- round two, step by step

def prepare_round_two(table):
    """The first player holds an Alchemist, what a knight and its activation cost and a brick to
    trade; the next one 9 cards more."""
    state = table.refresh()
    first, second = state["active"], state["order"][(state["order"].index(state["active"]) + 1) % 3]
    deck = state["decks"]["science"]
    alchemist = next(card for card in deck if card_record(card)["kind"] == "alchemist")
    deck.remove(alchemist)
    state["players"][first]["progress"].append(alchemist)
    hand = state["players"][first]["hand"]
    for card in hand:  # the first player's cards go back: exactly what a knight and its activation cost
        state["bank"][card] += hand[card]
        hand[card] = 0
    for seat, cards in ((first, {"wool": 1, "ore": 1, "grain": 1, "brick": 1}), (second, {"brick": 5, "lumber": 4})):
        for card, count in cards.items():
            state["players"][seat]["hand"][card] += count
            state["bank"][card] -= count
    set_state(table.game, state)
    table.first, table.second, table.alchemist = first, second, alchemist


def alchemist_seven(table):
    page = table.page(table.first)
    before = version(page)
    page.locator("#bk-buttons .bk-btn-card").first.click()  # the Alchemist, before the roll
    page.get_by_role("button", name="white die: 3").click()
    page.get_by_role("button", name="red die: 4").click()
    wait_version(page, before)
    state = table.refresh()
    assert state["turn"]["roll"]["total"] == 7
    owing = [d["seat"] for d in state["decisions"]]
    assert table.second in owing and table.first not in owing


def discard_on_the_seven(table):
    held = sum(table.refresh()["players"][table.second]["hand"].values())
    answer_every_decision(table)
    state = table.refresh()
    assert sum(state["players"][table.second]["hand"].values()) == held - held // 2 and not state["decisions"]


def build_and_activate_a_knight(table):
    page = table.page(table.first)
    if table.refresh()["turn"]["stage"] == "robber":
        move_robber(table, table.first)
        page = table.page(table.first)
    before = version(page)
    page.get_by_role("button", name="New knight").click()
    click(page.locator(".ck-spot.bk-hl").first)
    wait_version(page, before)
    page.wait_for_selector("#catan[data-ready]")
    knights = [k for k in table.refresh()["knights"].values() if k["owner"] == table.first]
    assert len(knights) == 1 and not knights[0]["active"]
    before = version(page)
    page.get_by_role("button", name="Activate a knight").click()
    click(page.locator(".ck-knight.bk-hl").first)
    wait_version(page, before)
    assert [k["active"] for k in table.refresh()["knights"].values() if k["owner"] == table.first] == [True]
    shot(page, "knight-active")


def trade_over_the_market(table):
    """The first player offers its brick for a card the next one holds; that one accepts."""
    state = table.refresh()
    wanted = next(card for card, count in sorted(state["players"][table.second]["hand"].items())
                  if count and card != "brick")
    offerer = table.page(table.first)
    form = offerer.locator("#make-turn-offer")
    fill_offer(form, {"Brick": 1}, {wanted.capitalize(): 1})
    click_and_wait(offerer, form.get_by_role("button", name="Offer: the first to accept trades"))
    (offer,) = table.refresh()["offers"]
    answerer = table.page(table.second)
    shot(answerer, "market-offer")
    click_and_wait(answerer, answerer.locator(f"#offer-{offer['id']}").get_by_role("button", name="Accept"))
    after = table.refresh()["players"]
    assert after[table.first]["hand"][wanted] == 1 and after[table.first]["hand"]["brick"] == 0
    assert after[table.second]["hand"]["brick"] == state["players"][table.second]["hand"]["brick"] + 1


def end_the_first_turn(table):
    end_turn(table, table.first)


def the_others_play(table):
    for _ in range(2):
        plain_turn(table)


ROUND_TWO = [prepare_round_two, alchemist_seven, discard_on_the_seven, build_and_activate_a_knight,
             trade_over_the_market, end_the_first_turn, the_others_play]


def test_three_new_users_play_setup_and_two_rounds_by_clicks(browser, live_server):
    users = [make_user(name) for name in ("nora", "otto", "paula")]
    table = Table(browser, live_server, users)
    placed = [place_in_setup(table) for _ in range(6)]
    assert sorted(placed) == [0, 0, 1, 1, 2, 2] and table.refresh()["phase"] == "play"
    shot(table.page(table.active()), "after-setup")
    for _ in range(3):  # round one
        plain_turn(table)
    for step in ROUND_TWO:
        step(table)
    state = table.refresh()
    assert state["turn"]["number"] >= 7 and state["active"] == table.first
    assert table.alchemist not in state["players"][table.first]["progress"]  # played
    shot(table.page(table.first), "two-rounds")
