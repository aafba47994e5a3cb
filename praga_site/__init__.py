"""The site's Django project.

The Celery app lives in praga_site/celery.py and is not imported here: a web worker loads
Celery (with kombu, amqp, click, yaml: ~7.5 MB of each worker, issue 10) only when it first
queues a task, through the task modules (games/tasks.py, players/tasks.py), which import the
app before their tasks exist. `celery -A praga_site worker` finds `praga_site.celery.app`.
"""
