"""The Celery app. Without REDIS_URL tasks run eagerly in-process (embedded default).

Production runs one beat process (the schedule below) and any number of workers:
    celery -A praga_site worker     and     celery -A praga_site beat
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "praga_site.settings")

app = Celery("praga_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Timeouts, reminders, batched turn emails and outbox retries (games/clocks.py).
app.conf.beat_schedule = {
    "correspondence-tick": {
        "task": "games.tasks.tick",
        "schedule": float(os.environ.get("TICK_SECONDS", "60")),
        "options": {"expires": 55},
    },
}
