"""Remembers when a signed-in user was last on the site (at most one write a minute).

No turn email goes out while a user is active; an automatic vacation ends on return.
A page left open polls without reaching the database (games.live): that presence is kept in
the cache and counts as much as the profile's `last_seen`."""

import logging
from datetime import datetime, timedelta, timezone as dt_timezone

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
RESOLUTION = timedelta(minutes=1)


class LastSeenMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            seen(user)
        return self.get_response(request)


def seen(user, now=None):
    from accounts.models import Profile

    profile = getattr(user, "profile", None)
    now = now or timezone.now()
    if profile is None or (profile.last_seen is not None and now - profile.last_seen < RESOLUTION):
        return
    Profile.objects.filter(pk=profile.pk).update(last_seen=now)
    profile.last_seen = now
    if profile.vacation_since is not None and profile.vacation_auto_started:
        from games import clocks

        clocks.end_vacation(user, now)


def presence_key(user_id):
    return f"presence:{user_id}"


_polling_written = {}  # user id -> when this process last wrote the user's presence
# ~3 MB: its entries (a user id and a moment) have one size, so a count bounds its bytes
# (games.memory_budget); 100,000 held ~15 MB.
POLLING_MEMORY_LIMIT = 20_000


def seen_polling(user_id, now=None):
    """A poll from an open page: refresh the cached presence at most once a minute per process,
    remembered in memory so that a poll needs no read to decide."""
    now = now or timezone.now()
    written = _polling_written.get(user_id)
    if written is not None and timedelta(0) <= now - written < RESOLUTION:
        return
    if len(_polling_written) >= POLLING_MEMORY_LIMIT:
        _polling_written.clear()
    _polling_written[user_id] = now
    try:
        cache.set(presence_key(user_id), int(now.timestamp()), settings.ACTIVE_SECONDS + 60)  # an int: stored raw
    except (RedisError, OSError) as error:
        log.warning("cache unavailable, presence of user %s not kept: %r", user_id, error)


def last_seen(profile):
    """The later of the stored `last_seen` and a presence an open page reported to the cache."""
    try:
        polled = cache.get(presence_key(profile.user_id))
    except (RedisError, OSError):
        polled = None
    polled = datetime.fromtimestamp(polled, tz=dt_timezone.utc) if polled is not None else None
    known = [moment for moment in (profile.last_seen, polled) if moment is not None]
    return max(known) if known else None
