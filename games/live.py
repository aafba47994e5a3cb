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

The marks are read from each process's copy, kept current by Redis pub/sub
(games/live_marks.py), so an unchanged poll makes no network round trip; the copy is trusted
only while its subscriber is connected, and Redis is read otherwise. The token's signature is
checked once per process and token, and the viewer's presence written at most once a minute
per process, both remembered in memory.

Who may poll: the page carries a signed token naming the game and the viewer, made when the page
was drawn for someone allowed to see it, so the cache answer needs no access check of its own; it
tells nothing but "no change". The viewer's presence is kept in the cache too
(`games.notifications.activity`), since a page left open is someone on the site.
"""

import functools
import logging
import re
import threading
from urllib.parse import parse_qs

from django.core import signing
from django.db import transaction
from django.urls import reverse
from redis.exceptions import RedisError

from games import live_marks, memory_budget
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

    Integers only: Django's Redis cache stores them as plain numbers, which games.live_marks reads raw."""
    entries = {_current_key(kind, game_pk): int(value)}
    entries.update({_superseded_key(kind, game_pk, old): 1 for old in replaced})
    try:
        live_marks.write(entries, MARK_SECONDS)
    except (RedisError, OSError, ValueError) as error:  # ValueError: redis-py on a socket closed under it
        log.warning("cache unavailable, live marks of game %s not kept: %r", game_pk, error)


def report_on_commit(game_pk, kind, value, replaced=()):
    transaction.on_commit(lambda: report(game_pk, kind, value, replaced))


def unchanged(game_pk, seen):
    """True only if the marks prove that none of `seen` ({kind: value}) changed (one read at most)."""
    keys = [_current_key(kind, game_pk) for kind in seen]
    keys += [_superseded_key(kind, game_pk, value) for kind, value in seen.items()]
    try:
        found = live_marks.read(keys)
    except (RedisError, OSError, ValueError):
        return False
    return all(
        found.get(_current_key(kind, game_pk)) == value
        and _superseded_key(kind, game_pk, value) not in found
        for kind, value in seen.items()
    )


_tokens = {}  # (token, game id) -> viewer, and what they hold in bytes
_tokens_bytes = [0]
_tokens_lock = threading.Lock()
_UNKNOWN = object()
# ~10,000 viewers' tokens; a token's length is the client's choice, so the budget counts bytes
TOKEN_MEMORY_BYTES = 2_000_000


def _viewer(token, game_pk):
    """read_poll_token, remembered per process: an open page sends the same token every poll, and
    checking its signature costs more than the rest of the answer."""
    key = (token, game_pk)
    viewer = _tokens.get(key, _UNKNOWN)
    if viewer is _UNKNOWN:
        viewer = read_poll_token(token, game_pk)
        _remember_viewer(key, viewer, memory_budget.entry_bytes(key, token, game_pk, viewer))
    return viewer


def _remember_viewer(key, viewer, cost):
    if cost > TOKEN_MEMORY_BYTES:
        return  # checked at each poll instead
    with _tokens_lock:
        if _tokens_bytes[0] + cost > TOKEN_MEMORY_BYTES:
            _tokens.clear()  # full: start afresh (the next polls check their tokens again)
            _tokens_bytes[0] = 0
        if key not in _tokens:
            _tokens[key] = viewer
            _tokens_bytes[0] += cost


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
        user_id = _viewer(fields["t"][0], game_pk)
    except (KeyError, ValueError):
        return False
    if user_id is None or not unchanged(game_pk, seen):
        return False
    if user_id:
        activity.seen_polling(user_id)
    return True


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
