"""Screenshots of the Praga board for review and for docs/screenshots (slow: run by hand).

    scripts/test tests/browser/test_praga_board_shots.py -m slow

Plays a 2-player game with random legal moves to the middle, then takes the desktop and
the 390 px phone pages, a partial placement with an illegal site clicked, and the choice
panel. Files go to test-artifacts/.
"""

import os
import random

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from engine import registry  # noqa: E402
from games.moves import submit_move  # noqa: E402
from tests.browser.test_praga_board import ARTIFACTS, page_for, shot  # noqa: E402,F401
from tests.support.games import acting_user, start_game  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PREFER = {"building": 6, "wall": 5, "upgrade": 5, "take": 3, "bridge": 3, "end_turn": 1}


def play_until(game, turns, rng, stop=None):
    rules = registry.get("praga")
    while game.state["turn_no"] < turns:
        seat = acting_user(game)
        if seat is None:
            return
        legal = [m for m in rules.legal_moves(game.state, seat.position) if m.get("type") not in ("undo", "refresh")]
        if stop and stop(legal):
            return
        weights = [PREFER.get(m.get("type"), 2) for m in legal]
        submit_move(game.pk, seat.user, rng.choices(legal, weights)[0], game.version)
        game.refresh_from_db()


def find_game(users, rng, stop, warmup=14):
    """A game whose acting player has a move that `stop` wants (a few games tried)."""
    for _ in range(6):
        game = start_game("praga", users)
        play_until(game, warmup, rng)
        play_until(game, 32, rng, stop=stop)
        if acting_user(game) is not None:
            return game
    raise AssertionError("no game reached the wanted position")


def open_board(browser, live_server, game, user, **kw):
    page = page_for(browser, live_server, user, **kw)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#praga[data-ready]")
    return page


def test_board_screenshots(browser, live_server, alice, bob):
    rng = random.Random(5)
    game = find_game([alice, bob], rng, lambda legal: any(m.get("type") == "building" for m in legal))
    user = acting_user(game).user
    page = open_board(browser, live_server, game, user)
    shot(page, "shot-desktop.png")
    shot(page, "shot-desktop-top.png", full=False)
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.locator("#praga").bounding_box()
    page.screenshot(path=str(ARTIFACTS / "shot-board.png"), full_page=True,
                    clip={"x": box["x"] - 6, "y": box["y"] - 6, "width": box["width"] + 12, "height": 1330})
    page.locator(".pg-cell-crane").screenshot(path=str(ARTIFACTS / "shot-crane.png"))
    # the log: an upgrade lights its exact action hex
    entry = page.locator('.pg-log-entry[data-keys*=":act:"]').first
    if entry.count():
        entry.click()
        key = entry.get_attribute("data-keys").split(" ")[-1]
        page.wait_for_selector(f'[data-h~="{key}"].pg-flash')
        page.locator(f'[data-h~="{key}"]').first.evaluate("(e) => e.scrollIntoView({block: 'center'})")
        page.locator(f'[data-h~="{key}"]').first.locator("xpath=ancestor::section[contains(@class,'pg-player')]") \
            .screenshot(path=str(ARTIFACTS / "shot-log-upgrade.png"))
    # a building tile chosen: click a site it may not go to, then a legal one and rotate
    bad = page.evaluate("""() => {
      const st = window.PragaBoard.state;
      const k = st.next.find((k) => k.startsWith('row:building:'));
      if (!k) return null;
      document.querySelector('[data-k~="' + k + '"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
      const bad = Object.keys(st.flow.reasons).find((r) => r.startsWith(k + ' site:'));
      const good = st.next.find((x) => x.startsWith('site:'));
      return bad ? [bad.split(' ')[1], good] : null;
    }""")
    if bad:
        page.evaluate("(k) => document.querySelector('[data-k=\"' + k + '\"]').scrollIntoView({block: 'center'})", bad[0])
        page.click(f'[data-k="{bad[0]}"]', force=True)
        page.wait_for_selector("#pg-tip:not([hidden])")
        page.locator(".pg-cell-city").screenshot(path=str(ARTIFACTS / "shot-illegal-site.png"))
        if bad[1]:
            page.click(f'[data-k="{bad[1]}"]', force=True)
            for _ in range(3):
                if page.locator("#pg-rotate:not([hidden])").count():
                    break
                b = page.locator("#pg-buttons button").first
                if b.count():
                    b.click()
            if page.locator("#pg-rotate:not([hidden])").count():
                page.click('[data-rot="1"]')
                page.locator(".pg-cell-city").screenshot(path=str(ARTIFACTS / "shot-rotate.png"))
    phone = open_board(browser, live_server, game, user, width=390, height=844, mobile=True)
    shot(phone, "shot-phone.png")
    shot(phone, "shot-phone-top.png", full=False)
    for name in ("pg-cell-display", "pg-cell-structures"):
        phone.locator("." + name).screenshot(path=str(ARTIFACTS / f"shot-phone-{name}.png"))
    phone.locator(".pg-player").first.screenshot(path=str(ARTIFACTS / "shot-phone-player.png"))
    # a pending choice of pieces (technology, bridge or Cathedral V tile, token), in a second game
    game = find_game([alice, bob], rng, lambda legal: any(m.get("type") in ("tech", "bridge", "cathedral_v", "token")
                                                          for m in legal), warmup=6)
    seat = acting_user(game)
    page = open_board(browser, live_server, game, seat.user)
    page.locator("#pg-prompt").screenshot(path=str(ARTIFACTS / "shot-choice.png"))
    zoom = page.locator("#pg-buttons .pg-choice-zoom").first
    if zoom.count():
        zoom.click()
        page.wait_for_selector("#pg-zoom[open]")
        page.locator("#pg-zoom").screenshot(path=str(ARTIFACTS / "shot-choice-zoom.png"))


DOCS = ARTIFACTS.parent / "docs" / "screenshots"


def test_phone_screenshots_of_ones_own_turn_for_the_docs(browser, live_server, alice, bob):
    """docs/screenshots/praga-phone-own-turn*.png: a 390 px phone at the start of one's turn
    (the crane wheel right below the prompt), then after taking a tile (one's own action
    board scrolled into view)."""
    game = start_game("praga", [alice, bob])
    play_until(game, 9, random.Random(5))
    page = open_board(browser, live_server, game, acting_user(game).user, width=390, height=844, mobile=True)
    page.locator(".pg-prompt-mark").evaluate("(e) => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 8)")
    page.wait_for_timeout(300)
    page.screenshot(path=str(DOCS / "praga-phone-own-turn.png"))
    version = int(page.locator("#praga").get_attribute("data-version"))
    page.click("#praga .pg-atile.pg-hl")
    page.wait_for_function("(v) => +document.getElementById('praga').getAttribute('data-version') !== v", arg=version)
    page.wait_for_selector("#praga[data-ready]")
    page.wait_for_timeout(800)  # the smooth scroll to the action board
    page.screenshot(path=str(DOCS / "praga-phone-own-turn-action.png"))


def test_desktop_screenshot_of_a_four_player_game_for_the_docs(browser, live_server, alice, bob, carol, dave):
    """docs/screenshots/praga-midgame.png (README): a 4-player game in round 9, the board at
    1280 px from its prompt down to the structures."""
    from engine.praga.turn import round_of

    game = start_game("praga", [alice, bob, carol, dave])
    rng = random.Random(9)
    while round_of(game.state) < 9 and acting_user(game) is not None:
        play_until(game, game.state["turn_no"] + 1, rng)
    page = open_board(browser, live_server, game, acting_user(game).user, width=1280, height=900)
    # the board scrolls its first choice into view, which pins the prompt: a window tall enough
    # for the picture, at the top, shows the whole prompt
    page.set_viewport_size({"width": 1280, "height": 1800})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => !document.querySelector('#pg-prompt.pg-stuck')")
    box = page.locator("#praga").bounding_box()
    page.screenshot(path=str(DOCS / "praga-midgame.png"),
                    clip={"x": box["x"] - 6, "y": box["y"] - 6, "width": box["width"] + 12, "height": 1330})
