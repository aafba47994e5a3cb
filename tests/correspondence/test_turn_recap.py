"""The recap of one game in a turn email (games/notifications/build.turn_recap): the newest lines
since the recipient's last move, at most RECAP_LINES of them, with the number of earlier ones."""

import datetime

import pytest
from django.core import mail
from django.utils import timezone, translation

from games.models import GameEvent, Seat
from games.notifications import build
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def recap_with_lines(alice, bob, count):
    """bob's recap of a toy game nobody moved in yet, whose log holds `count` numbered lines."""
    game = start_game("toy", [alice, bob])
    start = timezone.now()
    for number in range(1, count + 1):
        GameEvent.objects.create(game=game, after_seq=0, text={"msg": "Line {number}.", "args": {"number": number}},
                                 created_at=start + datetime.timedelta(seconds=number))
    with translation.override("en"):
        return build.turn_recap({"game_pk": game.pk, "seat": 1, "deadline": None}, bob.profile)


def test_a_recap_of_many_lines_shows_the_newest_and_counts_the_earlier_ones(alice, bob):
    recap = recap_with_lines(alice, bob, build.RECAP_LINES + 5)
    assert recap["lines"] == [f"Line {number}." for number in range(6, build.RECAP_LINES + 6)]
    assert recap["earlier"] == 5
    assert recap["since_start"] is True


def test_a_recap_of_exactly_the_limit_shows_every_line_and_no_earlier_ones(alice, bob):
    recap = recap_with_lines(alice, bob, build.RECAP_LINES)
    assert recap["lines"] == [f"Line {number}." for number in range(1, build.RECAP_LINES + 1)]
    assert recap["earlier"] == 0


def test_a_solo_games_title_is_in_the_recipients_language(alice, django_capture_on_commit_callbacks):
    """The title names the solo opponent in the recipient's words, in the subject and in a turn
    email's list, whose entries the turn batch made in the worker's language."""
    alice.profile.language = "de"
    alice.profile.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game("praga", [alice], {"solo_mode": "parler"})
    title = f"Praga #{game.pk} (solo gegen Peter Parler)"
    [started] = [m for m in mail.outbox if m.to == [alice.email]]
    assert started.subject.startswith(title)
    entry = {**build.game_info(game), "deadline": None, "game_pk": game.pk, "seat": 0}
    assert entry["title"].endswith("(solo vs Peter Parler)")  # made outside the recipient's language
    message = build.render(alice, alice.profile, "turn", {"games": [entry], "count": 1, "asked_count": 0,
                                                          "game": None})
    assert f"* {title}\n" in message["text"] and f">{title}</a>" in message["html"]


def test_the_final_ranking_lists_the_ranks_in_order_then_the_unranked_and_who_ran_out_of_time(alice, bob, carol):
    game = start_game("toy", [alice, bob, carol])
    Seat.objects.filter(game=game, user=carol).update(rank=1, score=9)
    Seat.objects.filter(game=game, user=alice).update(rank=2, score=5)
    Seat.objects.filter(game=game, user=bob).update(rank=None, score=None, dropped=True)
    assert build.players(game) == [
        {"name": "carol", "rank": 1, "score": 9, "dropped": False},
        {"name": "alice", "rank": 2, "score": 5, "dropped": False},
        {"name": "bob", "rank": None, "score": None, "dropped": True},
    ]
