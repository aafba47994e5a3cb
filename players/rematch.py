"""Rematch: a new invitation to the same players with the same options, in one click."""

from engine.core.text import text
from games import invitations
from games.models import Game


def rematch(game, user):
    """The new invitation (a solo game starts at once); invitations.Refused otherwise.

    The player who asks hosts it; the others are invited to their seats in the old order
    (a deleted account's seat is left open), and a bot the host had seated plays again."""
    if game.status != Game.Status.FINISHED:
        raise invitations.Refused(text("A rematch is possible once the game is finished."))
    seats = game.seat_list()
    if not any(seat.user_id == user.pk for seat in seats):
        raise invitations.Refused(text("Only the players of a game can ask for a rematch."))
    others = [seat.user if seat.user.is_active and not seat.bot else None for seat in seats if seat.user_id != user.pk]
    bots = [seat.bot for seat in seats if seat.user_id != user.pk]
    old = game.invitation
    settings = {}
    if old is not None:
        settings = {"days_per_move": old.days_per_move, "visibility": old.visibility, "fixed_order": old.fixed_order,
                    "note": old.note, "timeout_policy": old.timeout_policy, "min_rating": old.min_rating,
                    "min_reliability": old.min_reliability}
    else:
        settings = {"days_per_move": game.days_per_move, "visibility": game.visibility}
    return invitations.create_invitation(user, game.game_id, len(seats), game.options, others, bots=bots, **settings)
