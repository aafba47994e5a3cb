"""The engine's reason next to an illegal click, shared by every board's click flow.

A board names the things a player might click (`probes`: click key -> a move that click
would make) and asks the engine about each one that no legal move uses; the engine's
refusal (IllegalMove.as_text) is rendered in the reader's language. The engine never
changes the state it is given, so probing is safe. Results are cached per game version,
seat and language: a page is drawn many times between two moves.
"""

from django.utils.translation import get_language

from games.optional_cache import cached
from games.text import render


def refusals(apply, state, seat, probes, legal_keys):
    """{key: reason text} for each probe whose key is not a legal click and which the engine refuses."""
    out = {}
    for key, move in probes.items():
        if key in legal_keys:
            continue
        try:
            apply(state, seat, move)
        except Exception as error:  # IllegalMove, or a probe the move schema refuses
            as_text = getattr(error, "as_text", None)
            if as_text is not None:
                out[key] = render(as_text())
    return out


def cached_reasons(name, game, seat, make):
    """`make()` once per (board, game, version, seat, language)."""
    # the generator state tells apart games that reuse an id (e.g. test databases)
    key = "%s-reasons:%d:%d:%s:%s:%s" % (name, game.pk, game.version, seat, get_language(), game.state.get("rng"))
    return cached(key, 600, make)
