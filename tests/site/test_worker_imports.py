"""A web worker does not load what only a Celery worker sending pushes or webhooks needs.

pywebpush (with aiohttp) and requests took ~13 MB of every gunicorn worker's memory (issue 10:
a worker serving pages stays under 100 MB; benchmarks/memory.py). They are imported where a
message is sent; this guards against an import at module level bringing them back."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SENDERS_ONLY = ("pywebpush", "py_vapid", "aiohttp", "requests")


def test_the_web_application_loads_without_the_senders_libraries():
    probe = ("import sys, django; django.setup(); import praga_site.wsgi; "
             f"print(' '.join(name for name in {SENDERS_ONLY!r} if name in sys.modules))")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "praga_site.settings", "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "", f"loaded by the web application: {result.stdout.strip()}"

