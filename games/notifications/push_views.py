"""A browser subscribes to web push (or stops), and the service worker that shows the messages."""

import base64
import binascii
import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.models import PushSubscription
from games.notifications import webhooks

MAX_BODY = 4096


def _key_bytes(value, length):
    """The raw bytes of a base64url key of exactly `length` bytes, else None."""
    if not isinstance(value, str):
        return None
    try:
        # validate: the lenient decoder skipped characters outside the alphabet, so a key with
        # stray characters passed as another key (and no length cap is needed: a longer value
        # cannot decode to `length` bytes)
        raw = base64.b64decode(value + "=" * (-len(value) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if len(raw) == length else None


def _subscription_of(request):
    """(endpoint, p256dh, auth) from the Push API's JSON, or a 400 answer naming what is wrong."""
    if len(request.body) > MAX_BODY:
        return JsonResponse({"error": _("Send the subscription as the browser gives it.")}, status=400)
    try:
        body = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("endpoint"), str) or not isinstance(body.get("keys"), dict):
        return JsonResponse({"error": _("Send the subscription as the browser gives it.")}, status=400)
    endpoint = body["endpoint"]
    try:
        if len(endpoint) > 1000:
            raise webhooks.Refused("too long")
        webhooks.check_address(endpoint)
    except webhooks.Refused:
        return JsonResponse({"error": _("This push service address is not accepted.")}, status=400)
    p256dh, auth = body["keys"].get("p256dh"), body["keys"].get("auth")
    if _key_bytes(p256dh, 65) is None or _key_bytes(auth, 16) is None:
        return JsonResponse({"error": _("The subscription's keys are not valid.")}, status=400)
    return endpoint, p256dh, auth


@login_required
@require_POST
def subscribe(request):
    found = _subscription_of(request)
    if isinstance(found, JsonResponse):
        return found
    endpoint, p256dh, auth = found
    # one browser, one owner: whoever subscribed last on it (a shared computer changes hands)
    _subscription, created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": request.user, "p256dh": p256dh, "auth": auth})
    return JsonResponse({"subscribed": True}, status=201 if created else 200)


@login_required
@require_POST
def unsubscribe(request):
    try:
        endpoint = json.loads(request.body).get("endpoint")
    except (ValueError, UnicodeDecodeError, AttributeError):
        endpoint = None
    if not isinstance(endpoint, str):
        return JsonResponse({"error": _("Send the subscription as the browser gives it.")}, status=400)
    removed, _kinds = PushSubscription.objects.filter(endpoint=endpoint, user=request.user).delete()
    return JsonResponse({"subscribed": False, "removed": bool(removed)})


@require_GET
def service_worker(request):
    """Served from the site's root, so its scope covers every page."""
    response = HttpResponse(render_to_string("push-worker.js"), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response
