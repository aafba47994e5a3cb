"""Playing by keyboard alone, as a screen reader user does: the board's choices are named
buttons reached with Tab and the arrow keys, the prompt has the focus after each step, and
one live region that outlives the page's redraws says what was sent and who moves next.

Screenshots of the focused states go to test-artifacts/ (keyboard-*.png).
"""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from engine import registry  # noqa: E402
from tests.browser.keyboard import focused, press_until  # noqa: E402
from tests.browser.test_praga_board import page_for, shot  # noqa: E402
from tests.support.games import acting_user, start_game  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def wait_for_version_after(page, version):
    page.wait_for_function(
        "(v) => { const r = document.getElementById('praga');"
        " return r && +r.getAttribute('data-version') > v && r.hasAttribute('data-ready'); }",
        arg=version, timeout=15000)


def upgrade_game(alice, bob):
    """A fresh game whose first player can take a wheel tile that allows an upgrade."""
    rules = registry.get("praga")
    for _ in range(8):
        game = start_game("praga", [alice, bob])
        seat = acting_user(game)
        for take in [m for m in rules.legal_moves(game.state, seat.position) if m["type"] == "take"]:
            after = rules.apply(game.state, seat.position, take)
            if any(m["type"] == "upgrade" for m in rules.legal_moves(after, seat.position)):
                return game, seat, take["tile"]
    raise AssertionError("no start allowed an upgrade")


def test_a_whole_praga_turn_with_an_upgrade_and_its_rotation_is_played_by_keyboard(browser, live_server, alice, bob):
    game, seat, tile = upgrade_game(alice, bob)
    page = page_for(browser, live_server, seat.user, width=1280, height=900)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#praga[data-ready]")
    assert page.title() == f"(Your turn) Praga #{game.pk} · Praga Play"

    # Tab reaches the board's choices: each a button named after its piece
    first = press_until(page, "Tab", lambda e: e["choice"])
    assert first["role"] == "button" and first["name"]
    assert page.locator("#praga [data-choice][tabindex='0']").count() == 1  # one tab stop for them all
    wheel = press_until(page, "ArrowRight", lambda e: e["choice"] == f"wheel:{tile}")
    assert wheel["name"].startswith(f"Take action tile {tile}")
    shot(page, "keyboard-wheel-tile-focused.png", full=False)

    # the piece dialog opens by keyboard and gives the focus back
    page.keyboard.press("i")
    page.wait_for_selector("#pg-zoom[open]")
    assert page.locator("#pg-zoom-title").text_content() == page.get_attribute(f'[data-k="wheel:{tile}"]', "data-title")
    page.keyboard.press("Escape")
    page.wait_for_selector("#pg-zoom:not([open])", state="attached")
    assert focused(page)["choice"] == f"wheel:{tile}"

    version = game.version
    page.keyboard.press("Enter")
    wait_for_version_after(page, version)
    announced = page.locator("#announce")
    announced.filter(has_text="Sent:").wait_for()
    assert f"took action tile {tile}".lower() in announced.text_content().lower() or tile in announced.text_content()
    assert announced.text_content().endswith("Your turn.")
    assert focused(page)["id"] == "pg-hint"  # the new prompt has the focus

    # an upgrade tile of the display, by the list of choices this time
    press_until(page, "Tab", lambda e: e["tag"] == "summary")
    page.keyboard.press("Enter")
    listed = press_until(page, "Tab", lambda e: (e["key"] or "").startswith("row:upgrade:"))
    assert listed["name"]
    shot(page, "keyboard-list-focused.png", full=False)
    page.keyboard.press("Enter")
    assert focused(page)["id"] == "pg-hint"
    # ways to pay or which bonus: the first offered button each time, until the tile turns
    for _ in range(4):
        if page.locator("#pg-rotate:not([hidden])").count():
            break
        press_until(page, "Tab", lambda e: e["key"] and not e["key"].startswith(("btn:", "row:")))
        page.keyboard.press("Enter")
    assert page.locator("#pg-rotate:not([hidden])").count() == 1
    rotations = page.evaluate("() => window.PragaBoard.state.rotValues.length")
    before = page.evaluate("() => window.PragaBoard.state.rot")
    page.keyboard.press("r")
    turned = page.evaluate("() => window.PragaBoard.state.rot")
    if rotations > 1:
        assert turned != before
        announced.filter(has_text=f"Rotation 2 of {rotations}").wait_for()
    shot(page, "keyboard-rotation.png", full=False)
    version = page.evaluate("() => +document.getElementById('praga').getAttribute('data-version')")
    page.keyboard.press("Enter")  # confirm
    wait_for_version_after(page, version)
    game.refresh_from_db()
    assert game.moves.order_by("-seq").first().payload["type"] == "upgrade"
    assert game.moves.order_by("-seq").first().payload["rotation"] == turned
    assert focused(page)["id"] == "pg-hint"

    # then end the turn with the buttons the prompt offers
    for _ in range(6):
        game.refresh_from_db()
        if not game.seats.get(position=seat.position).to_act:
            break
        version = game.version
        button = press_until(page, "Tab", lambda e: e["key"] in ("btn:end_turn",) or (e["key"] or "").startswith("keep:")
                             or e["id"] == "pg-confirm")
        page.keyboard.press("Enter")
        if button["key"] == "btn:end_turn":
            page.wait_for_function("() => !document.getElementById('pg-confirm').hidden || window.PragaBoard.state.busy"
                                   " || window.PragaBoard.state.chosen.length")
            if not page.locator("#pg-confirm[hidden]").count():
                page.keyboard.press("Enter")
        wait_for_version_after(page, version)
    game.refresh_from_db()
    assert not game.seats.get(position=seat.position).to_act
    bob_name = "bob" if seat.user == alice else "alice"
    announced.filter(has_text="To move:").wait_for()
    assert announced.text_content().startswith("Sent:")
    assert bob_name in announced.text_content().lower().split("to move:")[1]
    assert page.title() == f"Praga #{game.pk} · Praga Play"  # no longer "(Your turn)"
    assert page.locator("#announce").count() == 1


def test_the_move_card_of_a_game_without_a_board_is_played_by_keyboard(browser, live_server, alice, bob):
    game = start_game("toy", [alice, bob])
    seat = acting_user(game)
    page = page_for(browser, live_server, seat.user, width=1280, height=900)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.title().startswith("(Your turn) ")
    groups = page.locator("#moves .move-group[role=group]")
    assert groups.count() >= 1
    labelled_by = groups.first.get_attribute("aria-labelledby")
    assert page.locator(f"#{labelled_by}").count() == 1
    button = press_until(page, "Tab", lambda e: e["tag"] == "button" and "move" in (page.evaluate(
        "() => document.activeElement.className") or ""))
    assert button["name"]
    version = game.version
    page.keyboard.press("Enter")
    page.wait_for_function("(v) => +document.getElementById('live').getAttribute('data-version') > v", arg=version)
    page.locator("#announce").filter(has_text="Sent:").wait_for()
    assert focused(page)["tag"] == "h2"  # the card's heading: the next Tab goes on from there
    shot(page, "keyboard-move-card.png", full=False)


def test_the_live_region_says_what_another_player_did_and_that_it_is_your_turn(browser, live_server, alice, bob):
    import random

    from tests.support.games import play_random_move

    game = start_game("toy", [alice, bob])
    acting = acting_user(game)
    waiting = bob if acting.user == alice else alice
    page = page_for(browser, live_server, waiting, width=1280, height=900)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    region = page.locator("#announce")
    assert region.text_content() == "" and not page.title().startswith("(Your turn)")
    rng = random.Random(1)
    while acting_user(game).user != waiting:  # the other player's moves, up to the end of the turn
        play_random_move(game, rng, skip_undo=True)
    game.refresh_from_db()
    region.filter(has_text="Your turn.").wait_for(timeout=15000)  # the page polls every 3 s
    text = region.text_content()
    assert not text.startswith("Sent:")
    assert text.startswith(acting.user.username + ": ")
    assert page.title().startswith("(Your turn) ")
    assert page.locator("#announce").count() == 1


def test_on_a_phone_the_focused_choice_is_shown_below_the_pinned_prompt(browser, live_server, alice, bob):
    game = start_game("praga", [alice, bob])
    page = page_for(browser, live_server, acting_user(game).user, width=390, height=844, mobile=True)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#praga[data-ready]")
    press_until(page, "Tab", lambda e: e["choice"])
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(400)  # the smooth scroll
    box = page.evaluate("""() => { const b = document.activeElement.getBoundingClientRect();
      const p = document.getElementById('pg-prompt').getBoundingClientRect();
      return {top: b.top, bottom: b.bottom, prompt: p.bottom, height: window.innerHeight, w: b.width}; }""")
    shot(page, "keyboard-phone-focused.png", full=False)
    assert box["top"] >= box["prompt"] - 1 and box["bottom"] <= box["height"] + 1, box
    assert box["w"] >= 24
