"""The Celery app. Without REDIS_URL tasks run eagerly in-process (embedded default).

Production runs one beat process (the schedule below) and any number of workers:
    celery -A praga_site worker     and     celery -A praga_site beat
"""

import os
import threading

from celery import Celery, bootsteps

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


class HandoverStep(bootsteps.StartStopStep):
    """Each worker queues the tasks web processes handed over on a Redis list (games/handover.py),
    in a thread of its main process, started once the pool is up (a forked child gets no copy
    of its connection in use) and stopped with the worker."""

    requires = {"celery.worker.components:Pool"}

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self.stopping, self.thread = threading.Event(), None

    def start(self, worker):
        from django.conf import settings

        from games import handover

        self.stopping.clear()
        self.thread = threading.Thread(target=handover.drain, name="task-handover", daemon=True,
                                       args=(worker.app, settings.CELERY_TASK_DEFAULT_QUEUE, self.stopping))
        self.thread.start()

    def stop(self, worker):
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(10)


app.steps["worker"].add(HandoverStep)
