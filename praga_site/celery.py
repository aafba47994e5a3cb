"""The Celery app. Without REDIS_URL tasks run eagerly in-process (embedded default)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "praga_site.settings")

app = Celery("praga_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
