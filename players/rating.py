"""Multiplayer ratings with openskill's Plackett-Luce model, one per user and game.

A finished game is processed exactly once (`process`): the game row is locked, a `RatedGame`
row (unique per game) marks it done, and every rating it changes is locked first, so a
replayed finish, a retried task or two workers at once rate it once. The rated players'
rows are locked before the `RatedGame` row is inserted, so for every player the order of
the `RatedGame` ids is the order their ratings were updated in: `recompute` replays the
games in that order and gets the same numbers.

What counts: a finished game with at least two seats, every one a person's (a bot plays
the seat of someone who timed out or resigned and is not rated; a game against a bot the host
seated is practice: not rated, and no solo high score). Places come
from the engine's ranking (ties stay ties); a seat dropped for a timeout or resigned ranks
last. Cancelled games are not rated. Solo games feed the solo high-score tables.
"""

import functools

from django.db import connection, transaction
from django.utils import timezone

from games import engines
from games.models import Game
from games.moves import ranking
from players.models import RatedGame, Rating, RatingChange, SoloBest


@functools.cache
def model():
    """openskill's model, loaded with the first rating computed: a web worker that serves pages
    without rating anything does not carry openskill (~1.3 MB, issue 10)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


PROVISIONAL_GAMES = 5  # fewer rated games: marked provisional, kept off the leaderboards
MISSED_BATCH = 20


def initial():
    rating = model().rating()
    return rating.mu, rating.sigma


def ordinal(mu, sigma):
    return model().rating(mu=mu, sigma=sigma).ordinal()


def is_provisional(games):
    return games < PROVISIONAL_GAMES


def places(game, seats):
    """{position: place from 1} of a finished game's seats as rated, or None if it is not rated.

    The engine's order among the seats still played by their people (ties kept), then every
    dropped or resigned seat, tied last."""
    if game.status != Game.Status.FINISHED or len(seats) < 2:
        return None
    engine_ranks, _scores = ranking(game.outcome)
    kept = [seat for seat in seats if not seat.dropped]
    if any(seat.position not in engine_ranks for seat in kept):
        return None  # an outcome without a full ranking cannot be rated
    distinct = sorted({engine_ranks[seat.position] for seat in kept})
    result = {seat.position: distinct.index(engine_ranks[seat.position]) + 1 for seat in kept}
    last = len(distinct) + 1
    result.update({seat.position: last for seat in seats if seat.dropped})
    return result


def updated_ratings(before, placed):
    """{user: (mu, sigma)} after a game. `before`: {user: (mu, sigma)}; `placed`: [(user, place)]."""
    teams = [[model().rating(mu=before[user][0], sigma=before[user][1])] for user, _place in placed]
    rated = model().rate(teams, ranks=[place for _user, place in placed])
    return {user: (team[0].mu, team[0].sigma) for (user, _place), team in zip(placed, rated)}


def solo_opponent_key(game):
    opponent = engines.solo_opponent(game.game_id, game.options)
    return opponent["msg"] if isinstance(opponent, dict) else (opponent or "")


def kind_of(game, seats):
    if game.imported:  # a replayed record: its seats are placeholders, its result no one's rating
        return RatedGame.Kind.SKIPPED
    if any(seat.bot for seat in seats):  # against a bot the host seated: a practice game (games/seat_bots.py)
        return RatedGame.Kind.SKIPPED
    if places(game, seats) is not None:
        return RatedGame.Kind.RATED
    if (game.status == Game.Status.FINISHED and len(seats) == 1 and not seats[0].dropped
            and seats[0].score is not None):
        return RatedGame.Kind.SOLO
    return RatedGame.Kind.SKIPPED


# Incremental: once per finished game ------------------------------------------------------------

def process(game_pk):
    """Rate a finished game (or record its solo score) unless done before; the RatedGame or None."""
    with transaction.atomic():
        game = Game.objects.select_for_update(of=("self",)).filter(pk=game_pk).first()
        if game is None or game.status != Game.Status.FINISHED or RatedGame.objects.filter(game=game).exists():
            return None
        seats = list(game.seats.order_by("position"))
        kind = kind_of(game, seats)
        if kind == RatedGame.Kind.RATED:
            return _rate(game, seats)
        if kind == RatedGame.Kind.SOLO:
            _lock_solo_best(game, seats[0])
        rated_game = RatedGame.objects.create(game=game, kind=kind)
        if kind == RatedGame.Kind.SOLO:
            record_solo(game, seats[0])
        return rated_game


def _rate(game, seats):
    users = sorted(seat.user_id for seat in seats)
    mu, sigma = initial()
    Rating.objects.bulk_create([Rating(user_id=user, game_id=game.game_id, mu=mu, sigma=sigma,
                                       ordinal=ordinal(mu, sigma)) for user in users], ignore_conflicts=True)
    # Locked in user order, so two games with the same players cannot deadlock.
    rows = {row.user_id: row for row in Rating.objects.select_for_update().filter(
        game_id=game.game_id, user_id__in=users).order_by("user_id")}
    rated_game = RatedGame.objects.create(game=game, kind=RatedGame.Kind.RATED)
    state = {user: (row.mu, row.sigma, row.games) for user, row in rows.items()}
    changes = apply_game(game, seats, rated_game, state)
    RatingChange.objects.bulk_create(changes)
    now = timezone.now()
    for user, row in rows.items():
        row.mu, row.sigma, row.games = state[user]
        row.ordinal, row.updated = ordinal(row.mu, row.sigma), now
        row.save(update_fields=["mu", "sigma", "ordinal", "games", "updated"])
    return rated_game


def apply_game(game, seats, rated_game, state):
    """Update `state` ({user: (mu, sigma, games)}, missing users start fresh) by one rated game;
    the RatingChange rows (unsaved). Shared by the incremental update and `recompute`."""
    placed_by_position = places(game, seats)
    placed = [(seat.user_id, placed_by_position[seat.position]) for seat in seats]
    fresh = initial()
    before = {user: state.get(user, (*fresh, 0))[:2] for user, _place in placed}
    after = updated_ratings(before, placed)
    changes = []
    for seat in seats:
        user = seat.user_id
        mu, sigma = after[user]
        games = state.get(user, (*fresh, 0))[2] + 1
        state[user] = (mu, sigma, games)
        changes.append(RatingChange(
            rated_game=rated_game, user_id=user, game_id=game.game_id, position=seat.position,
            place=placed_by_position[seat.position], mu_before=before[user][0], sigma_before=before[user][1],
            mu=mu, sigma=sigma, ordinal=ordinal(mu, sigma), created=game.finished or timezone.now()))
    return changes


def _lock_solo_best(game, seat):
    SoloBest.objects.select_for_update().filter(user_id=seat.user_id, game_id=game.game_id,
                                                opponent=solo_opponent_key(game)).first()


def record_solo(game, seat):
    """Count a finished solo game and keep the player's best score against its opponent."""
    key = (seat.user_id, game.game_id, solo_opponent_key(game))
    best = {key: SoloBest.objects.filter(user_id=key[0], game_id=key[1], opponent=key[2]).first()}
    remember_solo(game, seat, best).save()


def remember_solo(game, seat, best):
    """The SoloBest row of `best` ({(user, game_id, opponent): row}) after this game (unsaved)."""
    key = (seat.user_id, game.game_id, solo_opponent_key(game))
    row = best.get(key)
    when = game.finished or timezone.now()
    if row is None:
        row = best[key] = SoloBest(user_id=key[0], game_id=key[1], opponent=key[2], score=seat.score,
                                   best_game=game, games=0, achieved=when)
    if seat.score > row.score:  # an equal score keeps the earlier game
        row.score, row.best_game, row.achieved = seat.score, game, when
    row.games += 1
    return row


def process_missed(limit=MISSED_BATCH):
    """Finished games nobody processed (a crash between a finish and its hook): oldest first."""
    missed = (Game.objects.filter(status=Game.Status.FINISHED, rated__isnull=True)
              .order_by("finished", "pk").values_list("pk", flat=True)[:limit])
    return [game_pk for game_pk in missed if process(game_pk) is not None]


# Rebuilding everything ----------------------------------------------------------------------------

def recompute():
    """Rebuild every rating, its history and the solo tables from the finished games: first
    the games processed before, in the order they were processed, then any never processed
    (in the order they finished). Returns the number of rated games."""
    with transaction.atomic():
        if connection.vendor == "postgresql":  # a game finishing meanwhile waits for the rebuild
            with connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {RatedGame._meta.db_table} IN SHARE ROW EXCLUSIVE MODE")
        never = (Game.objects.filter(status=Game.Status.FINISHED, rated__isnull=True)
                 .order_by("finished", "pk").values_list("pk", flat=True))
        RatedGame.objects.bulk_create([RatedGame(game_id=pk, kind=RatedGame.Kind.SKIPPED) for pk in never],
                                      batch_size=1000)
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        SoloBest.objects.all().delete()
        states, changes, best, kinds = {}, [], {}, {}
        processed = RatedGame.objects.select_related("game").prefetch_related("game__seats").order_by("id")
        for rated_game in processed.iterator(chunk_size=1000):
            game = rated_game.game
            seats = sorted(game.seats.all(), key=lambda seat: seat.position)
            kind = kind_of(game, seats)
            if kind != rated_game.kind:  # new, or the rules of what counts changed since
                kinds.setdefault(kind, []).append(rated_game.pk)
            if kind == RatedGame.Kind.RATED:
                changes.extend(apply_game(game, seats, rated_game, states.setdefault(game.game_id, {})))
            elif kind == RatedGame.Kind.SOLO:
                remember_solo(game, seats[0], best)
        for kind, pks in kinds.items():
            for start in range(0, len(pks), 1000):
                RatedGame.objects.filter(pk__in=pks[start:start + 1000]).update(kind=kind)
        now = timezone.now()
        Rating.objects.bulk_create([
            Rating(user_id=user, game_id=game_id, mu=mu, sigma=sigma, ordinal=ordinal(mu, sigma), games=games,
                   updated=now)
            for game_id, state in states.items() for user, (mu, sigma, games) in state.items()], batch_size=1000)
        RatingChange.objects.bulk_create(changes, batch_size=1000)
        SoloBest.objects.bulk_create(best.values(), batch_size=1000)
    return RatedGame.objects.filter(kind=RatedGame.Kind.RATED).count()
