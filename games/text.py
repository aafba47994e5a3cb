"""Engine text dicts ({"msg", "args"}) into the reader's language.

The msg is the msgid; args fill its {named} fields. An arg named `player` (or
`seat`, `victim`, `receiver`, `other`, or ending in `_player`/`_seat`) holding a seat number is
shown as that player's name; an
arg that is itself a text dict is rendered the same way.
"""

from django.utils.translation import gettext


def is_text(value):
    return isinstance(value, dict) and isinstance(value.get("msg"), str) and set(value) <= {"msg", "args"}


def render(entry, names=None):
    if not is_text(entry):
        return "" if entry is None else str(entry)
    message = gettext(entry["msg"]) if entry["msg"] else ""
    args = {key: _arg(key, value, names) for key, value in (entry.get("args") or {}).items()}
    if not args:
        return message
    try:
        return message.format(**args)
    except (KeyError, IndexError, ValueError, AttributeError):
        return message


def _arg(key, value, names):
    if is_text(value):
        return render(value, names)
    if names is not None and _names_a_seat(key) and isinstance(value, int) and not isinstance(value, bool):
        return names.get(value, f"#{value + 1}")
    return value


# Args that hold a seat number in engine lines (Catan names the other side of an exchange or a steal).
SEAT_ARGS = ("player", "seat", "victim", "receiver", "other")


def _names_a_seat(key):
    return key in SEAT_ARGS or key.endswith(("_player", "_seat"))
