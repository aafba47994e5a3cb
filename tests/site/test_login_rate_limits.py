"""Login rate limits behind the proxy: they count per client address, so a guesser locks out
only himself, never the site or the owner of the account he guesses."""

import secrets
import subprocess
import sys

import pytest
from django.test import Client

from praga_site import settings as site_settings
from tests.site.test_deploy_check import ROOT, production_env
from tests.support.players import PASSWORD

PROXY = "10.0.0.2"  # every request reaches gunicorn from the proxy
ATTACKER = "203.0.113.5"
OWNER = "198.51.100.7"


@pytest.fixture
def rate_limits_behind_one_proxy(settings):
    settings.ACCOUNT_RATE_LIMITS = site_settings.ACCOUNT_RATE_LIMITS  # conftest turns them off
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER = None
    # a cache of this test alone: counts left in Redis by an earlier run would change the result
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": secrets.token_hex(8)}}


def login(address, name, password):
    client = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address)
    response = client.post("/accounts/login/", {"login": name, "password": password})
    return response.status_code == 302, response.content.decode()


def test_failed_logins_from_one_address_do_not_lock_out_the_site(alice, rate_limits_behind_one_proxy):
    for _ in range(10):
        assert not login(ATTACKER, "nobody-" + secrets.token_hex(4), "wrong")[0]
    assert login(OWNER, "alice", PASSWORD)[0]


def test_wrong_passwords_for_an_account_do_not_lock_out_its_owner(alice, rate_limits_behind_one_proxy):
    for _ in range(5):
        assert not login(ATTACKER, "alice", "wrong")[0]
    assert login(OWNER, "alice", PASSWORD)[0]


def test_a_guesser_is_stopped_after_five_wrong_passwords_for_one_account(alice, rate_limits_behind_one_proxy):
    for _ in range(5):
        ok, page = login(ATTACKER, "alice", "wrong")
        assert not ok and "Too many failed login attempts" not in page
    ok, page = login(ATTACKER, "alice", PASSWORD)
    assert not ok and "Too many failed login attempts" in page


def test_one_address_tries_at_most_ten_wrong_logins_a_minute(alice, rate_limits_behind_one_proxy):
    for _ in range(10):
        login(ATTACKER, "nobody-" + secrets.token_hex(4), "wrong")
    ok, page = login(ATTACKER, "alice", PASSWORD)
    assert not ok and "Too many failed login attempts" in page
    assert login(OWNER, "alice", PASSWORD)[0]


def test_the_proxy_settings_come_from_the_environment():
    code = ("import django; django.setup(); from django.conf import settings as s; "
            "print(s.ALLAUTH_TRUSTED_PROXY_COUNT, s.ALLAUTH_TRUSTED_CLIENT_IP_HEADER)")
    env = production_env(ALLAUTH_TRUSTED_PROXY_COUNT="2", ALLAUTH_TRUSTED_CLIENT_IP_HEADER="X-Real-IP")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.stdout.split() == ["2", "X-Real-IP"], result.stderr
    env = production_env()
    env.pop("ALLAUTH_TRUSTED_PROXY_COUNT", None)
    env.pop("ALLAUTH_TRUSTED_CLIENT_IP_HEADER", None)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.stdout.split() == ["1", "None"], result.stderr  # production assumes one proxy in front
