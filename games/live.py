"""Polls of an open game page that answer "nothing changed" from the cache, without SQL.

An open page asks every few seconds whether the game (its version) or its chat (the number of
messages) changed since it was drawn. Most of the time nothing did, so those answers come from
two facts kept in the cache by every write, before sessions, users or the database are touched:

- `current`: the newest version (or chat count) a committed write reported;
- `superseded`: a version (or count) that a later committed write replaced.

"Nothing changed" is answered only when the page's value equals `current` and is not
`superseded`. Two writers' reports may reach the cache out of order, so `current` can lag
behind; a lagging `current` equal to the page's value is caught by `superseded`, which is never
wrong (a replaced version stays replaced). Anything else (a miss, Redis down, a mismatch) falls
through to the poll view, which reads the database and repairs `current`.

Who may poll: the page carries a signed token naming the game and the viewer, made when the page
was drawn for someone allowed to see it, so the cache answer needs no access check of its own; it
tells nothing but "no change". The viewer's presence is kept in the cache too
(`games.notifications.activity`), since a page left open is someone on the site.
"""

import logging

from django.core import signing
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.urls import Resolver404, resolve
from redis.exceptions import RedisError

from games.notifications import activity

log = logging.getLogger(__name__)

TOKEN_SALT = "games.live.poll"
MARK_SECONDS = 24 * 3600  # a game nobody writes to for a day costs one database read to re-learn
KINDS = ("version", "chat")


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
    """Record a committed `value` of `kind` and the values it `replaced`; cache failures are skipped."""
    entries = {_current_key(kind, game_pk): value}
    entries.update({_superseded_key(kind, game_pk, old): True for old in replaced})
    try:
        cache.set_many(entries, MARK_SECONDS)
    except (RedisError, OSError) as error:
        log.warning("cache unavailable, live marks of game %s not kept: %r", game_pk, error)


def report_on_commit(game_pk, kind, value, replaced=()):
    transaction.on_commit(lambda: report(game_pk, kind, value, replaced))


def unchanged(game_pk, seen, also=()):
    """(True only if the cache proves that none of `seen` ({kind: value}) changed, {key: value} of
    the keys in `also`), read in one round trip."""
    keys = [_current_key(kind, game_pk) for kind in seen]
    keys += [_superseded_key(kind, game_pk, value) for kind, value in seen.items()]
    try:
        found = cache.get_many(keys + list(also))
    except (RedisError, OSError):
        return False, {}
    proven = all(
        found.get(_current_key(kind, game_pk)) == value
        and _superseded_key(kind, game_pk, value) not in found
        for kind, value in seen.items()
    )
    return proven, {key: found[key] for key in also if key in found}


def _seen_values(query):
    try:
        return {kind: int(query[key]) for kind, key in (("version", "v"), ("chat", "c"))}
    except (KeyError, ValueError):
        return None


class UnchangedPollMiddleware:
    """Answers an unchanged poll with 204 before sessions, users or the database are involved."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.answer_from_cache(request) or self.get_response(request)

    def answer_from_cache(self, request):
        if request.method != "GET" or not request.path_info.endswith("/poll/"):
            return None
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        if match.url_name != "game_poll":
            return None
        game_pk = match.kwargs["pk"]
        user_id = read_poll_token(request.GET.get("t", ""), game_pk)
        seen = _seen_values(request.GET)
        if user_id is None or seen is None:
            return None
        presence = activity.presence_key(user_id) if user_id else None
        proven, found = unchanged(game_pk, seen, also=[presence] if presence else [])
        if not proven:
            return None
        if presence:
            activity.seen_polling(user_id, found.get(presence))
        return HttpResponse(status=204)


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
