"""Time limits: each seat's clock, reminders, timeouts, vacation, idle games.

A seat's clock runs only while the seat must act and its player is not on
vacation. `tick(now)` runs once a minute (Celery beat, or the embedded scheduler)
and finds what is due; every change claims its row with a conditional UPDATE
(Healthchecks' sendalerts) inside the transaction that does the work, so several
workers, a second beat or a task retried after a crash apply it exactly once.
"""

import datetime
import logging
import random
import sys

from django.conf import settings
from django.core.signals import setting_changed
from django.db import connection, transaction
from django.db.models import DateTimeField, ExpressionWrapper, F, Value
from django.dispatch import receiver
from django.utils import timezone

from accounts.models import Profile
from engine.core.text import text
from games import downtime, engines, move_archive, moves, retention
from games.models import BOT_TO_ACT, STALE_CLOCK, Game, GameEvent, Seat, TimeoutPolicy, UtcDay
from games.notifications import outbox, push, turns, webhooks

log = logging.getLogger(__name__)

DAY = datetime.timedelta(days=1)
WARN_SHARE = 0.8  # the warning goes out when 80 % of the time per move is used
IDLE_LIMIT = datetime.timedelta(days=60)  # games without a limit are cancelled after this
VACATION_MAX = datetime.timedelta(days=30)
GAMES_PER_VACATION_DAY = 8
BATCH = 200


def reminder_after():
    return datetime.timedelta(hours=settings.REMINDER_AFTER_HOURS)


def period(game):
    return datetime.timedelta(days=game.days_per_move)


def warn_at(seat, game):
    return seat.deadline - (1 - WARN_SHARE) * period(game) if seat.deadline else None


def first_nag(since, deadline, game, warned=False):
    """The first reminder after a wait began (or resumed): the 80 % warning if it comes first.

    A wait resumed after a vacation that began past the warning time, before the tick sent the
    warning, is warned at once: its first reminder, a day later, could come after the deadline."""
    nag = since + reminder_after()
    if deadline is not None and not warned:
        warning = deadline - (1 - WARN_SHARE) * period(game)
        nag = min(nag, max(warning, since))
    return nag


def on_vacation(profile):
    return profile is not None and profile.vacation_since is not None


# Setting up and clearing clocks after a game changed ---------------------------------------

def sync_game(game_pk, mover=None, now=None):
    """Start the clock of each seat that began to wait, clear it where the wait ended.

    Runs after every start and move (signals) and from tick for anything missed.
    `mover`: the seat that just moved; it gets no turn email."""
    now = now or timezone.now()
    game = Game.objects.select_related("invitation").get(pk=game_pk)
    seats = list(game.seats.all())
    if game.is_finished:
        game.seats.exclude(clock_since=None, deadline=None, next_nag=None, clock_left=None).update(
            clock_since=None, deadline=None, clock_left=None, next_nag=None)
        return
    profiles = {p.user_id: p for p in Profile.objects.filter(user__in=[s.user_id for s in seats])}
    for seat in seats:
        if seat.to_act and not seat.dropped and seat.waiting_since and seat.clock_since != seat.waiting_since:
            start_clock(game, seat, profiles.get(seat.user_id), mover, now)
        elif not seat.to_act and seat.clock_since is not None:
            Seat.objects.filter(pk=seat.pk, to_act=False).update(**STOPPED)


def clock_fields(game, seat, profile, mover):
    """The clock of a wait that begins at `seat.waiting_since`, as Seat field values.

    `quiet`: the mover (who sees it) or the game's start (its email says it) needs no turn email."""
    since = seat.waiting_since
    limit = None if game.timeout_policy == TimeoutPolicy.NONE else since + period(game)
    paused = on_vacation(profile)
    return {
        "clock_since": since, "warned": False,
        "turn_emailed": seat.position == mover or game.version == 0,
        "deadline": None if paused else limit,
        "clock_left": period(game) if paused and limit else None,
        "next_nag": None if paused else first_nag(since, limit, game),
    }


STOPPED = {"clock_since": None, "deadline": None, "clock_left": None, "next_nag": None, "warned": False}


def start_clock(game, seat, profile, mover, now):
    fields = clock_fields(game, seat, profile, mover)
    since = fields["clock_since"]
    changed = Seat.objects.filter(pk=seat.pk, to_act=True, waiting_since=since).exclude(
        clock_since=since).update(**fields)
    if changed == 1 and not fields["turn_emailed"]:
        turns.schedule(seat.user_id, now, profile)


# The periodic tick ---------------------------------------------------------------------------

def tick(now=None):
    """Everything that is due at `now`; safe to run concurrently and repeatedly."""
    now = now or timezone.now()
    # An idle tick is one statement: the heartbeat's UPDATE returns the probe. It changes no row
    # after an outage (or before the first tick): then record_tick gives the clocks the time back
    # under the heartbeat's row lock before anything can be due, and the probe is asked alone.
    try:
        due = due_sweeps(now, record=True)
    except Exception:
        log.exception("tick: recording the tick with the probe failed; each is tried alone")
        due = None
    if due is None:
        try:
            downtime.record_tick(now)
        except Exception:
            log.exception("tick: recording the tick failed; nothing is timed out this time")
            return
        due = probe(now, after=-1)
    for index, (module, name, _rows) in enumerate(SWEEPS):
        if due is not None and index not in due:
            continue
        try:
            getattr(module, name)(now)  # looked up now: a sweep replaced at run time is the one run
        except Exception:  # one broken step must not stop the others
            log.exception("tick step %s failed", name)
        # What a sweep did can make work due for a later one (a timeout's bot move owes the next
        # player a turn email and a reminder): asked again, the later sweeps run in this tick as
        # they did when every sweep ran every time.
        if due is not None:
            due = probe(now, after=index)


def probe(now, after):
    """The indexes of the sweeps after `after` with due work; None if the probe failed: then
    every sweep looks for itself, as before there was a probe."""
    try:
        return {index for index in due_sweeps(now) if index > after}
    except Exception:
        log.exception("tick: the probe for due work failed; every sweep runs")
        return None


def due_sweeps(now, record=False):
    """The indexes into SWEEPS, ascending, of the sweeps with a due row at `now`: one statement
    whose value is a bit per sweep, each an index-backed EXISTS, one round trip whatever is due.

    `record`: the statement is the heartbeat's UPDATE of a recent tick (downtime) returning the
    probe; None when it changed no row (downtime.record_tick must record this tick). In a
    race with a tick giving time back it waits for the row lock but probes the rows as they were
    when it began: at worst a sweep runs and finds nothing, as each sweep asks again itself."""
    sql, params = probe_statement(now)
    if record:
        update, update_params = downtime.recent_tick_update(now, returning=sql)
        sql, params = update, [*update_params, *params]
    else:
        sql = f"SELECT {sql}"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    return [index for index in range(len(SWEEPS)) if row[-1] >> index & 1]


def compile_probe(now):
    """The probe's SQL expression (a bit per sweep with a due row) and its parameters at `now`,
    compiled from each sweep's own queryset."""
    parts, params = [], []
    for index, (_module, _name, rows) in enumerate(SWEEPS):
        sql, arguments = rows(now).order_by().values("pk").query.sql_with_params()
        # our own int: no parameter needed
        parts.append(f"CASE WHEN EXISTS ({sql}) THEN {1 << index} ELSE 0 END")
        params.extend(arguments)
    return " + ".join(parts), params


# Compiling the 13 querysets costs ~5 ms of CPU, several times what the statement costs the
# database, and the text is the same every minute: only the times in its parameters move with
# `now`. So it is compiled once per process and database at a fixed moment and again a day
# later; a parameter that moved by exactly that day is a time (`now`, or `now` minus a setting's
# duration) and is moved to each tick's `now`, the others are constants. A changed setting
# (tests) compiles it again; anything else that does not fit is compiled at `now` every time.
PROBE_MOMENT = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
_probes = {}


def probe_statement(now):
    key = connection.alias
    if key not in _probes:
        _probes[key] = _relative_probe()
    if _probes[key] is None:
        return compile_probe(now)
    sql, params = _probes[key]
    adapt = connection.ops.adapt_datetimefield_value
    return sql, [value if offset is None else adapt(now + offset) for value, offset in params]


def _relative_probe():
    (sql, first), (later_sql, second) = compile_probe(PROBE_MOMENT), compile_probe(PROBE_MOMENT + DAY)
    if sql != later_sql or len(first) != len(second):
        return None
    params = []
    for value, moved in zip(first, second):
        if value == moved:
            params.append((value, None))
            continue
        value, moved = _as_moment(value), _as_moment(moved)
        if value is None or moved is None or moved - value != DAY:
            return None
        params.append((None, value - PROBE_MOMENT))
    return sql, params


def _as_moment(value):
    """A time parameter as the database adapter gave it (PostgreSQL: the datetime; SQLite: its
    text in the connection's time zone), as an aware datetime; None if it is no time."""
    if isinstance(value, str):
        try:
            value = datetime.datetime.fromisoformat(value)
        except ValueError:
            return None
    if not isinstance(value, datetime.datetime):
        return None
    return value if timezone.is_aware(value) else timezone.make_aware(value, connection.timezone)


@receiver(setting_changed)
def _forget_probes(**kwargs):
    _probes.clear()


def stale_clocks(now):
    return Seat.objects.filter(STALE_CLOCK, game__status=Game.Status.RUNNING).order_by()


def sync_missed(now):
    for game_pk in set(stale_clocks(now).values_list("game_id", flat=True)[:BATCH]):
        sync_game(game_pk, now=now)


def due_timeouts(now):
    return Seat.objects.filter(deadline__lte=now, to_act=True, dropped=False,
                               game__status=Game.Status.RUNNING).order_by()


def apply_timeouts(now):
    for seat_pk, deadline in due_timeouts(now).values_list("pk", "deadline")[:BATCH]:
        outbox.delay("time_out", seat_pk, deadline.isoformat(), now.isoformat())


def due_timed_moves(now):
    return Game.objects.filter(timed_at__lte=now, status=Game.Status.RUNNING).order_by()


def apply_timed_moves(now):
    """Submit the moves games asked for by date (`timed_moves`: a trade offer's expiry) once due."""
    for game_pk in due_timed_moves(now).order_by("timed_at").values_list("pk", flat=True)[:BATCH]:
        submit_timed_moves(game_pk, now)


def submit_timed_moves(game_pk, now):
    """Every due timed move of one game, earliest first, through the move pipeline in one
    transaction on the locked row (a racing tick finds them done: `timed_at` moved on)."""
    applied = 0
    with transaction.atomic():
        game = moves.locked_game(game_pk)
        while not game.is_finished and game.timed_at is not None and game.timed_at <= now:
            moment, position, move = engines.timed_moves(game.game_id, game.state)[0]
            seat = next(s for s in game.seat_list() if s.position == position)
            try:
                new_state = engines.apply(game.game_id, game.state, position, move)
            except engines.IllegalMove:
                log.exception("timed move %r of game %s refused; it is dropped", move, game.pk)
                Game.objects.filter(pk=game.pk).update(timed_at=None)
                break
            line = engines.describe(game.game_id, move, game.state, position, after=new_state)
            moves.do_apply_move(moves.Checked(game, seat, move, new_state, line), None)
            applied += 1
    return applied


def time_out(seat_pk, deadline, now):
    """The clock of this seat ran out: the game's default for a decision owed off turn; else
    vacation if days remain, else the game's policy."""
    answered = answer_by_default(seat_pk, deadline, now)
    if answered is not None:
        return None if answered == "taken" else answered
    seat = Seat.objects.select_related("user__profile").get(pk=seat_pk)
    profile = getattr(seat.user, "profile", None)
    if profile is not None and profile.vacation_auto and not on_vacation(profile) and profile.vacation_left > datetime.timedelta(0):
        if start_vacation(seat.user, now, auto=True):
            _event(Game.objects.get(pk=seat.game_id), now,
                   text("{player} ran out of time; vacation began and pauses the clock.", player=seat.position))
            return "vacation"
    with transaction.atomic():
        game = Game.objects.select_for_update(of=("self",)).select_related("invitation").get(pk=seat.game_id)
        claimed = Seat.objects.filter(pk=seat_pk, deadline=deadline, to_act=True, dropped=False).update(
            deadline=None, next_nag=None)
        if claimed != 1 or game.is_finished:
            return None
        if game.timeout_policy == TimeoutPolicy.CANCEL:
            cancel(game, now, text("{player} ran out of time; the game is cancelled.", player=seat.position),
                   "timeout_cancelled", timed_out=seat)
            return "cancelled"
        hand_to_bot(game, seat, now, text("{player} ran out of time; a bot plays this seat to the end.",
                                          player=seat.position))
        for other in game.seat_list():
            kind = "timed_out" if other.pk == seat_pk else "player_timed_out"
            outbox.queue(other.user, kind, f"drop:{seat_pk}:{other.user_id}",
                         {"game": game, "player": _name(seat), "policy": "drop"})
    return "dropped"


def hand_to_bot(game, seat, now, line):
    """From now on a bot plays `seat` (timed out, or resigned: players/resign.py); it ranks last.
    The game row is locked by the caller."""
    Seat.objects.filter(pk=seat.pk).update(dropped=True, clock_since=None, deadline=None, next_nag=None,
                                           clock_left=None)
    _event(game, now, line)
    outbox.on_commit_task("play_bots", game.pk)


def answer_by_default(seat_pk, deadline, now):
    """Submit the engine's `timeout_move` for a decision this seat owes off turn, through the
    move pipeline in one transaction: "default" when done, "taken" when another worker claimed
    this deadline first, None when the seat owes no such decision (its turn: the policy)."""
    with transaction.atomic():
        game_pk = Seat.objects.filter(pk=seat_pk).values_list("game_id", flat=True).first()
        if game_pk is None:
            return "taken"
        game = moves.locked_game(game_pk)
        seat = next(s for s in game.seat_list() if s.pk == seat_pk)
        if seat.deadline != deadline or game.is_finished or seat.dropped or not seat.to_act:
            return "taken"  # answered, moved on or handled since the tick saw it
        if seat.position not in engines.to_act(game.game_id, game.state):
            return None
        move = engines.timeout_move(game.game_id, game.state, seat.position)
        if move is None:
            return None
        claimed = Seat.objects.filter(pk=seat_pk, deadline=deadline, to_act=True, dropped=False).update(
            deadline=None, next_nag=None)
        if claimed != 1:
            return "taken"
        new_state = engines.apply(game.game_id, game.state, seat.position, move)
        line = engines.describe(game.game_id, move, game.state, seat.position, after=new_state)
        automatic = engines.automatic_turns(game.game_id, move, game.state)
        since = seat.waiting_since
        moves.do_apply_move(moves.Checked(game, seat, move, new_state, line, automatic=automatic), None)
        if seat.to_act:  # it owes a new decision: a new wait, never none, and the player is told
            if seat.waiting_since == since:  # the site cannot tell it from the one answered
                seat.waiting_since = now
            # The move counted the seat as its mover, who needs no turn email; the default was not
            # the player's move, so they hear of the new decision as after anyone else's.
            profile = getattr(seat.user, "profile", None)
            Seat.objects.filter(pk=seat_pk).update(
                waiting_since=seat.waiting_since, **clock_fields(game, seat, profile, None))
            turns.schedule(seat.user_id, now, profile)
    return "default"


def cancel(game, now, reason, kind, timed_out=None):
    """End a running game without a result; the game row is locked by the caller."""
    Game.objects.filter(pk=game.pk).update(status=Game.Status.CANCELLED, finished=now)
    game.status, game.finished = Game.Status.CANCELLED, now
    game.seats.update(to_act=False, waiting_since=None, clock_since=None, deadline=None, clock_left=None,
                      next_nag=None)
    _event(game, now, reason)
    move_archive.archive(game)  # its moves become one packed row
    for seat in game.seat_list() if kind else []:  # no kind: the log line says it all
        this = kind if timed_out is None or seat.pk != timed_out.pk else "timed_out"
        outbox.queue(seat.user, this, f"cancel:{game.pk}:{seat.user_id}",
                     {"game": game, "player": _name(timed_out) if timed_out else "", "policy": "cancel"})


def idle_games(now):
    limit = now - IDLE_LIMIT
    # The day finds the candidates by the index (game_running_day), `updated` decides. The day is
    # computed by the database from the time itself, so the tick's probe, compiled once, moves
    # both with each tick's `now` (a date parameter would stay at the compiled day).
    return Game.objects.filter(status=Game.Status.RUNNING,
                               updated_day__lte=UtcDay(Value(limit, output_field=DateTimeField())),
                               updated__lt=limit, invitation__timeout_policy=TimeoutPolicy.NONE).order_by()


def cancel_idle_games(now):
    for game_pk, updated in idle_games(now).values_list("pk", "updated")[:BATCH]:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_pk)
            if game.status != Game.Status.RUNNING or game.updated != updated:
                continue
            cancel(game, now, text("Nobody moved for 60 days; the game is cancelled."), "idle_cancelled")


def _event(game, now, line):
    """A line in the game log after the last move (`player` args are seat numbers, shown as names)."""
    GameEvent.objects.create(game=game, after_seq=game.version, text=line, created_at=now)


def _name(seat):
    from accounts.models import display_name

    return display_name(seat.user) if seat is not None else ""


# Reminders -----------------------------------------------------------------------------------

def due_reminders(now):
    return Seat.objects.filter(next_nag__lte=now, to_act=True, dropped=False,
                               game__status=Game.Status.RUNNING).order_by()


def send_reminders(now):
    for seat_pk, next_nag in due_reminders(now).values_list("pk", "next_nag")[:BATCH]:
        outbox.delay("remind", seat_pk, next_nag.isoformat(), now.isoformat())


def remind(seat_pk, next_nag, now):
    """The reminder a tick found due, unless another worker sent it meanwhile."""
    seat = Seat.objects.select_related("game__invitation", "user__profile").filter(
        pk=seat_pk, next_nag=next_nag, to_act=True, dropped=False, game__status=Game.Status.RUNNING).first()
    return nag(seat, now) if seat is not None else False


def nag(seat, now):
    """One reminder (or the 80 % warning) for this wait; the next one a day later."""
    game, old = seat.game, seat.next_nag
    warning_time = warn_at(seat, game)
    warning = warning_time is not None and not seat.warned and now >= warning_time
    following = now + DAY
    if warning_time is not None and not seat.warned and not warning:
        following = min(following, warning_time)
    with transaction.atomic():
        claimed = Seat.objects.filter(pk=seat.pk, next_nag=old).update(
            next_nag=following, warned=seat.warned or warning)
        if claimed != 1:
            return False
        kind = "warning" if warning else "reminder"
        outbox.queue(seat.user, kind, f"{kind}:{seat.pk}:{old.isoformat()}", {
            "game": game, "deadline": seat.deadline, "waiting_since": seat.waiting_since,
            "prompt": engines.prompt(game.game_id, game.state, seat.position),
        })
    return True


# Vacation ------------------------------------------------------------------------------------

def start_vacation(user, now=None, auto=False):
    """Pause every clock of this user; False if already away or no days are left."""
    now = now or timezone.now()
    with transaction.atomic():
        claimed = Profile.objects.filter(user=user, vacation_since=None, vacation_left__gt=datetime.timedelta(0)).update(
            vacation_since=now, vacation_auto_started=auto)
        if claimed != 1:
            return False
        # The running clocks are locked as they are read: a reminder or a move that writes one
        # meanwhile waits for the vacation (and its claim then fails), or the vacation reads its
        # write; a check of the values read, instead, skipped a seat a reminder had just moved on,
        # and its clock ran through the vacation. Only the seats: a move locks its game first.
        running = Seat.objects.select_for_update(of=("self",)).filter(
            user=user, game__status=Game.Status.RUNNING, to_act=True, clock_left=None).exclude(deadline=None, next_nag=None)
        for seat in running:
            left = max(seat.deadline - now, datetime.timedelta(0)) if seat.deadline else None
            Seat.objects.filter(pk=seat.pk).update(deadline=None, next_nag=None, clock_left=left)
        if auto:
            profile = Profile.objects.get(user=user)
            # in days: the email prints a number ("Vacation days left: 18.5.")
            outbox.queue(user, "vacation", f"vacation:{user.pk}:{now.isoformat()}", {"left": profile.vacation_left / DAY})
    return True


def end_vacation(user, now=None):
    """Resume the clocks with the time they had left; the days away leave the bank."""
    now = now or timezone.now()
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get(user=user)
        if profile.vacation_since is None:
            return False
        left = max(profile.vacation_left - (now - profile.vacation_since), datetime.timedelta(0))
        Profile.objects.filter(pk=profile.pk).update(vacation_since=None, vacation_left=left,
                                                     vacation_auto_started=False)
        # Locked as read (see start_vacation): a seat that a resignation, a time-out or a move
        # changes meanwhile is read after that change, so a dropped seat or one that no longer
        # acts gets no deadline back.
        resume = Seat.objects.select_for_update(of=("self",)).filter(
            user=user, game__status=Game.Status.RUNNING, to_act=True, dropped=False,
            clock_since__isnull=False, deadline=None, next_nag=None)
        for seat in resume.select_related("game__invitation"):
            deadline = now + seat.clock_left if seat.clock_left is not None else None
            Seat.objects.filter(pk=seat.pk).update(
                deadline=deadline, clock_left=None, next_nag=first_nag(now, deadline, seat.game, seat.warned))
    return True


def used_up_vacations(now):
    # Used up is decided in SQL: a batch taken before the check could hold none of them.
    return Profile.objects.filter(vacation_since__isnull=False).alias(
        ends=ExpressionWrapper(F("vacation_since") + F("vacation_left"), output_field=DateTimeField())
    ).filter(ends__lte=now).order_by()


def end_used_up_vacations(now):
    for profile in used_up_vacations(now).select_related("user")[:BATCH]:
        end_vacation(profile.user, now)


def credit_finished_game(game):
    """One more vacation day for every 8 games a player finished (at most 30 in the bank)."""
    for seat in game.seats.filter(credited=False, dropped=False):
        with transaction.atomic():
            if Seat.objects.filter(pk=seat.pk, credited=False).update(credited=True) != 1:
                continue
            profile = Profile.objects.select_for_update().filter(user_id=seat.user_id).first()
            if profile is None:
                continue
            profile.games_counted += 1
            if profile.games_counted % GAMES_PER_VACATION_DAY == 0:
                profile.vacation_left = min(profile.vacation_left + DAY, VACATION_MAX)
            profile.save(update_fields=["games_counted", "vacation_left"])


def rank_dropped_last(game):
    """A dropped seat ranks last; the others keep their order among themselves."""
    seats = game.seat_list()
    dropped = [s for s in seats if s.timed_out]  # a bot's own seat ranks by its score
    if not dropped:
        return
    kept = [s for s in seats if not s.timed_out]
    for seat in kept:
        if seat.rank is not None:
            better = sum(1 for o in kept if o.rank is not None and o.rank < seat.rank)
            Seat.objects.filter(pk=seat.pk).update(rank=better + 1)
    Seat.objects.filter(pk__in=[s.pk for s in dropped]).update(rank=len(kept) + 1)
    outcome = dict(game.outcome or {}, dropped=sorted(s.position for s in dropped))
    Game.objects.filter(pk=game.pk).update(outcome=outcome)


# Bots for dropped seats ----------------------------------------------------------------------

def play_bots(game_pk, limit=5000):
    """Play every dropped seat's moves while one must act; each move its own transaction."""
    played = 0
    while played < limit and bot_move(game_pk):
        played += 1
    return played


def bot_move(game_pk):
    """One move of a dropped seat. The bot decides on the game as read without a lock (a search
    may take seconds), and its move is applied only if the game did not change meanwhile."""
    game = Game.objects.get(pk=game_pk)
    if game.is_finished:
        return False
    acting = engines.to_act(game.game_id, game.state)
    seat = next((s for s in game.seat_list() if s.dropped and s.position in acting), None)
    if seat is None:
        return False
    (move, new_state), seen = bot_choice(game, seat.position), game.version
    with transaction.atomic():
        game = moves.locked_game(game_pk)
        if game.version != seen:  # moved meanwhile (another task played this seat): decide again
            return not game.is_finished
        seat = next(s for s in game.seat_list() if s.position == seat.position)  # new_state: same version
        line = engines.describe(game.game_id, move, game.state, seat.position, after=new_state)
        automatic = engines.automatic_turns(game.game_id, move, game.state)
        moves.do_apply_move(moves.Checked(game, seat, move, new_state, line, automatic=automatic), None)
    return True


BOT_ATTEMPTS = 10


def bot_choice(game, position):
    """(move, new state) of the seat's bot. A bot decides on what its seat may see; should the
    engine refuse its move (no case is known now: a determinized state lists the seat's real
    legal moves, and Catan's deal no longer gives an offer's author the cards it spent), it
    chooses again, as a person would after the refusal, and after BOT_ATTEMPTS refusals it
    plays a legal move (a stuck bot would stall the game)."""
    for attempt in range(BOT_ATTEMPTS):
        move = choose_bot_move(game, position, attempt)
        try:
            return move, engines.apply(game.game_id, game.state, position, move)
        except engines.IllegalMove:
            continue
    legal = [m for m in engines.legal_moves(game.game_id, game.state, position) if m.get("type") != "undo"]
    random.Random(f"{game.pk}:{game.version}:{position}:legal").shuffle(legal)
    for move in legal:  # a listed move may still be a form (a card choice): the first that applies
        try:
            return move, engines.apply(game.game_id, game.state, position, move)
        except engines.IllegalMove:
            continue
    raise RuntimeError(f"no move of the bot of seat {position} in game {game.pk} applies")


def choose_bot_move(game, position, attempt=0):
    """The bot the seat names (a bot the host seated, games/seat_bots.py), else the one the game's
    `seat_bot` option names, among the game's own (`engine.<game>.bots.BOTS`; a random one when
    neither is given); a game without bots: a random legal move (never undo)."""
    salt = f":{attempt}" if attempt else ""  # attempt 0 draws as before
    rng = random.Random(f"{game.pk}:{game.version}:{position}{salt}")  # not the game's secret generator
    choosers = engines.bots(game.game_id)
    if choosers:
        from engine.core.rng import Rng

        seated = next((seat.bot for seat in game.seat_list() if seat.position == position and seat.bot), None)
        chooser = choosers.get(seated or (game.options or {}).get("seat_bot"), choosers["random"])
        return chooser(game.state, position, Rng.from_seed(rng.getrandbits(62)))
    legal = [m for m in engines.legal_moves(game.game_id, game.state, position) if m.get("type") != "undo"]
    return rng.choice(legal)


def bots_to_wake(now):
    return Seat.objects.filter(BOT_TO_ACT, game__status=Game.Status.RUNNING).order_by()


def resume_bots(now):
    for game_pk in set(bots_to_wake(now).values_list("game_id", flat=True)[:BATCH]):
        outbox.delay("play_bots", game_pk)


# The tick's sweeps in the order they run, each as (module, function name, due rows): the
# function is looked up when the tick runs; `due(now)` is the queryset of the rows it would work
# on. A minute with nothing due is the common case, so the tick first asks in one statement which
# sweeps have a due row (`due_sweeps`) and runs only those; a sweep reads its rows through the
# same `due` function, so the probe cannot miss what the sweep would find.
_this = sys.modules[__name__]
SWEEPS = (
    (_this, "sync_missed", stale_clocks), (_this, "end_used_up_vacations", used_up_vacations),
    (_this, "apply_timeouts", due_timeouts), (_this, "apply_timed_moves", due_timed_moves),
    (_this, "cancel_idle_games", idle_games), (retention, "expire_invitations", retention.expirable),
    (_this, "send_reminders", due_reminders), (turns, "flush", turns.due_mails), (outbox, "retry", outbox.lost),
    (webhooks, "retry", webhooks.due), (push, "retry", push.due), (_this, "resume_bots", bots_to_wake),
    (downtime, "report_overdue", downtime.overdue),
)
