"""The game that has waited longest for a player: the header's "Next game", the key n, and the
link shown once a move is in."""

from games.models import Game, Seat


def waiting_game_ids(user):
    """Ids of the running games waiting for `user`, longest waiting first."""
    if not user.is_authenticated:
        return []
    seats = Seat.objects.filter(user=user, to_act=True, dropped=False, game__status=Game.Status.RUNNING)
    return list(seats.order_by("waiting_since", "game_id").values_list("game_id", flat=True))


def waiting_for(request):
    """`waiting_game_ids` of the request's user, read once per request (header and page share it)."""
    if not hasattr(request, "_waiting_game_ids"):
        request._waiting_game_ids = waiting_game_ids(request.user)
    return request._waiting_game_ids


def next_after(request, current=None):
    """The longest-waiting game other than `current`, or None."""
    return next((pk for pk in waiting_for(request) if pk != current), None)
