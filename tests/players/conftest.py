"""Ratings, leaderboards, profiles, reliability, resign and rematch: tasks run in-process."""

import pytest

from praga_site.celery import app as celery_app


@pytest.fixture(autouse=True)
def eager_tasks():
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before
