"""Unsubscribing from an email link (no login; RFC 8058 one-click is a POST) and vacation."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing as django_signing
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.models import Profile
from games import clocks
from games.notifications import signing


@csrf_exempt  # the signed token is the authorization; mail providers post without a CSRF token
def unsubscribe(request, token):
    try:
        user_pk, field = signing.read(token)
    except django_signing.BadSignature:
        return render(request, "emails/unsubscribe.html", {"invalid": True}, status=400)
    profile = Profile.objects.filter(user_id=user_pk).first()
    if profile is None:
        return render(request, "emails/unsubscribe.html", {"invalid": True}, status=400)
    if request.method != "POST":
        return render(request, "emails/unsubscribe.html", {"field": field, "profile": profile})
    fields = signing.FIELDS if field == "all" or request.POST.get("all") else (field,)
    Profile.objects.filter(pk=profile.pk).update(**{name: False for name in fields})
    return render(request, "emails/unsubscribe.html", {"done": True, "field": field, "profile": profile})


@login_required
@require_POST
def vacation(request):
    if request.POST.get("on"):
        if clocks.start_vacation(request.user):
            messages.success(request, _("You are on vacation: your clocks are paused."))
        else:
            messages.error(request, _("You have no vacation days left."))
    elif clocks.end_vacation(request.user):
        messages.success(request, _("Welcome back: your clocks run again."))
    return redirect("profile")
