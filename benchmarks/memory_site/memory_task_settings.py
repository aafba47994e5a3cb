"""benchmarks/memory.py --tasks: the site's settings with a URL that queues a task (below).

A top-level module on PYTHONPATH beside the tree served, so any tree (an older checkout too)
serves it with its own settings and its own way of queueing a task. Never the site's settings."""

from praga_site.settings import *  # noqa: F401,F403

ROOT_URLCONF = "memory_task_urls"
