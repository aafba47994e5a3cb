"""Praga in the browser: players play only by clicking what the page highlights.

Runs Debian's Chromium through Playwright against the live server. Screenshots go to
test-artifacts/. The complete game plays its clicks inside the page (no per-click round
trips), waiting only for the board's readiness signal after each move.
"""

import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from django.conf import settings  # noqa: E402
from django.test import Client  # noqa: E402

from games.models import Game  # noqa: E402
from tests.support.games import start_game  # noqa: E402

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SKIP_KEYS = ("btn:undo", "btn:refresh", "refresh:", "refill:")

# The first highlighted choice in page order: prompt buttons and highlighted pieces.
PICK = """() => {
  const skip = %s;
  const ok = (k) => k && !skip.some((s) => k.startsWith(s));
  const confirm = document.getElementById('pg-confirm');
  if (confirm && !confirm.hidden) return {how: 'confirm'};
  const els = [...document.querySelectorAll('#praga #pg-buttons button, #praga .pg-hl')];
  for (const el of els) {
    const keys = (el.getAttribute('data-key') || el.getAttribute('data-k') || '').split(' ');
    const hl = el.hasAttribute('data-key') ? keys : keys.filter((k) => window.PragaBoard.state.next.includes(k));
    const key = hl.find(ok);
    if (key) {
      el.setAttribute('data-pick', '1');
      return {how: 'click', key: key};
    }
  }
  return null;
}""" % repr(list(SKIP_KEYS)).replace("'", '"')


# Plays the acting player's clicks inside the page until the board shows a new version
# without a click flow (the turn passed on, or the game ended): the first highlighted
# choice each time, dispatched as a click to the board's own handler, waiting only for
# the page's readiness signal (#praga[data-ready] of a new version) after each move sent.
PLAY = """async ({skip, limit}) => {
  const ok = (k) => k && !skip.some((s) => k.startsWith(s));
  const root = () => document.getElementById('praga');
  const tick = () => new Promise((r) => setTimeout(r, 5));
  const ready = (v) => { const r = root(); return r && r.hasAttribute('data-ready') && +r.getAttribute('data-version') !== v
    && window.PragaBoard && !window.PragaBoard.state.busy; };
  const click = (el) => el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  let clicks = 0, moves = 0;
  for (;;) {
    const r = root();
    if (!r.hasAttribute('data-flow')) return {clicks, moves, version: +r.getAttribute('data-version')};
    if (clicks >= limit) return {clicks, moves, stuck: 'limit'};
    const st = window.PragaBoard.state;
    const v = +r.getAttribute('data-version');
    const confirm = document.getElementById('pg-confirm');
    let el = null, key = null;
    if (confirm && !confirm.hidden) el = confirm;
    else for (const e of r.querySelectorAll('#pg-buttons button, .pg-hl')) {
      const keys = (e.getAttribute('data-key') || e.getAttribute('data-k') || '').split(' ');
      key = (e.hasAttribute('data-key') ? keys : keys.filter((k) => st.next.includes(k))).find(ok);
      if (key) { el = e; break; }
    }
    if (!el) return {clicks, moves, stuck: [st.next, st.chosen]};
    click(el);
    clicks++;
    if (!st.busy) continue;  // a partial choice: the next one is highlighted at once
    moves++;
    const t0 = Date.now();
    while (!ready(v)) {
      const tip = document.getElementById('pg-tip');
      if (!st.busy && root() === r && tip && !tip.hidden && tip.textContent) {
        return {clicks, moves, stuck: 'refused: ' + tip.textContent};
      }
      if (Date.now() - t0 > 20000) return {clicks, moves, stuck: 'no new version'};
      await tick();
    }
  }
}"""

# What the page shows when the play stops: the keys asked for next and those chosen, the title
# of the enlarge dialog if it is open (it takes every click) and the reason shown beside a piece.
PAGE_STATE = """() => {
  const zoom = document.getElementById('pg-zoom'), tip = document.getElementById('pg-tip');
  return {next: window.PragaBoard.state.next, chosen: window.PragaBoard.state.chosen,
          dialog: zoom && zoom.open ? document.getElementById('pg-zoom-title').textContent : null,
          tip: tip && !tip.hidden ? tip.textContent : null};
}"""


def page_for(browser, live_server, user, width=1400, height=1000, mobile=False, touch=False):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=touch,
                                  device_scale_factor=2 if mobile else 1)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    return context.new_page()


def shot(page, name, full=True):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=full)


def board_shot(page, name):
    """The whole Praga page from its top: the page had scrolled to the next choice, and a whole-page
    picture would draw the pinned prompt there, across the board, with a gap where it belongs."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_selector("#pg-prompt:not(.pg-stuck)")
    shot(page, name)


class Table:
    """The players' pages of one game; plays by clicking the first highlighted choice."""

    def __init__(self, browser, live_server, game, users):
        self.game = game
        self.url = f"{live_server.url}/games/{game.pk}/"
        self.pages = {}
        for seat in game.seat_list():
            self.pages[seat.position] = page_for(browser, live_server, seat.user)
        self.loaded = {}

    def fresh(self):
        """Reload the game row; SQLite's shared test database may be briefly locked by the server."""
        from django.db import OperationalError

        for _ in range(50):
            try:
                self.game.refresh_from_db()
                return self.game
            except OperationalError:
                time.sleep(0.1)
        raise AssertionError("the database stayed locked")

    def acting(self):
        self.fresh()
        seats = [s.position for s in self.game.seat_list() if s.to_act]
        return seats[0] if seats else None

    def page_of(self, seat):
        page = self.pages[seat]
        version = self.game.version
        ready = f'#praga[data-version="{version}"][data-flow][data-ready]'
        if not page.query_selector(ready):
            # the page of a player whose turn just began still shows the old version
            page.goto(self.url)
            page.wait_for_selector(ready, timeout=15000)
        return page

    def step(self):
        """One click of the acting player; returns False when the game is over."""
        seat = self.acting()
        if seat is None:
            return False
        page = self.last_page = self.page_of(seat)
        version = self.game.version
        # A click that met the enlarge dialog's opener instead of the choice (the board moved under
        # the pointer between Playwright's checks and its click) left the modal dialog open, and
        # it would take every later click (a CI run timed out so once): close it and pick again.
        page.evaluate("() => { const zoom = document.getElementById('pg-zoom'); if (zoom && zoom.open) zoom.close(); }")
        choice = self.last_choice = page.evaluate(PICK)
        if choice is None:
            shot(page, "praga-stuck.png")
            raise AssertionError("nothing highlighted for the player to act: %r" % page.evaluate(PAGE_STATE))
        if choice["how"] == "confirm":
            page.click("#pg-confirm")
        else:
            # Not forced: Playwright clicks once the piece stands still and would itself get the
            # click. After a redraw the page scrolls smoothly to the next choice and the prompt,
            # pinned at the top meanwhile, shrinks: a forced click lands where the piece was a
            # moment before, on whatever is there now (the action tile's label opens the modal
            # enlarge dialog, and the dialog swallows every later click).
            page.click("[data-pick='1']")
            page.evaluate("() => document.querySelectorAll('[data-pick]').forEach(e => e.removeAttribute('data-pick'))")
        # Wait in the page (not in the database): either the choice was partial, or the
        # move was sent and the board came back with the next version.
        page.wait_for_function(
            "(v) => { const r = document.getElementById('praga');"
            " return r && ((+r.getAttribute('data-version') !== v && r.hasAttribute('data-ready'))"
            " || (+r.getAttribute('data-version') === v && !window.PragaBoard.state.busy)); }",
            arg=version, timeout=15000)
        return True

    def play_turns(self, turns, limit=400):
        """Click until `turns` turns have ended (or the game is over)."""
        start = self.turn_no()
        history = []
        for _ in range(limit):
            if self.turn_no() - start >= turns:
                return
            history.append((self.game.version, self.game.state["turn_no"]))
            if not self.step():
                return
            history[-1] += (self.last_choice,)
        shot(self.last_page, "praga-stuck.png")
        raise AssertionError("the turns did not end within %d clicks; the last (version, turn, click): %r; the page: %r"
                             % (limit, history[-12:], self.last_page.evaluate(PAGE_STATE)))

    def turn_no(self):
        return self.fresh().state["turn_no"]

    def play_fast(self, on_turn=None, limit=3000):
        """Play to the end: the acting player's page plays its clicks in the page itself."""
        clicks = 0
        for _ in range(limit):
            seat = self.acting()
            if seat is None:
                return clicks
            if on_turn:
                on_turn(self.game.state["turn_no"], seat)
            page = self.pages[seat]
            version = self.game.version
            ready = f'#praga[data-version="{version}"][data-ready]'
            if not page.query_selector(ready):
                page.goto(self.url)
                page.wait_for_selector(ready, timeout=15000)
            result = page.evaluate(PLAY, {"skip": list(SKIP_KEYS), "limit": 400})
            clicks += result["clicks"]
            if result.get("stuck"):
                shot(page, "praga-stuck.png")
                raise AssertionError("the page could not play on: %r" % (result,))
        raise AssertionError("the game did not end")


def test_two_players_play_a_few_turns_by_clicking(browser, live_server, alice, bob):
    game = start_game("praga", [alice, bob])
    table = Table(browser, live_server, game, [alice, bob])
    first = table.acting()
    page = table.page_of(first)
    shot(page, "praga-start.png")
    table.play_turns(2)  # real Playwright clicks; the complete game below plays inside the page
    game.refresh_from_db()
    assert game.state["turn_no"] >= 2
    page = table.page_of(table.acting())
    board_shot(page, "praga-after-2-turns.png")


def test_a_complete_two_player_game_by_clicking(browser, live_server, alice, bob):
    game = start_game("praga", [alice, bob])
    table = Table(browser, live_server, game, [alice, bob])
    shots = {8: "praga-round-4.png", 16: "praga-round-8.png", 24: "praga-round-12.png"}

    def on_turn(turn, seat):
        if turn in shots:
            page = table.pages[seat]
            if not page.query_selector(f'#praga[data-version="{table.game.version}"][data-ready]'):
                page.goto(table.url)
                page.wait_for_selector("#praga[data-ready]")
            shot(page, shots.pop(turn))

    started = time.monotonic()
    clicks = table.play_fast(on_turn)
    print("complete game: %d clicks in %.0f s" % (clicks, time.monotonic() - started))
    game = Game.objects.get(pk=game.pk)
    assert game.is_finished
    page = table.pages[0]
    page.goto(table.url)
    page.wait_for_selector("#pg-final")
    shot(page, "praga-final.png")
    assert page.locator("#pg-final tbody tr").count() == 2


def test_a_solo_game_against_peter_parler_is_played_for_a_few_rounds(browser, live_server, alice):
    game = start_game("praga", [alice], options={"solo_mode": "parler"})
    assert game.state["parler"] is not None
    table = Table(browser, live_server, game, [alice])
    table.play_turns(6)  # three rounds: alice, then Peter Parler, three times
    game.refresh_from_db()
    assert game.state["turn_no"] >= 6
    page = table.page_of(table.acting())
    assert page.locator(".pg-parler").count() == 1
    board_shot(page, "praga-solo-parler.png")


def engine_reason(game, position, move):
    """The engine's refusal of `move` by the seat at `position`, in English, as the page shows it."""
    from django.utils import translation

    from engine.core.errors import IllegalMove
    from games import engines
    from games.presenters import player_names
    from games.text import render

    game.refresh_from_db()
    with pytest.raises(IllegalMove) as refusal:
        engines.apply("praga", game.state, position, move)
    with translation.override("en"):
        return render(refusal.value.as_text(), player_names(game))


def test_an_illegal_click_shows_the_engines_reason_and_pieces_enlarge(browser, live_server, alice, bob):
    game = start_game("praga", [alice, bob])
    table = Table(browser, live_server, game, [alice, bob])
    page = table.page_of(table.acting())
    page.click('[data-k="seal:SEAL-6"]', force=True)
    tip = page.locator("#pg-tip")
    tip.wait_for(state="visible")
    assert tip.inner_text().strip() == engine_reason(game, table.acting(), {"type": "seal", "seal": "SEAL-6"})
    plaza = page.locator('#praga .pg-plaza:not(.pg-off)').first
    plaza_id = plaza.get_attribute("data-h").split(":")[1]
    title, text = plaza.get_attribute("data-title"), plaza.get_attribute("data-text")
    plaza.click(force=True)
    dialog = page.locator("#pg-zoom")
    dialog.wait_for(state="visible")
    assert page.locator("#pg-zoom-title").text_content() == title and title.endswith(f" · {plaza_id}")
    assert page.locator("#pg-zoom-text").text_content() == text and text
    shot(page, "praga-enlarged-plaza.png", full=False)


def test_an_illegal_site_for_the_chosen_tile_shows_the_engines_reason(browser, live_server, alice, bob):
    import random

    from tests.browser.test_praga_board_shots import find_game

    game = find_game([alice, bob], random.Random(3), lambda legal: any(m.get("type") == "building" for m in legal),
                     warmup=2)
    table = Table(browser, live_server, game, [alice, bob])
    page = table.page_of(table.acting())
    row = page.evaluate("() => window.PragaBoard.state.next.find((k) => k.startsWith('row:building:'))")
    assert row
    page.click(f'[data-k~="{row}"]')  # a legal piece: unforced (see Table.step)
    bad = page.evaluate("""(row) => {
      const reasons = window.PragaBoard.state.flow.reasons;
      const k = Object.keys(reasons).find((r) => r.startsWith(row + ' site:'));
      if (!k) return null;
      const site = k.split(' ')[1];
      document.querySelector('[data-k="' + site + '"]').scrollIntoView({block: 'center'});
      return [site, reasons[k]];
    }""", row)
    assert bad, "no site is refused for the chosen tile"
    page.click(f'[data-k="{bad[0]}"]', force=True)
    tip = page.locator("#pg-tip")
    tip.wait_for(state="visible")
    assert tip.inner_text().strip() == bad[1]
    page.click("#pg-cancel")
    assert page.evaluate("() => window.PragaBoard.state.chosen.length") == 0
