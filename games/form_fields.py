"""Open fields of a move template besides card choices (docs/engine.md, "Open fields"): a seat
subset and a moment, drawn as form inputs and filled from the posted form.

A template's field value names its kind:

- `{"seats": {"from": [1, 2]}}`: some of these seats; one checkbox per seat, all checked at
  first, posted as `seats:<field>` (one value per checked seat). Filled as a sorted list, maybe
  empty: the engine judges whether an empty list means anything.
- `{"moment": {"optional": true}}`: a moment later than now, typed in the reader's time zone
  (`moment:<field>`, a date-time input); an optional one counts only when its box
  (`moment:<field>:set`) is ticked, else the field is left out of the move. Filled as the UTC
  string "YYYY-MM-DDTHH:MM:SSZ".

The site checks only the shape (seats among `from`, a well-formed moment that has not passed:
the engine has no clock); the engine checks the meaning.
"""

import datetime

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from engine.core.text import text

INPUT_FORMAT = "%Y-%m-%dT%H:%M"  # what <input type="datetime-local"> posts and shows
UTC_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
SUGGESTED_DELAY = datetime.timedelta(days=1)  # the moment a date-time input shows at first


class FieldRefused(Exception):
    """A posted field has the wrong shape; `reason` is a text dict for the player."""

    def __init__(self, reason):
        super().__init__(reason["msg"])
        self.reason = reason


def is_seats(value):
    return (isinstance(value, dict) and set(value) == {"seats"} and isinstance(value["seats"], dict)
            and isinstance(value["seats"].get("from"), list))


def is_moment(value):
    return isinstance(value, dict) and set(value) == {"moment"} and isinstance(value["moment"], dict)


def is_open(value):
    return is_seats(value) or is_moment(value)


def describe(name, value, names, prefix):
    """The inputs of one open field for a form (`names`: seat -> player name), or None."""
    from django.utils.translation import gettext

    field_id = f"{prefix}-{name}"
    if is_seats(value):
        return {"kind": "seats", "name": name, "label": name.replace("_", " ").capitalize(), "input": f"seats:{name}",
                "seats": [{"seat": seat, "label": names.get(seat, str(seat)), "id": f"{field_id}-{seat}"}
                          for seat in value["seats"]["from"]]}
    if is_moment(value):
        now = timezone.localtime()
        return {"kind": "moment", "name": name, "label": name.replace("_", " ").capitalize(), "id": field_id,
                "input": f"moment:{name}", "optional": bool(value["moment"].get("optional")),
                "set_id": f"{field_id}-set", "set_input": f"moment:{name}:set",
                "suggested": (now + SUGGESTED_DELAY).replace(minute=0).strftime(INPUT_FORMAT),
                "earliest": now.strftime(INPUT_FORMAT), "zone": timezone.get_current_timezone_name(),
                "hint": gettext("In your time zone, %(zone)s.") % {"zone": timezone.get_current_timezone_name()}}
    return None


def fill(name, value, form):
    """The posted value of open field `name` (`form`: the POST QueryDict or a plain dict), or
    `OMIT` for an optional moment left unticked. FieldRefused for a wrong shape."""
    if is_seats(value):
        return fill_seats(value["seats"]["from"], _values(form, f"seats:{name}"))
    if value["moment"].get("optional") and not _values(form, f"moment:{name}:set"):
        return OMIT
    return fill_moment((_values(form, f"moment:{name}") or [""])[0])


OMIT = object()


def _values(form, key):
    if hasattr(form, "getlist"):
        return form.getlist(key)
    found = form.get(key)
    return [] if found is None else found if isinstance(found, list) else [found]


def fill_seats(allowed, posted):
    chosen = set()
    for raw in posted:
        raw = str(raw).strip()
        if not (raw.isdigit() and len(raw) <= 3 and int(raw) in allowed):
            raise FieldRefused(text("Choose players from the list."))
        chosen.add(int(raw))
    return sorted(chosen)


def fill_moment(raw, now=None):
    """The UTC string of a date-time typed in the active time zone; it must be later than now."""
    raw = str(raw).strip()
    if not raw:
        raise FieldRefused(text("Enter a date and a time."))
    try:
        moment = parse_datetime(raw) if len(raw) <= 32 else None
    except ValueError:  # well formatted but impossible, such as 31 November
        moment = None
    if moment is None:
        raise FieldRefused(text("Enter the date and time as 2026-11-30 18:00."))
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, timezone.get_current_timezone())
    if moment <= (now or timezone.now()):
        raise FieldRefused(text("That moment has passed: choose a later date and time."))
    return moment.astimezone(datetime.timezone.utc).strftime(UTC_FORMAT)
