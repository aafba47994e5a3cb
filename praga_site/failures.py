"""What a request gets when it cannot be answered: JSON on the API, a plain page elsewhere.

An outage (the database or Redis unreachable) is a 503 with Retry-After: nothing the
visitor did is wrong, it will work again in a moment. The page is drawn without the
database, the session or the user, since those may be what is down.
"""

import logging
import sys

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from engine.core.text import text
from games.text import render as render_text

log = logging.getLogger(__name__)

OUTAGES = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)
RETRY_AFTER_SECONDS = 30


def is_api(request):
    return request.path.startswith("/api/")


def bad_request(request, exception=None):
    """handler400: the reason of a refused parameter (games.numbers.BadNumber), else a generic one."""
    reason = getattr(exception, "reason", None) or text("The request could not be understood.")
    if is_api(request):
        return JsonResponse({"error": render_text(reason), "reason": reason}, status=400)
    return _page(request, 400, _("Bad request"), render_text(reason))


def server_error(request):
    """handler500: a 503 with Retry-After when the cause is an outage, else a 500."""
    exception = sys.exc_info()[1]
    if isinstance(exception, OUTAGES):
        log.warning("outage on %s: %r", request.path, exception)
        reason = text("The site is briefly unavailable; try again in a moment.")
        if is_api(request):
            response = JsonResponse({"error": render_text(reason), "reason": reason}, status=503)
        else:
            response = _page(request, 503, _("Try again in a moment"), render_text(reason))
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    reason = text("Something went wrong on our side; it has been logged.")
    if is_api(request):
        return JsonResponse({"error": render_text(reason), "reason": reason}, status=500)
    return _page(request, 500, _("Something went wrong"), render_text(reason))


def _page(request, status, title, message):
    html = render_to_string("errors/plain.html", {
        "title": title, "message": message, "site_name": settings.SITE_NAME, "back": request.path,
        "LANGUAGE_CODE": get_language(),
    })
    return HttpResponse(html, status=status)
