"""Private notes: one text per player and game, seen by that player only.

Only a seated player has notes on a game; everyone else gets a 404 from the view, as for
a game they may not see. The text is saved as it is typed (the page posts it after a
short pause) and goes into the player's own export of the game (games/records.py).
"""

from django.utils import timezone

from games.models import Note

MAX_LENGTH = 10000


class TooLong(ValueError):
    pass


def body_of(game, user):
    """The player's notes on `game` ("" when none were written)."""
    note = Note.objects.filter(game=game, user=user).only("body").first()
    return note.body if note is not None else ""


def save(game, user, body):
    """Store the notes (an empty text deletes them); TooLong beyond MAX_LENGTH characters."""
    body = body.replace("\r\n", "\n")
    if len(body) > MAX_LENGTH:
        raise TooLong(len(body))
    if not body.strip():
        Note.objects.filter(game=game, user=user).delete()
        return None
    note, _created = Note.objects.update_or_create(
        game=game, user=user, defaults={"body": body, "updated": timezone.now()})
    return note


def context(game, seat):
    """What the notes box shows: None for a visitor without a seat (no box at all)."""
    if seat is None:
        return None
    return {"body": body_of(game, seat.user), "max_length": MAX_LENGTH}
