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
from tests.browser.test_praga_board import browser  # noqa: E402,F401
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


def open_board(browser, live_server, game, user, **kw):
    page = page_for(browser, live_server, user, **kw)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#praga[data-ready]")
    return page


def test_board_screenshots(browser, live_server, alice, bob):
    game = start_game("praga", [alice, bob])
    rng = random.Random(5)
    play_until(game, 14, rng)
    user = acting_user(game).user
    page = open_board(browser, live_server, game, user)
    shot(page, "shot-desktop.png")
    shot(page, "shot-desktop-top.png", full=False)
    # a building tile chosen: click a site it may not go to
    chosen = page.evaluate("""() => {
      const st = window.PragaBoard.state;
      const k = st.next.find((k) => k.startsWith('row:building:'));
      if (!k) return null;
      document.querySelector('[data-k~="' + k + '"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
      const reasons = st.flow.reasons;
      const bad = Object.keys(reasons).find((r) => r.startsWith(k + ' site:'));
      return bad || null;
    }""")
    if chosen:
        site = chosen.split(" ")[1]
        page.locator(f'[data-k="{site}"]').scroll_into_view_if_needed()
        page.click(f'[data-k="{site}"]', force=True)
        page.wait_for_selector("#pg-tip:not([hidden])")
        shot(page, "shot-illegal-site.png", full=False)
    phone = open_board(browser, live_server, game, user, width=390, height=844, mobile=True)
    shot(phone, "shot-phone.png")
    # on to a pending choice of tiles (technology, bridge or Cathedral V tile)
    play_until(game, 40, rng, stop=lambda legal: any(m.get("type") in ("tech", "bridge", "cathedral_v")
                                                    for m in legal))
    seat = acting_user(game)
    if seat is not None:
        page = open_board(browser, live_server, game, seat.user)
        page.locator("#pg-prompt").scroll_into_view_if_needed()
        shot(page, "shot-choice.png", full=False)
