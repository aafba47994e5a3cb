"""Races run for real: threads with their own PostgreSQL connections hit the same rows at once.

The first thread to take the lock is held inside its transaction (`Gate`) until PostgreSQL
reports the other thread waiting for a lock, so every test proves that the two calls overlapped,
then checks that the work was done exactly once. SQLite has no row locks: these tests skip there
(and fail in CI, tests/support/services.py).
"""

import datetime
import threading
import time

import pytest
from django.core import mail
from django.db import connection, transaction

from games import clocks, engines, move_write, moves
from games.models import Email, Game, GameEvent, Move, Seat
from games.moves import MoveRefused, submit_move
from games.notifications import outbox
from tests.support import services
from tests.support.games import start_game

pytestmark = pytest.mark.django_db(transaction=True)
DAY = datetime.timedelta(days=1)


@pytest.fixture(autouse=True)
def postgresql():
    services.require_postgresql("races need row locks and one connection per thread: PostgreSQL")


def lock_waiters():
    """Other connections to this database that are waiting for a lock right now."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")  # else a transaction sees its first snapshot
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                       "AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'")
        return cursor.fetchone()[0]


class Gate:
    """Wraps `module.name`: its first call signals `inside`, then waits (in the caller's open
    transaction) until `waiters` other connections block on a lock, and only then goes on."""

    def __init__(self, monkeypatch, module, name, waiters=1, timeout=20):
        self.original = getattr(module, name)
        self.inside = threading.Event()
        self.waiters, self.timeout, self.overlapped, self.calls = waiters, timeout, False, 0
        monkeypatch.setattr(module, name, self)

    def __call__(self, *args, **kwargs):
        self.calls += 1
        if self.calls == 1:
            self.inside.set()
            deadline = time.monotonic() + self.timeout
            while time.monotonic() < deadline and not self.overlapped:
                self.overlapped = lock_waiters() >= self.waiters
                time.sleep(0.02)
        return self.original(*args, **kwargs)


def race(gate, first, *others):
    """Run `first` in a thread until it is inside `gate`, then `others` in their own threads."""
    results = {}

    def run(key, call):
        try:
            results[key] = call()
        except Exception as error:  # the refusals are the point: keep them for the asserts
            results[key] = error
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=run, args=(0, first))]
    threads[0].start()
    assert gate.inside.wait(20), "the first call never reached the gate"
    for key, call in enumerate(others, start=1):
        threads.append(threading.Thread(target=run, args=(key, call)))
        threads[-1].start()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive(), "a racing call hung"
    assert gate.overlapped, "the calls did not overlap: the second never waited for the lock"
    return [results[key] for key in range(len(threads))]


def select(game, user):
    seat = game.seat_of(user)
    return {"type": "select", "card": game.state["hands"][seat.position][0]}


def refused(result, status):
    return isinstance(result, MoveRefused) and result.status == status


# submit_move ------------------------------------------------------------------------------------
#
# On PostgreSQL a move is decided on the game as last committed and written by one statement only
# if the game's revision is still the one read (games/moves.py); if not, it is decided again with
# the game locked. Each race runs in three shapes:
# - "write": the winner's statement has written the game row and holds it (its transaction kept
#   open) until the loser's statement waits for it, then commits: the loser's statement finds
#   the revision changed when the row is free, writes nothing, and the loser decides again locked;
# - "decision": the loser decided on the same revision first, and writes only once the winner has
#   finished: its statement writes nothing, and it decides again locked;
# - "locked": both take the locked way (as when a game changed under them), the winner holding
#   the lock inside the engine until the loser waits for it.

SHAPES = ("write", "decision", "locked")


def race_submits(monkeypatch, shape, winner, loser):
    """Run the two submits overlapping in `shape`; returns (the winner's result, the loser's)."""
    if shape == "locked":
        monkeypatch.setattr(move_write, "guarded", lambda db: False)
        return race(Gate(monkeypatch, engines, "apply"), winner, loser)
    if shape == "write":
        def held_open():
            with transaction.atomic():  # so the written row stays locked while the gate holds it
                return winner()
        return race(Gate(monkeypatch, moves, "notify_move"), held_open, loser)
    return race_decisions(monkeypatch, winner, loser)


def race_decisions(monkeypatch, winner, loser):
    """`loser` decides first and is held before its write until `winner` has returned."""
    original, writes, decided, finished = move_write.MoveWrites.write_if_unchanged, [], threading.Event(), \
        threading.Event()

    def held(self, revision):
        writes.append(revision)
        if len(writes) == 1:
            decided.set()
            assert finished.wait(20), "the winner never finished"
        return original(self, revision)

    monkeypatch.setattr(move_write.MoveWrites, "write_if_unchanged", held)
    results = {}

    def run(key, call, then=None):
        try:
            results[key] = call()
        except Exception as error:  # the refusals are the point: keep them for the asserts
            results[key] = error
        finally:
            connection.close()
            if then is not None:
                then.set()

    first = threading.Thread(target=run, args=("loser", loser))
    first.start()
    assert decided.wait(20), "the loser never reached its write"
    second = threading.Thread(target=run, args=("winner", winner, finished))
    second.start()
    for thread in (second, first):
        thread.join(60)
        assert not thread.is_alive(), "a racing call hung"
    assert writes[0] == writes[1], "both decided on the same revision"
    return results["winner"], results["loser"]


@pytest.mark.parametrize("shape", SHAPES)
def test_the_same_move_sent_twice_at_once_is_applied_once(alice, bob, monkeypatch, shape):
    game = start_game("toy", [alice, bob])
    payload, version = select(game, alice), game.version
    first, second = race_submits(monkeypatch, shape, lambda: submit_move(game.pk, alice, payload, version),
                                 lambda: submit_move(game.pk, alice, payload, version))
    assert not isinstance(first, Exception) and first.duplicate is False
    assert refused(second, 409)  # it saw the version the first one moved past
    assert list(Move.objects.filter(game=game).values_list("seq", "seat")) == [(1, 0)]
    game.refresh_from_db()
    assert game.version == 1 and game.state["selected"][0] == payload["card"]


@pytest.mark.parametrize("shape", SHAPES)
def test_the_same_request_id_sent_twice_at_once_is_applied_once(alice, bob, monkeypatch, shape):
    game = start_game("toy", [alice, bob])
    payload, version = select(game, alice), game.version
    first, second = race_submits(
        monkeypatch, shape, lambda: submit_move(game.pk, alice, payload, version, request_id="tap-1"),
        lambda: submit_move(game.pk, alice, payload, version, request_id="tap-1"))
    assert first.duplicate is False and second.duplicate is True  # the retry gets the stored move
    assert second.move.seq == first.move.seq == 1 and second.move.request_id == "tap-1"
    assert Move.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).version == 1


# A seat whose turn it is not in the committed state is refused at once without a lock
# (test_a_seat_not_to_act_is_refused_while_another_move_is_being_written): two seats race only
# the locked way.
@pytest.mark.parametrize("shape", ["locked"])
def test_two_seats_sending_at_once_with_one_request_id_move_once(alice, bob, monkeypatch, shape):
    game = start_game("toy", [alice, bob])
    version = game.version
    alices, bobs = race_submits(
        monkeypatch, shape, lambda: submit_move(game.pk, alice, select(game, alice), version, request_id="r-7"),
        lambda: submit_move(game.pk, bob, select(game, bob), version, request_id="r-7"))
    assert alices.duplicate is False
    assert refused(bobs, 409) and bobs.reason["msg"] == "This request id was already used."
    assert list(Move.objects.filter(game=game).values_list("seat", flat=True)) == [0]


@pytest.mark.parametrize("shape", ["locked"])
def test_a_move_and_the_next_seats_move_on_the_same_version_never_both_apply(alice, bob, monkeypatch, shape):
    game = start_game("toy", [alice, bob])
    submit_move(game.pk, alice, select(game, alice), 0)
    game.refresh_from_db()
    # alice ends her turn while bob, who saw the same version, already sends his first move.
    alices, bobs = race_submits(monkeypatch, shape, lambda: submit_move(game.pk, alice, {"type": "play"}, 1),
                                lambda: submit_move(game.pk, bob, select(game, bob), 1))
    assert alices.duplicate is False
    assert refused(bobs, 409)  # stale: he must look at the new state first
    assert list(Move.objects.filter(game=game).values_list("seq", "seat")) == [(1, 0), (2, 0)]


def test_a_seat_not_to_act_is_refused_while_another_move_is_being_written(alice, bob, monkeypatch):
    """bob sends a move on the version alice is moving past while her write holds the game row:
    he is answered from the committed state at once (not his turn), without waiting for her."""
    game = start_game("toy", [alice, bob])
    written, answered, results = threading.Event(), threading.Event(), {}
    notify = moves.notify_move

    def held(*args):
        written.set()
        answered.wait(20)
        return notify(*args)

    monkeypatch.setattr(moves, "notify_move", held)

    def alices_move():
        try:
            with transaction.atomic():  # her written row stays locked until bob has his answer
                results["alice"] = submit_move(game.pk, alice, select(game, alice), 0, request_id="r-8")
        finally:
            connection.close()

    def bobs_move():
        try:
            submit_move(game.pk, bob, select(game, bob), 0, request_id="r-8")
        except MoveRefused as refusal:
            results["bob"] = refusal
        finally:
            connection.close()
            answered.set()

    first = threading.Thread(target=alices_move)
    first.start()
    assert written.wait(20)
    second = threading.Thread(target=bobs_move)
    second.start()
    second.join(10)
    assert answered.is_set() and not second.is_alive(), "bob waited for alice's write"
    first.join(30)
    assert refused(results["bob"], 403) and results["bob"].reason["msg"] == "It is not your turn."
    assert results["alice"].duplicate is False
    assert list(Move.objects.filter(game=game).values_list("seat", "request_id")) == [(0, "r-8")]


# clocks.tick ------------------------------------------------------------------------------------

def timed_game(alice, bob, policy, days=1):
    alice.profile.vacation_auto = False
    alice.profile.save()
    game = start_game("toy", [alice, bob])
    Game.objects.filter(pk=game.pk).update(days_per_move=days)
    game.invitation.timeout_policy = policy
    game.invitation.save()
    game.seats.update(clock_since=None)  # set the clock up again with this policy and time
    clocks.sync_game(game.pk)
    return Seat.objects.get(game=game, user=alice)


def kinds(user, since):
    """The kinds of the emails stored for `user` after the email row `since`."""
    return sorted(Email.objects.filter(user=user, pk__gt=since).values_list("kind", flat=True))


def last_email():
    return Email.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def test_two_ticks_at_once_drop_a_timed_out_seat_once(alice, bob, monkeypatch):
    seat = timed_game(alice, bob, "drop")
    mail.outbox.clear()
    before = last_email()
    gate = Gate(monkeypatch, clocks, "_event")
    now = seat.deadline + datetime.timedelta(minutes=1)
    race(gate, lambda: clocks.tick(now), lambda: clocks.tick(now))
    assert gate.calls == 1
    seat.refresh_from_db()
    assert seat.dropped
    assert GameEvent.objects.filter(game=seat.game).count() == 1
    assert kinds(alice, before) == ["timed_out"]
    # bob's turn came in the tick's future: his turn email and 80 % warning are due too, once each.
    assert kinds(bob, before) == ["player_timed_out", "turn", "warning"]
    assert len(mail.outbox) == Email.objects.filter(pk__gt=before).count()  # each stored email sent once
    # The bot played alice's turn once: bob is to act, and it was her only turn so far.
    assert list(Move.objects.filter(game=seat.game).values_list("seat", flat=True)) == [0, 0]
    assert Seat.objects.get(game=seat.game, user=bob).to_act


def test_two_ticks_at_once_cancel_a_timed_out_game_once(alice, bob, monkeypatch):
    seat = timed_game(alice, bob, "cancel")
    mail.outbox.clear()
    before = last_email()
    gate = Gate(monkeypatch, clocks, "cancel")
    now = seat.deadline + datetime.timedelta(minutes=1)
    race(gate, lambda: clocks.tick(now), lambda: clocks.tick(now))
    assert gate.calls == 1
    assert Game.objects.get(pk=seat.game_id).status == Game.Status.CANCELLED
    assert GameEvent.objects.filter(game=seat.game).count() == 1
    assert kinds(alice, before) == ["timed_out"] and kinds(bob, before) == ["timeout_cancelled"]
    assert len(mail.outbox) == 2


def test_two_ticks_at_once_send_a_due_reminder_once(alice, bob, monkeypatch):
    seat = timed_game(alice, bob, "drop", days=5)
    mail.outbox.clear()
    before = last_email()
    gate = Gate(monkeypatch, outbox, "queue")
    now = seat.waiting_since + DAY + datetime.timedelta(minutes=1)
    race(gate, lambda: clocks.tick(now), lambda: clocks.tick(now))
    assert kinds(alice, before) == ["reminder"]
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    seat.refresh_from_db()
    assert seat.next_nag == now + DAY  # claimed once: the next reminder a day after this one


def test_a_reminder_task_that_comes_late_while_the_first_sends_it_changes_nothing(alice, bob, monkeypatch):
    """Two workers hold the same due reminder, the second an hour later (a retried task): the one
    that claims it sends it and sets the next reminder; the other reminds nobody and moves nothing."""
    seat = timed_game(alice, bob, "drop", days=5)
    before = last_email()
    gate = Gate(monkeypatch, outbox, "queue")
    now = seat.waiting_since + DAY + datetime.timedelta(minutes=1)
    results = race(gate, lambda: clocks.remind(seat.pk, seat.next_nag, now),
                   lambda: clocks.remind(seat.pk, seat.next_nag, now + datetime.timedelta(hours=1)))
    assert results == [True, False]
    assert kinds(alice, before) == ["reminder"]
    seat.refresh_from_db()
    assert seat.next_nag == now + DAY


def test_two_ticks_at_once_send_a_due_turn_email_once(alice, bob, monkeypatch):
    game = start_game("toy", [alice, bob])
    submit_move(game.pk, alice, select(game, alice), 0)
    submit_move(game.pk, alice, {"type": "play"}, 1)  # bob's turn: his turn email is scheduled
    mail.outbox.clear()
    before = last_email()
    gate = Gate(monkeypatch, outbox, "queue")
    now = Seat.objects.get(game=game, user=bob).waiting_since + datetime.timedelta(hours=1)
    race(gate, lambda: clocks.tick(now), lambda: clocks.tick(now))
    assert kinds(bob, before) == ["turn"]
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]


# vacation ---------------------------------------------------------------------------------------

def test_a_reminder_sent_while_its_player_starts_a_vacation_does_not_keep_the_clock_running(
        alice, bob, monkeypatch):
    seat = timed_game(alice, bob, "drop", days=5)
    before = last_email()
    gate = Gate(monkeypatch, outbox, "queue")  # the reminder holds its seat, claimed, until the vacation waits
    now = seat.waiting_since + DAY + datetime.timedelta(minutes=1)
    results = race(gate, lambda: clocks.remind(seat.pk, seat.next_nag, now), lambda: clocks.start_vacation(alice, now))
    assert results == [True, True]
    assert kinds(alice, before) == ["reminder"]
    deadline = seat.deadline
    seat.refresh_from_db()
    assert (seat.deadline, seat.next_nag, seat.clock_left) == (None, None, deadline - now)


def test_a_player_who_returns_while_resigning_gets_no_deadline_on_the_seat_the_bot_took(alice, bob, monkeypatch):
    from players.resign import resign

    seat = timed_game(alice, bob, "drop", days=5)
    away = seat.waiting_since + datetime.timedelta(hours=2)
    assert clocks.start_vacation(alice, away)
    monkeypatch.setattr(outbox, "delay", lambda name, *args: None)  # the bot waits: the seat stays as left
    gate = Gate(monkeypatch, clocks, "_event")  # the resignation holds the dropped seat until the return waits
    now = away + DAY
    results = race(gate, lambda: resign(seat.game_id, alice, now), lambda: clocks.end_vacation(alice, now))
    assert results == ["bot", True]
    seat.refresh_from_db()
    assert seat.dropped
    assert (seat.deadline, seat.next_nag, seat.clock_left, seat.clock_since) == (None, None, None, None)


def test_a_vacation_started_while_its_player_resigns_banks_no_time_on_the_seat_the_bot_took(alice, bob, monkeypatch):
    from players.resign import resign

    seat = timed_game(alice, bob, "drop", days=5)
    monkeypatch.setattr(outbox, "delay", lambda name, *args: None)  # the bot waits: the seat stays as left
    gate = Gate(monkeypatch, clocks, "_event")  # the resignation holds the dropped seat until the vacation waits
    now = seat.waiting_since + DAY
    results = race(gate, lambda: resign(seat.game_id, alice, now), lambda: clocks.start_vacation(alice, now))
    assert results == ["bot", True]
    seat.refresh_from_db()
    assert seat.dropped
    assert (seat.deadline, seat.next_nag, seat.clock_left, seat.clock_since) == (None, None, None, None)


# finished games ---------------------------------------------------------------------------------

def test_a_finished_game_credited_twice_at_once_counts_once_for_each_player(alice, bob, monkeypatch):
    from accounts.models import Profile

    game = start_game("toy", [alice, bob])
    # the first credit holds its claimed seat, not yet committed, until the second waits for it:
    # the second read that seat as not credited yet
    gate = Gate(monkeypatch, Profile.objects, "select_for_update")
    race(gate, lambda: clocks.credit_finished_game(game), lambda: clocks.credit_finished_game(game))
    assert sorted(Profile.objects.filter(user__in=[alice, bob]).values_list("games_counted", flat=True)) == [1, 1]
    assert Seat.objects.filter(game=game, credited=True).count() == 2
