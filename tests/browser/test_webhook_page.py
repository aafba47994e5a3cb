"""The webhook page and the profile's push switch in Chromium (screenshots in test-artifacts/)."""

import os

import pytest

from games.models import Webhook
from tests.browser.test_praga_board import page_for, shot

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_sets_up_a_webhook_by_keyboard(browser, live_server, alice, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    page = page_for(browser, live_server, alice, width=1280, height=900)
    page.goto(f"{live_server.url}/profile/")
    page.get_by_role("link", name="(webhook)").click()
    page.get_by_label("Webhook address").fill("http://127.0.0.1:6379/")
    page.get_by_label("Webhook address").press("Enter")
    assert "must be a public http or https address" in page.content()
    assert not Webhook.objects.exists()
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True  # no name resolves in this sandbox
    page.get_by_label("Webhook address").fill("https://discord.com/api/webhooks/123/abc")
    page.get_by_label("Format").select_option("discord")
    page.get_by_role("button", name="Save and switch on").click()
    page.wait_for_url(f"{live_server.url}/webhook/")
    hook = Webhook.objects.get(user=alice)
    assert hook.enabled and hook.secret in page.content()
    shot(page, "webhook-page.png")


def test_the_profile_offers_notifications_on_this_device(browser, live_server, alice):
    page = page_for(browser, live_server, alice, width=1280, height=900)
    page.goto(f"{live_server.url}/profile/")
    section = page.locator("#push")
    section.locator(".push-state").filter(has_text="Notifications are").wait_for()
    assert section.get_by_role("button", name="Turn on for this browser").is_visible()
    assert not section.get_by_role("button", name="Turn off for this browser").is_visible()
    section.scroll_into_view_if_needed()
    shot(page, "profile-push.png", full=False)
