"""The embedded default as scripts/run serves it (`manage.py serve_embedded`: gunicorn, SQLite,
emails in a folder, the tick in a thread), started on a free port in a folder of a test's own."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# what a fresh shell on the machine would not have set: the suite's own services and addresses
NOT_INHERITED = ("DATABASE_URL", "REDIS_URL", "CACHE_URL", "SITE_URL", "PORT", "EMAIL_HOST", "DJANGO_ALLOW_ASYNC_UNSAFE")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def environment(folder, **extra):
    env = {key: value for key, value in os.environ.items() if key not in NOT_INHERITED}
    env.update({"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}", "EMAIL_FILE_PATH": str(folder / "mail"),
                "DJANGO_SETTINGS_MODULE": "praga_site.settings", "PYTHONUNBUFFERED": "1", **extra})
    return env


def manage(env, *command, **kwargs):
    return subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, **kwargs)


def start(folder, env):
    """(server process, port) once the server accepts connections; its output in folder/server.log."""
    port = free_port()
    log = open(folder / "server.log", "w")
    server = subprocess.Popen([sys.executable, "manage.py", "serve_embedded", f"127.0.0.1:{port}"],
                              cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(150):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server, port
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise AssertionError((folder / "server.log").read_text())


def stop(server):
    server.terminate()
    server.wait(15)
