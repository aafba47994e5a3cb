"""Site pages in Chromium: the new-game form shows only the fields that apply, the header's
language switch, the time zone taken from the browser. Screenshots go to test-artifacts/."""

import os

import pytest
from django.conf import settings
from django.test import Client

from engine import registry
from tests.browser.test_praga_board import ARTIFACTS, page_for, shot

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def visible(page, name):
    return page.locator(f"[name={name}]").first.is_visible()


@pytest.mark.skipif("praga" not in registry.GAMES, reason="needs Praga")
def test_the_new_game_form_shows_only_the_fields_for_the_player_count(browser, live_server, alice):
    page = page_for(browser, live_server, alice, width=1280, height=900)
    page.goto(f"{live_server.url}/invitations/new/praga/")
    assert page.locator("select[name=players]").input_value() == "2"
    assert not visible(page, "option_solo_mode")
    assert visible(page, "seat_1") and not visible(page, "seat_2") and not visible(page, "seat_3")
    assert visible(page, "fixed_order")
    page.select_option("select[name=players]", "1")
    assert visible(page, "option_solo_mode")
    assert not visible(page, "seat_1") and not visible(page, "fixed_order")
    assert not page.get_by_text("You take the first seat").is_visible()
    page.select_option("select[name=players]", "4")
    assert not visible(page, "option_solo_mode")
    assert all(visible(page, f"seat_{index}") for index in (1, 2, 3))
    assert "start player is drawn at random" in page.locator(".field:has([name=fixed_order])").inner_text()
    page.select_option("select[name=players]", "3")
    assert visible(page, "seat_2") and not visible(page, "seat_3")


@pytest.mark.skipif("praga" not in registry.GAMES, reason="needs Praga")
def test_the_german_new_game_form_for_two_players(browser, live_server, alice):
    alice.profile.language = "de"
    alice.profile.save()
    page = page_for(browser, live_server, alice, width=1280, height=900)
    page.goto(f"{live_server.url}/invitations/new/praga/")
    assert page.locator("h1").inner_text().startswith("Neues Spiel")
    assert not page.get_by_text("Solo-Gegner").first.is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    shot(page, "site8-new-game-de.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.select_option("select[name=players]", "1")
    assert page.get_by_text("Solo-Gegner").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "site8-new-game-de-phone-solo.png")


def test_the_header_switches_the_language_of_a_logged_in_player(browser, live_server, alice):
    page = page_for(browser, live_server, alice, width=1280, height=900)
    page.goto(f"{live_server.url}/profile/")
    page.click("header form.lang button")
    page.wait_for_url(f"{live_server.url}/profile/")
    assert page.locator("h1").inner_text() == "Profil"
    assert page.locator("header form.lang button").inner_text() == "English"
    alice.profile.refresh_from_db()
    assert alice.profile.language == "de"
    page.click("header form.lang button")
    page.wait_for_url(f"{live_server.url}/profile/")
    assert page.locator("h1").inner_text() == "Profile"
    alice.profile.refresh_from_db()
    assert alice.profile.language == "en"


def page_in_zone(browser, live_server, zone, user=None):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, timezone_id=zone, locale="en-GB")
    if user is not None:
        client = Client()
        client.force_login(user)
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": live_server.url,
                              "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])
    return context.new_page()


def test_the_profile_preselects_the_browsers_time_zone(browser, live_server, alice):
    page = page_in_zone(browser, live_server, "America/Argentina/Buenos_Aires", alice)
    page.goto(f"{live_server.url}/profile/")
    assert page.locator("select[name=time_zone]").input_value() == "America/Argentina/Buenos_Aires"
    page.click("main form.form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/profile/")
    alice.profile.refresh_from_db()
    assert alice.profile.time_zone == "America/Argentina/Buenos_Aires" and alice.profile.time_zone_chosen


def test_a_chosen_time_zone_is_kept(browser, live_server, alice):
    alice.profile.time_zone_chosen = True
    alice.profile.save()
    page = page_in_zone(browser, live_server, "Europe/Berlin", alice)
    page.goto(f"{live_server.url}/profile/")
    assert page.locator("select[name=time_zone]").input_value() == "UTC"


def test_sign_up_preselects_the_browsers_time_zone_also_under_an_alias(browser, live_server):
    page = page_in_zone(browser, live_server, "Asia/Calcutta")
    page.goto(f"{live_server.url}/accounts/signup/")
    assert page.locator("select[name=time_zone]").input_value() == "Asia/Kolkata"
    shot(page, "site8-sign-up.png")


def test_the_german_profile_page(browser, live_server, alice):
    alice.profile.language = "de"
    alice.profile.save()
    page = page_in_zone(browser, live_server, "Europe/Berlin", alice)
    page.goto(f"{live_server.url}/profile/")
    assert page.locator("select[name=time_zone]").input_value() == "Europe/Berlin"
    assert page.locator("select[name=time_zone] optgroup[label=Europa]").count() == 1
    assert "Zug-E-Mails warten" in page.locator("#emails").inner_text()
    assert page.locator("header form.lang button").inner_text() == "English"
    shot(page, "site8-profile-de.png")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "site8-profile-de-phone.png")
