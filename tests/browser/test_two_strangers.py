"""Two strangers sign up, play Praga through the page, finish it and watch the replay.

Debian Chromium through Playwright against pytest-django's live server. Screenshots
go to test-artifacts/ (look at them: the pages must be clean and readable).
"""

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine import registry
from engine.core.rng import Rng

pytestmark = [pytest.mark.browser, pytest.mark.skipif("praga" not in registry.GAMES, reason="needs Praga")]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "stranger-danger-77"


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def sign_up(browser, live_server, mailoutbox, username):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("input[name=email]", f"{username}@example.org")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/accounts/confirm-email/"))
    shot(page, f"01-{username}-verification-sent")
    mail = next(m for m in reversed(mailoutbox) if m.to == [f"{username}@example.org"])
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", mail.body).group(0)
    page.goto(live_server.url + link[link.index("/accounts/"):])
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    assert page.locator("header .me").inner_text() == username
    return page


def version(page):
    return int(page.locator("#live").get_attribute("data-version"))


def wait_version(page, above, timeout=15.0):
    """Wait until the page shows a version above `above` (polled from Python: CSP forbids eval)."""
    for _ in range(int(timeout * 5)):
        if version(page) > above:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the page stayed at version {version(page)}")


def click_move(page):
    """Make one move through the page: the generic move buttons, or the board's own click flow."""
    before = version(page)
    if page.locator("#moves button.move:visible").count():
        page.locator("#moves button.move:visible").first.click()
    else:
        for _ in range(12):
            if version(page) > before:
                break
            # The live region may redraw the board between finding a piece and clicking it (the
            # poller, more often on a busy machine): a piece gone meanwhile is looked for again.
            try:
                if page.locator("#pg-confirm:visible").count():
                    page.locator("#pg-confirm").dispatch_event("click", timeout=3000)
                elif page.locator(".pg-hl").count():
                    page.locator(".pg-hl").first.dispatch_event("click", timeout=3000)
                elif page.locator('#pg-buttons button:not([data-key="btn:undo"])').count():
                    page.locator('#pg-buttons button:not([data-key="btn:undo"])').first.dispatch_event(
                        "click", timeout=3000)
            except PlaywrightTimeout:
                pass
            page.wait_for_timeout(400)
    wait_version(page, before)


def undo_button(page):
    return page.locator('button.undo, #pg-buttons button[data-key="btn:undo"]')


def log_lines(page, game):
    response = page.context.request.get(f"{page.url.split('/games/')[0]}/api/games/{game.pk}/log/")
    return [entry["text"] for entry in response.json()["entries"]]


def my_turn(page):
    return page.locator("#moves.my-turn, .pg-prompt.pg-myturn").count() > 0


def post_remaining_moves(pages_by_seat, game):
    """The engine's random bot plays on, through the same HTTP endpoint as the page."""
    from engine.praga import bots

    rng = Rng.from_seed(11)
    for _ in range(3000):
        game.refresh_from_db()
        acting = sorted(registry.get("praga").to_act(game.state))
        if not acting:
            return
        seat = acting[0]
        move = bots.random_move(game.state, seat, rng)
        page = pages_by_seat[seat]
        token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
        response = page.context.request.post(
            f"{page.url.split('/games/')[0]}/api/games/{game.pk}/moves/",
            data=json.dumps({"move": move, "version": game.version}),
            headers={"Content-Type": "application/json", "X-CSRFToken": token,
                     "Referer": page.url})
        assert response.status == 200, response.text()
    raise AssertionError("the game did not end")


@pytest.mark.django_db(transaction=True)
def test_two_strangers_play_praga_to_the_end_and_replay_it(browser, live_server, mailoutbox):
    from games.models import Game

    ursula = sign_up(browser, live_server, mailoutbox, "ursula")
    viktor = sign_up(browser, live_server, mailoutbox, "viktor")

    # Ursula invites Viktor to a 2-player game of Praga, keeping the seat order.
    ursula.goto(f"{live_server.url}/invitations/new/praga/")
    ursula.select_option("select[name=players]", "2")
    ursula.fill("input[name=seat_1]", "viktor")
    ursula.check("input[name=fixed_order]")
    ursula.fill("input[name=note]", "Nice to meet you")
    shot(ursula, "02-new-invitation")
    ursula.click("main form button[type=submit]")
    ursula.wait_for_url(re.compile(r"/invitations/\d+/$"))

    # Viktor finds the invitation on his page and joins: the game starts.
    viktor.goto(f"{live_server.url}/")
    shot(viktor, "03-viktor-my-games-invited")
    viktor.locator("#invitations a").first.click()
    viktor.click("text=Join")
    viktor.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    ursula.goto(f"{live_server.url}/games/{game.pk}/")
    pages_by_seat = {seat.position: (ursula if seat.user.username == "ursula" else viktor)
                     for seat in game.seat_list()}
    first = pages_by_seat[min(registry.get("praga").to_act(game.state))]
    other = viktor if first is ursula else ursula
    first.reload()
    assert my_turn(first) and not my_turn(other)
    shot(first, "04-game-start-first-player")

    # The first player moves through the page; the other page follows by itself (polling, no reload).
    other.evaluate("window.__noReload = true")
    click_move(first)
    wait_version(other, version(first) - 1)
    assert other.evaluate("window.__noReload") is True
    assert len(log_lines(other, game)) == version(first)

    # A step taken back inside the turn.
    undone = False
    for _ in range(8):
        if undo_button(first).count():
            before = version(first)
            shot(first, "05-before-undo")
            undo_button(first).first.click()
            wait_version(first, before)
            assert "takes back a move" in log_lines(first, game)[-1]
            shot(first, "05-after-undo")
            undone = True
            break
        if not my_turn(first):
            break
        click_move(first)
    assert undone, "no move could be undone"

    # Both play through the page until the second player has made several moves.
    moves_by_other = 0
    for _ in range(80):
        game.refresh_from_db()
        page = pages_by_seat[min(registry.get("praga").to_act(game.state))]
        page.reload()
        click_move(page)
        if page is other:
            moves_by_other += 1
            if moves_by_other == 3:
                break
    assert moves_by_other == 3
    shot(other, "06-second-player-playing")

    # The rest of the game: the random bot through the same endpoint.
    post_remaining_moves(pages_by_seat, game)
    game.refresh_from_db()
    assert game.status == "finished"
    viktor.wait_for_selector("#results", timeout=20000)  # the open page notices the end by itself
    ursula.reload()
    assert "Final scores" in ursula.locator("#results").inner_text()
    shot(ursula, "07-final-scores")

    # The replay: first, next by keyboard, jump to a move, last.
    ursula.goto(f"{live_server.url}/games/{game.pk}/replay/0/")
    ursula.keyboard.press("ArrowRight")
    ursula.wait_for_url(re.compile(rf"/games/{game.pk}/replay/1/$"))
    ursula.keyboard.press("ArrowRight")
    ursula.wait_for_url(re.compile(rf"/games/{game.pk}/replay/2/$"))
    ursula.keyboard.press("ArrowLeft")
    ursula.wait_for_url(re.compile(rf"/games/{game.pk}/replay/1/$"))
    ursula.fill("input[name=step]", "10")
    ursula.click("form.jump button")
    ursula.wait_for_url(re.compile(rf"/games/{game.pk}/replay/10/$"))
    shot(ursula, "08-replay-step-10")
    ursula.click("a[rel=last]")
    ursula.wait_for_url(re.compile(rf"/games/{game.pk}/replay/{game.version}/$"))
    assert "Final scores" in ursula.inner_text("main")
    shot(ursula, "09-replay-last")
