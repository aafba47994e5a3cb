"""A game finished through the page moves both players onto the leaderboard and changes
both profiles. Debian Chromium through Playwright; screenshots in test-artifacts/."""

import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from django.conf import settings  # noqa: E402
from django.test import Client  # noqa: E402

from games.models import Game  # noqa: E402
from players.models import Rating  # noqa: E402
from players.rating import PROVISIONAL_GAMES  # noqa: E402
from praga_site.celery import app as celery_app  # noqa: E402
from tests.support.games import play_to_end, start_game  # noqa: E402

pytest.importorskip("playwright.sync_api")
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def in_process_tasks():
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"ratings-{name}.png"), full_page=True)


def logged_in_page(browser, live_server, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value, "url": live_server.url}])
    return context.new_page()


def profile_row(page, live_server, username):
    page.goto(f"{live_server.url}/players/{username}/")
    return page.locator("#per-game + table tbody tr").first.inner_text()


def test_finishing_a_game_in_the_browser_updates_the_leaderboard_and_both_profiles(
        browser, live_server, in_process_tasks, alice, bob):
    for seed in range(PROVISIONAL_GAMES - 1):  # both are one game short of the leaderboard
        play_to_end(start_game("toy", [alice, bob]), seed=seed)
    pages = {alice.pk: logged_in_page(browser, live_server, alice), bob.pk: logged_in_page(browser, live_server, bob)}
    alices, bobs = pages[alice.pk], pages[bob.pk]
    alices.goto(f"{live_server.url}/ratings/toy/")
    assert "Nobody has played enough rated games yet." in alices.locator("main").inner_text()
    before = {user.username: profile_row(alices, live_server, user.username) for user in (alice, bob)}
    assert all(f"provisional: {PROVISIONAL_GAMES - 1} rated games" in row for row in before.values())

    game = start_game("toy", [alice, bob])
    for _ in range(40):  # every move of the last game through the page of the player to act
        game.refresh_from_db()
        if game.is_finished:
            break
        seat = next(seat for seat in game.seat_list() if seat.to_act)
        page = pages[seat.user_id]
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.locator("#moves button.move").first.click()
        page.locator(f'#live[data-version="{game.version + 1}"]').wait_for()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    bobs.goto(f"{live_server.url}/games/{game.pk}/")
    assert bobs.locator("form[action$='/rematch/'] button").is_visible()
    shot(bobs, "finished-game")

    bobs.goto(f"{live_server.url}/ratings/toy/")
    rows = bobs.locator("table.leaderboard tbody tr")
    assert rows.count() == 2
    ratings = {row.username: row for row in (Rating.objects.get(user=alice).user, Rating.objects.get(user=bob).user)}
    listed = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(2)]
    assert sorted(listed) == sorted(ratings)
    assert re.search(r"Place [12] with a rating of -?\d+\.\d after 5 rated games\.", bobs.locator(".my-standing").inner_text())
    shot(bobs, "leaderboard")
    for user in (alice, bob):
        after = profile_row(bobs, live_server, user.username)
        assert after != before[user.username]
        assert re.search(r"place [12] \(5 rated games\)", after)
        assert f"{Rating.objects.get(user=user).ordinal:.1f}" in after
        assert bobs.locator("svg.rating-chart circle.dot").count() == PROVISIONAL_GAMES
    shot(bobs, "profile-visitor")
    alices.goto(f"{live_server.url}/players/alice/")
    assert "Vacation days left" in alices.locator("#reliability + dl").inner_text()
    shot(alices, "profile-own")


def test_lobby_filters_resigning_and_the_german_pages_read_well(browser, live_server, in_process_tasks, alice, bob,
                                                                 carol):
    from games import invitations
    from players.models import Reliability

    for seed in range(PROVISIONAL_GAMES):
        play_to_end(start_game("toy", [alice, bob]), seed=seed)
    Reliability.objects.filter(user=alice).update(percent=97)
    invitations.create_invitation(alice, "toy", 3, {}, [None, None], min_rating=2, min_reliability=80,
                                  note="experienced players")
    invitations.create_invitation(carol, "toy", 2, {}, [None])
    page = logged_in_page(browser, live_server, bob)
    page.goto(f"{live_server.url}/invitations/")
    assert page.locator("table.list tbody tr").count() == 2
    page.fill("input[name=rating]", "1")
    page.locator("form.filters button[type=submit]").click()
    page.wait_for_url(re.compile(r"rating=1"))
    assert page.locator("table.list tbody tr").count() == 1  # carol has no rating yet
    shot(page, "lobby-filtered")
    page.goto(f"{live_server.url}/invitations/new/toy/")
    page.locator("input[name=min_rating]").scroll_into_view_if_needed()
    shot(page, "new-invitation-requirements")

    game = start_game("toy", [bob, carol])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("details.resign summary").click()
    shot(page, "resign-open")
    page.locator("details.resign button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    assert "You resigned; a bot plays your seat to the end." in page.locator(".messages").inner_text()
    assert "bob resigned; a bot plays this seat to the end." in page.locator("main").inner_text()

    german = logged_in_page(browser, live_server, alice)
    german.goto(f"{live_server.url}/")
    german.locator("header form.lang button").click()
    german.goto(f"{live_server.url}/ratings/toy/")
    assert "Rangliste Toy" in german.locator("h1").inner_text()
    assert "Dein Platz" in german.locator(".my-standing").inner_text()
    shot(german, "leaderboard-de")
    german.goto(f"{live_server.url}/players/alice/")
    assert "Zuverlässigkeit" in german.locator("#reliability").inner_text()
    shot(german, "profile-de")
