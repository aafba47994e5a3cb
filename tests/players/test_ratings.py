"""Ratings: what counts, ties, dropped and resigned seats last, once per game, recompute."""

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from games import clocks, signals
from games.models import Game, Seat
from players import rating
from players.models import RatedGame, Rating, RatingChange, SoloBest
from players.resign import resign
from tests.players.support import finish_with_bot, finished_game, ranking_by_users
from tests.support.games import start_game
from tests.support.players import make_user

pytestmark = pytest.mark.django_db


def rating_of(user, game_id="toy"):
    return Rating.objects.get(user=user, game_id=game_id)


def test_a_finished_two_player_game_rates_both_players_once(alice, bob, committed):
    game = finished_game([alice, bob], committed)
    winner, loser = ranking_by_users(game)
    assert rating_of(winner).games == rating_of(loser).games == 1
    assert rating_of(winner).mu > 25 > rating_of(loser).mu
    assert rating_of(winner).ordinal == pytest.approx(rating_of(winner).mu - 3 * rating_of(winner).sigma)
    assert RatedGame.objects.get(game=game).kind == RatedGame.Kind.RATED
    assert RatingChange.objects.filter(rated_game__game=game).count() == 2


def test_the_numbers_are_openskills_plackett_luce(alice, bob, carol, committed):
    game = finished_game([alice, bob, carol], committed)
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 3])
    for user, team in zip(ranking_by_users(game), expected):
        assert (rating_of(user).mu, rating_of(user).sigma) == (team[0].mu, team[0].sigma)


def test_a_replayed_finish_does_not_rate_twice(alice, bob, committed):
    game = finished_game([alice, bob], committed)
    before = list(Rating.objects.values_list("user", "mu", "sigma", "games"))
    with committed():
        signals.game_finished.send(sender=Game, game=game)  # the finish signalled again
    assert rating.process(game.pk) is None  # and a retried task
    assert list(Rating.objects.values_list("user", "mu", "sigma", "games")) == before
    assert RatingChange.objects.count() == 2 and RatedGame.objects.count() == 1


def test_ties_from_the_engines_ranking_stay_ties(alice, bob, carol, committed):
    game = finished_game([alice, bob, carol], committed)
    RatedGame.objects.all().delete()
    Rating.objects.all().delete()
    Game.objects.filter(pk=game.pk).update(outcome={"ranking": [[0, 2], 1], "scores": [5, 3, 5]})
    rating.process(game.pk)
    first, second, third = (s.user for s in game.seat_list())
    assert rating_of(first).mu == rating_of(third).mu > rating_of(second).mu
    assert sorted(RatingChange.objects.values_list("position", "place")) == [(0, 1), (1, 2), (2, 1)]


def test_a_dropped_seat_ranks_last_even_if_its_bot_won(alice, bob, carol, committed):
    game = finished_game([alice, bob, carol], committed)
    RatedGame.objects.all().delete()
    Rating.objects.all().delete()
    Game.objects.filter(pk=game.pk).update(outcome={"ranking": [1, 0, 2], "scores": [4, 9, 1]})
    Seat.objects.filter(game=game, position=1).update(dropped=True)  # its bot scored best
    rating.process(game.pk)
    places = dict(RatingChange.objects.values_list("position", "place"))
    assert places == {0: 1, 2: 2, 1: 3}
    dropped_user = Seat.objects.get(game=game, position=1).user
    assert rating_of(dropped_user).mu < 25
    assert Rating.objects.count() == 3  # the bot that played the seat has no rating


def test_a_resigned_seat_ranks_last(alice, bob, carol, committed):
    with committed():
        game = start_game("toy", [alice, bob, carol])
    with committed():
        resign(game.pk, carol)
    game = finish_with_bot(game, committed)
    assert Seat.objects.get(game=game, user=carol).dropped
    change = RatingChange.objects.get(user=carol)
    assert change.place == 3 and rating_of(carol).mu < 25


def test_cancelled_games_are_not_rated(alice, bob, committed):
    with committed():
        game = start_game("toy", [alice, bob])
        game.invitation.timeout_policy = "cancel"
        game.invitation.save()
    with committed():
        resign(game.pk, bob)
    assert Game.objects.get(pk=game.pk).status == Game.Status.CANCELLED
    assert rating.process(game.pk) is None
    assert not Rating.objects.exists() and not RatedGame.objects.exists()


def test_a_solo_game_is_not_rated_but_feeds_the_solo_high_scores(alice, committed):
    game = finished_game([alice], committed)
    assert not Rating.objects.exists()
    assert RatedGame.objects.get(game=game).kind == RatedGame.Kind.SOLO
    best = SoloBest.objects.get(user=alice, game_id="toy")
    assert (best.score, best.games, best.best_game_id, best.opponent) == (game.seats.get().score, 1, game.pk, "")


def test_a_better_solo_score_replaces_the_best_and_a_worse_one_is_counted(alice, committed):
    scores = []
    for seed in range(4):
        game = finished_game([alice], committed, seed=seed, options={"hand_size": 3})
        scores.append(game.seats.get().score)
    best = SoloBest.objects.get(user=alice)
    assert best.score == max(scores) and best.games == 4


def finished_praga_solo(user, mode, score):
    """A finished solo Praga game as the site stores it (playing one out takes minutes)."""
    game = Game.objects.create(game_id="praga", options={"solo_mode": mode}, seed=1, state={},
                               status=Game.Status.FINISHED, outcome={"ranking": [0], "scores": [score]})
    Seat.objects.create(game=game, position=0, user=user, rank=1, score=score)
    rating.process(game.pk)
    return game


def test_praga_solo_scores_are_kept_apart_per_solo_opponent(alice):
    finished_praga_solo(alice, "parler", 61)
    finished_praga_solo(alice, "dummy", 80)
    finished_praga_solo(alice, "parler", 55)
    best = {row.opponent: (row.score, row.games) for row in SoloBest.objects.filter(game_id="praga")}
    assert best == {"Peter Parler": (61, 2), "the dummy": (80, 1)}


def test_a_solo_game_handed_to_a_bot_sets_no_high_score(alice, committed):
    with committed():
        game = start_game("toy", [alice])
    with committed():
        assert resign(game.pk, alice) == "cancelled"  # nobody is left to play
    assert not SoloBest.objects.exists()


def test_recompute_ratings_gives_the_numbers_of_the_incremental_updates(committed):
    users = [make_user(name) for name in ("ann", "ben", "cid", "dot")]
    for seed in range(6):
        players = [users[(seed + i) % 4] for i in range(2 + seed % 3)]
        finished_game(players, committed, seed=seed)
    with committed():
        game = start_game("toy", users[:3])
    with committed():
        resign(game.pk, users[1])
    finish_with_bot(game, committed)
    finished_game([users[0]], committed, seed=3)
    snapshot = sorted(Rating.objects.values_list("user", "game_id", "mu", "sigma", "ordinal", "games"))
    history = sorted(RatingChange.objects.values_list("rated_game__game", "user", "place", "mu", "sigma"))
    solo = sorted(SoloBest.objects.values_list("user", "score", "games"))
    assert len(snapshot) == 4 and len(history) == 2 + 3 + 4 + 2 + 3 + 4 + 3
    Rating.objects.update(mu=0, sigma=1, ordinal=-3, games=99)  # wrong numbers the rebuild must replace
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))
    assert sorted(Rating.objects.values_list("user", "game_id", "mu", "sigma", "ordinal", "games")) == snapshot
    assert sorted(RatingChange.objects.values_list("rated_game__game", "user", "place", "mu", "sigma")) == history
    assert sorted(SoloBest.objects.values_list("user", "score", "games")) == solo


def test_recompute_rates_finished_games_that_were_never_processed(alice, bob, committed):
    game = finished_game([alice, bob], committed)
    expected = sorted(Rating.objects.values_list("user", "mu", "sigma"))
    RatedGame.objects.all().delete()  # as if the finish hook had never run
    Rating.objects.all().delete()
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))
    assert sorted(Rating.objects.values_list("user", "mu", "sigma")) == expected
    assert RatedGame.objects.get(game=game).kind == RatedGame.Kind.RATED


def test_the_next_finish_picks_up_a_game_whose_hook_never_ran(alice, bob, carol, committed):
    first = finished_game([alice, bob], committed)
    RatedGame.objects.filter(game=first).delete()
    Rating.objects.all().delete()
    finished_game([carol, alice], committed)
    assert RatedGame.objects.filter(game=first).exists()
    assert rating_of(alice).games == 2


def test_a_seat_dropped_by_its_timeout_ranks_last(alice, bob, committed):
    for user in (alice, bob):
        user.profile.vacation_auto = False
        user.profile.save()
    with committed():
        game = start_game("toy", [alice, bob])
    acting = Seat.objects.get(game=game, to_act=True)
    with committed():
        assert clocks.time_out(acting.pk, acting.deadline, acting.deadline) == "dropped"
    finish_with_bot(game, committed)
    assert RatingChange.objects.get(position=acting.position).place == 2
    assert Rating.objects.get(user=acting.user).mu < 25


def test_an_imported_game_is_never_rated(alice, bob, committed):
    """A record replayed from an upload (games/records.py) rates nobody, now or on a recompute."""
    game = finished_game([alice, bob], committed)
    RatedGame.objects.all().delete()
    Rating.objects.all().delete()
    Game.objects.filter(pk=game.pk).update(imported=True)
    assert rating.process(game.pk).kind == RatedGame.Kind.SKIPPED
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))
    assert not Rating.objects.exists() and RatedGame.objects.get(game=game).kind == RatedGame.Kind.SKIPPED


def test_the_finishing_move_only_queues_the_rating_that_a_worker_then_does(alice, bob, committed, monkeypatch):
    """Rating reads the players' histories and writes several tables: a worker's job, not the
    request that made the last move (players/hooks.py)."""
    from players import tasks
    from players.models import Reliability

    queued = []
    monkeypatch.setattr(tasks.rate_finished_game, "apply_async", lambda args, **options: queued.append(args))
    game = finished_game([alice, bob], committed)
    assert queued == [(game.pk,)]
    assert not RatedGame.objects.exists() and not Rating.objects.exists()
    assert not Reliability.objects.exists()
    tasks.rate_finished_game.apply(args=queued[0])  # as the worker runs it
    assert RatedGame.objects.get(game=game).kind == RatedGame.Kind.RATED
    assert rating_of(alice).games == rating_of(bob).games == 1
    assert set(Reliability.objects.values_list("user", flat=True)) == {alice.pk, bob.pk}
