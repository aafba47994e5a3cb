"""What is kept: every game forever; only invitations that never became a game expire.

A finished game is small and is the players' history, so nothing purges games, moves,
events or chat. An invitation still waiting for players INVITATION_EXPIRY_DAYS after it
was made is cancelled, and its host gets an email saying so.
"""

import datetime

from django.conf import settings
from django.db import transaction
from django.urls import reverse

from games.models import Invitation
from games.notifications import build, outbox

BATCH = 200


def lifetime():
    return datetime.timedelta(days=settings.INVITATION_EXPIRY_DAYS)


def expirable(now):
    """Open invitations past their lifetime (the tick's probe asks whether any exist)."""
    return Invitation.objects.filter(status=Invitation.Status.OPEN, created__lt=now - lifetime()).order_by()


def expire_invitations(now):
    expired = 0
    for pk in expirable(now).values_list("pk", flat=True)[:BATCH]:
        with transaction.atomic():
            # Conditional: a join that starts the game meanwhile wins, and so does another tick.
            if Invitation.objects.filter(pk=pk, status=Invitation.Status.OPEN).update(
                    status=Invitation.Status.CANCELLED) != 1:
                continue
            invitation = Invitation.objects.select_related("host").get(pk=pk)
            outbox.queue(invitation.host, "invitation_expired", f"expired:{pk}", {
                "invitation": invitation, "days": settings.INVITATION_EXPIRY_DAYS,
                "link": build.absolute(reverse("new_invitation_for", args=[invitation.game_id])),
            })
            expired += 1
    return expired
