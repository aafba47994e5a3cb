"""Correspondence emails: the outbox, turn-email batching, unsubscribe links.

`outbox.queue` renders an email in the recipient's language and stores it once
(unique key); the Celery task `games.tasks.send_email` claims and sends it.
"""
