"""The toy game with one more move, for the site's open form fields (games/form_fields.py): on its
turn a seat may leave a note for some other seats, which may carry a moment it lapses at.

`move_forms` gives the template `{"type": "note", "to": {"seats": {"from": [others]}},
"lapses": {"moment": {"optional": true}}}`; the generic move card draws it and the site fills it.
`apply` checks the meaning: at least one addressee, none of them the author, a UTC moment. Tests
register it as "toy_notes" (`registered` below)."""

import datetime

from engine.core.errors import IllegalMove
from engine.core.text import text
from tests.support import toygame
from tests.support.toygame import *  # noqa: F401,F403  the rest of the contract is the toy game's

GAME_ID = "toy_notes"


def move_forms(state, seat):
    if state["over"] or seat != state["turn"]:
        return []
    others = [other for other in range(state["seats"]) if other != seat]
    return [{"type": "note", "to": {"seats": {"from": others}}, "lapses": {"moment": {"optional": True}}}]


def apply(state, seat, move):
    if not (isinstance(move, dict) and move.get("type") == "note"):
        return toygame.apply(state, seat, move)
    if seat != state["turn"]:
        raise IllegalMove("It is not your turn.")
    to = move.get("to")
    others = set(range(state["seats"])) - {seat}
    if not (isinstance(to, list) and to and all(isinstance(s, int) for s in to) and set(to) <= others):
        raise IllegalMove("Choose whom the note is for.")
    lapses = move.get("lapses")
    if lapses is not None:
        try:
            datetime.datetime.strptime(lapses, "%Y-%m-%dT%H:%M:%SZ")
        except (TypeError, ValueError):
            raise IllegalMove("A note lapses at a UTC moment.") from None
    note = {"author": seat, "to": sorted(to), "lapses": lapses}
    return {**state, "notes": state.get("notes", []) + [note], "undo": None}


def describe(move, state, seat=None, after=None):
    if isinstance(move, dict) and move.get("type") == "note":
        return text("{player} leaves a note.", player=state["turn"] if seat is None else seat)
    return toygame.describe(move, state, seat, after=after)


def registered(monkeypatch):
    import sys

    from engine import registry

    monkeypatch.setitem(registry.GAMES, GAME_ID, sys.modules[__name__])
