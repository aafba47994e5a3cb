"""Webhooks: what a player's notification emails say, posted to their own address as JSON.

Every email the outbox stores for a player with an enabled webhook (the same preferences and
batching as the email) also stores a delivery; a worker claims it with a conditional UPDATE
(like an email), posts it signed, and on failure tries again later, waiting 1, 2, 4 … 60
minutes. After MAX_FAILURES failures in a row the webhook is disabled and the player gets an
email saying so. The body holds the email's subject (in the player's language) and a link: no
game state, hand or log line, since the address may be a channel others read.

Signature (docs/webhooks.md): header `X-Praga-Signature: t=<unix time>,v1=<hex>` where hex is
HMAC-SHA256 of "<unix time>.<body>" with the webhook's secret.
"""

import hashlib
import hmac
import ipaddress
import json
import logging
import secrets
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Webhook, WebhookDelivery
from games.notifications import claims

log = logging.getLogger(__name__)
MAX_FAILURES = 8
TIMEOUT_SECONDS = 5


def new_secret():
    return secrets.token_hex(24)


def body_for(webhook, kind, subject, link, now):
    if webhook.format == Webhook.Format.SLACK:
        return {"text": f"{subject}\n{link}"}
    if webhook.format == Webhook.Format.DISCORD:
        return {"content": f"{subject}\n{link}"}
    return {"event": kind, "text": subject, "url": link, "site": settings.SITE_NAME, "sent_at": now.isoformat()}


def queue(user, kind, key, subject, link):
    """Store a delivery for this notification if the user has an enabled webhook; post on commit."""
    webhook = Webhook.objects.filter(user=user, enabled=True).first()
    if webhook is None:
        return None
    now = timezone.now()
    try:
        with transaction.atomic():
            delivery = WebhookDelivery.objects.create(
                webhook=webhook, key=f"hook:{key}"[:160], body=body_for(webhook, kind, subject, link, now), due=now)
    except IntegrityError:  # stored already
        return None
    from games.notifications import outbox

    outbox.on_commit_task("deliver_webhook", delivery.pk)
    return delivery


def signature(secret, timestamp, body):
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


class Refused(Exception):
    """The address may not be posted to (a private address outside DEBUG, say)."""


def check_address(url):
    """Refuse addresses inside the site's own network (SSRF), unless settings allow them."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused("only http and https addresses")
    if settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES:
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))
    except socket.gaierror as error:
        raise Refused(f"the host name does not resolve ({error.strerror})") from None
    for info in infos:
        address = ipaddress.ip_address(info[4][0])
        if not address.is_global:
            raise Refused("the address is inside a private network")


def post(webhook, body):
    """Post `body`; None when the endpoint accepted it (2xx), else what went wrong."""
    import requests  # imported when used: only a worker posting needs it, not every web worker

    data = json.dumps(body, ensure_ascii=False).encode()
    timestamp = int(timezone.now().timestamp())
    headers = {"Content-Type": "application/json", "User-Agent": f"{settings.SITE_NAME} webhooks",
               "X-Praga-Signature": signature(webhook.secret, timestamp, data)}
    try:
        check_address(webhook.url)
        response = requests.post(webhook.url, data=data, headers=headers, timeout=TIMEOUT_SECONDS,
                                 allow_redirects=False)
    except Refused as refused:
        return str(refused)
    except requests.RequestException as error:
        return f"{type(error).__name__}: {error}"[:300]
    if 200 <= response.status_code < 300:
        return None
    return f"HTTP {response.status_code}"


def deliver(pk, now=None):
    """Post one delivery if nobody else holds it; True when this call delivered it."""
    now = now or timezone.now()
    lease = claims.claim(WebhookDelivery.objects.filter(pk=pk, webhook__enabled=True), now)
    if lease is None:
        return False
    delivery = WebhookDelivery.objects.select_related("webhook__user").get(pk=pk)
    problem = post(delivery.webhook, delivery.body)
    if problem is None:
        WebhookDelivery.objects.filter(pk=pk, lease=lease).update(delivered=timezone.now())
        Webhook.objects.filter(pk=delivery.webhook_id).update(failures=0, last_error="")
        return True
    failed(delivery, lease, problem, now)
    return False


def failed(delivery, lease, problem, now):
    WebhookDelivery.objects.filter(pk=delivery.pk, lease=lease).update(
        lease=None, due=now + claims.retry_delay(delivery.attempts))
    with transaction.atomic():
        webhook = Webhook.objects.select_for_update().select_related("user").get(pk=delivery.webhook_id)
        webhook.failures += 1
        webhook.last_error = problem[:300]
        disable = webhook.enabled and webhook.failures >= MAX_FAILURES
        if disable:
            webhook.enabled, webhook.disabled_at = False, now
        webhook.save(update_fields=["failures", "last_error", "enabled", "disabled_at"])
        if disable:  # after the save, so the notice is not posted to the failing address itself
            from games.notifications import outbox

            outbox.queue(webhook.user, "webhook_disabled", f"webhook_disabled:{webhook.pk}:{now.isoformat()}",
                         {"failures": webhook.failures, "problem": webhook.last_error, "address": webhook.url})
    log.info("webhook %s: delivery %s failed (%s)", delivery.webhook_id, delivery.pk, problem)


def due(now):
    return claims.due(WebhookDelivery.objects.filter(webhook__enabled=True), now).order_by()


def retry(now):
    """From the tick: deliveries that are due again (after a failure, or whose task was lost)."""
    from games.notifications import outbox

    for pk in due(now).values_list("pk", flat=True)[:500]:
        outbox.delay("deliver_webhook", pk)
