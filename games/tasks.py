"""Celery tasks for correspondence play. Each is idempotent: it claims its rows with a
conditional UPDATE, so a task delivered twice (or retried after a crash) acts once."""

import praga_site.celery  # noqa: F401  (the site's app, configured before a task is sent)
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


# The tick only finds what is due and hands each item to a worker; the task claims its row
# (a conditional UPDATE), so an item queued twice by two ticks acts once.

@shared_task(ignore_result=True)
def time_out(seat_pk, deadline, now):
    from games import clocks

    return clocks.time_out(seat_pk, _moment(deadline), _moment(now))


@shared_task(ignore_result=True)
def remind(seat_pk, next_nag, now):
    from games import clocks

    return clocks.remind(seat_pk, _moment(next_nag), _moment(now))


@shared_task(ignore_result=True)
def send_turn_mail(user_id, due, now):
    from games.notifications import turns

    return turns.send_turn_mail(user_id, _moment(due), _moment(now))


@shared_task(ignore_result=True)
def deliver_webhook(delivery_pk):
    from games.notifications import webhooks

    return webhooks.deliver(delivery_pk)


@shared_task(ignore_result=True)
def deliver_push(message_pk):
    from games.notifications import push

    return push.deliver(message_pk)


def _moment(iso):
    import datetime

    return datetime.datetime.fromisoformat(iso)
