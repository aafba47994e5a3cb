from django.utils.functional import SimpleLazyObject

from games.next_game import waiting_for


def waiting_games(request):
    """WAITING_GAMES: ids of the games waiting for the signed-in player (read only if a page shows it)."""
    return {"WAITING_GAMES": SimpleLazyObject(lambda: waiting_for(request))}
