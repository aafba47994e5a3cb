"""Log lines (placeholder until the full describe below is written)."""

from engine.core.text import text


def describe(move, state):
    return text("{kind}", kind=move.get("type"))
