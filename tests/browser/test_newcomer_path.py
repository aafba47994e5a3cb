"""The newcomer's path of issue 8 on the embedded default served at a non-default port.

A real `manage.py serve_embedded` (as scripts/run starts it, SQLite, emails in a folder,
the tick in a thread) on a free port without SITE_URL: sign up, follow the verification link
from the local inbox, start a solo game against Peter Parler, play two turns through the page
and find Parler's turns in the game log; then a 2-player game whose start and turn emails open
the game on that port. Debian Chromium through Playwright; screenshots in test-artifacts/.
"""

import re
import time
from email import message_from_string, policy
from pathlib import Path

import pytest

from engine import registry
from tests.support import embedded_site

pytestmark = [pytest.mark.browser, pytest.mark.skipif("praga" not in registry.GAMES, reason="needs Praga")]

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PASSWORD = "newcomer-path-88"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The embedded default on a free port; its URL, its mail folder."""
    folder = tmp_path_factory.mktemp("newcomer")
    env = embedded_site.environment(folder, TICK_SECONDS="1", TURN_EMAIL_DELAY="0", ACTIVE_SECONDS="0")
    embedded_site.manage(env, "migrate", "-v", "0")
    server, port = embedded_site.start(folder, env)
    yield {"url": f"http://127.0.0.1:{port}", "mail": folder / "mail"}
    embedded_site.stop(server)


def mails(folder, to, subject):
    """Messages written by the file backend to `to` whose subject contains `subject`."""
    found = []
    for path in sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime) if folder.is_dir() else []:
        for chunk in path.read_text(encoding="utf-8").split("-" * 79):
            if chunk.strip():
                message = message_from_string(chunk.strip(), policy=policy.default)
                if message["to"] == to and subject in (message["subject"] or ""):
                    found.append(message)
    return found


def wait_mail(folder, to, subject, timeout=30):
    for _ in range(timeout * 5):
        found = mails(folder, to, subject)
        if found:
            return found[-1]
        time.sleep(0.2)
    raise AssertionError(f"no email to {to} about {subject!r}")


def body(message):
    part = message.get_body(preferencelist=("plain",)) if message.is_multipart() else message
    return part.get_content()


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"newcomer-{name}.png"), full_page=True)


def sign_up(browser, site, username):
    """Sign up and confirm through the link of the verification email, opened from the local inbox."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB").new_page()
    page.goto(f"{site['url']}/accounts/signup/")
    page.fill("input[name=email]", f"{username}@example.org")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/accounts/confirm-email/"))
    message = wait_mail(site["mail"], f"{username}@example.org", "Confirm")
    text = body(message)
    assert "example.com" not in text and "Praga Play" in text
    links = re.findall(r"https?://\S+/accounts/confirm-email/\S+", text)
    assert links and all(link.startswith(site["url"] + "/") for link in links)  # the served port, not 8000
    page.goto(f"{site['url']}/inbox/")
    page.locator("table.list tr", has_text=f"{username}@example.org").locator("a").first.click()
    page.locator(f"pre.mail-body a[href^='{site['url']}/accounts/confirm-email/']").first.click()
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{site['url']}/")
    assert page.locator("header .me").inner_text() == username
    return page


def api(page, site, path):
    return page.context.request.get(f"{site['url']}/api/{path}").json()


def click_once(page):
    """One step through the page: the board's highlighted piece, a choice or button, or confirm."""
    for selector in ("#pg-confirm:visible", ".pg-hl", '#pg-buttons button:not([data-key="btn:undo"])',
                     "#moves button.move:visible"):
        if page.locator(selector).count():
            page.locator(selector).first.dispatch_event("click")
            return True
    return False


def play_turns_through_the_page(page, site, game_pk, turns):
    """Click until the game counted `turns` more turns (the human's and Parler's)."""
    target = api(page, site, f"games/{game_pk}/")["view"]["turn_no"] + 2 * turns
    for _ in range(200):
        if api(page, site, f"games/{game_pk}/")["view"]["turn_no"] >= target:
            return
        click_once(page)
        page.wait_for_timeout(300)
    raise AssertionError("the turns did not end")


def test_a_newcomer_signs_up_plays_solo_against_parler_and_game_emails_open_the_game(browser, site):
    page = sign_up(browser, site, "nora")

    # A solo game against Peter Parler, from the new-game form.
    page.goto(f"{site['url']}/invitations/new/praga/")
    page.select_option("select[name=players]", "1")
    page.select_option("select[name=option_solo_mode]", "parler")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game_pk = int(re.search(r"/games/(\d+)/$", page.url).group(1))
    play_turns_through_the_page(page, site, game_pk, 2)
    page.reload()
    shot(page, "solo-after-two-turns")
    log = [entry["text"] for entry in api(page, site, f"games/{game_pk}/log/")["entries"]]
    parler = [line for line in log if line.startswith("Peter Parler plays card")]
    assert len(parler) == 2, log
    assert page.locator("text=Peter Parler plays card").count() >= 2  # the page's log shows them too
    players = api(page, site, f"games/{game_pk}/")["players"]
    assert players[0]["waiting_since"] is not None  # the clock restarted at the turn (defect 3)
    page.goto(f"{site['url']}/")
    assert f"#{game_pk}" in page.inner_text("main") and "solo vs Peter Parler" in page.inner_text("main")

    # A 2-player game with a second newcomer: the start and turn emails open the game on this port.
    friend = sign_up(browser, site, "otto")
    page.goto(f"{site['url']}/invitations/new/praga/")
    page.select_option("select[name=players]", "2")
    page.fill("input[name=seat_1]", "otto")
    page.check("input[name=fixed_order]")
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/invitations/\d+/$"))
    friend.goto(page.url)
    friend.click("text=Join")
    friend.wait_for_url(re.compile(r"/games/\d+/$"))
    duo = int(re.search(r"/games/(\d+)/$", friend.url).group(1))
    started = wait_mail(site["mail"], "nora@example.org", "has started")
    [link] = set(re.findall(rf"{re.escape(site['url'])}/games/\d+/", body(started)))
    assert link == f"{site['url']}/games/{duo}/"
    state = api(page, site, f"games/{duo}/")
    first, second = (page, friend) if 0 in state["to_act"] else (friend, page)
    waiting = "otto@example.org" if first is page else "nora@example.org"
    first.goto(link)
    before = state["view"]["turn_no"]
    for _ in range(200):
        if api(first, site, f"games/{duo}/")["view"]["turn_no"] > before:
            break
        click_once(first)
        first.wait_for_timeout(300)
    turn = wait_mail(site["mail"], waiting, "It's your turn in")
    text = body(turn)
    assert "Since the game began:" in text and "takes action tile" in text
    links = re.findall(r"https?://\S+", text)
    assert f"{site['url']}/games/{duo}/" in links and all(url.startswith(site["url"] + "/") for url in links)
    second.goto(f"{site['url']}/games/{duo}/")
    assert second.locator("#live").count() == 1
    shot(second, "turn-email-link-opens-the-game")
