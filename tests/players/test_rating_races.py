"""Ratings under real concurrency on PostgreSQL: the same finish twice at once, and two games
of the same player finishing at once (see tests/correspondence/test_concurrency.py)."""

import pytest
from django.core.management import call_command

from games.models import Game
from players import rating
from players.models import RatedGame, Rating, RatingChange
from tests.correspondence.test_concurrency import Gate, race
from tests.support import services
from tests.support.games import play_to_end, start_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgresql():
    services.require_postgresql("races need row locks and one connection per thread: PostgreSQL")


def finished_game(users, seed=0):
    game = play_to_end(start_game("toy", users), seed=seed)
    assert game.status == Game.Status.FINISHED
    return game


def test_the_same_finished_game_rated_twice_at_once_is_rated_once(alice, bob, monkeypatch):
    game = finished_game([alice, bob])
    RatedGame.objects.all().delete()
    Rating.objects.all().delete()
    gate = Gate(monkeypatch, rating, "kind_of")
    first, second = race(gate, lambda: rating.process(game.pk), lambda: rating.process(game.pk))
    assert isinstance(first, RatedGame) and second is None
    assert list(Rating.objects.values_list("games", flat=True)) == [1, 1]
    assert RatingChange.objects.count() == 2


def test_two_games_of_one_player_rated_at_once_both_count_and_recompute_agrees(alice, bob, carol, monkeypatch):
    one = finished_game([alice, bob], seed=1)
    two = finished_game([alice, carol], seed=2)
    RatedGame.objects.all().delete()
    Rating.objects.all().delete()
    gate = Gate(monkeypatch, rating, "updated_ratings")
    first, second = race(gate, lambda: rating.process(one.pk), lambda: rating.process(two.pk))
    assert isinstance(first, RatedGame) and isinstance(second, RatedGame)
    assert Rating.objects.get(user=alice).games == 2
    snapshot = sorted(Rating.objects.values_list("user", "mu", "sigma", "games"))
    monkeypatch.undo()
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))
    assert sorted(Rating.objects.values_list("user", "mu", "sigma", "games")) == snapshot
