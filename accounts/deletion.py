"""Deleting an account without losing a game (GDPR erasure by anonymisation).

The user row stays, so that every seat, move and chat line of every game keeps its player
(no foreign key from a game cascades: tests/site/test_account_deletion.py); everything that
identifies the person goes: name, email addresses, password, profile, tokens, stored emails.
The seats show "deleted player N" (a name no one can sign up with: it has spaces). Their
running games continue under each game's timeout policy: the seat's clock runs out as any
absent player's would (a bot takes over, or the game is cancelled); open invitations they
host are cancelled and seats they held or were invited to in open invitations are freed.
"""

import logging

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.db import transaction

from accounts.models import ApiToken, Profile

log = logging.getLogger(__name__)


def deleted_name(user_pk):
    return f"deleted player {user_pk}"


def is_deleted(user):
    return user is not None and not user.is_active and user.username == deleted_name(user.pk)


def delete_account(user):
    from games.models import Email, Invitation, Note, PushSubscription, Slot, TurnMail, Webhook

    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        Invitation.objects.filter(host=user, status=Invitation.Status.OPEN).update(
            status=Invitation.Status.CANCELLED)
        open_slots = Slot.objects.filter(invitation__status=Invitation.Status.OPEN)
        open_slots.filter(user=user).update(user=None)
        open_slots.filter(invited=user).update(invited=None)
        EmailAddress.objects.filter(user=user).delete()
        Email.objects.filter(user=user).delete()  # the outbox holds the address and the texts
        TurnMail.objects.filter(user=user).delete()
        Webhook.objects.filter(user=user).delete()  # their address and its deliveries
        PushSubscription.objects.filter(user=user).delete()  # their browsers
        Note.objects.filter(user=user).delete()  # private notes are the person's own words
        ApiToken.objects.filter(user=user).delete()
        Profile.objects.filter(user=user).delete()
        user.username = deleted_name(user.pk)
        user.email = user.first_name = user.last_name = ""
        user.is_active = user.is_staff = user.is_superuser = False
        user.set_unusable_password()  # also ends every session (the session hash changes)
        user.save()
        user.groups.clear()
        user.user_permissions.clear()
    log.info("account %s deleted", user.pk)
    return user
