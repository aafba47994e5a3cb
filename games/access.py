"""Who may see what: public games can be watched by anyone, private ones by their players."""

from django.http import Http404

from games.models import Game


def watchable_game(user, pk):
    """(game, seat or None) if `user` may watch game `pk`; Http404 otherwise (no leak of existence)."""
    game = Game.objects.filter(pk=pk).prefetch_related("seats__user__profile").first()
    if game is None:
        raise Http404
    seat = game.seat_of(user)
    if seat is None and not game.is_public:
        raise Http404
    return game, seat
