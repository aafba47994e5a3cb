"""Waiting for what another process (a Celery worker, a server) does, with a time limit."""

import time


def wait_until(check, timeout=60):
    """True as soon as `check()` is, False when `timeout` seconds passed first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False
