"""Resigning: a player leaves a running game and the game's timeout path takes the seat.

Under the "drop" policy (and without a time limit) a bot plays the seat to the end, as after
a timeout (games/clocks.hand_to_bot); under "cancel" the game is cancelled without a result.
If no seat would be left to a person, the game is cancelled: bots would only play each other.
The seat ranks last in the ratings (players/rating.py), like a timed-out one. The other
players still at the table get an email (`player_resigned`), as after a timeout.
"""

from django.db import transaction
from django.utils import timezone

from engine.core.text import text
from games import clocks, moves
from games.models import Game, TimeoutPolicy
from players.models import Resignation


class Refused(Exception):
    def __init__(self, status, reason):
        super().__init__(reason["msg"])
        self.status, self.reason = status, reason


def tell_the_others(game, seat, people_left, policy):
    """An email to each other seat still played by a person (their "game ended or a player
    left" switch, as after a timeout), stored once per resignation and recipient in the outbox."""
    from accounts.models import display_name
    from games.notifications import outbox

    for other in people_left:
        outbox.queue(other.user, "player_resigned", f"resign:{seat.pk}:{other.user_id}",
                     {"game": game, "player": display_name(seat.user), "policy": policy})


def resign(game_pk, user, now=None):
    """Leave game `game_pk` for good; "bot" or "cancelled", or Refused (nothing written)."""
    now = now or timezone.now()
    with transaction.atomic():
        try:
            game = moves.locked_game(game_pk)
        except Game.DoesNotExist:
            raise Refused(404, text("There is no such game.")) from None
        seat = game.seat_of(user)
        if seat is None:
            raise Refused(404 if not game.is_public else 403, text("You do not play in this game."))
        if game.is_finished:
            raise Refused(409, text("The game is over."))
        if seat.dropped:
            raise Refused(409, text("A bot already plays your seat."))
        Resignation.objects.create(seat=seat, created=now)
        people_left = [other for other in game.seat_list() if other.pk != seat.pk and not other.dropped]
        if game.timeout_policy == TimeoutPolicy.CANCEL:
            clocks.cancel(game, now, text("{player} resigned; the game is cancelled.", player=seat.position), None)
            outcome = "cancelled"
        elif not people_left:
            clocks.cancel(game, now, text("{player} resigned; nobody is left to play, so the game is cancelled.",
                                          player=seat.position), None)
            outcome = "cancelled"
        else:
            clocks.hand_to_bot(game, seat, now, text("{player} resigned; a bot plays this seat to the end.",
                                                     player=seat.position))
            outcome = "bot"
        tell_the_others(game, seat, people_left, "cancel" if outcome == "cancelled" else "drop")
    from players import reliability

    transaction.on_commit(lambda: reliability.refresh(user.pk))
    return outcome
