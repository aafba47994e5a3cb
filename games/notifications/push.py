"""Web push: what a player's notification emails say, shown by their browsers (Push API, VAPID).

Each email the outbox stores for a player (same switches, same batching: nothing while they are on
the site) also stores one message per browser that subscribed; a worker claims it like a webhook
post and sends it through the browser's push service, encrypted for that browser (pywebpush). A
push service that answers 404 or 410 has forgotten the subscription: it is removed. Other failures
are tried again 1, 2, 4 … minutes later, at most MAX_ATTEMPTS times. The message holds the email's
subject and a link, like a webhook; the service worker (templates/push-worker.js) shows it.

VAPID keys: VAPID_PRIVATE_KEY (PEM or base64url) and VAPID_PUBLIC_KEY from the environment in
production (every web node and worker needs the same pair); without them a pair is made once and
kept in var/vapid.json, which suits the embedded default.
"""

import base64
import json
import logging
import os
from pathlib import Path

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import PushMessage, PushSubscription
from games.notifications import claims

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 8
TIMEOUT_SECONDS = 5
TIME_TO_LIVE = 24 * 3600  # a push service keeps an undelivered message this long (phone switched off)
GONE = (404, 410)


def _base64url(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _keys_file():
    return Path(settings.BASE_DIR) / "var" / "vapid.json"


def _made_keys():
    """A VAPID pair made once for this installation and kept in var/vapid.json."""
    # Imported when used: with pywebpush they took ~8 MB in every web worker, cryptography's
    # hazmat bindings alone ~5 MB more (tests/site/test_worker_imports.py).
    from cryptography.hazmat.primitives import serialization
    from py_vapid import Vapid

    path = _keys_file()
    if not path.exists():
        vapid = Vapid()
        vapid.generate_keys()
        private = vapid.private_pem().decode()
        public = _base64url(vapid.public_key.public_bytes(serialization.Encoding.X962,
                                                          serialization.PublicFormat.UncompressedPoint))
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"private": private, "public": public}))
        try:
            os.link(temporary, path)  # the first process to get here wins; the others read its pair
        except FileExistsError:
            pass
        finally:
            temporary.unlink()
    return json.loads(path.read_text())


def keys():
    """(private key for pywebpush, public key for the browser's applicationServerKey)."""
    if settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY:
        return settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY
    made = _made_keys()
    return made["private"], made["public"]


def public_key():
    return keys()[1]


def _private_vapid():
    from py_vapid import Vapid

    private = keys()[0].strip()  # an environment value may start or end with a line break
    if private.startswith("-----BEGIN"):
        return Vapid.from_pem(private.encode())
    return Vapid.from_string(private_key=private)


def queue(user, kind, key, subject, link):
    """One message per browser of `user` for this notification; each sent on commit."""
    from games.notifications import outbox

    payload = {"title": settings.SITE_NAME, "body": subject, "url": link, "tag": kind}
    queued = []
    for subscription in PushSubscription.objects.filter(user=user):
        try:
            with transaction.atomic():
                message = PushMessage.objects.create(subscription=subscription, key=f"push:{subscription.pk}:{key}"[:160],
                                                     payload=payload)
        except IntegrityError:  # stored already
            continue
        outbox.on_commit_task("deliver_push", message.pk)
        queued.append(message)
    return queued


def send(subscription, payload):
    """None when the push service took the message; else (status or None, what went wrong)."""
    # pywebpush brings aiohttp and requests (~8 MB): only a worker sending a message needs them.
    from pywebpush import WebPushException, webpush

    from games.notifications.webhooks import Refused, check_address

    try:
        check_address(subscription.endpoint)
        webpush(subscription.info(), data=json.dumps(payload, ensure_ascii=False), vapid_private_key=_private_vapid(),
                vapid_claims={"sub": f"mailto:{settings.PUSH_CONTACT_EMAIL}"}, ttl=TIME_TO_LIVE, timeout=TIMEOUT_SECONDS)
    except Refused as refused:
        return None, str(refused)
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else None
        return status, f"HTTP {status}" if status else str(error)[:200]
    except Exception as error:  # the network: a refused connection, a timeout
        return None, f"{type(error).__name__}: {error}"[:200]
    return None


def deliver(pk, now=None):
    """Send one message if nobody else holds it; True when this call sent it."""
    now = now or timezone.now()
    lease = claims.claim(PushMessage.objects.filter(pk=pk, attempts__lt=MAX_ATTEMPTS), now)
    if lease is None:
        return False
    message = PushMessage.objects.select_related("subscription").get(pk=pk)
    problem = send(message.subscription, message.payload)
    if problem is None:
        PushMessage.objects.filter(pk=pk, lease=lease).update(delivered=timezone.now())
        PushSubscription.objects.filter(pk=message.subscription_id).update(last_delivered=timezone.now())
        return True
    status, reason = problem
    if status in GONE:
        log.info("push subscription %s expired (%s): removed", message.subscription_id, reason)
        PushSubscription.objects.filter(pk=message.subscription_id).delete()
        return False
    log.info("push message %s failed (%s)", pk, reason)
    PushMessage.objects.filter(pk=pk, lease=lease).update(lease=None, due=now + claims.retry_delay(message.attempts))
    return False


def due(now):
    return claims.due(PushMessage.objects.filter(attempts__lt=MAX_ATTEMPTS), now).order_by()


def retry(now):
    """From the tick: messages due again (after a failure, or whose task was lost)."""
    from games.notifications import outbox

    for pk in due(now).values_list("pk", flat=True)[:500]:
        outbox.delay("deliver_push", pk)
