"""The JSON API (docs/api.md); the game page uses it too. Thin views over games.moves.

Authentication: the session (unsafe methods need the CSRF token) or
`Authorization: Token <key>` (accounts.ApiToken; no CSRF needed).
"""

from functools import wraps

from django.http import Http404, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.models import ApiToken
from engine.core.text import text
from games import engines, moves, presenters
from games.access import watchable_game
from games.numbers import BadParameter, json_number, query_number
from games.text import render
from praga_site import fast_json

MAX_BODY = 32_000


def error(status, reason, **extra):
    return JsonResponse({"error": render(reason), "reason": reason, **extra}, status=status)


def _csrf_failure(request):
    check = CsrfViewMiddleware(lambda req: None)
    check.process_request(request)
    return check.process_view(request, None, (), {})


def api_view(methods):
    """Authenticate by token or session (CSRF-checked), allow `methods`, answer JSON errors."""

    def decorator(view):
        @csrf_exempt
        @require_http_methods(methods)
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            # META, not request.headers: a token request reads no other header, and the headers'
            # mapping is built from the whole environment on first use.
            header = request.META.get("HTTP_AUTHORIZATION", "")
            if header.startswith("Token "):
                user = ApiToken.user_for(header[6:].strip())
                if user is None:
                    return error(401, text("Invalid token."))
                request.user = user
            elif request.method not in ("GET", "HEAD") and _csrf_failure(request) is not None:
                return error(403, text("CSRF check failed; reload the page."))
            try:
                return view(request, *args, **kwargs)
            except Http404:
                return error(404, text("There is no such game."))
            except BadParameter as bad:
                return error(400, bad.reason)

        # It checks tokens itself, so a token request may skip the browser's middleware
        # (praga_site/token_requests.py).
        wrapper.token_api = True
        return wrapper

    return decorator


@api_view(["GET"])
def game_state(request, pk):
    game, seat = watchable_game(request.user, pk)
    return JsonResponse(presenters.state_payload(game, seat))


@api_view(["GET"])
def game_version(request, pk):
    game, _seat = watchable_game(request.user, pk)
    return JsonResponse({"version": game.version, "status": game.status, "chat": game.chat.count()})


@api_view(["GET"])
def game_log(request, pk):
    game, _seat = watchable_game(request.user, pk)
    after = query_number(request, "after", default=0)
    entries = [
        {**entry, "at": entry["at"].isoformat()} for entry in presenters.log(game, after=after)
    ]
    return JsonResponse({"version": game.version, "entries": entries})


@api_view(["GET", "POST"])
def game_moves(request, pk):
    if request.method == "GET":
        game, seat = watchable_game(request.user, pk)
        legal = [{"move": m["move"], "label": m["label"]} for m in presenters.legal_moves(game, seat)]
        # Moves with open card choices besides the legal ones (Catan: offers), as templates.
        forms = engines.move_forms(game.game_id, game.state, seat.position) if seat and not game.is_finished else []
        return JsonResponse({"version": game.version, "seat": seat and seat.position, "moves": legal, "forms": forms})
    # A submit reads the game once, locked, with everything the answer needs (moves.locked_game);
    # who may move (and whether an outsider may know the game: 404) is checked there.
    body = parse_body(request)
    if body is None:
        return error(400, text("Send a JSON object with a move and the version you saw."))
    try:
        result = moves.submit_move(
            pk, request.user, body.get("move"), json_number(body, "version"),
            request_id=body.get("request_id"), seat=json_number(body, "seat"),
        )
    except moves.MoveRefused as refused:
        extra = {}
        if refused.status == 409 and refused.game is not None:
            extra["state"] = presenters.state_payload(refused.game, refused.game.seat_of(request.user))
        return error(refused.status, refused.reason, **extra)
    game = result.game
    answer = {
        "ok": True,
        "seq": result.move.seq,
        "duplicate": result.duplicate,
        "version": game.version,
        "status": game.status,
        # The seats' cached turns, set by the move itself: no engine call needed.
        "to_act": [] if game.is_finished else [seat.position for seat in game.seat_list() if seat.to_act],
    }
    # The whole game (the engine's view, the players) only when asked: a tenth of a submit's CPU,
    # and the page's own script reloads its live part anyway (docs/api.md).
    if query_flag(request, "state"):
        answer["state"] = presenters.state_payload(game, game.seat_of(request.user))
    return JsonResponse(answer)


def query_flag(request, name):
    """`?name=1` (or true/yes) in the query string; anything else is off."""
    if not request.META.get("QUERY_STRING"):  # most requests: no need to parse an empty query
        return False
    return request.GET.get(name, "").lower() in ("1", "true", "yes")


def parse_body(request):
    if len(request.body) > MAX_BODY:
        return None
    body = parse_json(request.body or b"null")
    if not isinstance(body, dict) or set(body) - {"move", "version", "request_id", "seat"}:
        return None
    return body


def parse_json(raw):
    """The decoded JSON, or None when it is not JSON: bad bytes, numbers over 4,300 digits
    (ValueError) or nesting deeper than Python's stack (RecursionError; 2 KB of brackets).
    praga_site.fast_json: what the standard library would decode, faster."""
    try:
        return fast_json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
