"""The cache is an optimisation: when Redis is down or slow a page computes instead of failing."""

import logging

from django.core.cache import cache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
MISSING = object()


def cached(key, seconds, compute):
    """`compute()`, kept under `key` for `seconds`; a cache failure is logged and skipped."""
    try:
        value = cache.get(key, MISSING)
    except (RedisError, OSError) as error:
        log.warning("cache unavailable, computing %s: %r", key, error)
        return compute()
    if value is not MISSING:
        return value
    value = compute()
    try:
        cache.set(key, value, seconds)
    except (RedisError, OSError) as error:
        log.warning("cache unavailable, not keeping %s: %r", key, error)
    return value
