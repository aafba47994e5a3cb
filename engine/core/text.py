"""Translatable text as plain data.

The engine cannot use Django's gettext, so every player-facing line is a
`{"msg": <English template>, "args": {...}}` dict. The site translates `msg`
(it is the msgid) and then formats it with `args`; an arg may itself be a text dict,
rendered (translated) the same way before it is filled in. `_` only marks literals so
that `makemessages` finds them; it returns its argument unchanged.
"""


def _(message):
    return message


def text(message, **args):
    return {"msg": message, "args": args}


def is_text(value):
    return isinstance(value, dict) and isinstance(value.get("msg"), str) and set(value) <= {"msg", "args"}


def render(entry, translate=None, names=None):
    """English (or translated) string of a text dict; `translate` maps a msgid.

    An arg that is itself a text dict is rendered the same way (nested texts); with
    `names`, an arg called `player` or `seat` holding a seat number shows that name.
    """
    message = translate(entry["msg"]) if translate and entry["msg"] else entry["msg"]
    args = {}
    for key, value in (entry.get("args") or {}).items():
        if is_text(value):
            value = render(value, translate, names)
        elif names is not None and key in ("player", "seat") and type(value) is int:
            value = names.get(value, "#%d" % (value + 1))
        args[key] = value
    return message.format(**args) if args else message
