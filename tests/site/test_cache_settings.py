"""The cache and the Celery broker live in separate Redis databases."""

import subprocess
import sys

import pytest

from praga_site.env import redis_next_database
from tests.site.test_deploy_check import ROOT, production_env

CODE = ("import django; django.setup(); from django.conf import settings as s; "
        "print(s.CELERY_BROKER_URL, s.CACHES['default']['LOCATION'])")


def settings_with(**env):
    return subprocess.run([sys.executable, "-c", CODE], cwd=ROOT, env=production_env(**env), capture_output=True,
                          text=True, timeout=60)


def test_the_cache_takes_the_brokers_next_database():
    assert redis_next_database("redis://cache.internal:6379/0") == "redis://cache.internal:6379/1"
    assert redis_next_database("redis://:secret@cache.internal:6379") == "redis://:secret@cache.internal:6379/1"
    assert redis_next_database("redis://127.0.0.1:6379/15") == "redis://127.0.0.1:6379/0"
    with pytest.raises(ValueError):
        redis_next_database("redis://127.0.0.1:6379/²")


def test_production_settings_separate_broker_and_cache():
    result = settings_with(REDIS_URL="redis://cache.internal:6379/4", CACHE_URL="")
    assert result.stdout.split() == ["redis://cache.internal:6379/4", "redis://cache.internal:6379/5"], result.stderr
    result = settings_with(REDIS_URL="redis://cache.internal:6379/4", CACHE_URL="redis://other.internal:6379/0")
    assert result.stdout.split()[1] == "redis://other.internal:6379/0"


def test_one_database_for_both_is_refused():
    result = settings_with(REDIS_URL="redis://cache.internal:6379/4", CACHE_URL="redis://cache.internal:6379/4")
    assert result.returncode != 0 and "CACHE_URL" in result.stderr
