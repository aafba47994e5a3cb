"""Accounts: sign-up with a verified email, login by username or email, profile, tokens."""

import re

import pytest
from django.contrib.auth import get_user_model

from accounts.models import ApiToken

pytestmark = pytest.mark.django_db


def sign_up(client, username="erin", email="erin@example.com"):
    return client.post("/accounts/signup/", {
        "username": username, "email": email, "password1": "a-long-secret-42", "password2": "a-long-secret-42"})


def test_sign_up_requires_the_emailed_verification_link(client, mailoutbox):
    response = sign_up(client)
    assert response.status_code == 302
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["erin@example.com"]
    link = re.search(r"https?://[^\s]+/accounts/confirm-email/[^\s]+", mailoutbox[0].body).group(0)
    assert client.get("/").wsgi_request.user.is_authenticated is False
    client.post(link.split("testserver", 1)[-1])
    assert client.get("/").wsgi_request.user.username == "erin"
    assert get_user_model().objects.get(username="erin").profile.language == "en"


def test_login_by_username_or_email(client, alice):
    from tests.support.players import PASSWORD

    for login in ("alice", "alice@example.com"):
        response = client.post("/accounts/login/", {"login": login, "password": PASSWORD})
        assert response.status_code == 302, login
        client.post("/accounts/logout/")


def test_password_reset_sends_an_email(client, alice, mailoutbox):
    client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    assert len(mailoutbox) == 1 and "/accounts/password/reset/key/" in mailoutbox[0].body


def test_the_profile_page_saves_name_language_time_zone_and_notifications(alice, alice_client):
    response = alice_client.post("/profile/", {"display_name": "Alice L.", "language": "de",
                                               "time_zone": "Europe/Prague", "notify_turn": "on"})
    assert response.status_code == 302
    alice.profile.refresh_from_db()
    assert (alice.profile.display_name, alice.profile.language, alice.profile.time_zone) == (
        "Alice L.", "de", "Europe/Prague")
    assert alice.profile.notify_turn and not alice.profile.notify_chat


def test_a_new_api_token_is_shown_once_and_stored_hashed(alice, alice_client):
    response = alice_client.post("/profile/tokens/", {"name": "bot"}, follow=True)
    key = re.search(r"shown only now\): ([\w-]+)", response.content.decode()).group(1)
    token = ApiToken.objects.get()
    assert token.digest != key and ApiToken.user_for(key) == alice


def test_rate_limits_are_configured():
    from django.conf import settings as django_settings

    from praga_site import settings as site_settings

    assert site_settings.ACCOUNT_RATE_LIMITS["login_failed"]
    assert django_settings.ACCOUNT_EMAIL_VERIFICATION == "mandatory"
