"""No critical or serious axe-core violations on any page: signed out and signed in, a
Praga game (player and spectator), a game without a board, replays, forms after a failed
submit, and the emails; at 1280 px, at 390 px and in German.

axe-core is vendored (tests/browser/vendor/axe.min.js, see its README.md).
"""

import os
import random

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from django.conf import settings  # noqa: E402
from django.core import mail  # noqa: E402
from django.test import Client  # noqa: E402

from games import clocks, invitations  # noqa: E402
from praga_site.celery import app as celery_app  # noqa: E402
from tests.browser.axe import describe, violations  # noqa: E402
from tests.browser.test_praga_board import shot  # noqa: E402
from tests.support.games import play_random_move, play_to_end, start_game  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CONFIGURATIONS = {"desktop": (1280, 900, "en"), "phone": (390, 844, "en"), "german": (1280, 900, "de")}


@pytest.fixture
def in_process_tasks(settings, live_server):
    """Tasks run eagerly; emails land in Django's test outbox."""
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    settings.SITE_URL = live_server.url
    settings.TURN_EMAIL_DELAY = 0
    yield
    celery_app.conf.task_always_eager = before


def new_page(browser, live_server, width, height, language, user=None):
    context = browser.new_context(viewport={"width": width, "height": height}, locale=language, bypass_csp=True,
                                  extra_http_headers={"Accept-Language": language})
    if user is not None:
        client = Client()
        client.force_login(user)
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": live_server.url,
                              "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    return context.new_page()


def games_to_look_at(alice, bob, carol):
    praga = start_game("praga", [alice, bob])
    rng = random.Random(2)
    while praga.state["turn_no"] < 3:
        play_random_move(praga, rng, skip_undo=True)
        praga.refresh_from_db()
    # alice to move in the game shown to her
    while not praga.seats.get(user=alice).to_act:
        play_random_move(praga, rng, skip_undo=True)
        praga.refresh_from_db()
    toy = start_game("toy", [alice, carol])
    finished = play_to_end(start_game("toy", [alice, bob]))
    finished_praga = play_to_end(start_game("praga", [alice], options={"solo_mode": "parler"}), limit=5000)
    assert finished_praga.is_finished
    open_invitation = invitations.create_invitation(bob, "praga", 3, {}, [None, None], visibility="public")
    return praga, toy, finished, finished_praga, open_invitation


def check(page, url, where, problems, action=None):
    page.goto(url)
    if page.locator("#praga").count():
        page.wait_for_selector("#praga[data-ready]", state="attached")
    if action:
        action(page)
        shot(page, "a11y-%s-%s.png" % (action.__name__, page.viewport_size["width"]), full=False)
    found = violations(page)
    if found:
        problems.append("%s %s:\n%s" % (where, url.split("//", 1)[1].split("/", 1)[1], describe(found)))


def failed_sign_up(page):
    page.fill("input[name=email]", "someone@example.com")
    page.fill("input[name=username]", "alice")  # taken
    page.fill("input[name=password1]", "a-long-secret-42")
    page.fill("input[name=password2]", "another-secret-43")
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_selector("[data-error-summary]")
    assert page.evaluate("() => document.activeElement.hasAttribute('data-error-summary')")


def failed_login(page):
    page.fill("input[name=login]", "nobody")
    page.fill("input[name=password]", "wrong password")
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_load_state()


def failed_new_game(page):
    page.select_option("select[name=players]", "2")
    page.fill("input[name=seat_1]", "no such player")
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_load_state()


def failed_webhook(page):
    page.fill("input[name=url]", "ftp://example.org/hook")
    page.locator("main form button[value=save]").click()
    page.wait_for_load_state()


def opened_choices(page):
    page.evaluate("() => { const l = document.getElementById('pg-list'); if (l) l.open = true; }")


@pytest.mark.parametrize("configuration", sorted(CONFIGURATIONS))
def test_no_page_has_a_serious_accessibility_violation(browser, live_server, in_process_tasks, alice, bob, carol,
                                                        configuration):
    width, height, language = CONFIGURATIONS[configuration]
    for user in (alice, bob, carol):
        user.profile.language = language
        user.profile.save()
    mail.outbox.clear()
    praga, toy, finished, finished_praga, invitation = games_to_look_at(alice, bob, carol)
    clocks.tick()
    base = live_server.url
    problems = []

    page = new_page(browser, live_server, width, height, language)
    for path, action in [("/", None), ("/invitations/", None), ("/accounts/login/", None),
                         ("/accounts/login/", failed_login), ("/accounts/signup/", None),
                         ("/accounts/signup/", failed_sign_up), ("/accounts/password/reset/", None),
                         ("/accounts/confirm-email/", None), ("/invitations/?game=praga&players=3", None),
                         (f"/games/{praga.pk}/", None), (f"/games/{praga.pk}/replay/2/", None),
                         ("/ratings/", None), ("/ratings/praga/", None), ("/players/alice/", None)]:
        check(page, base + path, "signed out", problems, action)

    page = new_page(browser, live_server, width, height, language, alice)
    for path, action in [("/", None), ("/invitations/new/praga/", None), ("/invitations/new/praga/", failed_new_game),
                         (f"/invitations/{invitation.pk}/", None), (f"/games/{praga.pk}/", None),
                         (f"/games/{praga.pk}/", opened_choices), (f"/games/{toy.pk}/", None),
                         (f"/games/{finished.pk}/", None), (f"/games/{finished_praga.pk}/", None),
                         (f"/games/{finished_praga.pk}/replay/{finished_praga.version}/", None), (f"/games/{praga.pk}/replay/", None),
                         (f"/games/{praga.pk}/replay/4/", None), (f"/games/{praga.pk}/log/", None),
                         ("/profile/", None), ("/profile/delete/", None),
                         ("/webhook/", None), ("/webhook/", failed_webhook), ("/ratings/praga/", None),
                         ("/players/alice/", None), ("/players/bob/", None),
                         ("/games/999999/", None)]:
        check(page, base + path, "alice", problems, action)

    kinds = {}
    for message in mail.outbox:
        for body, mime in getattr(message, "alternatives", []):
            if mime == "text/html":
                kinds.setdefault(message.subject, body)
    assert kinds, "no email was sent"
    for subject, body in kinds.items():
        page.set_content(body)
        found = violations(page)
        if found:
            problems.append("email %r:\n%s" % (subject, describe(found)))
        if page.evaluate("() => document.documentElement.lang") != language or not page.title():
            problems.append("email %r: lang %r, title %r" % (subject, page.evaluate("() => document.documentElement.lang"),
                                                             page.title()))

    assert not problems, "\n\n".join(problems)


def test_the_replay_board_fills_a_phone_screen_and_its_log_comes_below(browser, live_server, alice, bob):
    praga = start_game("praga", [alice, bob])
    rng = random.Random(4)
    for _ in range(6):
        play_random_move(praga, rng, skip_undo=True)
    page = new_page(browser, live_server, 390, 844, "en")
    page.goto(f"{live_server.url}/games/{praga.pk}/replay/3/")
    board = page.locator(".replay .board-col").bounding_box()
    log = page.locator(".replay .side-col").bounding_box()
    assert board["width"] >= 330  # it was 0 px wide: the replay kept two grid areas on a phone
    assert log["y"] >= board["y"] + board["height"] - 1  # below the board, not over it
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("ol.log[tabindex='0']").count() == 1  # the scrolling log is reachable by keyboard
