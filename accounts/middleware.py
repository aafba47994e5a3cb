"""Activates the signed-in user's language and time zone for each request."""

import zoneinfo

from django.utils import timezone, translation


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile = getattr(user, "profile", None)
            if profile is not None:
                translation.activate(profile.language)
                request.LANGUAGE_CODE = profile.language
                timezone.activate(zoneinfo.ZoneInfo(profile.time_zone))
        response = self.get_response(request)
        timezone.deactivate()
        return response
