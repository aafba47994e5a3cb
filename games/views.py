"""Pages: my games, open invitations, the game page with its live parts, the chat. Thin views."""

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from engine.core.text import text
from games import banner, boards, engines, form_fields, invitations, live, lobby, moves, notes, presenters, records
from games import replays, sandbox
from games import next_game as next_game_module
from games.access import watchable_game
from games.api import MAX_BODY, parse_json
from games.forms import ChatForm, InvitationForm
from games.models import DAYS_PER_MOVE, ChatMessage, Invitation, new_request_id
from games.numbers import choice, form_number, query_number
from games.text import render as render_text


def home(request):
    if not request.user.is_authenticated:
        return render(request, "home.html", {"invitations": lobby.open_invitations()[:10]})
    context = lobby.my_games(request.user)
    context["running"] = lobby.running_count(request.user)
    context["running_limit"] = settings.MAX_RUNNING_GAMES
    return render(request, "games/my_games.html", context)


@login_required
@require_GET
def next_game(request):
    """To the game that has waited longest for this player (other than the one they come from)."""
    current = query_number(request, "from", minimum=1)
    pk = next_game_module.next_after(request, current)
    if pk is None:
        messages.info(request, _("No other game is waiting for you."))
        return redirect("home")
    return redirect("game", pk=pk)


MAX_PLAYERS = 99  # a bound for the lobby filter, above any game's seats
MAX_RATING_FILTER = 1000  # a bound for the lobby's "inviter's rating at least", far above any rating


def open_invitations(request):
    games = _games()
    game_id = choice(request.GET.get("game"), "game", [game for game, _title in games])
    players = query_number(request, "players", minimum=1, maximum=MAX_PLAYERS)
    days = query_number(request, "days", minimum=1, maximum=max(DAYS_PER_MOVE))
    rating = query_number(request, "rating", maximum=MAX_RATING_FILTER)
    reliability = query_number(request, "reliability", maximum=100)
    invitations_ = lobby.open_invitations(game_id=game_id, players=players, days=days, host_rating=rating,
                                          host_reliability=reliability)
    return render(request, "games/lobby.html", {
        "invitations": invitations_[:100], "games": games, "days_choices": DAYS_PER_MOVE,
        "filters": {"game": game_id or "", "players": str(players or ""), "days": str(days or ""),
                    "rating": "" if rating is None else str(rating),
                    "reliability": "" if reliability is None else str(reliability)},
    })


def _games():
    return [(game_id, engines.title(game_id)) for game_id in engines.game_ids()]


@login_required
def new_invitation(request, game_id=None):
    games = _games()
    if game_id is None:
        if len(games) == 1:
            return redirect("new_invitation_for", game_id=games[0][0])
        return render(request, "games/new_choose.html", {"games": games})
    if game_id not in dict(games):
        raise Http404
    form = InvitationForm(game_id, request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            invitation = invitations.create_invitation(
                request.user, game_id, data["players"], data["options"], data["invited"],
                days_per_move=data["days_per_move"], visibility=data["visibility"],
                fixed_order=data["fixed_order"], note=data["note"], timeout_policy=data["timeout_policy"],
                min_rating=data["min_rating"], min_reliability=data["min_reliability"], bots=data["bots"],
            )
        except invitations.Refused as refused:
            form.add_error(None, render_text(refused.reason))
        else:
            if hasattr(invitation, "game"):
                return redirect("game", pk=invitation.game.pk)
            messages.success(request, _("Your invitation is open."))
            return redirect("invitation", pk=invitation.pk)
    return render(request, "games/new.html", {"form": form, "game_id": game_id, "title": engines.title(game_id)})


def visible_invitation(request, pk, queryset=Invitation.objects):
    """The invitation if this visitor may see it (a private one: see invitations.can_see); 404
    otherwise, as for an unknown id. The link's key comes as ?key= or as the form's `key`."""
    invitation = get_object_or_404(queryset, pk=pk)
    key = request.POST.get("key") or request.GET.get("key")
    if not invitations.can_see(invitation, request.user, key):
        raise Http404
    has_link = invitation.visibility == "private" and invitations.can_see(invitation, None, key)
    return invitation, key if has_link else None


def invitation_page(request, pk):
    invitation, key = visible_invitation(request, pk, Invitation.objects.select_related("host__profile"))
    if invitation.status == Invitation.Status.STARTED and hasattr(invitation, "game"):
        return redirect("game", pk=invitation.game.pk)
    user = request.user if request.user.is_authenticated else None
    slots = invitation.slot_list()
    joined = user is not None and any(slot.user_id == user.pk for slot in slots)
    is_host = user is not None and invitation.host_id == user.pk
    private_link = None
    if is_host and invitation.visibility == "private":
        private_link = request.build_absolute_uri(
            reverse("invitation", kwargs={"pk": invitation.pk}) + "?key=" + invitation.link_token)
    return render(request, "games/invitation.html", {
        "invitation": invitation, "slots": slots, "title": engines.title(invitation.game_id),
        "key": key, "private_link": private_link,
        "options": describe_options(invitation),
        "joined": joined, "is_host": is_host,
        "invited": user is not None and any(s.invited_id == user.pk and s.user_id is None for s in slots),
        "can_join": invitation.status == Invitation.Status.OPEN and not joined and any(
            not s.taken and (s.invited_id is None or (user and s.invited_id == user.pk)) for s in slots),
    })


def describe_options(invitation):
    spec = engines.options_spec(invitation.game_id)
    rows = []
    for option in spec["fields"]:
        if option["name"] in invitation.options:
            value = invitation.options[option["name"]]
            label = next((render_text(text) for v, text in option["choices"] if v == value), str(value))
            rows.append((render_text(option["label"]), label))
    return rows


ACTIONS = {
    "join": invitations.join,
    "leave": invitations.leave,
    "decline": invitations.decline,
    "cancel": invitations.cancel,
}


@login_required
@require_POST
def invitation_action(request, pk, action):
    invitation, key = visible_invitation(request, pk)
    if action not in ACTIONS:
        raise Http404
    back = reverse("invitation", kwargs={"pk": pk}) + (f"?key={key}" if key else "")
    try:
        if action == "join":
            game = invitations.join(invitation, request.user, key)
        else:
            game = ACTIONS[action](invitation, request.user)
    except invitations.Refused as refused:
        messages.error(request, render_text(refused.reason))
        return redirect(back)
    if game is not None:
        messages.success(request, _("All seats are taken: the game has started."))
        return redirect("game", pk=game.pk)
    if action in ("decline", "cancel"):
        return redirect("home")
    return redirect(back)


# The game page -------------------------------------------------------------------------


def live_context(request, game, seat, error=None):
    names = presenters.player_names(game)
    position = None if seat is None else seat.position
    playing = seat is not None and not seat.dropped and not game.is_finished  # a bot plays a dropped seat
    legal = engines.legal_moves(game.game_id, game.state, position) if playing else []
    view = engines.view(game.game_id, game.state, position)
    board = boards.context(game, seat, view, legal)
    drawing = board["board_features"]
    # The board's click flow draws some legal moves (or all), and a panel beside the board (Catan's
    # market) offers some move types; the move card keeps the rest. Card choices described by
    # their constraints get a form each; the other moves a button.
    drawn = {id(m) for m in drawing["drawn"]}  # the legal moves themselves (games.boards.features)
    handled = board.get("panel_moves") or frozenset()
    rest = [m for m in legal if id(m) not in drawn and m.get("type") not in handled]
    choices = [m for m in rest if presenters.has_choice(m)]
    forms = [m for m in engines.move_forms(game.game_id, game.state, position)
             if m.get("type") not in handled] if playing else []
    choices += [m for m in forms if presenters.has_choice(m)]
    labelled = presenters.labelled_moves(
        game, [m for m in rest + forms if not presenters.has_choice(m)], names, position)
    return {
        **board,
        "game": game,
        "seat": seat,
        "title": engines.title(game.game_id),
        "players": presenters.players(game),
        "view": view,
        "board_template": board_template(game.game_id),
        "moves": grouped([m for m in labelled if not m["undo"]]),
        "undo": next((m for m in labelled if m["undo"]), None),
        "choices": presenters.choice_forms(game, choices),
        "prompt": render_text(engines.prompt(game.game_id, game.state, position), names) if playing else "",
        # the move card: unless the board's flow draws every move there is
        "move_card": not (drawing["flow"] and not labelled and not choices),
        "log": [] if drawing["own_log"] else presenters.log(game, names, last=presenters.LOG_LAST)[::-1],
        "log_cut": not drawing["own_log"] and game.version > presenters.LOG_LAST,
        "request_id": new_request_id(),
        "error": error,
        "chat_count": game.chat.count(),
        "poll_token": live.poll_token(game.pk, request.user.pk),
        "next_game": next_game_module.next_after(request, game.pk) if seat is not None else None,
        "announce": presenters.announcement(game, seat, names),
        "banner": banner.context(game, seat, names),
        "page_title": presenters.page_title(game, seat, settings.SITE_NAME),
    }


def grouped(legal):
    """Moves of one kind next to each other (for {% regroup %}), kinds in the engine's order."""
    first = {}
    for index, move in enumerate(legal):
        first.setdefault(move["kind"], index)
    return sorted(legal, key=lambda move: first[move["kind"]])


def board_template(game_id):
    return select_template([f"games/boards/{game_id}.html", "games/boards/generic.html"])


def game_page(request, pk):
    game, seat = watchable_game(request.user, pk)
    context = live_context(request, game, seat)
    context["chat"] = chat_context(request, game, seat)
    context["notes"] = notes.context(game, seat)
    context["sandbox"] = sandbox.supported(game)
    return render(request, "games/game.html", context)


@require_GET
def game_live(request, pk):
    game, seat = watchable_game(request.user, pk)
    return render(request, "games/_live.html", live_context(request, game, seat))


@require_GET
def game_poll(request, pk):
    """204 while nothing changed; otherwise a fresh poller and an htmx event per change."""
    game, _seat = watchable_game(request.user, pk)
    chat_count = game.chat.count()
    live.report(game.pk, "version", game.version)  # what the cache lacked or had out of order
    live.report(game.pk, "chat", chat_count)
    events = []
    if request.GET.get("v") != str(game.version):
        events.append("game-changed")
    if request.GET.get("c") != str(chat_count):
        events.append("chat-changed")
    if not events:
        return HttpResponse(status=204)
    response = render(request, "games/_poller.html", {"game": game, "chat_count": chat_count,
                                                      "poll_token": live.poll_token(game.pk, request.user.pk)})
    response["HX-Trigger"] = json.dumps({event: True for event in events})
    return response


@require_GET
def game_log(request, pk):
    """The whole log (the game page shows the newest entries): a partial for htmx, else a page."""
    game, _seat = watchable_game(request.user, pk)
    context = {"game": game, "title": engines.title(game.game_id), "log": presenters.log(game)[::-1]}
    return render(request, "games/_log.html" if request.htmx else "games/log.html", context)


@login_required
@require_POST
def game_move(request, pk):
    """The page's move buttons post here (htmx, or a plain form without JavaScript)."""
    watchable_game(request.user, pk)  # a private game is a 404 to outsiders, like an unknown id
    raw = request.POST.get("move", "")
    move = parse_json(raw) if len(raw) <= MAX_BODY else None
    version = form_number(request, "version")
    error, status = None, 200
    try:
        move = presenters.fill_choices(move, request.POST)  # a form's open fields: counts, seats, moments
        moves.submit_move(pk, request.user, move, version, request_id=request.POST.get("request_id") or None)
    except form_fields.FieldRefused as refused:  # nothing was written
        error, status = render_text(refused.reason), 400
    except moves.MoveRefused as refused:
        if refused.status == 404:
            raise Http404 from None
        error, status = render_text(refused.reason), refused.status
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("game", pk=pk)
    game, seat = watchable_game(request.user, pk)
    # A refusal keeps its 4xx status; the page swaps it in all the same (static/js/site.js).
    return render(request, "games/_live.html", live_context(request, game, seat, error=error), status=status)


def chat_context(request, game, seat):
    return {
        "messages": list(game.chat.select_related("user__profile").order_by("-created", "-pk")[:50])[::-1],
        "form": ChatForm() if seat is not None else None,
        "game": game,
    }


def game_chat(request, pk):
    game, seat = watchable_game(request.user, pk)
    if request.method == "POST":
        if seat is None:
            raise Http404
        form = ChatForm(request.POST)
        if form.is_valid():
            ChatMessage.objects.create(game=game, user=request.user, body=form.cleaned_data["body"])
        if not request.htmx:
            return redirect(reverse("game", kwargs={"pk": pk}) + "#chat")
    return render(request, "games/_chat_region.html", {"chat": chat_context(request, game, seat)})


@login_required
def game_notes(request, pk):
    """The player's private notes: GET the box, POST the text (htmx, as it is typed)."""
    game, seat = watchable_game(request.user, pk)
    if seat is None:
        raise Http404  # only a seated player has notes; nobody learns whether others wrote any
    if request.method == "POST":
        try:
            notes.save(game, request.user, request.POST.get("body", ""))
        except notes.TooLong:
            message = _("Notes can be at most %(count)d characters long.") % {"count": notes.MAX_LENGTH}
            if request.htmx:
                return HttpResponse(message, status=400)
            messages.error(request, message)
            return redirect(reverse("game", kwargs={"pk": pk}) + "#notes")
        if not request.htmx:
            messages.success(request, _("Your notes are saved."))
            back = "replay" if request.POST.get("back") == "replay" else "game"
            return redirect(reverse(back, kwargs={"pk": pk}) + "#notes")
        return HttpResponse(_("Saved."))
    return render(request, "games/_notes.html", {"game": game, "notes": notes.context(game, seat)})


@require_GET
def game_record(request, pk):
    """The game's record as a JSON download (docs/record.md): complete once the game is over,
    the reader's own view while it runs; the reader's notes only in their own record."""
    game, _seat = watchable_game(request.user, pk)
    response = HttpResponse(json.dumps(records.export(game, request.user), indent=1, ensure_ascii=False),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{game.game_id}-{game.pk}.json"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
def import_game(request):
    """Upload a finished game's record: it is replayed and, if it holds, shown as a replay."""
    error, status = None, 200
    if request.method == "POST":
        upload = request.FILES.get("record")
        try:
            if upload is None:
                raise records.RecordRefused(text("Choose a record file to upload."))
            if upload.size > records.MAX_BYTES:
                raise records.RecordRefused(text("The file is too large (at most {size} MB).",
                                                 size=records.MAX_BYTES // 1_000_000))
            game = records.import_record(records.parse(upload.read()), importer=request.user)
        except records.RecordRefused as refused:
            error, status = records.refusal_message(refused), 400
        else:
            messages.success(request, _("The game was imported: here is its replay."))
            return redirect("replay_step", pk=game.pk, step=game.version)
    return render(request, "games/import.html", {"error": error, "imported": records.imported_by(request.user)},
                  status=status)


def sandbox_seat(request, pk):
    """(game, seat) if the reader may have a sandbox of this game: a seated player of a running game."""
    game, seat = watchable_game(request.user, pk)
    if seat is None or game.is_finished or not sandbox.supported(game):
        raise Http404
    return game, seat


def sandbox_url(pk, version, seed, moves):
    from urllib.parse import urlencode

    query = urlencode({"v": version, "seed": seed, "moves": json.dumps(moves, separators=(",", ":"))})
    return reverse("game_sandbox", kwargs={"pk": pk}) + "?" + query


@login_required
@require_GET
def game_sandbox(request, pk):
    """The private sandbox (games/sandbox.py): every control is a button of one GET form that
    carries the sandbox; nothing is stored."""
    game, seat = sandbox_seat(request, pk)
    if "v" not in request.GET or "new" in request.GET:
        return redirect(sandbox_url(pk, game.version, sandbox.new_seed(), []))
    try:
        version, seed, played = sandbox.parse(game, request.GET)
        if "add" in request.GET or "upto" in request.GET:
            if "add" in request.GET:
                added = parse_json(request.GET["add"])
                played = played + [added]
                sandbox.parse(game, {"v": version, "seed": seed, "moves": json.dumps(played)})
            else:
                played = played[:query_number(request, "upto", maximum=len(played), default=0)]
            return redirect(sandbox_url(pk, version, seed, played))
        box = sandbox.build(game, seat.position, version, seed, played)
    except sandbox.SandboxRefused as refused:
        return render(request, "games/sandbox.html", {"game": game, "title": engines.title(game.game_id),
                                                      "error": render_text(refused.reason)}, status=400)
    names = presenters.player_names(game)
    view = engines.view(game.game_id, box.state, seat.position)
    return render(request, "games/sandbox.html", {
        **boards.context(game, seat, view, [], step=version),
        "game": game, "seat": seat, "title": engines.title(game.game_id), "view": view,
        "board_template": board_template(game.game_id), "box": box, "encoded": box.encoded(),
        "choices": sandbox.choices(game, box, names),
        "log": [{"number": number, "text": render_text(line, names),
                 "guess": box.guessed_from is not None and number >= box.guessed_from}
                for number, line in enumerate(box.lines, start=1)],
        "own_leading": len(sandbox.leading_own_moves(box, seat.position)),
        "stale": version != game.version,
    })


@login_required
@require_POST
def game_sandbox_play(request, pk):
    """Play the sandbox's leading own moves in the real game, through the normal pipeline."""
    game, seat = sandbox_seat(request, pk)
    try:
        version, seed, played = sandbox.parse(game, request.POST)
        box = sandbox.build(game, seat.position, version, seed, played)
    except sandbox.SandboxRefused as refused:
        messages.error(request, render_text(refused.reason))
        return redirect("game", pk=pk)
    count, refusal = sandbox.play_for_real(game, request.user, seat.position, box)
    if count:
        messages.success(request, ngettext("%(count)d move was played.", "%(count)d moves were played.", count)
                         % {"count": count})
    if refusal is not None:
        messages.error(request, render_text(refusal))
    elif not count:
        messages.error(request, _("The sandbox starts with no move of yours."))
    return redirect("game", pk=pk)


REPLAY_LOG_LINES = 40


def replay(request, pk, step=None):
    game, seat = watchable_game(request.user, pk)
    asked = query_number(request, "step")
    if asked is not None:
        return redirect("replay_step", pk=pk, step=min(asked, game.version))
    last = game.version
    if step is None:
        step = 0  # a replay tells the game from its start; "Last" jumps to the final position
    if step > last:
        return redirect("replay_step", pk=pk, step=last)
    position = None if seat is None else seat.position
    names = presenters.player_names(game)
    view = replays.view_at(game, step, position)
    return render(request, "games/replay.html", {
        **boards.context(game, seat, view, [], step=step),  # the seat's own view: its replay shows what it saw
        "game": game,
        "seat": seat,
        "title": engines.title(game.game_id),
        "step": step,
        "last": last,
        "steps": range(0, last + 1),
        "view": view,
        "board_template": board_template(game.game_id),
        # The lines up to this step, at most REPLAY_LOG_LINES of them: a step late in a long game
        # costs what an early one does; the whole log is one link away.
        "log": presenters.log(game, names, after=max(0, step - REPLAY_LOG_LINES), until=step),
        "log_cut": step > REPLAY_LOG_LINES,
        "players": presenters.players(game),
        "final": game.is_finished and step == last,
        "notes": notes.context(game, seat),
    })
