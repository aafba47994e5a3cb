"""Numbers (and choices) from a request (query string, form field, JSON value): the one place
they are parsed.

`str.isdigit()` accepts "²" and "٣" that `int()` refuses or reads differently, and `int()`
refuses strings over 4,300 digits; so a number is ASCII digits only, at most 18 of them,
within the caller's bounds. Anything else raises `BadNumber`, a 400 (JSON on the API).
"""

from django.core.exceptions import BadRequest

from engine.core.text import text

MAX_DIGITS = 18
LARGEST = 10**MAX_DIGITS - 1


class BadParameter(BadRequest):
    """A 400 whose `reason` (a text dict) says what was wrong (praga_site/failures.py)."""

    def __init__(self, reason):
        self.reason = reason
        super().__init__(reason["msg"])


class BadNumber(BadParameter):
    def __init__(self, name, minimum, maximum):
        super().__init__(text("{name} must be a whole number from {minimum} to {maximum}.",
                              name=name, minimum=minimum, maximum=maximum))


def choice(value, name, choices):
    """`value` if it is one of `choices`, None when absent; otherwise a 400."""
    if value is None or value == "":
        return None
    if value not in choices:
        raise BadParameter(text("{name} must be one of: {choices}.", name=name, choices=", ".join(choices)))
    return value


def number(value, name, minimum=0, maximum=LARGEST, default=None):
    """`value` as an int in [minimum, maximum]; `default` when absent (None or "").

    A string must be ASCII digits (a query string or form field); a JSON value must be an
    int, not a bool or a float."""
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= MAX_DIGITS:
        parsed = int(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        parsed = value
    else:
        raise BadNumber(name, minimum, maximum)
    if not minimum <= parsed <= maximum:
        raise BadNumber(name, minimum, maximum)
    return parsed


def query_number(request, name, **bounds):
    return number(request.GET.get(name), name, **bounds)


def form_number(request, name, **bounds):
    return number(request.POST.get(name), name, **bounds)


def json_number(body, name, **bounds):
    """A number from a parsed JSON object: an int only ("3" is refused, as JSON has numbers)."""
    value = body.get(name)
    if isinstance(value, str):
        raise BadNumber(name, bounds.get("minimum", 0), bounds.get("maximum", LARGEST))
    return number(value, name, **bounds)
