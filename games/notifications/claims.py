"""Claiming an outbox row (webhook posts, push messages) and the wait before trying one again.

A worker claims a row by moving its lease forward with a conditional UPDATE and acts only if
exactly one row changed: several workers, or a task queued twice, act once (as the emails do)."""

from datetime import timedelta

from django.db.models import F, Q

LEASE_SECONDS = 60
FIRST_RETRY_SECONDS = 60
LONGEST_RETRY_SECONDS = 3600


def claim(rows, now):
    """The lease if this call claimed the single row of `rows` that is due and not delivered, else None."""
    lease = now + timedelta(seconds=LEASE_SECONDS)
    claimable = rows.filter(delivered=None, due__lte=now).filter(Q(lease=None) | Q(lease__lt=now))
    return lease if claimable.update(lease=lease, attempts=F("attempts") + 1) == 1 else None


def retry_delay(attempts):
    """1, 2, 4 … minutes after the 1st, 2nd, 3rd … failed attempt, at most an hour."""
    return timedelta(seconds=min(FIRST_RETRY_SECONDS * 2 ** max(attempts - 1, 0), LONGEST_RETRY_SECONDS))


def due(rows, now):
    """Rows to hand to a worker again: due, not delivered, not held by a live lease."""
    return rows.filter(delivered=None, due__lte=now).filter(Q(lease=None) | Q(lease__lt=now))
