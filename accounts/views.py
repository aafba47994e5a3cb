"""The profile page (name, language, time zone, notifications), API tokens, deleting the account."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_POST

from accounts.deletion import delete_account
from accounts.forms import DeleteAccountForm, ProfileForm, TokenForm
from accounts.models import ApiToken, profile_of


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=profile_of(request.user))
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        translation.activate(saved.language)
        messages.success(request, _("Your profile is saved."))
        response = redirect("profile")
        response.set_cookie("django_language", saved.language, samesite="Lax", secure=request.is_secure())
        return response
    return render(request, "accounts/profile.html", {
        "form": form, "tokens": request.user.api_tokens.order_by("-created"),
        # turn emails wait while the player is on the site (games/notifications/turns.py)
        "active_minutes": max(1, round(settings.ACTIVE_SECONDS / 60)),
    })


def set_language(request):
    """Django's set_language (a cookie), and for a signed-in player the profile's language too:
    the middleware activates that language on every page, and the emails are written in it."""
    response = i18n.set_language(request)
    language = request.POST.get("language") if request.method == "POST" else None
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        profile = profile_of(request.user)
        profile.language = language
        profile.save(update_fields=["language"])
    return response


@login_required
@require_POST
def tokens(request):
    form = TokenForm(request.POST)
    name = form.cleaned_data["name"] if form.is_valid() else ""
    _token, key = ApiToken.issue(request.user, name)
    messages.success(request, _("Your new API token (shown only now): %(key)s") % {"key": key})
    return redirect("profile")


@login_required
@require_POST
def delete_token(request, pk):
    get_object_or_404(ApiToken, pk=pk, user=request.user).delete()
    return redirect("profile")


@login_required
def delete(request):
    form = DeleteAccountForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        delete_account(request.user)
        logout(request)
        messages.success(request, _("Your account is deleted. Your games go on without you."))
        return redirect("home")
    return render(request, "accounts/delete.html", {"form": form}, status=400 if form.errors else 200)
