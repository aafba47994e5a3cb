"""`manage.py runserver_embedded`: the development server plus the periodic tick.

The embedded default (scripts/run) has no broker: Celery tasks run eagerly in-process,
and this command runs games.tasks.tick in a thread every TICK_SECONDS, so reminders,
batched turn emails and timeouts work on a laptop as they do under Celery beat.
"""

import logging
import threading

from django.conf import settings
from django.core.management.commands.runserver import Command as RunserverCommand
from django.db import close_old_connections, connections

log = logging.getLogger(__name__)


def scheduler(stop, interval):
    from games import tasks

    while not stop.wait(interval):
        try:
            tasks.tick.apply()  # the same task beat sends; in-process here
        except Exception:
            log.exception("tick failed")
        finally:
            close_old_connections()
    connections.close_all()


def start_scheduler(interval=None):
    stop = threading.Event()
    thread = threading.Thread(target=scheduler, args=(stop, interval or settings.TICK_SECONDS),
                              name="correspondence-tick", daemon=True)
    thread.start()
    return stop


class Command(RunserverCommand):
    help = "Run the development server and the periodic correspondence tick (no broker needed)."

    def inner_run(self, *args, **options):
        # With the autoreloader this runs in the serving child only, once per reload.
        start_scheduler()
        self.stdout.write(f"Correspondence tick every {settings.TICK_SECONDS} s (reminders, timeouts, emails).")
        super().inner_run(*args, **options)
