"""Translatable text as plain data.

The engine cannot use Django's gettext, so every player-facing line is a
`{"msg": <English template>, "args": {...}}` dict. The site translates `msg`
(it is the msgid) and then formats it with `args`. `_` only marks literals so
that `makemessages` finds them; it returns its argument unchanged.
"""


def _(message):
    return message


def text(message, **args):
    return {"msg": message, "args": args}


def render(entry, translate=None):
    """English (or translated) string of a text dict; `translate` maps a msgid."""
    message = translate(entry["msg"]) if translate else entry["msg"]
    args = entry.get("args") or {}
    return message.format(**args) if args else message
