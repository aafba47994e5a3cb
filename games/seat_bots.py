"""Bots seated by the host of an invitation ("play against the bot").

A game offers the bots of its engine (`bots.BOTS`, through games/engines.bots); a game without
them offers none. A bot's seat belongs to an inactive bot account (no password, no email: nothing
is ever sent to it) and is `dropped` from the start with `bot` naming the bot, so the clocks,
reminders and emails skip it exactly as they skip a timed-out seat, and games/clocks.play_bots
submits its moves through the move pipeline. Unlike a timed-out seat it ranks by its score.
A game with a bot's seat is not rated (players/rating.py): see docs/engine.md.
"""

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext, gettext_lazy as _

from games import engines

# The names players read for the bots engines may offer, in the order the form lists them; a bot
# not listed here is shown by its engine name.
LABELS = {
    "greedy": _("greedy"),
    "expert": _("expert"),
    "random": _("random"),
}

# A bot account's username: the space keeps sign-up from ever giving it to a person.
USERNAME_PREFIX = "bot "


def offered(game_id):
    """[(name, label)] of the bots a host may seat in this game, best known first."""
    names = list(engines.bots(game_id))
    names.sort(key=lambda name: (list(LABELS).index(name) if name in LABELS else len(LABELS), name))
    return [(name, label(name)) for name in names]


def label(name, ordinal=1):
    """"Bot (expert)" in the active language; the second bot of a kind in a game "Bot (expert) 2"."""
    shown = gettext("Bot (%(name)s)") % {"name": LABELS[name] if name in LABELS else name}
    return shown if ordinal == 1 else f"{shown} {ordinal}"


def is_bot_account(user):
    return user is not None and getattr(user, "username", "").startswith(USERNAME_PREFIX)


def account_label(username):
    """The display name of a bot account, or None for any other username."""
    if not username.startswith(USERNAME_PREFIX):
        return None
    name, _space, ordinal = username[len(USERNAME_PREFIX):].rpartition(" ")
    return label(name, int(ordinal)) if ordinal.isdigit() else None


def account(name, ordinal):
    """The bot account of the `ordinal`-th bot `name` of a game (a seat is unique per game and
    user, so two greedy bots in one game are two accounts); created once, shared by all games."""
    from accounts.models import Profile

    users = get_user_model().objects
    username = f"{USERNAME_PREFIX}{name} {ordinal}"
    user = users.filter(username=username).first()
    if user is not None:
        return user
    try:
        with transaction.atomic():
            user = users.create(username=username, is_active=False)
            user.set_unusable_password()
            user.save(update_fields=["password"])
            Profile.objects.get_or_create(user=user)
    except IntegrityError:  # created meanwhile by another start
        user = users.get(username=username)
    return user


def accounts_for(names):
    """[user or None] for a list of bot names or "" (a person's seat), numbering each kind."""
    counts, result = {}, []
    for name in names:
        if not name:
            result.append(None)
            continue
        counts[name] = counts.get(name, 0) + 1
        result.append(account(name, counts[name]))
    return result

