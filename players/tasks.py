"""Celery tasks of the players app: rating a finished game away from the request that finished it."""

import praga_site.celery  # noqa: F401  (the site's app, configured before a task is sent)
from celery import shared_task


@shared_task(ignore_result=True)
def rate_finished_game(game_pk):
    """Rate game `game_pk` (and any finished game missed before), then refresh its players'
    reliability. Idempotent: `rating.process` rates a game once, however often this runs."""
    from players import hooks

    hooks.rate(game_pk)
