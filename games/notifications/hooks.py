"""Receivers of the game hooks (games/signals.py, sent after commit) and of new invitations.

Each is cheap and idempotent; anything they miss (a crash right after a commit) is
found again by the tick (games/clocks.py)."""

import logging

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.urls import reverse

from accounts.models import display_name

from games import clocks, engines, replays, signals
from games.models import Game, Slot
from games.notifications import outbox

log = logging.getLogger(__name__)


def _safely(function):
    def wrapper(*args, **kwargs):
        try:
            function(*args, **kwargs)
        except Exception:  # the move is committed; never turn a hook failure into an error page
            log.exception("hook %s failed", function.__name__)
    wrapper.__name__ = function.__name__
    return wrapper


@receiver(signals.game_started, dispatch_uid="correspondence-started")
@_safely
def game_started(sender, game, **kwargs):
    clocks.sync_game(game.pk)
    game = Game.objects.get(pk=game.pk)
    seats = game.seat_list()
    acting = [s for s in seats if s.to_act]
    if any(s.dropped for s in acting):  # a bot the host seated begins (games/seat_bots.py)
        outbox.delay("play_bots", game.pk)
    with transaction.atomic():
        for seat in seats:
            outbox.queue(seat.user, "started", f"started:{game.pk}:{seat.user_id}", {
                "game": game, "players": [display_name(s.user) for s in seats],
                "your_turn": seat in acting, "acting": [display_name(s.user) for s in acting],
            })


@receiver(signals.move_applied, dispatch_uid="correspondence-move")
@_safely
def move_applied(sender, game, move, **kwargs):
    # The clocks were set in the move's own transaction (moves.update_seats); `game` holds
    # its seats as committed, so this reads nothing.
    replays.keep_snapshot(game)
    seats = game.seat_list()
    by_bot = any(s.dropped and s.position == move.seat for s in seats)
    if not by_bot and not game.is_finished and any(s.dropped and s.to_act for s in seats):
        outbox.delay("play_bots", game.pk)


@receiver(signals.game_finished, dispatch_uid="correspondence-finished")
@_safely
def game_finished(sender, game, **kwargs):
    from games.notifications.build import players

    clocks.rank_dropped_last(game)
    clocks.credit_finished_game(game)
    game = Game.objects.get(pk=game.pk)
    ranking = players(game)
    with transaction.atomic():
        for seat in game.seat_list():
            outbox.queue(seat.user, "finished", f"finished:{game.pk}:{seat.user_id}", {
                "game": game, "ranking": ranking,
            })


@receiver(post_save, sender=Slot, dispatch_uid="correspondence-invited")
@_safely
def slot_saved(sender, instance, created, **kwargs):
    """A named player was invited: the email is stored in the same transaction, sent on commit."""
    invitation = instance.invitation
    if not created or instance.invited_id is None or instance.invited_id == invitation.host_id:
        return
    outbox.queue(instance.invited, "invitation", f"invitation:{invitation.pk}:{instance.invited_id}", {
        "invitation": invitation, "host": display_name(invitation.host),
        "game_title": engines.title(invitation.game_id),
        "link": outbox.build.absolute(reverse("invitation", args=[invitation.pk])),
        "days_per_move": invitation.days_per_move, "players": invitation.players,
    })
