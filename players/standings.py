"""Queries behind the leaderboards, the solo high-score tables and the profile page."""

from django.contrib.auth import get_user_model
from django.db.models import Count, F, OuterRef, Prefetch, Q, Subquery
from django.utils.text import slugify

from games import engines
from games.models import Game, Seat
from games.text import render
from players.models import RatedGame, Rating, RatingChange, Reliability, SoloBest
from players.rating import PROVISIONAL_GAMES, initial, ordinal

PAGE_SIZE = 50
HISTORY_POINTS = 100
RECENT_GAMES = 10


def leaderboard(game_id):
    """Established ratings of one game, best first (provisional ones are left out)."""
    return (Rating.objects.filter(game_id=game_id, games__gte=PROVISIONAL_GAMES).order_by("-ordinal", "user_id")
            .values("user_id", "ordinal", "games"))


def with_names(rows):
    """The rows of one page with each player's username and display name: looked up for these
    rows only, so a page deep in the table walks the index instead of joining every player."""
    rows = list(rows)
    names = {row["pk"]: row for row in get_user_model().objects.filter(pk__in=[r["user_id"] for r in rows])
             .values("pk", "username", "is_active", display_name=F("profile__display_name"))}
    for row in rows:
        name = names[row["user_id"]]
        # A deleted account keeps its place (its games stay too) but has no profile to link to.
        row.update(username=name["username"], display_name=name["display_name"], has_profile=name["is_active"])
    return rows


def place_on_leaderboard(rating):
    """The place of an established rating on its leaderboard (ties: the older account first)."""
    better = Rating.objects.filter(game_id=rating.game_id, games__gte=PROVISIONAL_GAMES).filter(
        Q(ordinal__gt=rating.ordinal) | Q(ordinal=rating.ordinal, user_id__lt=rating.user_id))
    return better.count() + 1


def solo_opponents(game_id):
    """[(slug, opponent msgid)] of the solo tables of a game that has solo scores."""
    opponents = SoloBest.objects.filter(game_id=game_id).values_list("opponent", flat=True).distinct()
    return sorted((opponent_slug(opponent), opponent) for opponent in opponents)


def opponent_slug(opponent):
    return slugify(opponent) or "solo"


def opponent_title(game_id, opponent):
    return render({"msg": opponent}) if opponent else engines.title(game_id)


def solo_table(game_id, opponent):
    return (SoloBest.objects.filter(game_id=game_id, opponent=opponent).order_by("-score", "achieved", "user_id")
            .values("user_id", "score", "games", "best_game_id"))


def place_in_solo_table(best):
    better = SoloBest.objects.filter(game_id=best.game_id, opponent=best.opponent).filter(
        Q(score__gt=best.score) | Q(score=best.score, achieved__lt=best.achieved)
        | Q(score=best.score, achieved=best.achieved, user_id__lt=best.user_id))
    return better.count() + 1


def per_game(user):
    """[{game_id, title, played, won, solo, rating, games, provisional, chart values}] of a user."""
    finished = (Seat.objects.filter(user=user, game__status=Game.Status.FINISHED)
                .values("game__game_id")
                .annotate(played=Count("pk"),
                          solo=Count("pk", filter=Q(game__rated__kind=RatedGame.Kind.SOLO)),
                          first=Count("pk", filter=Q(rank=1, dropped=False))))
    counts = {row["game__game_id"]: row for row in finished}
    ratings = {row.game_id: row for row in Rating.objects.filter(user=user)}
    rows = []
    for game_id in sorted(set(counts) | set(ratings)):
        count, rated = counts.get(game_id, {}), ratings.get(game_id)
        rows.append({
            "game_id": game_id, "title": engines.title(game_id) if engines.known(game_id) else game_id,
            "played": count.get("played", 0) - count.get("solo", 0), "solo": count.get("solo", 0),
            "won": count.get("first", 0) - count.get("solo", 0),  # a finished solo game is always first
            "rating": rated, "provisional": rated is not None and rated.games < PROVISIONAL_GAMES,
            "place": place_on_leaderboard(rated) if rated is not None and rated.games >= PROVISIONAL_GAMES else None,
            "history": history(user, game_id) if rated is not None else [],
        })
    return rows


def history(user, game_id):
    """The shown rating before the first of the last HISTORY_POINTS games, then after each."""
    changes = list(RatingChange.objects.filter(user=user, game_id=game_id).order_by("-rated_game_id")
                   .values_list("mu_before", "sigma_before", "ordinal")[:HISTORY_POINTS])[::-1]
    if not changes:
        return []
    return [ordinal(changes[0][0], changes[0][1])] + [row[2] for row in changes]


def solo_bests(user):
    return list(SoloBest.objects.filter(user=user).order_by("game_id", "opponent"))


def recent_games(user, viewer):
    """The user's last finished games the viewer may see (public ones, or the viewer played in)."""
    seats = (Seat.objects.filter(user=user, game__status=Game.Status.FINISHED)
             .select_related("game").defer("game__state")  # a whole game state each, never shown here
             .prefetch_related(Prefetch("game__seats", queryset=Seat.objects.select_related("user__profile")))
             .order_by("-game__finished", "-game_id"))
    if not (viewer.is_authenticated and viewer.pk == user.pk):
        visible = Q(game__visibility="public")
        if viewer.is_authenticated:  # a subquery, not a join: no duplicates to remove
            visible |= Q(game_id__in=Seat.objects.filter(user=viewer).values("game_id"))
        seats = seats.filter(visible)
    return list(seats[:RECENT_GAMES])


def reliability_subquery():
    return Subquery(Reliability.objects.filter(user=OuterRef("host")).values("percent")[:1])


def rating_subquery():
    return Subquery(Rating.objects.filter(user=OuterRef("host"), game_id=OuterRef("game_id")).values("ordinal")[:1])


def new_player_rating():
    return ordinal(*initial())
