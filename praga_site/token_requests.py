"""A JSON API request that signs in with `Authorization: Token <key>` skips the browser's middleware.

Such a request carries no cookie: it has no session, no messages, no CSRF token to check (a
token is not sent by the browser on its own, so a forged cross-site request cannot carry it), no
allauth state, no htmx, and no page a Content-Security-Policy or a frame rule would protect.
Running those layers anyway cost about as much CPU as the bare one-INSERT view's whole request
(benchmarks/load.py, docs/performance.md). So this middleware, placed right after the security
middleware (HTTPS redirect, HSTS, nosniff still apply), answers such a request itself as
Django's documented short-circuit: it resolves the address among the API's own patterns
(games/api_urls.py), and if the view is an API view that authenticates tokens itself
(`games.api.api_view` marks them `token_api`), activates the language of Accept-Language as
LocaleMiddleware would and calls the view. Anything else —
another address, a session request, an address that does not resolve — goes down the whole
stack as before. The view still refuses a bad token (401), so nothing here trusts the header.
"""

from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import patch_vary_headers

API_PREFIX = "/api/"
API_URLCONF = "games.api_urls"


class TokenApiMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # META, not request.headers (the same header): that mapping is built from the whole
        # environment on first use, and nothing on this path reads another header.
        if not request.path_info.startswith(API_PREFIX) or not request.META.get(
                "HTTP_AUTHORIZATION", "").startswith("Token "):
            return self.get_response(request)
        try:
            # The API's own patterns, not the whole tree: tests/site/test_token_requests.py checks
            # that the site's URLs resolve each API address to the same view.
            match = resolve(request.path_info, urlconf=API_URLCONF)
        except Resolver404:
            return self.get_response(request)
        if not getattr(match.func, "token_api", False):
            return self.get_response(request)
        language = translation.get_language_from_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        request.resolver_match = match
        response = match.func(request, *match.args, **match.kwargs)
        # What LocaleMiddleware and CommonMiddleware would have added to a JSON answer.
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        if not response.streaming and not response.has_header("Content-Length"):
            response.headers["Content-Length"] = str(len(response.content))
        return response
