"""Ratings per user and game, their history, solo high scores, reliability and resignations.

A finished game is processed once: `RatedGame` (one row per game, unique) marks it, and its
id is the order in which games were rated, the order `recompute_ratings` replays them in.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone


class Rating(models.Model):
    """An openskill (Plackett-Luce) rating; `ordinal` (mu - 3 sigma) is the number shown."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game_id = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    games = models.PositiveIntegerField(default=0)  # rated games played
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game_id"], name="rating_unique_user_game")]
        # The leaderboard: one game's ratings by ordinal (benchmarks/ratings.py).
        indexes = [models.Index(fields=["game_id", "-ordinal", "user"], name="rating_board")]

    def __str__(self):
        return f"{self.user_id} {self.game_id} {self.ordinal:.1f}"


class RatedGame(models.Model):
    class Kind(models.TextChoices):
        RATED = "rated"
        SOLO = "solo"  # fed the solo high-score table
        SKIPPED = "skipped"  # not rated (fewer than two human seats, no result)

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="rated")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.kind} game {self.game_id}"


class RatingChange(models.Model):
    """One player's rating before and after one rated game: the profile's history chart."""

    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game_id = models.CharField(max_length=40)
    position = models.PositiveSmallIntegerField()  # the seat
    place = models.PositiveSmallIntegerField()  # as rated: dropped and resigned seats last
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["user", "game_id", "rated_game"], name="rating_history")]


class SoloBest(models.Model):
    """A user's best score in solo games of one game against one opponent."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game_id = models.CharField(max_length=40)
    opponent = models.CharField(max_length=80, blank=True)  # the solo_opponent msgid; "" without one
    score = models.IntegerField()
    best_game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")  # where it was made
    games = models.PositiveIntegerField(default=0)  # solo games finished against this opponent
    achieved = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game_id", "opponent"], name="solo_best_unique")]
        indexes = [models.Index(fields=["game_id", "opponent", "-score", "achieved"], name="solo_board")]


class Resignation(models.Model):
    """A player left a running game (players/resign.py); the seat is then played like a timed-out one."""

    seat = models.OneToOneField("games.Seat", on_delete=models.CASCADE, related_name="resignation")
    created = models.DateTimeField(default=timezone.now)


class Reliability(models.Model):
    """How reliably a player moves by correspondence, over the last games (players/reliability.py)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="reliability")
    median_seconds = models.PositiveIntegerField(null=True, blank=True)  # to the first move of a turn
    moves = models.PositiveIntegerField(default=0)  # turns answered in time
    timeouts = models.PositiveIntegerField(default=0)  # turns whose time ran out
    dropped = models.PositiveIntegerField(default=0)  # games left to a bot by a timeout
    abandoned = models.PositiveIntegerField(default=0)  # games resigned
    percent = models.PositiveSmallIntegerField(null=True, blank=True)  # turns in time; None: nothing yet
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["percent"], name="reliability_percent")]

    @property
    def timeout_share(self):
        total = self.moves + self.timeouts
        return self.timeouts / total if total else None
