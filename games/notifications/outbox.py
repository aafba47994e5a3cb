"""The outbox: store each email once, deliver it at least once (docs/deploy.md).

`queue` runs inside the transaction that caused the email and stores a row with
a unique key; the send task is queued on commit. `send` claims the row by moving
its lease forward with a conditional UPDATE and sends only if exactly one row
changed. `retry` (from the tick) requeues rows whose task was lost: Redis
restarted, or a worker died before marking the row sent.

Sending and marking cannot be one transaction: a worker that dies after the SMTP
server accepted a message and before `mark_sent` leaves a row that is sent again
once its lease expires (the same Message-ID, so mail systems can tell). The send
task's time limit is below the lease, so a slow send never runs beside its retry.
"""

import hashlib
import logging
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from games import handover
from games.models import Email
from games.notifications import build, push, webhooks

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 10


def queue(user, kind, key, context):
    """Store the email `kind` for `user` unless unwanted or already stored; send on commit."""
    from accounts.models import profile_of

    if not user.is_active or not user.email:  # a deleted account gets nothing (and no new profile)
        return None
    profile = profile_of(user)
    if not getattr(profile, build.PREFERENCE[kind]):
        return None
    if Email.objects.filter(key=key).exists():
        return None
    message = build.render(user, profile, kind, context)
    link = message.pop("link")
    try:
        with transaction.atomic():
            row = Email.objects.create(key=key, user=user, kind=kind, to=user.email, **message)
    except IntegrityError:  # stored meanwhile by another worker
        return None
    on_commit_task("send_email", row.pk)
    webhooks.queue(user, kind, key, message["subject"], link)
    push.queue(user, kind, key, message["subject"], link)
    return row


def send(pk):
    """Send one stored email if nobody else holds it; True when this call sent it."""
    now = timezone.now()
    lease = now + timedelta(seconds=settings.EMAIL_LEASE_SECONDS)
    claimable = Email.objects.filter(pk=pk, sent=None, attempts__lt=MAX_ATTEMPTS).filter(
        Q(lease=None) | Q(lease__lt=now))
    if claimable.update(lease=lease, attempts=F("attempts") + 1) != 1:
        return False
    row = Email.objects.get(pk=pk)
    message(row).send()
    mark_sent(pk, lease)
    return True


def mark_sent(pk, lease):
    Email.objects.filter(pk=pk, lease=lease).update(sent=timezone.now())


def message(row):
    host = urlsplit(settings.SITE_URL).hostname or "localhost"
    digest = hashlib.sha256(row.key.encode()).hexdigest()[:20]
    headers = {
        "List-Unsubscribe": f"<{row.unsubscribe_url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Message-ID": f"<{digest}.{row.pk}@{host}>",  # the same for a retry of the same email
        "Auto-Submitted": "auto-generated",
        "Content-Language": row.language,
    }
    mail = EmailMultiAlternatives(row.subject, row.text, settings.DEFAULT_FROM_EMAIL, [row.to], headers=headers)
    mail.attach_alternative(row.html, "text/html")
    return mail


def lost(now):
    """Unsent rows never claimed for a while, or whose lease expired."""
    return Email.objects.filter(sent=None, attempts__lt=MAX_ATTEMPTS).filter(
        Q(lease=None, created__lt=now - timedelta(seconds=settings.EMAIL_RETRY_SECONDS)) | Q(lease__lt=now)).order_by()


def retry(now):
    """Requeue unsent rows whose task seems lost (never claimed for a while, or lease expired)."""
    for pk in lost(now).values_list("pk", flat=True)[:500]:
        delay("send_email", pk)


def delay(task_name, *args):
    """Queue the task `games.tasks.<task_name>` without loading Celery here (games/handover.py);
    a lost task is picked up again by the tick, so never fail here."""
    handover.send(f"games.tasks.{task_name}", *args)


def on_commit_task(task_name, *args):
    transaction.on_commit(lambda: delay(task_name, *args))
