"""Queries behind "My games" and the list of open invitations."""

from django.db.models import Count, Q

from games.models import Game, Invitation, Seat


def my_games(user, finished_limit=10):
    seats = Seat.objects.filter(user=user).select_related("game").prefetch_related("game__seats__user__profile")
    running = seats.filter(game__status=Game.Status.RUNNING)
    mine = Invitation.objects.filter(status=Invitation.Status.OPEN).prefetch_related("slots__user", "slots__invited")
    return {
        "my_turn": list(running.filter(to_act=True).order_by("waiting_since", "game_id")),
        "waiting": list(running.filter(to_act=False).order_by("-game__updated")),
        "invited": list(mine.filter(slots__invited=user, slots__user__isnull=True).distinct()),
        "open_mine": list(mine.filter(slots__user=user).distinct()),
        "finished": list(seats.filter(game__status=Game.Status.FINISHED).order_by("-game__finished")[:finished_limit]),
    }


def open_invitations(game_id=None, players=None, days=None, exclude_user=None, host_rating=None,
                     host_reliability=None):
    """Public invitations with a free seat; each with its host's rating in its game and reliability."""
    from players import standings

    invitations = (
        Invitation.objects.filter(status=Invitation.Status.OPEN, visibility="public")
        .annotate(free=Count("slots", filter=Q(slots__user__isnull=True, slots__invited__isnull=True, slots__bot="")))
        .filter(free__gt=0)
        .annotate(host_rating=standings.rating_subquery(), host_reliability=standings.reliability_subquery())
        .select_related("host__profile")
        .prefetch_related("slots__user__profile")
        .order_by("-created")
    )
    if game_id:
        invitations = invitations.filter(game_id=game_id)
    if players:
        invitations = invitations.filter(players=players)
    if days:
        invitations = invitations.filter(days_per_move=days)
    if host_rating is not None:
        invitations = invitations.filter(host_rating__gte=host_rating)
    if host_reliability is not None:
        invitations = invitations.filter(host_reliability__gte=host_reliability)
    return invitations


def running_count(user):
    return Seat.objects.filter(user=user, game__status=Game.Status.RUNNING).count()
