"""Services a test needs (PostgreSQL, Redis, Chromium): skip where they are absent, fail where they must be.

On a developer's machine without PostgreSQL the suite runs on SQLite and skips what needs the real
thing. In CI (CI=true) a missing service must fail the run instead, or a broken setup would pass
green with the production path untested; likewise for every service scripts/test found running
(it lists them in PRAGA_TEST_SERVICES), so a service that vanishes mid-run is not silently skipped.
"""

import os

import pytest


def strict(service):
    if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
        return True
    return service in os.environ.get("PRAGA_TEST_SERVICES", "").split()


def missing(service, reason):
    """Fail (CI, or scripts/test found `service`) or skip the current test: `service` is absent."""
    if strict(service):
        pytest.fail(f"{service} is missing: {reason}", pytrace=False)
    pytest.skip(reason)


def require_postgresql(reason="needs PostgreSQL (DATABASE_URL); scripts/test sets it when PostgreSQL runs"):
    from django.db import connection

    if connection.vendor != "postgresql":
        missing("postgresql", reason)


def require_redis(reason="needs Redis (REDIS_URL); scripts/test sets it when Redis runs"):
    if not os.environ.get("REDIS_URL"):
        missing("redis", reason)


def database_url():
    """The test database's URL, for a process of the site started by a test (PostgreSQL)."""
    from django.db import connection

    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
