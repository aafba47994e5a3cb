"""Invitations: create, join, leave, decline, cancel; the game starts when all seats are taken."""

import json
import secrets

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from engine.core.errors import IllegalMove
from engine.core.text import text
from games import engines, seat_bots, signals
from games.models import Game, Invitation, Seat, Slot
from players import requirements


class Refused(Exception):
    def __init__(self, reason):
        super().__init__(reason["msg"])
        self.reason = reason


def can_see(invitation, user, key=None):
    """A public invitation is seen by anyone; a private one by its host and the players named
    in or seated on it, and by whoever holds its secret link (`key`)."""
    if invitation.visibility != "private":
        return True
    if isinstance(key, str) and secrets.compare_digest(key.encode(), invitation.link_token.encode()):
        return True
    user_pk = getattr(user, "pk", None)
    return user_pk is not None and any(user_pk in (slot.invited_id, slot.user_id) for slot in invitation.slot_list())


def running_games(user):
    return Seat.objects.filter(user=user, game__status=Game.Status.RUNNING).count()


def check_room_for_game(user):
    if running_games(user) >= settings.MAX_RUNNING_GAMES:
        raise Refused(text("You already play as many games as allowed ({count}); finish some first.",
                            count=settings.MAX_RUNNING_GAMES))


def create_invitation(host, game_id, players, options, invited, days_per_move=3,
                      visibility="public", fixed_order=False, note="", timeout_policy="drop",
                      min_rating=None, min_reliability=None, bots=None):
    """`invited` lists one entry per seat after the host's: a User or None (open); `bots` as
    many entries, each the name of one of the game's bots for that seat or "" (a person's).
    The game starts at once when no seat is left for a person to join (solo, or only bots)."""
    bots = list(bots or [""] * len(invited))
    try:
        options = engines.normalize(game_id, options, players)
    except engines.UnknownGame:
        raise Refused(text("There is no such game.")) from None
    except IllegalMove as error:
        raise Refused(error.as_text()) from None
    if len(invited) != players - 1:
        raise Refused(text("Name a player or leave the seat open for each seat."))
    if len(bots) != len(invited):
        raise Refused(text("Name a player or leave the seat open for each seat."))
    offered = engines.bots(game_id)
    if any(name and name not in offered for name in bots):
        raise Refused(text("This game has no such bot."))
    if any(name and user is not None for name, user in zip(bots, invited)):
        raise Refused(text("A seat is either a bot's or a player's."))
    named = [user.pk for user in invited if user is not None]
    if host.pk in named or len(named) != len(set(named)):
        raise Refused(text("Each player can take only one seat."))
    check_room_for_game(host)
    with transaction.atomic():
        invitation = Invitation.objects.create(
            host=host, game_id=game_id, players=players, options=options,
            days_per_move=days_per_move, visibility=visibility, fixed_order=fixed_order, note=note,
            timeout_policy=timeout_policy, min_rating=min_rating, min_reliability=min_reliability,
        )
        Slot.objects.create(invitation=invitation, index=0, invited=host, user=host)
        for index, (user, bot) in enumerate(zip(invited, bots), start=1):
            Slot.objects.create(invitation=invitation, index=index, invited=user, bot=bot)
        if all(bots):  # no seat left for a person: solo, or against bots only
            start_game(invitation)
    return invitation


def _locked(invitation):
    return Invitation.objects.select_for_update().get(pk=invitation.pk)


def join(invitation, user, key=None):
    """Take the seat reserved for `user`, else an open one; a private invitation needs its link."""
    with transaction.atomic():
        invitation = _locked(invitation)
        if not can_see(invitation, user, key):
            raise Refused(text("There is no such invitation."))
        if invitation.status != Invitation.Status.OPEN:
            raise Refused(text("This invitation is no longer open."))
        slots = invitation.slot_list()
        if any(slot.user_id == user.pk for slot in slots):
            raise Refused(text("You have already joined."))
        check_room_for_game(user)
        requirements.check(invitation, user)
        free = [s for s in slots if s.user_id is None and s.invited_id == user.pk]
        free = free or [s for s in slots if not s.taken and s.invited_id is None]
        if not free:
            raise Refused(text("There is no free seat for you."))
        slot = free[0]
        slot.user = user
        slot.save(update_fields=["user"])
        if all(s.taken for s in invitation.slot_list()):
            return start_game(invitation)
    return None


def leave(invitation, user):
    """A player who joined gives his seat back; it becomes open."""
    with transaction.atomic():
        invitation = _locked(invitation)
        if invitation.status != Invitation.Status.OPEN:
            raise Refused(text("This invitation is no longer open."))
        if invitation.host_id == user.pk:
            raise Refused(text("The host cannot leave; cancel the invitation instead."))
        updated = Slot.objects.filter(invitation=invitation, user=user).update(user=None, invited=None)
        if not updated:
            raise Refused(text("You have not joined this invitation."))


def decline(invitation, user):
    """A named player refuses; the seat becomes open to anyone."""
    with transaction.atomic():
        invitation = _locked(invitation)
        if invitation.status != Invitation.Status.OPEN:
            raise Refused(text("This invitation is no longer open."))
        updated = Slot.objects.filter(invitation=invitation, invited=user, user=None).update(invited=None)
        if not updated:
            raise Refused(text("There is nothing to decline."))


def cancel(invitation, user):
    with transaction.atomic():
        invitation = _locked(invitation)
        if invitation.host_id != user.pk:
            raise Refused(text("Only the host can cancel the invitation."))
        if invitation.status != Invitation.Status.OPEN:
            raise Refused(text("This invitation is no longer open."))
        invitation.status = Invitation.Status.CANCELLED
        invitation.save(update_fields=["status"])


def start_game(invitation):
    """Seat the players and bots (random order unless fixed), deal with a secret seed, start."""
    slots = invitation.slot_list()
    bot_accounts = seat_bots.accounts_for([slot.bot for slot in slots])
    users = [(account or slot.user, slot.bot) for slot, account in zip(slots, bot_accounts)]
    if not invitation.fixed_order:
        secrets.SystemRandom().shuffle(users)
    seed = secrets.randbits(62)
    state = engines.new_state(invitation.game_id, invitation.options, invitation.players, seed)
    now = timezone.now()
    game = Game.objects.create(
        game_id=invitation.game_id, invitation=invitation, options=invitation.options, seed=seed,
        state=json.loads(json.dumps(state)), days_per_move=invitation.days_per_move,
        visibility=invitation.visibility, created=now, updated=now,
    )
    acting = engines.to_act(game.game_id, game.state)
    Seat.objects.bulk_create(
        # A bot's seat is dropped from the start: no clock, no email; games/clocks.play_bots moves it.
        Seat(game=game, position=i, user=user, bot=bot, dropped=bool(bot), to_act=i in acting,
             waiting_since=now if i in acting else None)
        for i, (user, bot) in enumerate(users)
    )
    invitation.status = Invitation.Status.STARTED
    invitation.save(update_fields=["status"])
    transaction.on_commit(lambda: signals.game_started.send(sender=Game, game=game))
    return game
