"""A player's profile: how they are shown, which language and time zone they use."""

import zoneinfo

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


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

    def __str__(self):
        return self.name

    @property
    def name(self):
        return self.display_name or self.user.username


def profile_of(user):
    profile, _created = Profile.objects.get_or_create(user=user)
    return profile
