"""Settings of benchmarks/load.py: the site's, plus the bare baseline view's URL."""

from praga_site.settings import *  # noqa: F401,F403

ROOT_URLCONF = "benchmarks.load_urls"
ACCOUNT_RATE_LIMITS = False  # 50 clients from one address are not an attack here
