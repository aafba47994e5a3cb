"""A whole turn of Queen's Architect by keyboard alone, as a screen reader user plays it: every
step of every move is reached with Tab (buttons, the board's one tab stop) and the arrow keys
(between the highlighted pieces), chosen with Enter; a selection of several pieces is confirmed
with its button. The live region (#announce) says what was sent and who moves next."""

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from engine import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.queens_architect.bots import greedy_move  # noqa: E402
from games.models import Game  # noqa: E402
from games.moves import submit_move  # noqa: E402
from tests.browser.keyboard import press_until  # noqa: E402
from tests.browser.test_praga_board import page_for, shot  # noqa: E402
from tests.browser.test_queens_architect_board import BUTTON_PREFIXES, VERSION, wait_version  # noqa: E402
from tests.support.games import start_game  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = registry.get("queens_architect")

# The focused element as the board sees it: its choice keys (data-k) or a button's data-choice.
FOCUS = """() => { const e = document.activeElement; if (!e) return null;
  return {id: e.id, role: e.getAttribute('role'), name: e.getAttribute('aria-label') || e.textContent.trim(),
          keys: (e.getAttribute('data-k') || '').split(' ').filter(Boolean), choice: e.getAttribute('data-choice'),
          onBoard: !!e.closest('#qa') && e.classList.contains('qa-hl')}; }"""


def focus(page):
    return page.evaluate(FOCUS)


def until_focused(page, key, wanted, limit=80):
    for _ in range(limit):
        now = focus(page)
        if now and wanted(now):
            return now
        page.keyboard.press(key)
    raise AssertionError("pressing %s never reached the wanted element (last: %r)" % (key, focus(page)))


def choose_piece(page, key):
    """Tab to the board's one tab stop, then the arrows to the piece offering `key`; Enter."""
    until_focused(page, "Tab", lambda e: e["onBoard"])
    piece = until_focused(page, "ArrowRight", lambda e: key in e["keys"], limit=40)
    assert piece["role"] == "button" and piece["name"], piece  # a named button for a screen reader
    page.keyboard.press("Enter")


def play_step(page, step):
    if isinstance(step, dict):  # several pieces at once, then the confirm button
        for key in step["set"]:
            choose_piece(page, key)
        until_focused(page, "Tab", lambda e: e["id"] == "qa-confirm")
        page.keyboard.press("Enter")
    elif step.startswith(BUTTON_PREFIXES):
        press_until(page, "Tab", lambda e: e["choice"] == step)
        page.keyboard.press("Enter")
    else:
        choose_piece(page, step)


def alice_to_start_a_turn(game, alice, bob):
    """Both play greedily through the pipeline until Alice begins a turn of the play phase."""
    rng = Rng.from_seed(11)
    for _ in range(400):
        game = Game.objects.get(pk=game.pk)
        state = game.state
        acting = RULES.to_act(state)
        if state["phase"] == "play" and acting == {0} and state["turn"]["stage"] == "move":
            return game
        seat = min(acting)
        submit_move(game.pk, (alice, bob)[seat], greedy_move(state, seat, rng), game.version)
    raise AssertionError("Alice never began a turn")


def test_a_whole_turn_is_played_by_keyboard_and_the_live_region_says_it(browser, live_server, alice, bob):
    game = alice_to_start_a_turn(start_game("queens_architect", [alice, bob]), alice, bob)
    page = page_for(browser, live_server, alice)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("#qa")
    rng = Rng.from_seed(5)
    kinds = []
    for _ in range(30):
        game = Game.objects.get(pk=game.pk)
        if 0 not in RULES.to_act(game.state) or game.is_finished:
            break
        move = greedy_move(game.state, 0, rng)
        flow = page.evaluate("() => JSON.parse(document.getElementById('qa-flow').textContent)")
        entry = next(e for e in flow["moves"] if e["m"] == move)
        version = page.evaluate(VERSION)
        for step in entry["s"]:
            if page.evaluate(VERSION) != version or page.evaluate("() => window.QABoard.state().busy"):
                break  # the move went as soon as it was the only one left
            play_step(page, step)
        wait_version(page, version)
        kinds.append(move["type"])
        # the focus stays on the page's controls, never dropped to <body>
        assert page.evaluate("() => document.activeElement !== document.body"), kinds
        page.locator("#announce").filter(has_text="Sent:").wait_for()
    game = Game.objects.get(pk=game.pk)
    print("moves played by keyboard:", kinds)
    assert 0 not in RULES.to_act(game.state), kinds  # the turn is over: Bob's now
    assert "end_turn" in kinds or len(kinds) > 1, kinds
    page.locator("#announce").filter(has_text="To move: Bob").wait_for()
    shot(page, "qa-keyboard-turn.png")
