from django import template
from django.utils.translation import ngettext

register = template.Library()


@register.filter
def duration_words(seconds):
    """A duration in the largest unit that fits: "40 minutes", "5 hours", "2 days"."""
    seconds = int(seconds)
    if seconds < 3600:
        minutes = max(seconds // 60, 1)
        return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
    if seconds < 2 * 86400:
        hours = seconds // 3600
        return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    days = seconds // 86400
    return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}


@register.filter
def percent(share):
    return f"{round(100 * share)} %"
