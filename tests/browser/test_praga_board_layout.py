"""The Praga board as a newcomer sees it: German labels that fit, log icons, the first click
of a turn in view, a prompt that names the place, a phone layout (issue 8).

A German 2-player game is played with random legal moves to round 5; the acting player's
page is opened at 1280×900 and at 390 px.
"""

import os
import random

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from tests.browser.test_praga_board import page_for  # noqa: E402
from tests.browser.test_praga_board_shots import play_until  # noqa: E402
from tests.support.games import acting_user, start_game  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844, "mobile": True}


def german(*users):
    for user in users:
        user.profile.language = "de"
        user.profile.save()


@pytest.fixture
def game(alice, bob):
    german(alice, bob)
    game = start_game("praga", [alice, bob])
    play_until(game, 9, random.Random(5))
    return game


def open_board(browser, live_server, game, size):
    page = page_for(browser, live_server, acting_user(game).user, **size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#praga[data-ready]")
    return page


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_log_entry_has_an_icon_and_a_round_dot(browser, live_server, game, size):
    page = open_board(browser, live_server, game, size)
    entries = page.evaluate("""() => [...document.querySelectorAll('#pg-log .pg-log-entry')].map((e) => {
      const use = e.querySelector('.pg-log-icon use');
      const id = use.getAttribute('href').slice(1);
      const symbol = document.getElementById(id);
      const dot = e.querySelector('.pg-dot').getBoundingClientRect();
      return {text: e.innerText, icon: id, drawn: !!symbol && symbol.tagName === 'symbol' && id !== 'i-dot',
              w: dot.width, h: dot.height};
    })""")
    assert len(entries) > 10
    for entry in entries:
        assert entry["drawn"], entry
        assert entry["w"] == entry["h"] >= 10, entry
