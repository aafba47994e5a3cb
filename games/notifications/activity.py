"""Remembers when a signed-in user was last on the site (at most one write a minute).

No turn email goes out while a user is active; an automatic vacation ends on return."""

from datetime import timedelta

from django.utils import timezone

RESOLUTION = timedelta(minutes=1)


class LastSeenMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            seen(user)
        return self.get_response(request)


def seen(user, now=None):
    from accounts.models import Profile

    profile = getattr(user, "profile", None)
    now = now or timezone.now()
    if profile is None or (profile.last_seen is not None and now - profile.last_seen < RESOLUTION):
        return
    Profile.objects.filter(pk=profile.pk).update(last_seen=now)
    profile.last_seen = now
    if profile.vacation_since is not None and profile.vacation_auto_started:
        from games import clocks

        clocks.end_vacation(user, now)
