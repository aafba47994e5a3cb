"""Log lines stored compactly: a message number and its arguments instead of the English msgid.

A move's log line is an engine text dict, {"msg": msgid, "args": {...}} (engine/core/text.py);
its msgid is most of its bytes. Stored, the line becomes [number] or [number, {args}], where
number is the msgid's place in games/log_messages.MESSAGES, and each argument that is itself
a text is packed the same way. A line that cannot be packed (a msgid not listed yet, a list or
another dict among the arguments) is stored as it is. Both forms read back as the very same
dict, so every line ever stored renders as before (`LogTextField`).
"""

import json

from django.db import models

from games.log_messages import MESSAGES

NUMBERS = {message: number for number, message in enumerate(MESSAGES)}


class Unpackable(Exception):
    pass


def pack(line):
    """The compact form of a text dict, or the line unchanged if it cannot be packed."""
    try:
        return _pack(line)
    except Unpackable:
        return line


def _pack(line):
    if not isinstance(line, dict) or set(line) != {"msg", "args"} or not isinstance(line["args"], dict):
        raise Unpackable
    number = NUMBERS.get(line["msg"]) if isinstance(line["msg"], str) else None
    if number is None:
        raise Unpackable
    args = {}
    for key, value in line["args"].items():
        if isinstance(value, dict):
            value = _pack(value)  # a nested text; any other dict keeps the line whole
        elif isinstance(value, list):
            raise Unpackable  # a list reads as a packed text
        args[key] = value
    return [number, args] if args else [number]


def unpack(stored):
    """The text dict of a stored line (packed or not)."""
    if not isinstance(stored, list):
        return stored
    number, *rest = stored
    args = rest[0] if rest else {}
    return {"msg": MESSAGES[number],
            "args": {key: unpack(value) if isinstance(value, list) else value for key, value in args.items()}}


class LogTextField(models.JSONField):
    """A JSON column holding a log line: packed on the way in, the text dict on the way out.

    On PostgreSQL the column is `json`, not `jsonb`: a line is only ever read whole, and as
    compact text it takes about half the room of jsonb's binary form."""

    def db_type(self, connection):
        return "json" if connection.vendor == "postgresql" else super().db_type(connection)

    def get_prep_value(self, value):
        return super().get_prep_value(pack(value))

    def get_db_prep_value(self, value, connection, prepared=False):
        if connection.vendor != "postgresql" or hasattr(value, "as_sql"):
            return super().get_db_prep_value(value, connection, prepared)
        return compact(value if prepared else self.get_prep_value(value))

    def from_db_value(self, value, expression, connection):
        if value is not None and not isinstance(value, str):  # psycopg parses `json` itself
            return unpack(value)
        return unpack(super().from_db_value(value, expression, connection))


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
