"""The clock's tasks claim exactly the row they were given and say what they did.

Each test here pins a behaviour that a mutation of `games/clocks.py` showed untested: a task
that touched another seat with the same deadline or reminder time, a reminder for a seat that no
longer waits, a dropped seat whose clock kept running, a bot that played for a human, a vacation
day credited twice. See docs/mutation.md.
"""

import datetime

import pytest
from django.utils import timezone

from accounts.models import Profile, display_name
from games import clocks, moves
from games.models import Email, Game, Seat
from games.notifications import outbox
from tests.correspondence.test_timeouts import kinds, new_game, seat

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)


def new_kinds(user, before):
    """The kinds of the emails `user` got since `before` (a count of their emails)."""
    return kinds(user)[before:]


def no_vacation(*users):
    for user in users:
        Profile.objects.filter(user=user).update(vacation_auto=False)


@pytest.fixture
def queued(monkeypatch):
    """The Celery tasks handed over (name and arguments), instead of running them."""
    calls = []
    monkeypatch.setattr(outbox, "delay", lambda name, *args: calls.append((name, args)))
    return calls


# Timeouts --------------------------------------------------------------------------------------

def test_a_time_out_drops_only_its_seat_though_another_has_the_same_deadline(alice, bob, carol, committed):
    no_vacation(alice, carol)
    first = new_game([alice, bob], committed, days=1)
    second = new_game([carol, bob], committed, days=1)
    deadline = seat(first, alice).deadline
    Seat.objects.filter(pk=seat(second, carol).pk).update(deadline=deadline)
    with committed():
        assert clocks.time_out(seat(first, alice).pk, deadline, deadline + DAY) == "dropped"
    assert seat(first, alice).dropped
    untouched = seat(second, carol)
    assert not untouched.dropped and untouched.deadline == deadline


def test_a_time_out_for_a_deadline_that_has_moved_on_does_nothing(alice, bob, committed):
    no_vacation(alice)
    game = new_game([alice, bob], committed, days=1)
    stale = seat(game, alice).deadline - datetime.timedelta(hours=1)
    sent = len(kinds(alice)), len(kinds(bob))
    with committed():
        assert clocks.time_out(seat(game, alice).pk, stale, stale + DAY) is None
    assert not seat(game, alice).dropped and seat(game, alice).deadline == stale + datetime.timedelta(hours=1)
    assert new_kinds(alice, sent[0]) == new_kinds(bob, sent[1]) == []


def test_a_time_out_for_a_deadline_that_has_moved_on_starts_no_vacation_either(alice, bob, committed):
    game = new_game([alice, bob], committed, days=1)  # alice takes an automatic vacation at a time-out
    stale = seat(game, alice).deadline - datetime.timedelta(hours=1)
    with committed():
        assert clocks.time_out(seat(game, alice).pk, stale, stale + DAY) is None
    assert Profile.objects.get(user=alice).vacation_since is None
    assert seat(game, alice).deadline == stale + datetime.timedelta(hours=1)


def test_a_vacation_begun_while_the_time_out_runs_keeps_the_seat(alice, bob, committed, monkeypatch):
    """The player starts a vacation between the time-out's look at her seat (not a decision owed
    off turn: the policy applies) and its claim: her clock is paused, so the seat stays hers."""
    no_vacation(alice)
    game = new_game([alice, bob], committed, days=1)
    mine = seat(game, alice)
    now = mine.deadline + datetime.timedelta(minutes=1)
    real = clocks.answer_by_default

    def then_a_vacation(seat_pk, deadline, now):
        answered = real(seat_pk, deadline, now)
        assert clocks.start_vacation(alice, now)
        return answered

    monkeypatch.setattr(clocks, "answer_by_default", then_a_vacation)
    sent = len(kinds(alice)), len(kinds(bob))
    with committed():
        assert clocks.time_out(mine.pk, mine.deadline, now) is None
    paused = seat(game, alice)
    assert not paused.dropped and paused.to_act
    assert (paused.deadline, paused.clock_left) == (None, datetime.timedelta(0))
    assert new_kinds(alice, sent[0]) == new_kinds(bob, sent[1]) == []


def test_a_time_out_for_a_seat_that_no_longer_exists_does_nothing(alice, bob, committed):
    game = new_game([alice, bob], committed, days=1)
    gone = seat(game, alice)
    Seat.objects.filter(pk=gone.pk).delete()
    assert clocks.time_out(gone.pk, gone.deadline, gone.deadline + DAY) is None


def test_a_dropped_seat_stops_its_clock_and_the_bots_are_called(alice, bob, committed, queued):
    no_vacation(alice)
    game = new_game([alice, bob], committed, days=1)
    mine = seat(game, alice)
    Seat.objects.filter(pk=mine.pk).update(clock_left=datetime.timedelta(hours=3))  # as if paused once
    with committed():
        clocks.hand_to_bot(moves.locked_game(game.pk), mine, timezone.now(), "line")
    dropped = seat(game, alice)
    assert dropped.dropped
    assert (dropped.clock_since, dropped.deadline, dropped.next_nag, dropped.clock_left) == (None,) * 4
    assert ("play_bots", (game.pk,)) in queued


def test_the_drop_emails_name_the_player_and_the_bot(alice, bob, committed):
    no_vacation(alice)
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    with committed():
        assert clocks.time_out(seat(game, alice).pk, deadline, deadline + DAY) == "dropped"
    told = Email.objects.get(user=bob, kind="player_timed_out").text
    assert f"{display_name(alice)} ran out of time in" in told and "A bot plays that seat" in told
    own = Email.objects.get(user=alice, kind="timed_out").text
    assert "A bot plays your seat to the end" in own and "cancelled" not in own


def test_the_cancel_policy_says_cancelled(alice, bob, committed):
    no_vacation(alice)
    game = new_game([alice, bob], committed, policy="cancel", days=1)
    deadline = seat(game, alice).deadline
    with committed():
        assert clocks.time_out(seat(game, alice).pk, deadline, deadline + DAY) == "cancelled"


def test_half_a_vacation_day_left_still_saves_a_timeout(alice, bob, committed):
    Profile.objects.filter(user=alice).update(vacation_left=datetime.timedelta(hours=12))
    game = new_game([alice, bob], committed, days=1)
    deadline = seat(game, alice).deadline
    with committed():
        assert clocks.time_out(seat(game, alice).pk, deadline, deadline) == "vacation"
    assert not seat(game, alice).dropped


def test_cancelling_a_game_stops_every_clock(alice, bob, committed):
    game = new_game([alice, bob], committed, days=2)
    Seat.objects.filter(pk=seat(game, bob).pk).update(clock_left=DAY)  # a paused clock
    assert seat(game, alice).deadline is not None and seat(game, alice).next_nag is not None
    sent = len(kinds(alice)), len(kinds(bob))
    with committed():
        clocks.cancel(moves.locked_game(game.pk), timezone.now(), "line", None)
    rows = set(game.seats.values_list("to_act", "deadline", "next_nag", "clock_left"))
    assert rows == {(False, None, None, None)}
    assert new_kinds(alice, sent[0]) == new_kinds(bob, sent[1]) == []  # no kind: the log line tells it


# Reminders -------------------------------------------------------------------------------------

@pytest.mark.parametrize("reminded", ["first", "second"])
def test_a_reminder_goes_to_its_seat_though_another_is_due_at_the_same_time(
        alice, bob, carol, committed, reminded):
    first = new_game([alice, bob], committed, days=5)
    second = new_game([carol, bob], committed, days=5)
    due = seat(first, alice).next_nag
    Seat.objects.filter(pk=seat(second, carol).pk).update(next_nag=due)
    target, other = (alice, carol) if reminded == "first" else (carol, alice)
    target_game, other_game = (first, second) if reminded == "first" else (second, first)
    sent = len(kinds(target)), len(kinds(other))
    with committed():
        assert clocks.remind(seat(target_game, target).pk, due, due) is True
    assert new_kinds(target, sent[0]) == ["reminder"] and new_kinds(other, sent[1]) == []
    assert seat(other_game, other).next_nag == due  # the other seat's reminder is still to come


def test_a_reminder_task_that_runs_twice_reminds_once(alice, bob, committed):
    game = new_game([alice, bob], committed, days=5)
    due = seat(game, alice).next_nag
    with committed():
        assert clocks.remind(seat(game, alice).pk, due, due) is True
    with committed():
        assert clocks.remind(seat(game, alice).pk, due, due) is False
    assert kinds(alice).count("reminder") == 1



def test_a_reminder_task_that_read_the_seat_before_another_sent_it_changes_nothing(alice, bob, committed):
    """Two tasks read the same due reminder; the first sends it and sets the next one a day later.
    The second, an hour late, claims nothing, says so, and moves no reminder (on PostgreSQL the
    same as a race: test_concurrency.py)."""
    game = new_game([alice, bob], committed, days=5)
    first, late = seat(game, alice), seat(game, alice)  # each worker's own read
    now = first.next_nag
    with committed():
        assert clocks.nag(first, now) is True
    with committed():
        assert clocks.nag(late, now + datetime.timedelta(hours=1)) is False
    assert kinds(alice).count("reminder") == 1
    assert seat(game, alice).next_nag == now + DAY

@pytest.mark.parametrize("change", ["moved", "dropped", "finished"])
def test_no_reminder_for_a_seat_that_no_longer_waits(alice, bob, committed, change):
    game = new_game([alice, bob], committed, days=5)
    mine = seat(game, alice)
    if change == "moved":
        Seat.objects.filter(pk=mine.pk).update(to_act=False)
    elif change == "dropped":
        Seat.objects.filter(pk=mine.pk).update(dropped=True)
    else:
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    with committed():
        assert clocks.remind(mine.pk, mine.next_nag, mine.next_nag) is False
    assert "reminder" not in kinds(alice)


def test_a_reminder_says_by_when_to_move(alice, bob, committed):
    game = new_game([alice, bob], committed, days=5)
    mine = seat(game, alice)
    with committed():
        clocks.remind(mine.pk, mine.next_nag, mine.next_nag)
    assert "Please move by" in Email.objects.get(user=alice, kind="reminder").html


# Vacation --------------------------------------------------------------------------------------

def test_a_vacation_pauses_a_clock_that_has_no_reminder_due(alice, bob, committed):
    game = new_game([alice, bob], committed, days=3)
    mine = seat(game, alice)
    Seat.objects.filter(pk=mine.pk).update(next_nag=None)  # reminders already sent
    now = mine.waiting_since + DAY
    assert clocks.start_vacation(alice, now)
    paused = seat(game, alice)
    assert (paused.deadline, paused.clock_left) == (None, mine.deadline - now)


def test_ending_a_vacation_forgets_that_it_started_by_itself(alice, bob, committed):
    assert clocks.start_vacation(alice, timezone.now(), auto=True)
    assert Profile.objects.get(user=alice).vacation_auto_started
    assert clocks.end_vacation(alice)
    assert not Profile.objects.get(user=alice).vacation_auto_started


# Finished games and bots -----------------------------------------------------------------------

def test_a_finished_game_counts_once_and_never_for_a_dropped_seat(alice, bob, carol, committed):
    game = new_game([alice, bob, carol], committed)
    Seat.objects.filter(pk=seat(game, bob).pk).update(dropped=True)
    Profile.objects.filter(user=alice).delete()  # a player without a profile does not stop the others
    clocks.credit_finished_game(game)
    assert Profile.objects.get(user=carol).games_counted == 1  # at once, not only on the next call
    clocks.credit_finished_game(game)
    assert Profile.objects.get(user=carol).games_counted == 1
    assert Profile.objects.get(user=bob).games_counted == 0



def test_a_finished_game_credited_by_another_worker_after_this_one_read_its_seats_counts_once(
        alice, bob, committed, monkeypatch):
    """The second credit runs between the first one's read of the seats and its claim of the second
    seat (on PostgreSQL a race: test_concurrency.py): the first finds that seat taken."""
    game = new_game([alice, bob], committed)
    real = Profile.objects.select_for_update
    other_worker = []

    def then_another_worker(*args, **kwargs):
        if not other_worker:
            other_worker.append(True)
            clocks.credit_finished_game(game)
        return real(*args, **kwargs)

    monkeypatch.setattr(Profile.objects, "select_for_update", then_another_worker)
    clocks.credit_finished_game(game)
    assert sorted(Profile.objects.filter(user__in=[alice, bob]).values_list("games_counted", flat=True)) == [1, 1]

def test_a_dropped_seat_ranks_last_and_the_others_keep_their_order(alice, bob, carol, committed):
    game = new_game([alice, bob, carol], committed)
    for user, rank in ((alice, 1), (bob, 2), (carol, 3)):  # alice timed out with the best score
        Seat.objects.filter(pk=seat(game, user).pk).update(rank=rank)
    Seat.objects.filter(pk=seat(game, alice).pk).update(dropped=True)
    clocks.rank_dropped_last(Game.objects.get(pk=game.pk))
    assert [seat(game, user).rank for user in (bob, carol, alice)] == [1, 2, 3]
    assert Game.objects.get(pk=game.pk).outcome["dropped"] == [seat(game, alice).position]


def test_bots_play_only_dropped_seats_and_count_their_moves(alice, bob, committed):
    game = new_game([alice, bob], committed, days=3)
    assert clocks.play_bots(game.pk) == 0  # alice, a human, is to act
    assert Game.objects.get(pk=game.pk).version == game.version
    Seat.objects.filter(game=game).update(dropped=True)
    assert clocks.play_bots(game.pk, limit=3) == 3
    assert Game.objects.get(pk=game.pk).version == game.version + 3


def test_bots_stop_at_the_end_of_the_game(alice, bob, committed):
    game = new_game([alice, bob], committed, days=3)
    Seat.objects.filter(game=game).update(dropped=True)
    played = clocks.play_bots(game.pk)
    assert Game.objects.get(pk=game.pk).is_finished
    assert clocks.play_bots(game.pk) == 0
    assert played == Game.objects.get(pk=game.pk).version - game.version
