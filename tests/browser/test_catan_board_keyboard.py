"""A whole Catan turn by keyboard alone, as a screen reader user plays it: the roll, a road
built on a spot of the island reached with Tab and the arrow keys (named buttons, one tab
stop), the end of the turn; then another player discards on a 7 with the keyboard, a live
count telling how many are chosen. The live region (#announce) says what was sent."""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from engine.catan_ck.board import GEOMETRY  # noqa: E402
from games.models import Game  # noqa: E402
from tests.browser.catan_pages import logged_in_page, shot  # noqa: E402
from tests.browser.keyboard import focused, press_until  # noqa: E402
from tests.engine.catan_ck.helpers import empty_board, give, put, with_roll  # noqa: E402
from tests.support.catan import set_state, start_catan, user_at  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def wait_after(page, version):
    page.wait_for_function(
        "(v) => { const r = document.getElementById('catan');"
        " return r && +r.getAttribute('data-version') > v && r.hasAttribute('data-ready'); }",
        arg=version, timeout=15000)


def shown_version(page):
    return int(page.locator("#catan").get_attribute("data-version"))


def a_turn_ahead(game, white, red):
    """The first player is to roll, with a settlement, a road and the cards for one more road;
    the next player holds 9 cards."""
    state = empty_board(seed=3, players=3, stage="roll")
    seat = state["active"]
    home = "-1,0;0,-1;0,0"
    put(state, seat, "settlement", home)
    put(state, seat, "road", GEOMETRY.intersection_paths[home][0])
    give(state, seat, brick=1, lumber=1)
    following = state["order"][(state["order"].index(seat) + 1) % 3]
    give(state, following, ore=5, wool=4)
    set_state(game, with_roll(state, white, red, "trade"))
    return seat, following


def test_a_whole_turn_and_a_discard_are_played_by_keyboard(browser, live_server, alice, bob, carol):
    game = start_catan([alice, bob, carol])
    seat, following = a_turn_ahead(game, 2, 3)
    page = logged_in_page(browser, live_server, user_at(game, seat))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#catan[data-ready]")

    # the roll: a prompt button
    press_until(page, "Tab", lambda e: e["key"] == "btn:roll")
    version = shown_version(page)
    page.keyboard.press("Enter")
    wait_after(page, version)
    page.locator("#announce").filter(has_text="Sent:").wait_for()
    assert Game.objects.get(pk=game.pk).state["turn"]["stage"] == "action"

    # an action not possible now says the engine's reason; so does a spot the road may not go to
    page.locator(".bk-refused-list summary").click()
    page.get_by_role("button", name="City", exact=True).click(force=True)  # aria-disabled: still says why
    assert page.locator("#bk-tip").inner_text() == "You cannot pay for this."
    page.get_by_role("button", name="Road", exact=True).click()
    far = page.locator('.ck-path-spot:not(.bk-hl)[data-k="path:1,1;2,1"]')
    far.evaluate("el => el.scrollIntoView({block: 'center'})")
    far.click()
    assert page.locator("#bk-tip").inner_text()
    shot(page, "reason-for-a-far-path")
    page.keyboard.press("Escape")  # start the move over

    # a road: the action's button, then a spot of the island among the highlighted ones
    press_until(page, "Tab", lambda e: e["key"] == "act:road")
    page.keyboard.press(" ")
    assert focused(page)["id"] == "bk-hint"  # the prompt has the focus after each step
    spot = press_until(page, "Tab", lambda e: bool(e["choice"]))
    assert spot["role"] == "button" and spot["name"].startswith("Path: ")
    assert page.locator("#catan [data-choice][tabindex='0']").count() == 1  # one tab stop for them all
    count = page.locator("#catan [data-choice]").count()
    if count > 1:
        other = press_until(page, "ArrowRight", lambda e: e["choice"] and e["choice"] != spot["choice"])
        spot = other
    shot(page, "keyboard-road-spot")
    version = shown_version(page)
    page.keyboard.press("Enter")
    wait_after(page, version)
    state = Game.objects.get(pk=game.pk).state
    assert state["roads"][spot["choice"].split(":", 1)[1]] == seat

    # the end of the turn
    press_until(page, "Tab", lambda e: e["key"] == "btn:end_turn")
    version = shown_version(page)
    page.keyboard.press("Enter")
    wait_after(page, version)
    assert Game.objects.get(pk=game.pk).state["active"] == following


def test_a_discard_on_a_seven_is_picked_by_keyboard_with_a_live_count(browser, live_server, alice, bob, carol):
    game = start_catan([alice, bob, carol])
    seat, following = a_turn_ahead(game, 3, 4)
    from games.moves import submit_move

    submit_move(game.pk, user_at(game, seat), {"type": "roll"}, Game.objects.get(pk=game.pk).version)
    page = logged_in_page(browser, live_server, user_at(game, following))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#catan[data-ready]")
    assert "You must discard 4 cards." in page.locator("#bk-prompt").inner_text()
    assert focused(page)["tag"] in ("body", "a", "button", "p")
    more_ore = press_until(page, "Tab", lambda e: e["name"] == "one more: ore")
    assert more_ore["tag"] == "button"
    for _ in range(3):
        page.keyboard.press("Enter")
    assert page.locator("#bk-picker-count").inner_text() == "3 of 4 chosen"
    press_until(page, "Tab", lambda e: e["name"] == "one more: wool")
    page.keyboard.press("Enter")
    assert page.locator("#bk-picker-count").inner_text() == "4 of 4 chosen"
    shot(page, "keyboard-discard")
    press_until(page, "Tab", lambda e: e["id"] == "bk-picker-send")
    version = shown_version(page)
    page.keyboard.press("Enter")
    wait_after(page, version)
    hand = Game.objects.get(pk=game.pk).state["players"][following]["hand"]
    assert hand["ore"] == 2 and hand["wool"] == 3


def test_the_robber_goes_to_a_clicked_hex_and_takes_from_the_chosen_victim(browser, live_server, alice, bob, carol):
    """After the first barbarian attack a 7 moves the robber: a highlighted hex, then one of
    the players with a building there (a prompt button each)."""
    game = start_catan([alice, bob, carol])
    state = empty_board(seed=3, players=3, stage="roll")
    seat = state["active"]
    state["barbarians"]["attacks"] = 1
    victims = [s for s in state["order"] if s != seat]
    target = next(name for name in GEOMETRY.land_names if name != state["robber"]
                  and state["board"]["hexes"][name]["terrain"] != "desert")
    corners = GEOMETRY.hex_corners[target]
    put(state, victims[0], "settlement", corners[0])
    put(state, victims[1], "settlement", corners[3])
    give(state, victims[0], ore=2)
    give(state, victims[1], wool=2)
    set_state(game, with_roll(state, 3, 4, "trade"))
    from games.moves import submit_move

    submit_move(game.pk, user_at(game, seat), {"type": "roll"}, Game.objects.get(pk=game.pk).version)
    page = logged_in_page(browser, live_server, user_at(game, seat))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#catan[data-ready]")
    assert page.locator(".ck-hex.bk-hl").count() >= 17  # every hex but the robber's
    hexagon = page.locator(f'.ck-hex[data-k="hex:{target}"]')
    hexagon.evaluate("el => el.scrollIntoView({block: 'center'})")
    hexagon.click()
    names = {seat_.position: seat_.user.username for seat_ in game.seat_list()}
    buttons = page.locator("#bk-buttons .bk-btn-victim")
    assert sorted(buttons.all_inner_texts()) == sorted(f"Take a card from {names[v]}" for v in victims)
    shot(page, "robber-victims")
    version = shown_version(page)
    page.get_by_role("button", name=f"Take a card from {names[victims[1]]}").click()
    wait_after(page, version)
    after = Game.objects.get(pk=game.pk).state
    assert after["robber"] == target and sum(after["players"][victims[1]]["hand"].values()) == 1
