"""One base URL for every email: SITE_URL, else the address the embedded default serves (PORT);
the Sites framework row names the site in allauth's emails."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.sites.models import Site
from django.core import mail

from accounts.site import sync_site
from games.management.commands.runserver_embedded import serve_links_here
from praga_site.env import url_of_address

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"https?://[^\s\"'<>]+")


@pytest.mark.parametrize("address, url", [
    ("127.0.0.1:8111", "http://127.0.0.1:8111"), ("8111", "http://127.0.0.1:8111"),
    ("0.0.0.0:8111", "http://127.0.0.1:8111"), ("localhost:9000", "http://localhost:9000"),
    ("[::1]:8111", "http://[::1]:8111"),
])
def test_the_url_of_a_served_address(address, url):
    assert url_of_address(address) == url


def settings_site_url(**env):
    clean = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "PORT")}
    code = "import django; django.setup(); from django.conf import settings; print(settings.SITE_URL)"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "praga_site.settings", **env}).stdout.strip()


def test_site_url_follows_port_in_the_embedded_default_and_site_url_wins():
    assert settings_site_url(PORT="127.0.0.1:8111") == "http://127.0.0.1:8111"
    assert settings_site_url() == "http://127.0.0.1:8000"
    assert settings_site_url(PORT="8111", SITE_URL="https://play.example.org/") == "https://play.example.org"


def test_the_embedded_server_links_to_the_address_it_serves(settings, monkeypatch):
    monkeypatch.delenv("SITE_URL", raising=False)
    serve_links_here("127.0.0.1", "8111")
    assert settings.SITE_URL == "http://127.0.0.1:8111"
    assert Site.objects.get_current().domain == "127.0.0.1:8111"
    monkeypatch.setenv("SITE_URL", "https://play.example.org")
    serve_links_here("127.0.0.1", "8222")  # a configured SITE_URL is kept
    assert settings.SITE_URL == "http://127.0.0.1:8111"


def test_the_site_row_is_named_after_the_settings_not_example_com(settings):
    site = Site.objects.get_current()
    assert (site.name, site.domain) == ("Praga Play", "127.0.0.1:8000")  # set by post_migrate
    settings.SITE_URL, settings.SITE_NAME = "https://play.example.org", "Praga Club"
    sync_site()
    site = Site.objects.get_current()
    assert (site.name, site.domain) == ("Praga Club", "play.example.org")


def links(message):
    bodies = [message.body] + [content for content, _ in getattr(message, "alternatives", [])]
    return [link for body in bodies for link in URL.findall(body)]


def test_sign_up_and_password_emails_use_site_url_and_the_site_name(client, settings, alice):
    settings.SITE_URL = "http://127.0.0.1:8111"
    sync_site()
    client.post("/accounts/signup/", {"username": "erin", "email": "erin@example.com",
                                      "password1": "a-long-secret-42", "password2": "a-long-secret-42"})
    client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    client.post("/accounts/signup/", {"username": "erin2", "email": "alice@example.com",
                                      "password1": "a-long-secret-42", "password2": "a-long-secret-42"})
    assert len(mail.outbox) == 3
    for message in mail.outbox:
        assert "example.com!" not in message.body and "Praga Play" in message.body
        assert links(message) and all(link.startswith("http://127.0.0.1:8111/") for link in links(message))
    assert "/accounts/confirm-email/" in mail.outbox[0].body
