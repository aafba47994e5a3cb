"""`manage.py serve_embedded [address]`: the embedded default on gunicorn, with the periodic tick.

What `scripts/run` starts: a production-grade HTTP server (gunicorn, threads) instead of Django's
development server, so a small club can play on it for real, plus the correspondence tick
(reminders, batched turn emails, timeouts) in a thread, as `runserver_embedded` does.

One worker process with threads, on purpose: without Redis the cache lives in process memory
(the live marks of games.live, rate limits), and the tick must run exactly once; a second
process would see neither. SQLite serialises the writers (IMMEDIATE transactions that wait).
Address: "8111", "127.0.0.1:8111", "0.0.0.0:8111" or "[::1]:8111" (default 127.0.0.1:8000).
"""

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connections
from gunicorn.app.base import BaseApplication

from games.management.commands.runserver_embedded import serve_links_here, start_scheduler

THREADS = 8


def split_address(address):
    """(host, port) of an address as runserver takes it."""
    host, _, port = address.rpartition(":")
    if not port.isdigit():
        raise ValueError(f"{address!r} is not an address with a port, e.g. 127.0.0.1:8000")
    return (host or "127.0.0.1"), int(port)


class EmbeddedServer(BaseApplication):
    def __init__(self, options, welcome_lines=()):
        self.options = options
        self.welcome_lines = welcome_lines
        super().__init__()

    def load_config(self):
        for name, value in self.options.items():
            self.cfg.set(name, value)
        if "control_socket_disable" in self.cfg.settings:  # gunicorn ≥ 25: no control socket needed
            self.cfg.set("control_socket_disable", True)
        self.cfg.set("post_worker_init", lambda worker: start_scheduler())
        self.cfg.set("when_ready", self.ready)

    def ready(self, _server):
        for line in self.welcome_lines:
            print(line, flush=True)

    def load(self):
        from praga_site.wsgi import application

        return application


class Command(BaseCommand):
    help = "Serve the site with gunicorn (one process, threads) and run the correspondence tick."

    def add_arguments(self, parser):
        parser.add_argument("address", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--welcome", action="store_true",
                            help="once serving, print the URL, the demo accounts, their password and games")

    def handle(self, address, welcome, **options):
        host, port = split_address(address)
        serve_links_here(host.strip("[]"), port, ipv6=host.startswith("["))
        lines = []
        if welcome:
            from games import demo

            lines = demo.welcome()
        connections.close_all()  # the worker is forked from here: it must open its own
        self.stdout.write(f"Serving on {host}:{port} with gunicorn ({THREADS} threads); correspondence tick every "
                          f"{settings.TICK_SECONDS} s (reminders, timeouts, emails).")
        EmbeddedServer({
            "bind": f"{host}:{port}", "workers": 1, "worker_class": "gthread", "threads": THREADS,
            "timeout": 60, "graceful_timeout": 10, "backlog": 2048, "accesslog": "-",
            "access_log_format": '%(h)s "%(r)s" %(s)s %(b)s %(M)sms',
        }, lines).run()
