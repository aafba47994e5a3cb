"""Correspondence play: time control, an SMTP server that records, a real Celery worker.

Most tests run the tasks eagerly in-process (Django's locmem outbox). Tests that use
the `worker` fixture run `celery -A praga_site worker` in a subprocess against Redis
(REDIS_URL) and PostgreSQL, sending through a real SMTP server (aiosmtpd) started
here; they need committed data, hence `django_db(transaction=True)`.
"""

import asyncio
import email
import os
import socket
import subprocess
import sys
import threading
import time
import uuid
from email import policy
from pathlib import Path

import pytest

from games import clocks
from praga_site.celery import app as celery_app
from tests.support import services

ROOT = Path(__file__).resolve().parents[2]
TOY_TURN = ({"type": "select"}, {"type": "play"})


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def eager_tasks(request):
    """Tasks run in-process unless the test uses the real worker."""
    eager = "worker" not in request.fixturenames
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = eager
    yield
    celery_app.conf.task_always_eager = before




def move(game, user, kind):
    """Submit the toy game's select (first card) or play for `user`."""
    from games.moves import submit_move

    game.refresh_from_db()
    seat = game.seat_of(user)
    payload = {"type": "select", "card": game.state["hands"][seat.position][0]} if kind == "select" else {"type": "play"}
    return submit_move(game.pk, user, payload, game.version)


def play_turn(game, user):
    move(game, user, "select")
    move(game, user, "play")
    game.refresh_from_db()


def tick(now=None):
    """One tick of a scheduler that ran all along: tests travel in time between ticks, and a
    gap would otherwise count as downtime whose time the clocks get back (games/downtime.py)."""
    from django.utils import timezone

    from games import downtime
    from games.models import Heartbeat

    now = now or timezone.now()
    Heartbeat.objects.update_or_create(name=downtime.TICK, defaults={"last": now - downtime.interval()})
    clocks.tick(now)


# SMTP ------------------------------------------------------------------------------------------

class Recorder:
    """aiosmtpd handler: keeps every accepted message; can hold senders before MAIL FROM."""

    def __init__(self):
        self.messages = []
        self.open = threading.Event()
        self.open.set()
        self.hold_after = None  # hold every sender once this many messages were accepted

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        while not self.open.is_set() or (self.hold_after is not None and len(self.messages) >= self.hold_after):
            await asyncio.sleep(0.05)
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def wait_for(self, count, timeout=20):
        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.messages

    def to(self, address):
        return [m for m in self.messages if m["To"] == address]


@pytest.fixture(scope="module")
def smtp():
    from aiosmtpd.controller import Controller

    recorder = Recorder()
    controller = Controller(recorder, hostname="127.0.0.1", port=free_port())
    controller.start()
    recorder.port = controller.port
    yield recorder
    recorder.hold_after = None
    controller.stop()


@pytest.fixture
def mailbox(smtp):
    smtp.messages.clear()
    smtp.hold_after = None
    return smtp


# A real Celery worker ----------------------------------------------------------------------------

def services_or_skip():
    """Skip without Redis or PostgreSQL; fail instead in CI (tests/support/services.py)."""
    services.require_redis("needs Redis (REDIS_URL) for a real Celery worker; scripts/test sets it when Redis runs")
    services.require_postgresql("a worker in another process needs a shared database: PostgreSQL (DATABASE_URL)")


class Worker:
    """`celery -A praga_site worker` (or beat) in a subprocess; start, kill -9 and start again."""

    def __init__(self, env, beat=False):
        self.env, self.beat, self.process, self.log = env, beat, None, []

    def start(self, timeout=30):
        command = [sys.executable, str(Path(__file__).with_name("celery_with_toy.py")), "-A", "praga_site"]
        if self.beat:
            command += ["beat", "-l", "info", "--max-interval", "1",
                        "-s", str(Path(self.env["TMPDIR"]) / f"beat-{uuid.uuid4().hex}")]
        else:
            command += ["worker", "-P", "solo", "-l", "info", "--without-gossip", "--without-mingle",
                        "--without-heartbeat", "-n", f"test-{uuid.uuid4().hex[:6]}@%h"]
        ready_text = "beat: Starting" if self.beat else " ready."
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        ready = threading.Event()

        def read(process):
            for line in process.stdout:
                self.log.append(line.rstrip())
                if ready_text in line:
                    ready.set()

        threading.Thread(target=read, args=(self.process,), daemon=True).start()
        if not ready.wait(timeout):
            self.stop()
            raise RuntimeError("the Celery worker did not start:\n" + "\n".join(self.log[-40:]))

    def kill(self):
        self.process.kill()
        self.process.wait(10)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


def worker_env(smtp, redis_url, queue, tmp_path, **extra):
    env = dict(os.environ)
    env.update({
        "DJANGO_SETTINGS_MODULE": "praga_site.settings",
        "DATABASE_URL": services.database_url(),
        "REDIS_URL": redis_url,
        "CELERY_QUEUE": queue,
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp.port),
        "TMPDIR": str(tmp_path),
        "PYTHONUNBUFFERED": "1",
        "PYTHONPATH": str(ROOT),
    })
    env.update({key: str(value) for key, value in extra.items()})
    return env


@pytest.fixture(scope="module")
def worker(smtp, tmp_path_factory, django_db_blocker):
    """A worker for this module on its own queue (tests in other processes use theirs)."""
    services_or_skip()
    queue = f"test-{uuid.uuid4().hex[:10]}"
    with django_db_blocker.unblock():
        env = worker_env(smtp, os.environ["REDIS_URL"], queue, tmp_path_factory.mktemp("worker"))
    process = Worker(env)
    process.start()
    process.queue = queue
    yield process
    process.stop()


@pytest.fixture
def on_worker_queue(worker, settings):
    settings.CELERY_TASK_DEFAULT_QUEUE = worker.queue
    return worker


@pytest.fixture(scope="session", autouse=True)
def german_catalog():
    """The German emails need the compiled catalog (scripts/test compiles it too)."""
    po = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
    mo = po.with_suffix(".mo")
    if po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime):
        subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=False)
