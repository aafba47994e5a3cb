"""Rendering an email from three templates (subject, text, HTML) in the recipient's language."""

import zoneinfo

from django.conf import settings
from django.template import Context
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from games import engines, move_log
from games.notifications import signing

# Which profile switch each kind of email obeys (and its unsubscribe link turns off).
PREFERENCE = {
    "turn": "notify_turn",
    "reminder": "notify_reminder",
    "warning": "notify_reminder",
    "vacation": "notify_reminder",
    "timed_out": "notify_reminder",
    "invitation": "notify_invitation",
    "invitation_expired": "notify_invitation",
    "started": "notify_invitation",
    "finished": "notify_finished",
    "player_timed_out": "notify_finished",
    "player_resigned": "notify_finished",
    "timeout_cancelled": "notify_finished",
    "idle_cancelled": "notify_finished",
    "webhook_disabled": "notify_turn",  # the notifications that stopped reaching them
}


def absolute(path):
    return settings.SITE_URL + path


def game_info(game):
    """Title and link of a game in an email: "Praga Caput Regni #5 (solo vs Peter Parler)"."""
    from games.presenters import solo_line

    title = f"{engines.title(game.game_id)} #{game.pk}"
    solo = solo_line(game)
    if solo:
        title += f" ({solo})"
    return {
        "title": title,
        "url": absolute(reverse("game", args=[game.pk])),
    }


RECAP_LINES = 20  # a turn email shows at most this many log lines per game


def at_deadline(policy, profile):
    """What happens when the recipient's time runs out (games/clocks.time_out), in words."""
    from games.models import TimeoutPolicy

    if policy == TimeoutPolicy.CANCEL:
        then = gettext("If you have not moved by then, the game is cancelled without a result.")
    else:
        then = gettext("If you have not moved by then, a bot plays your seat to the end and you rank last.")
    if profile.vacation_auto and profile.vacation_left.total_seconds() > 0:
        days = profile.vacation_left.days
        then += " " + ngettext(
            "Before that, your automatic vacation starts and pauses the clock ({days} vacation day left).",
            "Before that, your automatic vacation starts and pauses the clock ({days} vacation days left).",
            days).format(days=days)
    return then


def turn_recap(entry, profile):
    """For one game of a turn email, in the recipient's language and time zone: the log lines of
    the others (players, bots, Peter Parler, timeouts) since the recipient's last move, the
    deadline with its zone named, and what happens at the deadline. Only the public log."""
    from games.models import Game, TimeoutPolicy
    from games.presenters import log, player_names
    from games.text import render as render_text

    game = Game.objects.select_related("invitation").get(pk=entry["game_pk"])
    seat = entry["seat"]
    mine = move_log.last_seq_of(game, seat)
    lines = [e["text"] for e in log(game, player_names(game), after=mine or 0) if e["seat"] != seat]
    recap = {"title": game_info(game)["title"], "since_start": mine is None, "lines": lines[-RECAP_LINES:], "earlier": max(len(lines) - RECAP_LINES, 0)}
    # Offers and the like addressed to the seat (public: the market shows them to everybody).
    recap["asks"] = [render_text(ask["text"], player_names(game)) for ask in engines.asks(game.game_id, game.state, seat)]
    owed = engines.prompt(game.game_id, game.state, seat)  # "You must discard 4 cards."
    if owed is not None:
        recap["prompt"] = render_text(owed, player_names(game))
    if entry.get("deadline") and game.timeout_policy != TimeoutPolicy.NONE:
        recap["zone"] = profile.time_zone
        recap["at_deadline"] = at_deadline(game.timeout_policy, profile)
        if engines.timeout_move(game.game_id, game.state, seat) is not None:  # a decision owed off turn
            recap["at_deadline"] = gettext("If you have not decided by then, the game decides for you by its "
                                           "default, marked “by timeout” in the log.")
    elif game.timeout_policy == TimeoutPolicy.NONE:
        recap["at_deadline"] = gettext("This game has no time limit.")
    return {**entry, **recap}


def players(game):
    from accounts.models import display_name

    rows = [{"name": display_name(s.user), "rank": s.rank, "score": s.score, "dropped": s.timed_out}
            for s in game.seats.select_related("user__profile")]
    return sorted(rows, key=lambda r: (r["rank"] is None, r["rank"] or 0, r["name"]))


def render(user, profile, kind, context):
    """{subject, text, html, unsubscribe_url, language} for this user."""
    field = PREFERENCE[kind]
    context = dict(context)
    if context.get("game") is not None:
        with translation.override(profile.language):
            context["info"] = game_info(context["game"])
    context.update({
        "kind": kind,
        "name": profile.name,
        "site_name": settings.SITE_NAME,
        "site_url": settings.SITE_URL,
        "profile_url": absolute(reverse("profile")),
        "unsubscribe_url": signing.url(user, field),
    })
    context["line_template"] = f"emails/_{kind}_line.txt"
    context.setdefault("link", context["info"]["url"] if "info" in context else context["profile_url"])
    with translation.override(profile.language), timezone.override(zoneinfo.ZoneInfo(profile.time_zone)):
        context["link_label"] = (gettext("See the invitation") if kind == "invitation"
                                 else gettext("Invite again") if kind == "invitation_expired"
                                 else gettext("Open the game") if "info" in context else gettext("Your profile"))
        if isinstance(context.get("prompt"), dict):  # what the seat owes, in the recipient's language
            from games.presenters import player_names
            from games.text import render as render_text

            context["prompt"] = render_text(context["prompt"], player_names(context["game"]))
        if kind == "turn":
            context["games"] = [turn_recap(entry, profile) if "game_pk" in entry else entry
                                for entry in context["games"]]
        subject = " ".join(plain_text(f"emails/{kind}.subject.txt", context).split())
        context["subject"] = subject  # the HTML part's <title>
        return {
            "subject": subject[:250],
            "text": plain_text(f"emails/{kind}.txt", context),
            "html": render_to_string(f"emails/{kind}.html", context),
            "unsubscribe_url": context["unsubscribe_url"],
            "language": profile.language,
            "link": context["link"],  # for the player's webhook (games/notifications/webhooks.py)
        }


def plain_text(template_name, context):
    """A subject or text part: no HTML escaping, so a name with & < > ' " arrives as typed."""
    return get_template(template_name).template.render(Context(context, autoescape=False))
