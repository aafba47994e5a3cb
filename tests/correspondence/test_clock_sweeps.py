"""The tick and its sweeps, called directly with eager tasks and a chosen time.

`sync_missed`, `resume_bots`, `sync_game` and `tick` were otherwise reached only through the
PostgreSQL races and the real worker, which skip on SQLite, so a mutation run on SQLite could not
see what they do (docs/mutation.md, clocks). Here each one's effect is pinned: which seats get a
clock, which clocks stop, which games' bots are woken, what the tick runs and in which order.
"""

import datetime

import pytest
import time_machine
from django.conf import settings
from django.utils import timezone

from accounts.models import Profile
from games import clocks, downtime, retention
from games.models import Game, Seat, TurnMail
from games.notifications import outbox, push, turns, webhooks
from tests.correspondence.conftest import play_turn
from tests.correspondence.test_timeouts import new_game, seat

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)
HOUR = datetime.timedelta(hours=1)
CLOCK_FIELDS = ("clock_since", "deadline", "clock_left", "next_nag")


@pytest.fixture
def queued(monkeypatch):
    """The Celery tasks handed over (name and arguments), instead of running them."""
    calls = []
    monkeypatch.setattr(outbox, "delay", lambda name, *args: calls.append((name, args)))
    return calls


def clock_of(seat_row):
    seat_row.refresh_from_db()
    return {field: getattr(seat_row, field) for field in CLOCK_FIELDS}


def forget_clock(seat_row):
    """As if the signal that starts the clock had been lost: the seat waits without a clock."""
    Seat.objects.filter(pk=seat_row.pk).update(clock_since=None, deadline=None, next_nag=None, clock_left=None)


def bob_waits(alice, bob, committed):
    """A game after alice's turn (version > 0, so a turn email is owed): bob must act."""
    Profile.objects.filter(user__in=[alice, bob]).update(vacation_auto=False)
    game = new_game([alice, bob], committed)
    with committed():
        play_turn(game, alice)
    return game


def expected_clock(waiting_since):
    """A fresh clock of the three-day game of `new_game`: a reminder after a day comes before
    the 80 % warning (after 2.4 days)."""
    return {"clock_since": waiting_since, "deadline": waiting_since + 3 * DAY, "clock_left": None,
            "next_nag": waiting_since + datetime.timedelta(hours=settings.REMINDER_AFTER_HOURS)}


# sync_missed -------------------------------------------------------------------------------------

def test_the_sweep_starts_the_missed_clock_of_a_waiting_seat_and_owes_its_turn_email_from_the_sweeps_time(
        alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    forget_clock(waiting)
    TurnMail.objects.all().delete()
    sweep_time = timezone.now() + 7 * HOUR  # not the wall clock: the sweep's own time counts
    clocks.sync_missed(sweep_time)
    assert clock_of(waiting) == expected_clock(waiting.waiting_since)
    assert clock_of(seat(game, alice)) == dict.fromkeys(CLOCK_FIELDS)
    turn_mail = TurnMail.objects.get(user=bob)
    assert turn_mail.due == sweep_time + datetime.timedelta(seconds=settings.TURN_EMAIL_DELAY)
    assert not TurnMail.objects.filter(user=alice).exists()


def test_the_sweep_leaves_a_seat_whose_clock_runs_for_its_wait_alone(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    moved = waiting.deadline + HOUR  # the time given back after an outage, say
    Seat.objects.filter(pk=waiting.pk).update(deadline=moved)
    TurnMail.objects.all().delete()
    clocks.sync_missed(timezone.now())
    assert clock_of(waiting)["deadline"] == moved
    assert not TurnMail.objects.exists()


def test_the_sweep_leaves_the_seats_of_a_game_that_no_longer_runs_alone(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    leftover = waiting.deadline  # a leftover that a sync would clear
    forget_clock(waiting)
    Seat.objects.filter(pk=waiting.pk).update(deadline=leftover)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.CANCELLED)
    clocks.sync_missed(timezone.now())
    assert leftover is not None
    assert clock_of(waiting) == {"clock_since": None, "deadline": leftover, "clock_left": None, "next_nag": None}


def test_the_sweep_syncs_at_most_a_batch_of_seats_and_the_rest_on_the_next_tick(alice, bob, carol, committed,
                                                                                  monkeypatch):
    monkeypatch.setattr(clocks, "BATCH", 1)
    first = bob_waits(alice, bob, committed)
    second = bob_waits(carol, bob, committed)
    for game in (first, second):
        forget_clock(seat(game, bob))
    now = timezone.now()
    clocks.sync_missed(now)
    started = [game for game in (first, second) if seat(game, bob).clock_since is not None]
    assert len(started) == 1
    clocks.sync_missed(now)
    assert all(seat(game, bob).clock_since == seat(game, bob).waiting_since for game in (first, second))


def test_the_sweep_syncs_every_game_of_a_full_batch(alice, bob, carol, committed, monkeypatch):
    monkeypatch.setattr(clocks, "BATCH", 2)
    games = [bob_waits(alice, bob, committed), bob_waits(carol, bob, committed)]
    for game in games:
        forget_clock(seat(game, bob))
    clocks.sync_missed(timezone.now())
    assert [seat(game, bob).clock_since == seat(game, bob).waiting_since for game in games] == [True, True]


# sync_game ---------------------------------------------------------------------------------------

def test_a_finished_game_clears_every_clock_of_its_seats_and_starts_none(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    waiting, done = seat(game, bob), seat(game, alice)
    Seat.objects.filter(pk=done.pk).update(clock_since=waiting.waiting_since, deadline=waiting.deadline,
                                          clock_left=DAY, next_nag=waiting.next_nag)
    Seat.objects.filter(pk=waiting.pk).update(clock_since=None, clock_left=DAY)  # stale, would be started
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    TurnMail.objects.all().delete()
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(waiting) == clock_of(done) == dict.fromkeys(CLOCK_FIELDS)
    assert not TurnMail.objects.exists()


@pytest.mark.parametrize("field", CLOCK_FIELDS)
def test_a_finished_game_clears_a_clock_field_left_alone_on_a_seat(alice, bob, committed, field):
    """A paused clock of a game without limit keeps only `clock_since`; whatever one field is
    left, the finished game clears it (the sync skips only seats with all four unset)."""
    game = bob_waits(alice, bob, committed)
    leftover = {"clock_since": timezone.now(), "deadline": timezone.now() + DAY, "clock_left": HOUR,
                "next_nag": timezone.now() + HOUR}[field]
    game.seats.update(**dict(dict.fromkeys(CLOCK_FIELDS), **{field: leftover}))
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    clocks.sync_game(game.pk, now=timezone.now())
    assert [clock_of(row) for row in game.seats.all()] == [dict.fromkeys(CLOCK_FIELDS)] * 2


def test_a_seat_that_no_longer_must_act_has_its_clock_stopped_and_its_warning_reset(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    done = seat(game, alice)
    Seat.objects.filter(pk=done.pk).update(clock_since=done.waiting_since or timezone.now(),
                                          deadline=timezone.now() + DAY, clock_left=HOUR,
                                          next_nag=timezone.now() + HOUR, warned=True)
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(done) == dict.fromkeys(CLOCK_FIELDS)
    assert done.warned is False
    assert clock_of(seat(game, bob)) == expected_clock(seat(game, bob).waiting_since)  # the waiting one runs on


def test_stopping_a_clock_touches_only_the_game_synced(alice, bob, carol, committed):
    game = bob_waits(alice, bob, committed)
    other = bob_waits(carol, bob, committed)
    elsewhere = seat(other, carol)  # not acting, with a clock a sync of its own game would stop
    Seat.objects.filter(pk=elsewhere.pk).update(clock_since=timezone.now(), clock_left=HOUR)
    done = seat(game, alice)
    Seat.objects.filter(pk=done.pk).update(clock_since=timezone.now(), clock_left=HOUR)
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(done) == dict.fromkeys(CLOCK_FIELDS)
    assert clock_of(elsewhere)["clock_left"] == HOUR


def test_stopping_a_clock_leaves_a_seat_that_began_to_act_again_after_the_sync_read_it(
        alice, bob, committed, monkeypatch):
    """The sync read the seats; while it starts the first seat's clock, a move makes the second
    seat act again with a clock of its own: the stale stop of the second seat writes nothing."""
    game = new_game([alice, bob], committed)  # alice's turn: bob does not act
    acting, idle = seat(game, alice), seat(game, bob)
    assert acting.position < idle.position and acting.to_act and not idle.to_act
    forget_clock(acting)
    Seat.objects.filter(pk=idle.pk).update(clock_since=timezone.now(), clock_left=HOUR)  # a clock to stop
    new_wait = timezone.now() + HOUR
    real_clock_fields = clocks.clock_fields

    def then_the_other_acts(game_row, seat_row, profile, mover):
        if seat_row.pk == acting.pk:
            Seat.objects.filter(pk=idle.pk).update(to_act=True, waiting_since=new_wait, **expected_clock(new_wait))
        return real_clock_fields(game_row, seat_row, profile, mover)

    monkeypatch.setattr(clocks, "clock_fields", then_the_other_acts)
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(idle) == expected_clock(new_wait)
    assert clock_of(acting)["clock_since"] == acting.waiting_since

def test_a_dropped_seat_gets_no_clock_though_it_must_act(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    dropped = seat(game, bob)
    forget_clock(dropped)
    Seat.objects.filter(pk=dropped.pk).update(dropped=True)
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(dropped) == dict.fromkeys(CLOCK_FIELDS)


def test_a_seat_that_must_act_but_has_no_wait_begun_gets_no_clock(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    forget_clock(waiting)
    Seat.objects.filter(pk=waiting.pk).update(waiting_since=None)
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(waiting) == dict.fromkeys(CLOCK_FIELDS)


def test_the_mover_gets_a_clock_but_no_turn_email(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    forget_clock(waiting)
    TurnMail.objects.all().delete()
    clocks.sync_game(game.pk, mover=waiting.position, now=timezone.now())
    waiting.refresh_from_db()
    assert waiting.turn_emailed and waiting.clock_since == waiting.waiting_since
    assert not TurnMail.objects.exists()


def test_a_missed_clock_started_without_a_time_owes_its_turn_email_from_now(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    forget_clock(waiting)
    TurnMail.objects.all().delete()
    moment = timezone.now() + 5 * HOUR
    with time_machine.travel(moment, tick=False):
        clocks.sync_game(game.pk)
    waiting.refresh_from_db()
    assert not waiting.turn_emailed
    assert TurnMail.objects.get(user=bob).due == moment + datetime.timedelta(seconds=settings.TURN_EMAIL_DELAY)


def test_a_missed_clock_of_a_player_on_vacation_starts_paused_with_a_whole_period(alice, bob, committed):
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    forget_clock(waiting)
    Profile.objects.filter(user=bob).update(vacation_since=timezone.now())
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(waiting) == {"clock_since": waiting.waiting_since, "deadline": None,
                                 "clock_left": 3 * DAY, "next_nag": None}



def test_starting_a_clock_touches_only_its_own_seat_though_another_wait_began_at_the_same_instant(
        alice, bob, carol, committed):
    """Two games wait for bob since the same moment (a tick's automatic moves, say): starting one
    game's missed clock writes that seat only, and its turn email is still owed."""
    game = bob_waits(alice, bob, committed)
    other = bob_waits(carol, bob, committed)
    same_instant = seat(game, bob).waiting_since
    for row in (seat(game, bob), seat(other, bob)):
        forget_clock(row)
        Seat.objects.filter(pk=row.pk).update(waiting_since=same_instant)
    TurnMail.objects.all().delete()
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(seat(game, bob)) == expected_clock(same_instant)
    assert clock_of(seat(other, bob)) == dict.fromkeys(CLOCK_FIELDS)
    assert TurnMail.objects.get(user=bob).due is not None


def test_a_clock_started_for_a_wait_that_a_move_has_replaced_meanwhile_leaves_the_new_clock(
        alice, bob, committed, monkeypatch):
    """The sync read the seat; before it writes, a move begins a new wait for it (and starts that
    clock): the stale start writes nothing, the new wait keeps its own deadline."""
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    forget_clock(waiting)
    new_wait = waiting.waiting_since + HOUR
    real_clock_fields = clocks.clock_fields

    def then_a_new_wait(game, seat_row, profile, mover):
        fields = real_clock_fields(game, seat_row, profile, mover)
        Seat.objects.filter(pk=seat_row.pk).update(waiting_since=new_wait, **expected_clock(new_wait))
        return fields

    monkeypatch.setattr(clocks, "clock_fields", then_a_new_wait)
    clocks.sync_game(game.pk, now=timezone.now())
    assert clock_of(waiting) == expected_clock(new_wait)

# apply_timeouts and send_reminders ---------------------------------------------------------------

LEFTOVERS = {  # a clock left on a seat that the timeout and reminder sweeps must not take, and how
    "no longer acts": lambda game, row: Seat.objects.filter(pk=row.pk).update(to_act=False),  # its sync lost
    "dropped": lambda game, row: Seat.objects.filter(pk=row.pk).update(dropped=True),  # started as a bot took over
    "game over": lambda game, row: Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED),  # sync lost
}


@pytest.mark.parametrize("leftover", list(LEFTOVERS))
def test_the_timeout_and_reminder_sweeps_take_only_the_seats_a_person_must_act_for_in_running_games(
        alice, bob, carol, committed, queued, leftover):
    """A passed deadline or reminder left on a seat that no longer acts, whose bot plays it, or
    whose game is over is not due. The workers would find nothing to do (`time_out` and `remind`
    check again), but nothing clears such a clock: the sweep would hand it over on every tick for
    good, the tick would never be idle again, and such seats would take the batch's places."""
    game = bob_waits(alice, bob, committed)
    other = bob_waits(carol, alice, committed)
    now = timezone.now() + HOUR
    due, left = seat(game, bob), seat(other, alice)
    Seat.objects.filter(pk__in=[due.pk, left.pk]).update(deadline=now - HOUR, next_nag=now - HOUR)
    LEFTOVERS[leftover](other, left)
    del queued[:]
    clocks.apply_timeouts(now)
    clocks.send_reminders(now)
    passed = (now - HOUR).isoformat()
    assert queued == [("time_out", (due.pk, passed, now.isoformat())), ("remind", (due.pk, passed, now.isoformat()))]
    Seat.objects.filter(pk=due.pk).update(deadline=now + DAY, next_nag=now + DAY)
    sweeps = {index for index, (_module, name, _rows) in enumerate(clocks.SWEEPS)
              if name in ("apply_timeouts", "send_reminders")}
    assert not clocks.probe(now, after=-1) & sweeps


# resume_bots -------------------------------------------------------------------------------------

def test_the_sweep_wakes_the_bots_once_per_running_game_with_a_dropped_seat_that_must_act(
        alice, bob, carol, committed, queued):
    with_bot = bob_waits(alice, bob, committed)
    Seat.objects.filter(pk=seat(with_bot, bob).pk).update(dropped=True)
    bot_not_acting = bob_waits(carol, bob, committed)
    Seat.objects.filter(pk=seat(bot_not_acting, carol).pk).update(dropped=True)  # carol does not act
    finished = bob_waits(alice, carol, committed)
    Seat.objects.filter(pk=seat(finished, carol).pk).update(dropped=True)
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    del queued[:]
    clocks.resume_bots(timezone.now())
    assert queued == [("play_bots", (with_bot.pk,))]


def test_the_bot_sweep_wakes_a_game_once_though_several_of_its_seats_wait_for_their_bots(
        alice, bob, committed, queued):
    game = bob_waits(alice, bob, committed)
    game.seats.update(dropped=True, to_act=True)
    del queued[:]
    clocks.resume_bots(timezone.now())
    assert queued == [("play_bots", (game.pk,))]


def test_the_bot_sweep_wakes_at_most_a_batch_of_games(alice, bob, carol, committed, queued, monkeypatch):
    games = [bob_waits(alice, bob, committed), bob_waits(carol, bob, committed)]
    for game in games:
        Seat.objects.filter(pk=seat(game, bob).pk).update(dropped=True)
    del queued[:]
    monkeypatch.setattr(clocks, "BATCH", 1)
    clocks.resume_bots(timezone.now())
    assert len(queued) == 1 and queued[0][1][0] in {game.pk for game in games}
    monkeypatch.setattr(clocks, "BATCH", 2)
    del queued[:]
    clocks.resume_bots(timezone.now())
    assert sorted(queued) == sorted(("play_bots", (game.pk,)) for game in games)


# timed moves -------------------------------------------------------------------------------------

def two_offers_expiring(players):
    """A Catan game with two trade offers that expire at the same moment (two timed moves)."""
    from tests.correspondence.test_catan_offer_expiry import offers_expiring_together

    game, _active, _other, moment = offers_expiring_together(players)
    return game, moment


def test_timed_moves_due_at_exactly_the_ticks_time_are_submitted_and_counted(alice, bob, carol):
    game, moment = two_offers_expiring([alice, bob, carol])
    assert clocks.submit_timed_moves(game.pk, moment) == 2
    game.refresh_from_db()
    assert game.state["offers"] == [] and game.timed_at is None


def test_a_cancelled_game_with_an_offer_left_to_expire_takes_no_place_in_the_timed_move_sweep(
        alice, bob, carol, monkeypatch):
    """A cancelled game keeps its `timed_at`; the sweep's batch is for running games, else such
    games, earliest first, would fill it on every tick."""
    from tests.correspondence.test_catan_offer_expiry import offers_expiring_together

    cancelled, _active, _other, earlier = offers_expiring_together([alice, bob, carol])
    Game.objects.filter(pk=cancelled.pk).update(status=Game.Status.CANCELLED)
    game, moment = two_offers_expiring([alice, bob, carol])
    assert Game.objects.get(pk=cancelled.pk).timed_at <= Game.objects.get(pk=game.pk).timed_at
    monkeypatch.setattr(clocks, "BATCH", 1)
    clocks.apply_timed_moves(max(moment, earlier))
    game.refresh_from_db()
    assert game.state["offers"] == [] and game.timed_at is None


def test_a_running_game_without_a_timed_move_takes_no_place_in_the_timed_move_sweep(
        alice, bob, carol, committed, monkeypatch):
    """The sweep takes due games only: ordered by `timed_at`, SQLite puts the games without one
    (NULL) first, so with a full batch a sweep of every running game would never reach a due one."""
    without = bob_waits(alice, bob, committed)
    assert Game.objects.get(pk=without.pk).timed_at is None
    game, moment = two_offers_expiring([alice, bob, carol])
    monkeypatch.setattr(clocks, "BATCH", 1)
    clocks.apply_timed_moves(moment)
    game.refresh_from_db()
    assert game.state["offers"] == [] and game.timed_at is None

def test_a_timed_move_the_engine_refuses_is_logged_and_dropped_and_the_moves_before_it_still_count(
        alice, bob, carol, monkeypatch, caplog):
    from games import engines

    game, moment = two_offers_expiring([alice, bob, carol])
    real_apply, refused = engines.apply, []

    def apply_then_refuse(game_id, state, position, move):
        if refused or move.get("type") != "expire_trade":
            return real_apply(game_id, state, position, move)
        if not hasattr(apply_then_refuse, "applied"):
            apply_then_refuse.applied = True
            return real_apply(game_id, state, position, move)
        refused.append(move)
        raise engines.IllegalMove("This offer is gone.")

    monkeypatch.setattr(engines, "apply", apply_then_refuse)
    assert clocks.submit_timed_moves(game.pk, moment + HOUR) == 1
    game.refresh_from_db()
    assert len(game.state["offers"]) == 1 and game.timed_at is None  # the refused move is not tried again
    failures = [record for record in caplog.records if record.name == "games.clocks" and record.exc_info]
    assert [record.getMessage() for record in failures] == [
        f"timed move {refused[0]!r} of game {game.pk} refused; it is dropped"]


# tick --------------------------------------------------------------------------------------------

STEPS = [
    (clocks, "sync_missed"), (clocks, "end_used_up_vacations"), (clocks, "apply_timeouts"),
    (clocks, "apply_timed_moves"), (clocks, "cancel_idle_games"), (retention, "expire_invitations"),
    (clocks, "send_reminders"), (turns, "flush"), (outbox, "retry"), (webhooks, "retry"), (push, "retry"),
    (clocks, "resume_bots"), (downtime, "report_overdue"),
]


@pytest.fixture
def steps(monkeypatch):
    """Each step of the tick replaced by one that records its name and time, and every step due
    (which steps the probe finds due: tests/correspondence/test_tick_probe.py). The heartbeat's
    UPDATE that carries the probe records nothing here, so `downtime.record_tick` records the tick."""
    monkeypatch.setattr(clocks, "due_sweeps", lambda now, record=False: None if record else range(len(clocks.SWEEPS)))
    calls = []
    for module, name in STEPS:
        label = f"{module.__name__.rsplit('.', 1)[-1]}.{name}"
        monkeypatch.setattr(module, name, lambda now, label=label: calls.append((label, now)))
    return calls


def step_labels():
    return [f"{module.__name__.rsplit('.', 1)[-1]}.{name}" for module, name in STEPS]


def test_the_tick_records_itself_then_runs_every_step_once_in_order_at_its_time(steps, monkeypatch):
    recorded = []
    monkeypatch.setattr(downtime, "record_tick", lambda now: recorded.append(now))
    moment = timezone.now() + 3 * HOUR
    assert clocks.tick(moment) is None
    assert recorded == [moment]
    assert steps == [(label, moment) for label in step_labels()]


def test_the_tick_without_a_time_runs_at_the_present_moment(steps):
    moment = timezone.now() + 2 * DAY
    with time_machine.travel(moment, tick=False):
        clocks.tick()
    assert {now for _label, now in steps} == {moment}
    assert downtime.last_tick() == moment


def test_a_failing_step_is_logged_by_name_and_the_later_steps_still_run(steps, monkeypatch, caplog):
    def apply_timeouts(now):  # the log names the step by its function's name
        raise RuntimeError("broken sweep")

    monkeypatch.setattr(clocks, "apply_timeouts", apply_timeouts)
    moment = timezone.now()
    clocks.tick(moment)
    assert [label for label, _now in steps] == [label for label in step_labels() if label != "clocks.apply_timeouts"]
    failures = [record for record in caplog.records if record.name == "games.clocks" and record.exc_info]
    assert [record.getMessage() for record in failures] == ["tick step apply_timeouts failed"]


def test_a_tick_that_cannot_record_itself_runs_no_step_and_says_why(steps, monkeypatch, caplog):
    def unrecorded(now):
        raise RuntimeError("database away")

    monkeypatch.setattr(downtime, "record_tick", unrecorded)
    assert clocks.tick(timezone.now()) is None
    assert steps == []
    failures = [record for record in caplog.records if record.name == "games.clocks" and record.exc_info]
    assert [record.getMessage() for record in failures] == [
        "tick: recording the tick failed; nothing is timed out this time"]


# cancel ------------------------------------------------------------------------------------------

def test_a_game_cancelled_by_a_timeout_packs_its_moves_into_the_archive(alice, bob, committed):
    from games.models import Move, MoveArchive

    game = bob_waits(alice, bob, committed)
    Game.objects.filter(pk=game.pk).update(days_per_move=1)
    game.invitation.timeout_policy = "cancel"
    game.invitation.save()
    played = Move.objects.filter(game=game).count()
    waiting = seat(game, bob)
    with committed():
        assert clocks.time_out(waiting.pk, waiting.deadline, waiting.deadline + HOUR) == "cancelled"
    assert played == 2
    assert MoveArchive.objects.get(game=game).moves == played
    assert not Move.objects.filter(game=game).exists()


# cancel_idle_games -------------------------------------------------------------------------------

def idle_game(players, committed):
    """A running game without a time limit in which nobody moved for 61 days (as of `now`)."""
    game = new_game(players, committed, policy="none")
    Game.objects.filter(pk=game.pk).update(updated=timezone.now() - 61 * DAY)
    return game


def test_finished_games_left_idle_take_no_place_in_the_idle_sweep(alice, bob, committed, monkeypatch):
    """A finished game keeps its last `updated`: the sweep's batch is for running games, else old
    finished games would fill it on every tick and the idle running ones would never be cancelled."""
    finished = idle_game([alice, bob], committed)
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    idle = idle_game([alice, bob], committed)
    monkeypatch.setattr(clocks, "BATCH", 1)
    clocks.cancel_idle_games(timezone.now())
    assert Game.objects.get(pk=idle.pk).status == Game.Status.CANCELLED
    assert Game.objects.get(pk=finished.pk).status == Game.Status.FINISHED


def test_an_idle_game_moved_after_the_sweep_read_it_is_skipped_and_the_sweep_goes_on(
        alice, bob, committed, monkeypatch):
    """Three idle games; while the first is cancelled a move lands in another one (after the sweep
    read it): that one runs on, the sweep still cancels the third."""
    games = [idle_game([alice, bob], committed) for _ in range(3)]
    real_cancel, moved = clocks.cancel, []

    def and_a_move_elsewhere(game, *args, **kwargs):
        if not moved:
            running = Game.objects.filter(pk__in=[g.pk for g in games], status=Game.Status.RUNNING)
            moved.append(running.exclude(pk=game.pk).order_by("pk").values_list("pk", flat=True)[0])
            Game.objects.filter(pk=moved[0]).update(updated=timezone.now())
        return real_cancel(game, *args, **kwargs)

    monkeypatch.setattr(clocks, "cancel", and_a_move_elsewhere)
    clocks.cancel_idle_games(timezone.now())
    statuses = {g.pk: Game.objects.get(pk=g.pk).status for g in games}
    assert statuses.pop(moved[0]) == Game.Status.RUNNING
    assert list(statuses.values()) == [Game.Status.CANCELLED] * 2


def test_the_idle_sweep_cancels_by_the_moment_of_the_last_move_not_by_its_day(alice, bob, committed):
    """The sweep finds its candidates by the UTC day of the last move (the index holds the day, so
    a move's row update stays HOT) and decides by the moment: of two games that last moved on the
    same day, the one a minute before the limit is cancelled, the one a minute after runs on."""
    last_move = datetime.datetime(2026, 9, 1, 12, 0, tzinfo=datetime.UTC)
    before, after = idle_game([alice, bob], committed), idle_game([alice, bob], committed)
    Game.objects.filter(pk=before.pk).update(updated=last_move - datetime.timedelta(minutes=1))
    Game.objects.filter(pk=after.pk).update(updated=last_move + datetime.timedelta(minutes=1))
    clocks.cancel_idle_games(last_move + clocks.IDLE_LIMIT)
    assert Game.objects.get(pk=before.pk).status == Game.Status.CANCELLED
    assert Game.objects.get(pk=after.pk).status == Game.Status.RUNNING
    assert Game.objects.get(pk=after.pk).updated_day == last_move.date()


# end_used_up_vacations ---------------------------------------------------------------------------

def test_a_used_up_vacation_ends_at_the_ticks_time_not_the_wall_clocks(alice, bob, committed):
    """The tick that finds a vacation used up ends it at its own time: the paused clock resumes
    with the time it had left from there (a late tick must not shift it to the wall clock)."""
    game = bob_waits(alice, bob, committed)
    waiting = seat(game, bob)
    away_since = waiting.waiting_since + HOUR
    assert clocks.start_vacation(bob, away_since)
    left = seat(game, bob).clock_left
    Profile.objects.filter(user=bob).update(vacation_left=2 * DAY)
    tick_time = away_since + 3 * DAY  # not the wall clock (the test does not travel)
    clocks.end_used_up_vacations(tick_time)
    profile = Profile.objects.get(user=bob)
    assert profile.vacation_since is None and profile.vacation_left == datetime.timedelta(0)
    assert left == 3 * DAY - HOUR
    assert clock_of(waiting)["deadline"] == tick_time + left
