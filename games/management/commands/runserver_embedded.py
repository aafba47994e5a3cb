"""`manage.py runserver_embedded`: the development server plus the periodic tick.

The embedded default (scripts/run) has no broker: Celery tasks run eagerly in-process,
and this command runs games.tasks.tick in a thread every TICK_SECONDS, so reminders,
batched turn emails and timeouts work on a laptop as they do under Celery beat.
"""

import logging
import os
import threading

from django.conf import settings
from django.core.management.commands.runserver import Command as RunserverCommand
from django.db import connections

from praga_site.env import url_of_address

log = logging.getLogger(__name__)


class Scheduler(threading.Thread):
    """Runs the tick every `interval` seconds; `stop()` ends it and waits for it."""

    def __init__(self, interval):
        super().__init__(name="correspondence-tick", daemon=True)
        self.stopping = threading.Event()
        self.interval = interval

    def run(self):
        from games import tasks

        while not self.stopping.wait(self.interval):
            try:
                tasks.tick.apply()  # the same task beat sends; in-process here
            except Exception:
                log.exception("tick failed")
            finally:
                connections.close_all()  # a tick a minute: no connection is kept between ticks

    def stop(self, timeout=10):
        self.stopping.set()
        self.join(timeout)


def start_scheduler(interval=None):
    thread = Scheduler(interval or settings.TICK_SECONDS)
    thread.start()
    return thread


def serve_links_here(addr, port, ipv6=False):
    """Without SITE_URL in the environment, emails link to the address actually served."""
    if os.environ.get("SITE_URL"):
        return
    from accounts.site import sync_site

    settings.SITE_URL = url_of_address(f"[{addr}]:{port}" if ipv6 else f"{addr}:{port}")
    sync_site()


class Command(RunserverCommand):
    help = "Run the development server and the periodic correspondence tick (no broker needed)."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--welcome", action="store_true",
                            help="after the start, print the URL, the demo accounts, their password and games")

    def on_bind(self, server_port):
        super().on_bind(server_port)
        if self.welcome:  # last, so the password is not buried among the start-up lines
            from games import demo

            self.stdout.write("\n".join(demo.welcome()))

    def inner_run(self, *args, **options):
        self.welcome = options.get("welcome", False)
        # With the autoreloader this runs in the serving child only, once per reload.
        serve_links_here(self.addr, self.port, self._raw_ipv6)
        start_scheduler()
        self.stdout.write(f"Correspondence tick every {settings.TICK_SECONDS} s (reminders, timeouts, emails).")
        super().inner_run(*args, **options)
