"""A player's profile: how they are shown, language, time zone, which emails they want."""

import datetime
import functools
import hashlib
import secrets
import zoneinfo

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from praga_site import prepared
from praga_site.prepared import Columns


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default="UTC",
        choices=[(name, name) for name in sorted(zoneinfo.available_timezones())],
    )
    time_zone_chosen = models.BooleanField(default=False)  # else the pages suggest the browser's zone
    # Notification preferences; the correspondence emails read them.
    notify_turn = models.BooleanField(_("email me when it is my turn"), default=True)
    notify_invitation = models.BooleanField(_("email me when someone invites me"), default=True)
    notify_reminder = models.BooleanField(_("remind me before my time runs out"), default=True)
    notify_finished = models.BooleanField(_("email me when a game ends"), default=True)
    notify_chat = models.BooleanField(_("email me about new chat messages"), default=False)
    # Correspondence play (games/clocks.py, games/notifications/).
    turn_digest = models.BooleanField(
        _("at most one turn email a day (daily digest)"), default=False,
        help_text=_("Otherwise one email covers every game that became yours within a few minutes."),
    )
    last_seen = models.DateTimeField(null=True, blank=True)  # updated at most once a minute
    vacation_left = models.DurationField(default=datetime.timedelta(days=20))
    vacation_since = models.DateTimeField(null=True, blank=True)  # on vacation: every clock is paused
    vacation_auto = models.BooleanField(
        _("take vacation days automatically before my time runs out"), default=True,
        help_text=_("Your vacation then ends when you next visit the site."),
    )
    vacation_auto_started = models.BooleanField(default=False)
    games_counted = models.PositiveIntegerField(default=0)  # finished games; one vacation day per 8

    class Meta:
        indexes = [models.Index(fields=["vacation_since"], condition=models.Q(vacation_since__isnull=False),
                                name="profile_on_vacation")]

    def __str__(self):
        return self.name

    @property
    def name(self):
        from games.seat_bots import account_label

        if self.display_name:
            return self.display_name
        # a bot account is named in the reader's language ("Bot (expert)"), never stored
        return account_label(self.user.username) or self.user.username


def profile_of(user):
    profile, _created = Profile.objects.get_or_create(user=user)
    return profile


def display_name(user):
    profile = getattr(user, "profile", None) if user is not None else None
    return profile.name if profile is not None else getattr(user, "username", "?")


class ApiToken(models.Model):
    """A bearer token for the JSON API (`Authorization: Token <key>`); only its hash is stored."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=40, blank=True)
    prefix = models.CharField(max_length=8)
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.prefix}…"

    @staticmethod
    def hash(key):
        return hashlib.sha256(key.encode()).hexdigest()

    @classmethod
    def issue(cls, user, name=""):
        """Create a token; returns (token, key). The key is shown once and never stored."""
        key = secrets.token_urlsafe(30)
        return cls.objects.create(user=user, name=name, prefix=key[:8], digest=cls.hash(key)), key

    @classmethod
    def user_for(cls, key):
        """The active user of token `key`, or None; every API request asks, so its SQL is
        written once (praga_site/prepared.py)."""
        sql, user_columns = _token_statement()
        db = prepared.database()
        with prepared.cursor(db) as cursor:
            cursor.execute(sql, [cls.hash(key)])
            row = cursor.fetchone()
        user = user_columns.instance(row, db) if row is not None else None
        return user if user is not None and user.is_active else None


# What an API request reads of its user (who it is, whether it may act); the others (password,
# email, dates) load on first use, as after `only()`.
TOKEN_USER_FIELDS = ("id", "username", "is_active", "is_staff", "is_superuser")


@functools.lru_cache(maxsize=1)
def _token_statement():
    from django.contrib.auth import get_user_model

    user_model = get_user_model()
    user_columns = Columns(user_model, "u", TOKEN_USER_FIELDS)
    sql = (f'SELECT {user_columns.sql} FROM "{ApiToken._meta.db_table}" t '
           f'JOIN "{user_model._meta.db_table}" u ON u."{user_model._meta.pk.column}" = '
           f't."{ApiToken._meta.get_field("user").column}" WHERE t."{ApiToken._meta.get_field("digest").column}" = %s')
    return sql, user_columns
