"""Screenshots of the Queen's Architect board for review and for docs/screenshots.

    scripts/test tests/browser/test_queens_architect_shots.py -m slow

Plays a 2-player game with the greedy bot to the middle, then takes the desktop page, the 390 px
phone page, the draft, a replay step and the finished game. Files go to test-artifacts/; the
docs' picture is copied to docs/screenshots/ by hand.
"""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from engine.core.rng import Rng  # noqa: E402
from engine.queens_architect.bots import greedy_move  # noqa: E402
from games.moves import submit_move  # noqa: E402
from tests.browser.test_praga_board import ARTIFACTS, page_for, shot  # noqa: E402
from tests.support.games import acting_user, start_game  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def play_greedy(game, until_turn, rng):
    while game.state["turn_no"] < until_turn:
        seat = acting_user(game)
        if seat is None:
            return game
        submit_move(game.pk, seat.user, greedy_move(game.state, seat.position, rng), game.version)
        game.refresh_from_db()
    return game


def open_board(browser, live_server, game, user, path="", **kw):
    page = page_for(browser, live_server, user, **kw)
    page.goto(f"{live_server.url}/games/{game.pk}/{path}")
    page.wait_for_selector("#qa")
    return page


def test_board_screenshots(browser, live_server, alice, bob):
    rng = Rng.from_seed(4)
    game = start_game("queens_architect", [alice, bob])
    user = {0: alice, 1: bob}
    page = open_board(browser, live_server, game, user[acting_user(game).position])
    shot(page, "qa-draft.png")
    play_greedy(game, 26, rng)
    mover = acting_user(game)
    page = open_board(browser, live_server, game, user[mover.position])
    shot(page, "qa-desktop.png")
    page.locator("#qa").screenshot(path=str(ARTIFACTS / "qa-board.png"))
    # the docs' picture: the board from the prompt to the end of the first player's panel
    box = page.evaluate("""() => { const a = document.getElementById('qa').getBoundingClientRect();
        const b = document.querySelector('.qa-player').getBoundingClientRect();
        return {x: a.left + scrollX - 8, y: a.top + scrollY - 8, width: a.width + 16, height: b.bottom - a.top + 16}; }""")
    page.screenshot(path=str(ARTIFACTS / "queens-architect-midgame.png"), full_page=True, clip=box)
    for part in ("qa-cell-map", "qa-cell-side", "qa-players", "qa-prompt"):
        page.locator("." + part).first.screenshot(path=str(ARTIFACTS / f"qa-part-{part}.png"))
    page.locator(".qa-player").first.screenshot(path=str(ARTIFACTS / "qa-part-player.png"))
    phone = open_board(browser, live_server, game, user[mover.position], width=390, height=844, mobile=True)
    shot(phone, "qa-phone.png")
    for part in ("qa-cell-map", "qa-cell-side", "qa-player", "qa-prompt"):
        phone.locator("." + part).first.screenshot(path=str(ARTIFACTS / f"qa-phone-{part}.png"))
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    replay = open_board(browser, live_server, game, alice, path="replay/30/")
    shot(replay, "qa-replay.png")
    play_greedy(game, 10 ** 6, rng)
    final = open_board(browser, live_server, game, alice)
    shot(final, "qa-final.png")


def test_choice_screenshots(browser, live_server, alice, bob):
    """A repair being chosen (craftsmen selected, then the climb), a reason tip, an enlarged tile."""
    from engine import registry

    rules = registry.get("queens_architect")
    rng = Rng.from_seed(6)
    game = start_game("queens_architect", [alice, bob])
    user = {0: alice, 1: bob}
    for _ in range(3000):
        seat = acting_user(game)
        legal = rules.legal_moves(game.state, seat.position)
        repairs = [m for m in legal if m["type"] == "repair" and len(m["tiles"]) >= 2 and m["climb"] >= 1]
        if repairs and game.state["round"] >= 6:
            break
        submit_move(game.pk, seat.user, greedy_move(game.state, seat.position, rng), game.version)
        game.refresh_from_db()
    chosen = repairs[-1]
    page = open_board(browser, live_server, game, user[seat.position])
    for tile in chosen["tiles"]:
        page.click(f'#qa .qa-hl[data-k~="crew:{tile}"]')
    page.locator(".qa-player").first.screenshot(path=str(ARTIFACTS / "qa-choice-repair-selected.png"))
    page.click("#qa-confirm")
    page.locator("#qa-prompt").screenshot(path=str(ARTIFACTS / "qa-choice-climb.png"))
    page.keyboard.press("Escape")
    page.click('#qa [data-k~="slot:1"]')
    page.wait_for_selector("#qa-tip:not([hidden])")
    page.screenshot(path=str(ARTIFACTS / "qa-choice-reason.png"))
    page.click("#qa .qa-black .qa-tile", button="right")
    page.wait_for_selector("#qa-zoom[open]")
    page.screenshot(path=str(ARTIFACTS / "qa-enlarged.png"))
    for reader in (alice, bob):
        reader.profile.language = "de"
        reader.profile.save()
    german = open_board(browser, live_server, game, user[seat.position])
    shot(german, "qa-german.png")
    german.locator(".qa-black").screenshot(path=str(ARTIFACTS / "qa-german-black-board.png"))
    german = open_board(browser, live_server, game, user[seat.position], width=390, height=844, mobile=True)
    german.locator(".qa-player").first.screenshot(path=str(ARTIFACTS / "qa-german-phone-player.png"))
    german.locator(".qa-prompt").first.screenshot(path=str(ARTIFACTS / "qa-german-phone-prompt.png"))
