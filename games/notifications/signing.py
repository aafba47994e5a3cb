"""Signed one-click unsubscribe links (no login needed): user and preference field."""

from django.conf import settings
from django.core import signing
from django.urls import reverse

SALT = "games.notifications.unsubscribe"
FIELDS = ("notify_turn", "notify_reminder", "notify_invitation", "notify_finished", "notify_chat")


def token(user, field):
    return signing.dumps({"u": user.pk, "f": field}, salt=SALT, compress=True)


def read(value):
    """(user pk, field); signing.BadSignature when forged or mangled."""
    data = signing.loads(value, salt=SALT)
    if not isinstance(data, dict) or data.get("f") not in FIELDS + ("all",) or not isinstance(data.get("u"), int):
        raise signing.BadSignature("unexpected content")
    return data["u"], data["f"]


def url(user, field):
    return settings.SITE_URL + reverse("unsubscribe", args=[token(user, field)])
