"""A finished game is rated (and its players' reliability refreshed) after its commit.

`rating.process` is idempotent, so a finish signalled twice rates once; a game whose hook
never ran (a crash right after the commit) is picked up by the next finished game's hook
and by `manage.py recompute_ratings`."""

import logging

from django.dispatch import receiver

from games import signals
from players import rating, reliability

log = logging.getLogger(__name__)


@receiver(signals.game_finished, dispatch_uid="players-rate-finished")
def game_finished(sender, game, **kwargs):
    try:
        rating.process(game.pk)
        rating.process_missed()
    except Exception:  # the game is committed; a failed rating is found again later
        log.exception("rating game %s failed", game.pk)
    try:
        for user_id in game.seats.values_list("user_id", flat=True):
            reliability.refresh(user_id)
    except Exception:
        log.exception("reliability after game %s failed", game.pk)
