"""The time zones a player picks from: the common Area/City zones grouped by region, plus UTC.

The installed database knows ~600 names, among them legacy aliases ("US/Eastern") and
technical ones ("Factory", "localtime"); players get tzdata's zone.tab list instead
(accounts/time_zones.txt). The browser's zone is preselected by static/js/site.js.
"""

import datetime
import functools
import zoneinfo
from pathlib import Path

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

LIST = Path(__file__).with_name("time_zones.txt")

REGIONS = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic Ocean"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific Ocean"),
}


@functools.cache
def common():
    """The offered zone names, in the order of the list (by region, then name)."""
    known = zoneinfo.available_timezones()
    names = (line.strip() for line in LIST.read_text(encoding="utf-8").splitlines())
    return tuple(name for name in names if name and not name.startswith("#") and name in known)


def is_offered(name):
    return name == "UTC" or name in common()


def place(name):
    """'America/Argentina/Buenos_Aires' -> 'Buenos Aires, Argentina'."""
    parts = [part.replace("_", " ") for part in name.split("/")[1:]]
    return ", ".join(reversed(parts))


def offset(name, now):
    minutes = int(now.astimezone(zoneinfo.ZoneInfo(name)).utcoffset() // datetime.timedelta(minutes=1))
    sign = "+" if minutes >= 0 else "−"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def grouped_choices(current=None):
    """Choices for a select: UTC, then one optgroup per region; a stored zone that is no
    longer offered (a legacy alias) stays selectable so that saving keeps it."""
    now = timezone.now()
    choices = [("UTC", "UTC")]
    if current and not is_offered(current) and current in zoneinfo.available_timezones():
        choices.append((current, current))
    groups = {}
    for name in common():
        groups.setdefault(name.split("/")[0], []).append((name, f"{place(name)} ({offset(name, now)})"))
    for area, zones in groups.items():
        choices.append((REGIONS.get(area, area), sorted(zones, key=lambda zone: zone[1])))
    return choices
