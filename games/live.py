"""Polls of an open game page that answer "nothing changed" from the cache, without SQL.

An open page asks every few seconds whether the game (its version) or its chat (the number of
messages) changed since it was drawn. Most of the time nothing did, so those answers come from
two facts kept in the cache by every write:

- `current`: the newest version (or chat count) a committed write reported;
- `superseded`: a version (or count) that a later committed write replaced.

"Nothing changed" is answered only when the page's value equals `current` and is not
`superseded`. Two writers' reports may reach the cache out of order, so `current` can lag
behind; a lagging `current` equal to the page's value is caught by `superseded`, which is never
wrong (a replaced version stays replaced). Anything else (a miss, Redis down, a mismatch) goes
on to the poll view, which reads the database and repairs `current`.

The answer is given in front of Django (`UnchangedPollApplication` wraps the WSGI application
in praga_site/wsgi.py): no request object, middleware, session, user or database, because ten
thousand open pages poll about 3,300 times a second and each answer must cost little more than
the HTTP server's own work (benchmarks/live.py). What it skips is harmless for an empty 204 to
the site's own script: no body to protect with security headers, nothing built from the Host.

Who may poll: the page carries a signed token naming the game and the viewer, made when the page
was drawn for someone allowed to see it, so the cache answer needs no access check of its own; it
tells nothing but "no change". The viewer's presence is kept in the cache too
(`games.notifications.activity`), since a page left open is someone on the site.
"""

import functools
import logging
import re
from urllib.parse import parse_qs

import redis
from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from redis.exceptions import RedisError

from games.notifications import activity

log = logging.getLogger(__name__)

TOKEN_SALT = "games.live.poll"
MARK_SECONDS = 24 * 3600  # a game nobody writes to for a day costs one database read to re-learn


def poll_token(game_pk, user_id):
    return signing.dumps([game_pk, user_id or 0], salt=TOKEN_SALT, compress=False)


def read_poll_token(token, game_pk):
    """The viewer's user id (0 for a visitor) if `token` was made for this game, else None."""
    try:
        token_game, user_id = signing.loads(token, salt=TOKEN_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return user_id if token_game == game_pk else None


def _current_key(kind, game_pk):
    return f"live:{game_pk}:{kind}"


def _superseded_key(kind, game_pk, value):
    return f"live:{game_pk}:{kind}:superseded:{value}"


def report(game_pk, kind, value, replaced=()):
    """Record a committed `value` of `kind` and the values it `replaced`; cache failures are skipped.

    Integers only: Django's Redis cache stores them as plain numbers, which `_read` reads back raw."""
    entries = {_current_key(kind, game_pk): int(value)}
    entries.update({_superseded_key(kind, game_pk, old): 1 for old in replaced})
    try:
        client = _client()
        if client is None:
            cache.set_many(entries, MARK_SECONDS)
        else:  # every move reports: one pipelined round trip on the kept client (see _read)
            pipeline = client.pipeline(transaction=False)
            for key, number in entries.items():
                pipeline.set(cache.make_key(key), number, ex=MARK_SECONDS)
            pipeline.execute()
    except (RedisError, OSError) as error:
        log.warning("cache unavailable, live marks of game %s not kept: %r", game_pk, error)


def report_on_commit(game_pk, kind, value, replaced=()):
    transaction.on_commit(lambda: report(game_pk, kind, value, replaced))


_redis_clients = {}


def _client():
    """A Redis client of the cache kept for the process, or None if the cache is not Redis:
    Django's cache builds a new client per call, which costs more than a whole poll's answer."""
    backend = settings.CACHES["default"]["BACKEND"]
    if not backend.endswith("RedisCache"):
        return None
    location = settings.CACHES["default"]["LOCATION"]
    client = _redis_clients.get(location)
    if client is None:
        client = _redis_clients[location] = redis.Redis.from_url(
            location, socket_timeout=0.5, socket_connect_timeout=0.5)
    return client


def _read(keys):
    """{key: int} of the keys found: with Redis one MGET on the kept client."""
    client = _client()
    if client is None:
        return cache.get_many(keys)
    values = client.mget([cache.make_key(key) for key in keys])
    return {key: int(value) for key, value in zip(keys, values) if value is not None}


def unchanged(game_pk, seen, also=()):
    """(True only if the cache proves that none of `seen` ({kind: value}) changed, {key: value} of
    the keys in `also`), read in one round trip."""
    keys = [_current_key(kind, game_pk) for kind in seen]
    keys += [_superseded_key(kind, game_pk, value) for kind, value in seen.items()]
    try:
        found = _read(keys + list(also))
    except (RedisError, OSError, ValueError):
        return False, {}
    proven = all(
        found.get(_current_key(kind, game_pk)) == value
        and _superseded_key(kind, game_pk, value) not in found
        for kind, value in seen.items()
    )
    return proven, {key: found[key] for key in also if key in found}


@functools.cache
def _poll_path():
    """The poll's address as a pattern, from the URL configuration (one game id replaced)."""
    sample = reverse("game_poll", kwargs={"pk": 918273645})
    before, after = sample.split("918273645")
    return re.compile(re.escape(before) + r"(\d{1,18})" + re.escape(after) + "$")


def answer_unchanged(path, query):
    """True if this poll is proven unchanged (and the viewer's presence was kept)."""
    match = _poll_path().match(path)
    if match is None:
        return False
    game_pk = int(match[1])
    fields = parse_qs(query)
    try:
        seen = {"version": int(fields["v"][0]), "chat": int(fields["c"][0])}
        user_id = read_poll_token(fields["t"][0], game_pk)
    except (KeyError, ValueError):
        return False
    if user_id is None:
        return False
    presence = activity.presence_key(user_id) if user_id else None
    proven, found = unchanged(game_pk, seen, also=[presence] if presence else [])
    if proven and presence:
        activity.seen_polling(user_id, found.get(presence))
    return proven


class UnchangedPollApplication:
    """WSGI: an unchanged poll gets 204 here; everything else goes to Django."""

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET" and environ.get("PATH_INFO", "").endswith("/poll/") \
                and answer_unchanged(environ["PATH_INFO"], environ.get("QUERY_STRING", "")):
            start_response("204 No Content", [("Cache-Control", "no-store")])
            return []
        return self.application(environ, start_response)


def game_saved(sender, instance, created, update_fields=None, **kwargs):
    """A new game, or a move that raised its version (the only writes that change it)."""
    if created or update_fields is None or "version" in update_fields:
        replaced = () if created else (instance.version - 1,)
        report_on_commit(instance.pk, "version", instance.version, replaced)


def chat_saved(sender, instance, created, **kwargs):
    if not created:
        return
    game_pk = instance.game_id

    def count_after_commit():
        count = type(instance).objects.filter(game_id=game_pk).count()
        report(game_pk, "chat", count, replaced=(count - 1,))

    transaction.on_commit(count_after_commit)


def connect():
    from django.db.models.signals import post_save

    from games.models import ChatMessage, Game

    post_save.connect(game_saved, sender=Game, dispatch_uid="games.live.game_saved")
    post_save.connect(chat_saved, sender=ChatMessage, dispatch_uid="games.live.chat_saved")
