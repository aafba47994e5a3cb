"""Leaderboards, solo high-score tables, public profiles; resigning and rematches. Thin views."""

import datetime

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import engines, invitations
from games.access import watchable_game
from games.numbers import query_number
from games.text import render as render_text
from players import chart, reliability, standings
from players.models import Rating, SoloBest
from players.rating import PROVISIONAL_GAMES
from players.rematch import rematch
from players.resign import Refused, resign

STALE_RELIABILITY = datetime.timedelta(hours=6)


def _game_or_404(game_id):
    if not engines.known(game_id):
        raise Http404
    return engines.title(game_id)


def ratings_index(request):
    games = [(game_id, engines.title(game_id), standings.solo_opponents(game_id))
             for game_id in engines.game_ids()]
    if len(games) == 1 and not games[0][2]:
        return redirect("leaderboard", game_id=games[0][0])
    return render(request, "players/index.html", {"games": [
        {"id": game_id, "title": title,
         "solo": [(slug, standings.opponent_title(game_id, opponent)) for slug, opponent in solo]}
        for game_id, title, solo in games]})


def _page(request, queryset):
    number = query_number(request, "page", minimum=1)
    paginator = Paginator(queryset, standings.PAGE_SIZE)
    return paginator.page(min(number or 1, paginator.num_pages))


def leaderboard(request, game_id):
    title = _game_or_404(game_id)
    page = _page(request, standings.leaderboard(game_id))
    mine = place = None
    if request.user.is_authenticated:
        mine = Rating.objects.filter(user=request.user, game_id=game_id).first()
        if mine is not None and mine.games >= PROVISIONAL_GAMES:
            place = standings.place_on_leaderboard(mine)
    return render(request, "players/leaderboard.html", {
        "game_id": game_id, "title": title, "page": page, "rows": standings.with_names(page.object_list),
        "first_place": page.start_index(), "mine": mine, "my_place": place, "my_page": (place - 1) // standings.PAGE_SIZE + 1 if place else None,
        "provisional_games": PROVISIONAL_GAMES,
        "solo": [(slug, standings.opponent_title(game_id, opponent))
                 for slug, opponent in standings.solo_opponents(game_id)],
    })


def solo_table(request, game_id, slug):
    title = _game_or_404(game_id)
    opponent = next((o for s, o in standings.solo_opponents(game_id) if s == slug), None)
    if opponent is None:
        raise Http404
    page = _page(request, standings.solo_table(game_id, opponent))
    mine = place = None
    if request.user.is_authenticated:
        mine = SoloBest.objects.filter(user=request.user, game_id=game_id, opponent=opponent).first()
        place = standings.place_in_solo_table(mine) if mine is not None else None
    return render(request, "players/solo_table.html", {
        "game_id": game_id, "title": title, "opponent": standings.opponent_title(game_id, opponent),
        "page": page, "rows": standings.with_names(page.object_list), "first_place": page.start_index(),
        "mine": mine, "my_place": place,
        "my_page": (place - 1) // standings.PAGE_SIZE + 1 if place else None,
    })


def profile(request, username):
    user = get_object_or_404(get_user_model().objects.select_related("profile"), username=username, is_active=True)
    games = standings.per_game(user)
    for row in games:
        row["chart"] = chart.history_chart(row["history"])
    stats = reliability.of(user)
    if stats.updated < timezone.now() - STALE_RELIABILITY:
        reliability.refresh(user.pk)
        stats = reliability.of(user)
    own = request.user.is_authenticated and request.user.pk == user.pk
    return render(request, "players/profile.html", {
        "player": user, "games": games, "solo_bests": [
            (best, engines.title(best.game_id), standings.opponent_title(best.game_id, best.opponent),
             standings.opponent_slug(best.opponent)) for best in standings.solo_bests(user)],
        "recent": standings.recent_games(user, request.user), "reliability": stats, "own": own,
        "vacation_days": user.profile.vacation_left.days if own and hasattr(user, "profile") else None,
    })


@login_required
@require_POST
def resign_game(request, pk):
    watchable_game(request.user, pk)  # a private game is a 404 to outsiders
    try:
        outcome = resign(pk, request.user)
    except Refused as refused:
        if refused.status == 404:
            raise Http404 from None
        messages.error(request, render_text(refused.reason))
    else:
        messages.success(request, _("You resigned; a bot plays your seat to the end.") if outcome == "bot"
                         else _("You resigned; the game is cancelled."))
    return redirect("game", pk=pk)


@login_required
@require_POST
def rematch_game(request, pk):
    game, _seat = watchable_game(request.user, pk)
    try:
        invitation = rematch(game, request.user)
    except invitations.Refused as refused:
        messages.error(request, render_text(refused.reason))
        return redirect("game", pk=pk)
    if hasattr(invitation, "game"):
        return redirect("game", pk=invitation.game.pk)
    messages.success(request, _("Your rematch invitation is open; the other players are invited."))
    return redirect("invitation", pk=invitation.pk)
