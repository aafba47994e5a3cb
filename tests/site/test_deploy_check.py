"""Production settings pass Django's deployment checks."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def production_env(**extra):
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.update({
        "DJANGO_SETTINGS_MODULE": "praga_site.settings",
        "DEBUG": "False",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": os.environ.get("DATABASE_URL") or "postgres://praga@db.internal:5432/praga",
        "REDIS_URL": os.environ.get("REDIS_URL") or "redis://cache.internal:6379/0",
        "ALLOWED_HOSTS": "play.example.org",
        "EMAIL_HOST": "smtp.example.org",
        **extra,
    })
    return env


def manage(*args, **extra):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=production_env(**extra),
                          capture_output=True, text=True, timeout=120)


def test_check_deploy_passes_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", SECRET_KEY="")
    assert result.returncode != 0 and "SECRET_KEY" in result.stderr


def test_the_local_inbox_is_off_in_production():
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import settings; "
                               "print(settings.LOCAL_INBOX, settings.SESSION_COOKIE_SECURE, settings.SECURE_HSTS_SECONDS)"],
        cwd=ROOT, env=production_env(), capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["False", "True", "31536000"], result.stderr
