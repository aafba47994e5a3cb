"""Invitations, games, seats, the move log and the chat.

The move log is the truth: a `Move` row per move while a game runs, one `MoveArchive` row once it
is over (read alike through games/move_log.py); `Game.state` and `Game.version` cache the
state after the last move so that pages never replay a whole game.
"""

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.log_text import LogTextField
from games.state_field import StateField

DAYS_PER_MOVE = [1, 2, 3, 5, 7, 10, 14]


class Visibility(models.TextChoices):
    PUBLIC = "public", _("Public: anyone may watch")
    PRIVATE = "private", _("Private: only the players")


class TimeoutPolicy(models.TextChoices):
    """What happens when a seat's time per move runs out (games/clocks.py)."""

    DROP = "drop", _("The player is dropped and a bot finishes the game for them")
    CANCEL = "cancel", _("The game is cancelled without a result")
    NONE = "none", _("No time limit (cancelled after 60 days without a move)")


def new_link_token():
    """The secret of a private invitation's link: 128 random bits, never derived from its id."""
    return secrets.token_urlsafe(16)


class Invitation(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        STARTED = "started", _("started")
        CANCELLED = "cancelled", _("cancelled")

    # No foreign key from a game's records cascades on a user's deletion (accounts/deletion.py
    # anonymises instead): deleting a user row with games is refused.
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_invitations")
    game_id = models.CharField(max_length=40)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    days_per_move = models.PositiveSmallIntegerField(default=3, choices=[(d, d) for d in DAYS_PER_MOVE])
    visibility = models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
    fixed_order = models.BooleanField(default=False)
    note = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    timeout_policy = models.CharField(max_length=8, choices=TimeoutPolicy.choices, default=TimeoutPolicy.DROP)
    created = models.DateTimeField(default=timezone.now)
    # A private invitation is seen by its host and invitees, and by whoever has its link (?key=).
    link_token = models.CharField(max_length=32, unique=True, default=new_link_token, editable=False)
    # Who may join (players/requirements.py): a rating in this game and a share of moves in time.
    min_rating = models.FloatField(null=True, blank=True)
    min_reliability = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["status", "visibility", "game_id"])]

    def __str__(self):
        return f"invitation {self.pk} ({self.game_id})"

    def slot_list(self):
        return sorted(self.slots.all(), key=lambda slot: slot.index)

    def free_slots(self):
        return [slot for slot in self.slot_list() if not slot.taken]


class Slot(models.Model):
    """One seat of an invitation: reserved for a named user, or open to anyone."""

    invitation = models.ForeignKey(Invitation, on_delete=models.CASCADE, related_name="slots")
    index = models.PositiveSmallIntegerField()
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="slots"
    )
    # A seat the host gave to one of the game's bots (games/seat_bots.py): taken from the start,
    # nobody can join it; the game's seat gets a bot account when the game starts.
    bot = models.CharField(max_length=20, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["invitation", "index"], name="slot_unique_index")]

    @property
    def taken(self):
        return self.user_id is not None or bool(self.bot)

    @property
    def bot_label(self):
        from games.seat_bots import label

        return label(self.bot) if self.bot else ""


class UtcDay(models.Func):
    """The UTC calendar day of a timestamp, as an expression the database may store in a generated
    column (it must not depend on the session's time zone): PostgreSQL's `AT TIME ZONE 'UTC'`,
    SQLite's date() of the UTC text Django stores there."""

    function = "DATE"
    arity = 1
    output_field = models.DateField()

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, template="((%(expressions)s AT TIME ZONE 'UTC')::date)", **extra)


class Game(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")  # by a timeout or after 60 idle days (games/clocks.py)

    game_id = models.CharField(max_length=40)
    invitation = models.OneToOneField(Invitation, null=True, blank=True, on_delete=models.SET_NULL, related_name="game")
    options = models.JSONField(default=dict)
    seed = models.BigIntegerField()  # secret while the game runs; only a finished game's record carries it
    state = StateField()  # JSON text on PostgreSQL, not jsonb: games/state_field.py
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    outcome = models.JSONField(null=True, blank=True)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    visibility = models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)
    # The UTC day of `updated`, kept by the database. The idle sweep's index holds this rather than
    # `updated`: a move changes `updated` but rarely the day, and a row update that leaves every
    # indexed column as it was is done in place by PostgreSQL (a HOT update: no new index entries).
    updated_day = models.GeneratedField(expression=UtcDay("updated"), output_field=models.DateField(),
                                        db_persist=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Replayed from an uploaded record (games/records.py): shown as a replay, marked as imported;
    # its seats belong to inactive placeholder accounts named after the record's players.
    imported = models.BooleanField(default=False)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+")
    # The earliest moment a move the engine asked for by date is due (its `timed_moves`, e.g. a
    # trade offer's expiry); the clock's tick submits it (games/clocks.py). None: nothing timed.
    timed_at = models.DateTimeField(null=True, blank=True)
    # Raised by the database on every change of this row or of its seats (PostgreSQL triggers,
    # migration 0019): a move decided on a read without a lock is written only if the revision it
    # read is still the row's (games/move_write.py). Never written by the site itself.
    revision = models.BigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-updated"]
        indexes = [models.Index(fields=["updated_day"], condition=models.Q(status="running"),
                                name="game_running_day"),
                   models.Index(fields=["timed_at"], condition=models.Q(timed_at__isnull=False), name="game_timed_at")]

    def __str__(self):
        return f"{self.game_id} game {self.pk}"

    @property
    def is_public(self):
        return self.visibility == Visibility.PUBLIC

    @property
    def is_finished(self):
        """Over: finished, or cancelled by a timeout (no more moves either way)."""
        return self.status != self.Status.RUNNING

    @property
    def is_cancelled(self):
        return self.status == self.Status.CANCELLED

    @property
    def timeout_policy(self):
        invitation = self.invitation if self.invitation_id else None
        return invitation.timeout_policy if invitation is not None else TimeoutPolicy.DROP

    def seat_list(self):
        # The seats read with the game (prefetched, as games/locked_read.py does) without making a
        # related manager and a queryset each time: a submit asks five times.
        prefetched = getattr(self, "_prefetched_objects_cache", {}).get("seats")
        seats = prefetched if prefetched is not None else self.seats.all()
        return sorted(seats, key=lambda seat: seat.position)

    def seat_of(self, user):
        if user is None or not user.is_authenticated:
            return None
        for seat in self.seat_list():
            if seat.user_id == user.pk:
                return seat
        return None


# A seat that waits but whose clock was not (re)started for this wait: games/clocks.sync_missed.
STALE_CLOCK = (models.Q(to_act=True, dropped=False, waiting_since__isnull=False)
               & (models.Q(clock_since__isnull=True) | ~models.Q(clock_since=models.F("waiting_since"))))
# A dropped seat that must act: its bot has a move to make (games/clocks.resume_bots).
BOT_TO_ACT = models.Q(dropped=True, to_act=True)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    to_act = models.BooleanField(default=False)
    # When this seat's current wait began (set when it became its turn).
    waiting_since = models.DateTimeField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    # The clock (games/clocks.py). It runs while `deadline` is set; `clock_left` holds
    # the time left while paused by vacation; `clock_since` is the wait it was set up for.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    clock_left = models.DurationField(null=True, blank=True)
    clock_since = models.DateTimeField(null=True, blank=True)
    next_nag = models.DateTimeField(null=True, blank=True, db_index=True)  # next reminder
    warned = models.BooleanField(default=False)  # the 80 % warning went out for this wait
    turn_emailed = models.BooleanField(default=True)  # this wait was in a turn email (or needs none)
    # A bot plays this seat: a player's who timed out or resigned (it ranks last), or a bot's seat
    # from the start (`bot` set: it ranks by its score, games/seat_bots.py). Every clock, reminder
    # and email skips such a seat and games/clocks.play_bots moves for it.
    dropped = models.BooleanField(default=False)
    bot = models.CharField(max_length=20, blank=True)  # the game's bot seated by the host, by name
    credited = models.BooleanField(default=False)  # counted towards the player's vacation days

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "user"], name="seat_unique_user"),
        ]
        indexes = [
            models.Index(fields=["user", "to_act"]),
            # The tick's sweeps read only these few rows (benchmarks/tick.py, docs/performance.md).
            models.Index(fields=["game"], condition=STALE_CLOCK, name="seat_stale_clock"),
            models.Index(fields=["game"], condition=BOT_TO_ACT, name="seat_bot_to_act"),
        ]

    def __str__(self):
        return f"seat {self.position} of game {self.game_id}"

    @property
    def timed_out(self):
        """Dropped from a person to a bot (not a bot's own seat)."""
        return self.dropped and not self.bot


class Move(models.Model):
    # No index of its own: the unique (game, seq) index serves every lookup by game.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", db_index=False)
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    # The log line (engine.describe of the move on the state before it), stored once, packed
    # as message number + arguments (games/log_text.py); it reads back as the text dict.
    text = LogTextField(default=dict)
    request_id = models.CharField(max_length=64, null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq"),
            # Only moves sent with a request id take room in this index.
            models.UniqueConstraint(fields=["game", "request_id"], condition=models.Q(request_id__isnull=False),
                                    name="move_unique_request"),
        ]

    def __str__(self):
        return f"move {self.seq} of game {self.game_id}"


class MoveArchive(models.Model):
    """The moves of a game that is over, packed into one compressed row (games/move_archive.py);
    its `Move` rows are deleted when it is written. Read through games/move_log.py."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="move_archive")
    moves = models.PositiveIntegerField()  # how many, to count without unpacking
    data = models.BinaryField()

    def __str__(self):
        return f"{self.moves} archived moves of game {self.game_id}"


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    body = models.CharField(max_length=500)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]


class GameEvent(models.Model):
    """A line in the game log that is not a move: a timeout, a cancellation."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    after_seq = models.PositiveIntegerField()  # shown after this move
    text = models.JSONField()  # engine.core.text shape
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "created_at", "pk"]


class Email(models.Model):
    """The outbox: one row per email, unique by `key`, so each is built and sent once.

    A sender claims a row by moving `lease` forward with a conditional UPDATE and
    marks it sent afterwards; a row whose lease expired is retried (games/notifications)."""

    key = models.CharField(max_length=120, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20)
    to = models.CharField(max_length=254)
    subject = models.CharField(max_length=250)
    text = models.TextField()
    html = models.TextField()
    unsubscribe_url = models.CharField(max_length=500)
    language = models.CharField(max_length=8)
    created = models.DateTimeField(default=timezone.now)
    lease = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["sent", "lease"]),
                   models.Index(fields=["lease", "created"], condition=models.Q(sent__isnull=True),
                                name="email_unsent")]

    def __str__(self):
        return self.key


class TurnMail(models.Model):
    """Batching of turn emails per user: at most one per few minutes (or a day)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="+")
    due = models.DateTimeField(null=True, blank=True, db_index=True)
    last = models.DateTimeField(null=True, blank=True)


def new_request_id():
    return uuid.uuid4().hex


class Heartbeat(models.Model):
    """When a periodic job last ran (`tick`): the watchdog reads it, and a long gap means
    the site or its scheduler was down, so the clocks are given that time back (games/downtime.py)."""

    name = models.CharField(max_length=40, primary_key=True)
    last = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.name} last ran {self.last}"


class Webhook(models.Model):
    """A player's own address that receives what their notification emails say (Discord, Slack,
    Matrix or any JSON endpoint), signed with `secret`; disabled after repeated failures."""

    class Format(models.TextChoices):
        JSON = "json", _("JSON (any endpoint)")
        SLACK = "slack", _("Slack or Matrix (a \"text\" field)")
        DISCORD = "discord", _("Discord (a \"content\" field)")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhook")
    url = models.URLField(_("webhook address"), max_length=500)
    format = models.CharField(_("format"), max_length=10, choices=Format.choices, default=Format.JSON)
    secret = models.CharField(max_length=64)
    enabled = models.BooleanField(default=True)
    failures = models.PositiveSmallIntegerField(default=0)  # in a row; reset by a delivery
    last_error = models.CharField(max_length=300, blank=True)
    disabled_at = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"webhook of {self.user_id}"


class OutboxPost(models.Model):
    """An outbox row of a post to another server (a webhook, a push service): unique by `key`,
    claimed with a conditional UPDATE of `lease` (games/notifications/claims.py), tried again
    later (`due`) after a failure, until `delivered`."""

    key = models.CharField(max_length=160, unique=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    due = models.DateTimeField(default=timezone.now)
    lease = models.DateTimeField(null=True, blank=True)
    delivered = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True

    def __str__(self):
        return self.key


class WebhookDelivery(OutboxPost):
    """One notification for a webhook; retried until delivered or the webhook is disabled."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    body = models.JSONField()

    class Meta:
        indexes = [models.Index(fields=["due"], condition=models.Q(delivered__isnull=True), name="webhook_undelivered")]


class PushSubscription(models.Model):
    """One browser of a player that asked for web push notifications (the Push API's subscription).
    Removed when the push service says it expired (404 or 410)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created = models.DateTimeField(default=timezone.now)
    last_delivered = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"push subscription {self.pk} of {self.user_id}"

    def info(self):
        """The subscription as the Push API gives it (pywebpush's subscription_info)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushMessage(OutboxPost):
    """One notification for one browser of a player."""

    subscription = models.ForeignKey(PushSubscription, on_delete=models.CASCADE, related_name="messages")
    payload = models.JSONField()

    class Meta:
        indexes = [models.Index(fields=["due"], condition=models.Q(delivered__isnull=True), name="push_undelivered")]


class Note(models.Model):
    """A player's private notes on one game: shown to that player only (games/notes.py)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    body = models.TextField(blank=True)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="note_unique_player")]

    def __str__(self):
        return f"notes of user {self.user_id} on game {self.game_id}"
