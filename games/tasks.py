"""Celery tasks for correspondence play. Each is idempotent: it claims its rows with a
conditional UPDATE, so a task delivered twice (or retried after a crash) acts once."""

from celery import shared_task


@shared_task(ignore_result=True)
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
