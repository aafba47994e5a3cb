"""The Praga board as a newcomer sees it: German labels that fit, log icons, the first click
of a turn in view, a prompt that names the place, a phone layout (issue 8).

A German 2-player game is played with random legal moves to round 5; the acting player's
page is opened at 1280×900 and at 390 px.
"""

import os
import random

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

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
def test_every_log_entry_has_an_icon_and_the_seat_mark_of_its_player(browser, live_server, game, size):
    page = open_board(browser, live_server, game, size)
    entries = page.evaluate("""() => [...document.querySelectorAll('#pg-log .pg-log-entry')].map((e) => {
      const use = e.querySelector('.pg-log-icon use');
      const id = use.getAttribute('href').slice(1);
      const symbol = document.getElementById(id);
      const mark = e.querySelector('.pg-mark');
      return {text: e.innerText, icon: id, drawn: !!symbol && symbol.tagName === 'symbol' && id !== 'i-dot',
              mark: mark.textContent, w: mark.getBoundingClientRect().width};
    })""")
    assert len(entries) > 10
    for entry in entries:
        assert entry["drawn"], entry
        assert entry["mark"] in "●▲■◆" and entry["w"] >= 10, entry  # a shape per seat, not only a colour
    assert len({entry["mark"] for entry in entries} - {""}) == 2  # two players, two marks


# Texts drawn in the SVG boards: each inside its own picture, and none over a piece
# (a row tile, a technology, a seal, anything clickable) it does not belong to.
LABEL_PROBLEMS = """() => {
  const out = [];
  const texts = [...document.querySelectorAll('#praga svg text')]
    .filter((t) => !t.closest('.pg-defs') && t.getBBox().width > 0);
  for (const t of texts) {
    const svg = t.ownerSVGElement;
    const r = t.getBoundingClientRect(), s = svg.getBoundingClientRect();
    if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1)
      out.push(['clipped', t.textContent.trim()]);
    for (const p of svg.querySelectorAll('[data-k], .pg-rowslot, .pg-techcard, .pg-seal')) {
      if (p.contains(t) || t.closest('[data-k]')) continue;
      const q = p.getBoundingClientRect();
      const x = Math.min(r.right, q.right) - Math.max(r.left, q.left), y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
      if (x > 2 && y > 2) { out.push(['overlaps a piece', t.textContent.trim()]); break; }
    }
  }
  for (const e of document.querySelectorAll('#praga .pg-prompt *, #praga .pg-player-head *, #praga .pg-res li, #praga .pg-score th, #praga .pg-score td')) {
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') out.push(['overflows', e.textContent.trim()]);
  }
  return out;
}"""

# Every visible text and every title a reader can open.
TEXTS = """() => [...document.querySelectorAll('#praga svg text, #praga svg tspan, #praga .pg-player-head *, #praga .pg-prompt *')]
  .filter((e) => !e.closest('.pg-defs') && e.children.length === 0).map((e) => e.textContent.trim())
  .concat([...document.querySelectorAll('#praga [data-title], #praga [title], #praga [aria-label]')]
    .flatMap((e) => [e.getAttribute('data-title'), e.getAttribute('title'), e.getAttribute('aria-label')]))
  .filter((t) => t && /[A-Za-z]{2}/.test(t))"""

# The same in both languages: names of players and pieces, Roman numerals, "Gold".
SAME_IN_GERMAN = r"^(alice|bob|Gold|[IVX]+|[A-Z]+\d*-?\d+[A-Z-]*|P[L]?\d+)$"


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_german_board_labels_fit_and_are_all_translated(browser, live_server, game, alice, bob, size):
    import re

    from tests.browser.test_praga_board import shot

    page = open_board(browser, live_server, game, size)
    german_texts = set(page.evaluate(TEXTS))
    assert page.evaluate(LABEL_PROBLEMS) == []
    assert page.locator(".pg-vp abbr").first.inner_text() == "SP"
    shot(page, "praga-german-%s.png" % ("phone" if size.get("mobile") else "desktop"))
    for user in (alice, bob):
        user.profile.language = "en"
        user.profile.save()
    page.reload()
    page.wait_for_selector("#praga[data-ready]")
    english_texts = set(page.evaluate(TEXTS))
    untranslated = sorted(t for t in german_texts & english_texts if not re.match(SAME_IN_GERMAN, t))
    assert untranslated == []


# The next thing to click, as the player sees it: a highlighted board piece inside the
# window (not under the pinned prompt), else a choice or confirm button of the prompt.
NEXT_VISIBLE = """() => {
  document.querySelectorAll('[data-pick]').forEach((e) => e.removeAttribute('data-pick'));
  const prompt = document.getElementById('pg-prompt').getBoundingClientRect();
  const inside = (e) => { const b = e.getBoundingClientRect();
    return b.width > 0 && b.top >= prompt.bottom - 2 && b.bottom <= innerHeight + 2 && b.left >= -2 && b.right <= innerWidth + 2; };
  const skip = (k) => /^(btn:undo|btn:refresh|refresh:|refill:|rslot:)/.test(k || '');
  const next = window.PragaBoard.state.next;
  const pieces = [...document.querySelectorAll('#praga .pg-hl')].filter((e) => !e.closest('#pg-prompt'));
  const wanted = pieces.filter((e) => (e.getAttribute('data-k') || '').split(' ').some((k) => next.includes(k) && !skip(k)));
  const confirm = document.getElementById('pg-confirm');
  const buttons = [...document.querySelectorAll('#pg-buttons button[data-key]')].filter((b) => !skip(b.getAttribute('data-key')));
  const piece = wanted.find(inside) || (!buttons.length && !(!confirm.hidden) && wanted[0]);
  const el = piece || (!confirm.hidden && confirm) || buttons[0];
  if (!el) return null;
  el.setAttribute('data-pick', '1');
  return {visible: el.closest('#pg-prompt') ? true : inside(el), piece: !!piece, hint: document.getElementById('pg-hint').innerText,
          anyPiece: pieces.length > 0, next: next};
}"""

SETTLED = """(v) => { const r = document.getElementById('praga');
  return r && r.hasAttribute('data-ready') && (+r.getAttribute('data-version') !== v || !window.PragaBoard.state.busy); }"""

GENERIC_HINTS = ("Wähle ein hervorgehobenes Teil oder eine Schaltfläche.", "Wähle jetzt wo oder wie:")


def click_through_a_turn(page, clicks=14):
    """Plays the acting player's clicks with real mouse clicks, which Playwright only performs
    on what is visible and not covered; returns what each step showed."""
    seen = []
    for _ in range(clicks):
        try:
            page.wait_for_selector("#praga[data-ready][data-flow]", timeout=15000)
        except PlaywrightTimeout:
            break  # the turn has passed on
        step = page.evaluate(NEXT_VISIBLE)
        for _wait in range(40):  # a smooth scroll to the next piece settles (slowly on a busy machine)
            if step is None or step["visible"]:
                break
            page.wait_for_timeout(250)
            step = page.evaluate(NEXT_VISIBLE)
        if step is None:
            break
        version = int(page.locator("#praga").get_attribute("data-version"))
        try:
            page.click("[data-pick='1']", timeout=15000)
        except PlaywrightTimeout:
            if page.locator("[data-pick='1']").count():
                raise  # there but not clickable (covered, out of view): a real failure
            continue  # the poller redrew the live block between finding the piece and clicking it
        seen.append(step)
        page.wait_for_function(SETTLED, arg=version, timeout=30000)
    return seen


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_first_click_of_a_turn_is_in_view_and_the_prompt_names_the_place(browser, live_server, game, size):
    page = open_board(browser, live_server, game, size)
    # the game's seed is drawn at its start: a climb may be offered as well, named after the wheel
    assert page.locator("#pg-hint").inner_text().startswith("Nimm ein Aktionsplättchen vom Rad des Aktionskrans.")
    first = page.evaluate(NEXT_VISIBLE)
    assert first["piece"] and first["visible"], first
    assert all(k.startswith("wheel:") or k.startswith("btn:") for k in first["next"])
    # every later step: its piece is brought into view, the prompt says where (or points below)
    steps = click_through_a_turn(page)
    assert len(steps) >= 4
    for step in steps:
        assert step["visible"], step
        assert step["hint"] and step["hint"] not in GENERIC_HINTS, step


def test_the_pinned_prompt_keeps_to_what_is_asked_and_turn_buttons_stand_apart(browser, live_server, game):
    page = open_board(browser, live_server, game, DESKTOP)
    page.click("#praga .pg-atile.pg-hl")  # take an action tile
    page.wait_for_selector("#praga[data-ready] .pg-turnbtns button")
    turn_keys = page.evaluate("() => window.PragaBoard.state.flow.turn_buttons")
    in_choices = page.evaluate("() => [...document.querySelectorAll('.pg-cards [data-key], .pg-choices [data-key]')].map((b) => b.getAttribute('data-key'))")
    in_turn = page.evaluate("() => [...document.querySelectorAll('.pg-turnbtns [data-key]')].map((b) => b.getAttribute('data-key'))")
    assert in_turn and set(in_turn) <= set(turn_keys)
    assert not set(in_choices) & set(turn_keys)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    box = None
    for _ in range(10):  # the live region may redraw the prompt between finding and measuring it
        box = page.wait_for_selector("#pg-prompt.pg-stuck").bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(200)
    assert box["height"] <= 0.34 * DESKTOP["height"] + 2


def board_with_a_cube_choice(browser, live_server, users):
    """The board of a game where a building tile may go to a site with or without a cube:
    (page, the tile's row key, the site's key)."""
    from tests.browser.test_praga_board_shots import find_game

    def cube_open(legal):  # a building with the choice to put a cube on it, or not
        buildings = [m for m in legal if m.get("type") == "building"]
        return any(m["cube"] for m in buildings) and any(not m["cube"] for m in buildings)

    game = find_game(users, random.Random(3), cube_open, warmup=2)
    page = open_board(browser, live_server, game, DESKTOP)
    row, site = page.evaluate("""() => {
      const moves = window.PragaBoard.state.flow.moves.map((e) => e.m).filter((m) => m.type === 'building');
      const m = moves.find((m) => m.cube && moves.some((o) => !o.cube && o.slot === m.slot && o.site === m.site));
      return ['row:building:' + m.slot, 'site:' + m.site];
    }""")
    return page, row, site


def test_a_chosen_building_site_shows_the_building_before_the_cube_choice(browser, live_server, alice, bob):
    page, row, site = board_with_a_cube_choice(browser, live_server, [alice, bob])
    # Legal pieces are clicked unforced: Playwright waits until the piece stands still and would
    # get the click itself (the page scrolls smoothly to the next choice after a redraw, and a
    # forced click lands on whatever moved under that point: tests/browser/test_praga_board.py).
    page.click(f'[data-k~="{row}"]')
    assert page.locator(".pg-preview").count() == 0  # a tile, no place yet
    page.click(f'[data-k="{site}"]')
    page.wait_for_selector('#pg-buttons [data-key="cube:1"]')
    assert page.locator(f'[data-k="{site}"] .pg-preview .pg-tile').count() == 1


def test_the_phone_page_puts_ones_own_turn_first_at_a_readable_size(browser, live_server, game):
    page = open_board(browser, live_server, game, PHONE)
    layout = page.evaluate("""() => {
      const top = (sel) => document.querySelector(sel).getBoundingClientRect().top + scrollY;
      const width = (sel) => document.querySelector(sel).getBoundingClientRect().width;
      const sideways = [...document.querySelectorAll('#praga .pg-pan, #praga .pg-player')]
        .filter((e) => !e.classList.contains('pg-cell-city') && e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.className);
      return {
        page: document.scrollingElement.scrollWidth, sideways,
        crane: top('.pg-cell-crane'), mine: top('.pg-player.pg-me'), display: top('.pg-cell-display'),
        city: top('.pg-cell-city'), other: top('.pg-player:not(.pg-me)'),
        actionHex: width('.pg-me .pg-ab-action'), rowTile: width('.pg-rowslot .pg-tile'),
        wallCell: width('.pg-struct-hw .pg-cell-r'), trackSpace: width('.pg-me .pg-trk'),
        hint: getComputedStyle(document.querySelector('.pg-cell-city .pg-pan-hint')).display,
      };
    }""")
    assert layout["page"] <= PHONE["width"]
    assert layout["sideways"] == []  # only the city pans
    assert layout["hint"] != "none"  # and says so
    assert layout["crane"] < layout["mine"] < layout["display"] < layout["city"] < layout["other"]
    assert layout["actionHex"] >= 44 and layout["rowTile"] >= 44
    assert layout["wallCell"] >= 30 and layout["trackSpace"] >= 20


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_prompt_is_whole_at_the_top_of_the_page(browser, live_server, game, size):
    page = open_board(browser, live_server, game, size)
    page.wait_for_timeout(300)
    assert page.locator("#pg-prompt.pg-stuck").count() == 0
    assert page.locator("#pg-prompt .pg-status strong").is_visible()  # the round and era


def test_a_note_saved_in_the_middle_of_a_move_keeps_the_choices_made(browser, live_server, alice, bob):
    """Any swap elsewhere on the page (a saved note, a chat message) leaves the board's flow alone;
    only a new board after a move starts it over."""
    page, row, site = board_with_a_cube_choice(browser, live_server, [alice, bob])
    page.click(f'[data-k~="{row}"]')  # unforced, as above
    chosen = page.evaluate("() => window.PragaBoard.state.chosen.length")
    assert chosen == 1
    page.fill("#notes-body", "build here, then the cube")
    page.locator("#notes-status").filter(has_text="Saved").wait_for()  # the note's swap has settled
    assert page.evaluate("() => window.PragaBoard.state.chosen.length") == chosen
    page.click(f'[data-k="{site}"]')
    page.wait_for_selector('#pg-buttons [data-key="cube:1"]')
