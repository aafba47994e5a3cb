"""A finished game is rated (and its players' reliability refreshed) after its commit, by a
worker (players/tasks.py): rating reads the players' histories and writes several tables, work
the request that made the finishing move should not wait for.

`rating.process` is idempotent, so a finish signalled twice rates once; a game whose task was
lost (a crash right after the commit, the broker unreachable) is picked up by the next finished
game's task and by `manage.py recompute_ratings`. Without a broker (the embedded site) and in
tests that ask for it, the task runs in-process (CELERY_TASK_ALWAYS_EAGER)."""

import logging

from django.dispatch import receiver

from games import handover, signals
from games.models import Seat
from players import rating, reliability

log = logging.getLogger(__name__)


@receiver(signals.game_finished, dispatch_uid="players-rate-finished")
def game_finished(sender, game, **kwargs):
    # Never raises: the game is committed; an unqueued rating is found again by the next one.
    handover.send("players.tasks.rate_finished_game", game.pk)


def rate(game_pk):
    try:
        rating.process(game_pk)
        rating.process_missed()
    except Exception:  # the game is committed; a failed rating is found again later
        log.exception("rating game %s failed", game_pk)
    try:
        for user_id in Seat.objects.filter(game_id=game_pk).values_list("user_id", flat=True):
            reliability.refresh(user_id)
    except Exception:
        log.exception("reliability after game %s failed", game_pk)
