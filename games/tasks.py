"""Celery tasks for correspondence play. Each is idempotent: it claims its rows with a
conditional UPDATE, so a task delivered twice (or retried after a crash) acts once."""

from celery import shared_task
from django.conf import settings


# Stopped well before its lease ends, so a slow send never overlaps its retry (outbox.py).
@shared_task(ignore_result=True, time_limit=max(settings.EMAIL_LEASE_SECONDS // 2, 1))
def send_email(pk):
    from games.notifications import outbox

    return outbox.send(pk)


@shared_task(ignore_result=True)
def tick():
    """Run by beat once a minute: timeouts, reminders, batched turn emails, retries."""
    from games import clocks

    clocks.tick()


@shared_task(ignore_result=True)
def play_bots(game_pk):
    from games import clocks

    return clocks.play_bots(game_pk)
