"""Settings, read from the environment.

Without any environment this is the embedded default: DEBUG, SQLite, no broker
(Celery tasks run in-process), emails written to var/mail for the local inbox.
Production sets SECRET_KEY, DATABASE_URL, REDIS_URL, ALLOWED_HOSTS and EMAIL_*.
"""

from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE

from praga_site.env import env_bool, env_int, env_list, env_secret, env_str, redis_next_database, url_of_address

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_secret("SECRET_KEY", "dev-only-insecure-key" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is False")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# The base of every link in every email (game emails and allauth's). Without SITE_URL it is the
# address scripts/run serves (PORT, as given to runserver), so the embedded default links to itself.
SITE_URL = (env_str("SITE_URL") or url_of_address(env_str("PORT") or "127.0.0.1:8000")).rstrip("/")
SITE_NAME = env_str("SITE_NAME", "Praga Play")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "allauth",
    "allauth.account",
    "django_htmx",
    "csp",
    "accounts",
    "games",
    "players",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A token-authenticated API request is answered here, without the browser's layers below
    # (praga_site/token_requests.py says why that is safe).
    "praga_site.token_requests.TokenApiMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "games.notifications.activity.LastSeenMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "praga_site.urls"
WSGI_APPLICATION = "praga_site.wsgi.application"
ASGI_APPLICATION = "praga_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "praga_site.context.site",
                "games.context.waiting_games",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers wait for each other instead of failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The hot statements of praga_site/prepared.py (a move submit's) run prepared: PostgreSQL
    # then plans them once per connection. Django's own queries never prepare (client-side
    # binding). DB_PREPARED_STATEMENTS=False behind a pooler that cannot keep them (docs/deploy.md).
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = (
        5 if env_bool("DB_PREPARED_STATEMENTS", True) else None)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

# django-allauth: verified email required, login by username or email, rate limits on.
SITE_ID = 1
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_CHANGE_EMAIL = True
# Limits count per client address, which allauth reads from the proxy (docs/deploy.md): in
# production a proxy is assumed in front (as for SECURE_PROXY_SSL_HEADER), so the client is the
# last X-Forwarded-For entry; set ALLAUTH_TRUSTED_PROXY_COUNT=0 when nothing is in front, or
# ALLAUTH_TRUSTED_CLIENT_IP_HEADER to a header the proxy sets (X-Real-IP, CF-Connecting-IP).
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("ALLAUTH_TRUSTED_PROXY_COUNT", 0 if DEBUG else 1)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = env_str("ALLAUTH_TRUSTED_CLIENT_IP_HEADER") or None
# Failed logins: per address, and per account *from that address* (accounts/adapter.py), so
# wrong passwords typed elsewhere never lock out the owner; guessing one account from one
# address is 5 tries per 5 minutes, and one address tries at most 30 wrong passwords an hour.
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,30/h/ip,5/5m/key",
    "signup": "20/m/ip",
    "confirm_email": "1/3m/key",
    "reset_password": "20/m/ip,5/m/key",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
}
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupForm"  # the time zone
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "engine" / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# where collectstatic puts the files a deployment serves (a benchmark collects into a temporary folder)
STATIC_ROOT = Path(env_str("STATIC_ROOT")) if env_str("STATIC_ROOT") else BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Email: real SMTP when EMAIL_HOST is set; otherwise files in var/mail, shown by /inbox/.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_secret("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Praga Play <noreply@praga.invalid>")
EMAIL_FILE_PATH = Path(env_str("EMAIL_FILE_PATH") or BASE_DIR / "var" / "mail")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
else:
    EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.filebased.EmailBackend")
LOCAL_INBOX = not EMAIL_HOST and DEBUG

# Celery: a Redis broker in production; eager, in-process tasks without one.
REDIS_URL = env_str("REDIS_URL")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "celery")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Correspondence play (games/clocks.py, games/notifications/); durations in seconds.
TICK_SECONDS = env_int("TICK_SECONDS", 60)  # how often beat (or the embedded scheduler) runs the tick
TURN_EMAIL_DELAY = env_int("TURN_EMAIL_DELAY", 60)  # wait a little to cover several games in one email
TURN_EMAIL_GAP = env_int("TURN_EMAIL_GAP", 300)  # at most one turn email per user in this time
ACTIVE_SECONDS = env_int("ACTIVE_SECONDS", 300)
# Webhooks may post to private and loopback addresses only where the site is not exposed (SSRF).
WEBHOOK_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBHOOK_ALLOW_PRIVATE_ADDRESSES", DEBUG)
# Web push (games/notifications/push.py): one VAPID pair for every node; made and kept in var/ if unset.
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY")
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY")
PUSH_CONTACT_EMAIL = env_str("PUSH_CONTACT_EMAIL", "webmaster@praga.invalid")  # push services may write here  # seen this recently: no turn email
REMINDER_AFTER_HOURS = env_int("REMINDER_AFTER_HOURS", 24)
INVITATION_EXPIRY_DAYS = env_int("INVITATION_EXPIRY_DAYS", 30)  # a game that never started expires
# A claimed email is sent again after this if its worker died (at-least-once, docs/deploy.md);
# the send task is stopped at half of it, and one SMTP conversation waits at most EMAIL_TIMEOUT
# per step (connect, each command).
EMAIL_LEASE_SECONDS = env_int("EMAIL_LEASE_SECONDS", 60)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
EMAIL_RETRY_SECONDS = env_int("EMAIL_RETRY_SECONDS", 30)  # an unclaimed email is queued again after this

# The cache lives in its own Redis database, so flushing it never drops queued tasks (and the
# reverse); by default the broker's next one. Short timeouts: a page never waits for a cache
# that is down (games/optional_cache.py computes instead).
CACHE_URL = env_str("CACHE_URL") or (redis_next_database(REDIS_URL) if REDIS_URL else "")
if CACHE_URL and CACHE_URL == REDIS_URL:
    raise RuntimeError("CACHE_URL must name another Redis database than REDIS_URL (the broker)")
if CACHE_URL:
    CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }}

# Security: strict in production (manage.py check --deploy passes).
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if not DEBUG else None
SECURE_HSTS_SECONDS = 0 if DEBUG else env_int("SECURE_HSTS_SECONDS", 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "img-src": [SELF, "data:"],
        "style-src": [SELF, UNSAFE_INLINE],
        "script-src": [SELF],
        "connect-src": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # In-process (eager) tasks would log a line per email and per tick into the runserver output.
    "loggers": {} if REDIS_URL else {"celery.app.trace": {"level": "WARNING"}},
}

MAX_RUNNING_GAMES = 50
