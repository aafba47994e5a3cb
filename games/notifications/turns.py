"""Turn emails, batched: at most one per user per few minutes (or one a day for a digest),
none while the user is active on the site, one email listing every game waiting for them."""

from datetime import timedelta

from django.conf import settings
from django.db import transaction

from games.models import Game, Seat, TurnMail
from games.notifications import activity, build, outbox


def gap(profile):
    return timedelta(days=1) if profile.turn_digest else timedelta(seconds=settings.TURN_EMAIL_GAP)


def is_active(profile, now):
    seen = activity.last_seen(profile)
    return seen is not None and seen > now - timedelta(seconds=settings.ACTIVE_SECONDS)


def schedule(user_id, now, profile=None):
    """A game began to wait for this user: make sure a turn email is due (batched)."""
    from accounts.models import Profile

    profile = profile if profile is not None else Profile.objects.filter(user_id=user_id).first()
    if profile is None or not profile.notify_turn:
        return
    mail, _created = TurnMail.objects.get_or_create(user_id=user_id)
    due = now + timedelta(seconds=settings.TURN_EMAIL_DELAY)
    if mail.last is not None:
        due = max(due, mail.last + gap(profile))
    TurnMail.objects.filter(pk=user_id, due=None).update(due=due)


def due_mails(now):
    """Turn emails whose time came (the tick's probe asks whether any exist)."""
    return TurnMail.objects.filter(due__lte=now).order_by()


def flush(now):
    for user_id, due in due_mails(now).values_list("pk", "due")[:500]:
        outbox.delay("send_turn_mail", user_id, due.isoformat(), now.isoformat())


def send_turn_mail(user_id, due, now):
    from accounts.models import Profile

    profile = Profile.objects.select_related("user").filter(user_id=user_id).first()
    if profile is None:  # the account was deleted meanwhile
        return None
    if is_active(profile, now):  # they see it on the site; look again when they have left
        later = activity.last_seen(profile) + timedelta(seconds=settings.ACTIVE_SECONDS)
        TurnMail.objects.filter(pk=user_id, due=due).update(due=later)
        return None
    with transaction.atomic():
        if TurnMail.objects.filter(pk=user_id, due=due).update(due=None) != 1:
            return None
        waiting = list(Seat.objects.filter(user_id=user_id, to_act=True, dropped=False, game__status=Game.Status.RUNNING)
                       .select_related("game").order_by("waiting_since"))
        new = [seat for seat in waiting if not seat.turn_emailed]
        asked = asked_seats(user_id)
        if not new and not asked:
            return None
        Seat.objects.filter(pk__in=[seat.pk for seat in new]).update(turn_emailed=True)
        TurnMail.objects.filter(pk=user_id).update(last=now)
        games = waiting or asked
        return outbox.queue(profile.user, "turn", f"turn:{user_id}:{due.isoformat()}", {
            "games": [{**build.game_info(seat.game), "new": not seat.turn_emailed, "deadline": seat.deadline,
                       "game_pk": seat.game_id, "seat": seat.position} for seat in waiting]
            + [{**build.game_info(seat.game), "new": True, "deadline": None, "game_pk": seat.game_id,
                "seat": seat.position, "asked": True} for seat in asked],
            "count": len(waiting),
            "asked_count": len(asked),
            "game": games[0].game if len(games) == 1 and not (waiting and asked) else None,
        })


def asked_seats(user_id):
    """The user's seats that need not act but are asked something by others (Catan's trade
    offers addressed to them: `engines.asks`): bundled into the turn email or the digest."""
    from games import engines

    seats = Seat.objects.filter(user_id=user_id, to_act=False, dropped=False,
                                game__status=Game.Status.RUNNING).select_related("game")
    return [seat for seat in seats.order_by("game_id")
            if engines.asks(seat.game.game_id, seat.game.state, seat.position)]


def newly_asked(game, before, mover):
    """[(user id, profile)] of the seats the move from `before` asked something new (an offer
    addressed to it): their turn emails are due (batched with the others, or in the digest). The
    mover is never mailed about its own move."""
    from games import engines

    asked = []
    for seat in game.seat_list():
        if seat.position == mover or seat.dropped:
            continue
        known = {ask["id"] for ask in engines.asks(game.game_id, before, seat.position)}
        if any(ask["id"] not in known for ask in engines.asks(game.game_id, game.state, seat.position)):
            asked.append((seat.user_id, getattr(seat.user, "profile", None)))
    return asked
