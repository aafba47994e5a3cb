"""With the embedded default (emails kept in var/mail), the pages that say "we have sent you an
email" point to the local inbox instead of the spam folder."""

import re

import pytest

SIGN_UP = {"email": "newbie@example.org", "username": "newbie",
           "password1": "stranger-danger-77", "password2": "stranger-danger-77"}


def verification_page(client):
    response = client.post("/accounts/signup/", SIGN_UP, follow=True)
    assert response.redirect_chain and "/accounts/confirm-email/" in response.redirect_chain[-1][0]
    return response.content.decode()


@pytest.mark.django_db
def test_the_verification_page_points_to_the_local_inbox(client, settings):
    settings.LOCAL_INBOX = True
    page = verification_page(client)
    assert re.search(r'local inbox at <a href="/inbox/">/inbox/</a>', page)
    assert "spam folder" not in page


@pytest.mark.django_db
def test_the_verification_page_of_a_real_mail_server_mentions_the_spam_folder(client, settings):
    settings.LOCAL_INBOX = False
    page = verification_page(client)
    assert "spam folder" in page and "/inbox/" not in page


@pytest.mark.django_db
def test_the_local_inbox_hint_in_german(client, settings):
    settings.LOCAL_INBOX = True
    client.cookies["django_language"] = "de"
    assert "lokalen Posteingang" in verification_page(client)


def test_the_password_reset_page_points_to_the_local_inbox(client, alice, settings):
    settings.LOCAL_INBOX = True
    response = client.post("/accounts/password/reset/", {"email": "alice@example.com"}, follow=True)
    page = response.content.decode()
    assert 'href="/inbox/"' in page and "spam folder" not in page
