"""What an invitation may ask of those who join: a minimum rating and a minimum reliability."""

from engine.core.text import text
from players.models import Rating
from players.rating import initial, ordinal


def rating_of(user, game_id):
    """The shown (conservative) rating of `user` in `game_id`; a new player's is the model's start."""
    row = Rating.objects.filter(user=user, game_id=game_id).only("ordinal").first()
    return row.ordinal if row is not None else ordinal(*initial())


def check(invitation, user):
    """Refuse (invitations.Refused) a player the invitation's requirements exclude."""
    from games.invitations import Refused
    from players import reliability

    if invitation.min_rating is not None:
        rating = rating_of(user, invitation.game_id)
        if rating < invitation.min_rating:
            raise Refused(text("This invitation asks for a rating of at least {minimum}; yours is {rating}.",
                               minimum=f"{invitation.min_rating:.1f}", rating=f"{rating:.1f}"))
    if invitation.min_reliability is not None:
        percent = reliability.of(user).percent
        if percent is not None and percent < invitation.min_reliability:
            raise Refused(text("This invitation asks for at least {minimum} % of moves made in time; "
                               "yours is {percent} %.", minimum=invitation.min_reliability, percent=percent))
