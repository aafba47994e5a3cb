"""Rendering an email from three templates (subject, text, HTML) in the recipient's language."""

import zoneinfo

from django.conf import settings
from django.template import Context
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from games import engines
from games.notifications import signing

# Which profile switch each kind of email obeys (and its unsubscribe link turns off).
PREFERENCE = {
    "turn": "notify_turn",
    "reminder": "notify_reminder",
    "warning": "notify_reminder",
    "vacation": "notify_reminder",
    "timed_out": "notify_reminder",
    "invitation": "notify_invitation",
    "started": "notify_invitation",
    "finished": "notify_finished",
    "player_timed_out": "notify_finished",
    "timeout_cancelled": "notify_finished",
    "idle_cancelled": "notify_finished",
}


def absolute(path):
    return settings.SITE_URL + path


def game_info(game):
    return {
        "title": f"{engines.title(game.game_id)} #{game.pk}",
        "url": absolute(reverse("game", args=[game.pk])),
    }


def players(game):
    from accounts.models import display_name

    rows = [{"name": display_name(s.user), "rank": s.rank, "score": s.score, "dropped": s.dropped}
            for s in game.seats.select_related("user__profile")]
    return sorted(rows, key=lambda r: (r["rank"] is None, r["rank"] or 0, r["name"]))


def render(user, profile, kind, context):
    """{subject, text, html, unsubscribe_url, language} for this user."""
    field = PREFERENCE[kind]
    context = dict(context)
    if context.get("game") is not None:
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
        context["link_label"] = (gettext("See the invitation") if kind == "invitation" else gettext("Open the game") if "info" in context else gettext("Your profile"))
        subject = " ".join(plain_text(f"emails/{kind}.subject.txt", context).split())
        return {
            "subject": subject[:250],
            "text": plain_text(f"emails/{kind}.txt", context),
            "html": render_to_string(f"emails/{kind}.html", context),
            "unsubscribe_url": context["unsubscribe_url"],
            "language": profile.language,
        }


def plain_text(template_name, context):
    """A subject or text part: no HTML escaping, so a name with & < > ' " arrives as typed."""
    return get_template(template_name).template.render(Context(context, autoescape=False))
