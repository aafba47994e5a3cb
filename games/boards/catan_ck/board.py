"""Catan: Cities & Knights: the engine's view as drawing data for templates/games/boards/catan_ck.html.

`board_context(game, seat, view, legal, step=None)` is the entry point (games.boards.context);
`build(view, legal, names, me, ...)` is the pure part, tested without a database.
"""

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games import boards
from games.presenters import player_names
from games.boards import reasons as board_reasons
from games.boards.catan_ck import flow as click_flow
from games.boards.catan_ck import island, panels
from games.boards.catan_ck.log import log_entries, private_lines
from games.boards.catan_ck.look import colour, seat_mark


def board_context(game, seat, view, legal, step=None):
    """The template context of the Catan board for `seat` (a Seat or None)."""

    names = player_names(game)  # the seats the page read already
    position = None if seat is None else seat.position
    reasons = {}
    if legal and step is None:
        reasons = board_reasons.cached_reasons(
            "catan", game, position, lambda: click_flow.reasons_for(game.state, position, legal))
    log = cached_log(game, names, step) if step is None or step else []
    catan = build(view, legal, names, position, reasons=reasons, log=log, draw_island=False)
    catan["island_html"] = cached_island(game, view, catan["names"], step)
    catan["game_id"] = game.pk
    catan["version"] = game.version
    catan["replay"] = step is not None
    drawn = [move for move in legal if click_flow.draws(move)] if catan["flow"] else []
    context = {"catan": catan, "board_features": boards.features(flow=catan["flow"], drawn=drawn, own_log=True)}
    # The market and the preferences are panels beside the board (games.boards.PANELS).
    return context


def cached_log(game, names, step):
    """The log's lines, kept per game, change of the game row, step, language and names: a page
    is drawn many times between two moves, and past lines never change."""
    import hashlib

    from django.utils.translation import get_language

    from games.optional_cache import cached

    # the generator state tells apart games that reuse an id (e.g. test databases)
    stamp = hashlib.sha256(repr((sorted(names.items()), game.state.get("rng"))).encode()).hexdigest()[:16]
    key = "catan-log:%d:%d:%s:%s:%s:%s" % (game.pk, game.version, step, game.updated.isoformat(), get_language(), stamp)
    return cached(key, 600, lambda: log_entries(game, names, until=step))


ISLAND_TEMPLATE = "games/boards/catan_ck/island.html"


def cached_island(game, view, names, step):
    """The island's markup, shared by every reader of a game version (or replay step): it shows
    only public pieces, and the click flow highlights its spots in the page's script."""
    import hashlib
    import os

    from django.conf import settings
    from django.template.loader import render_to_string
    from django.utils.translation import get_language

    from games.optional_cache import cached

    path = os.path.join(settings.BASE_DIR, "templates", ISLAND_TEMPLATE)
    drawn = os.stat(path).st_mtime_ns  # a changed template never meets its old markup
    stamp = hashlib.sha256(repr((sorted(names.items()), game.state.get("rng"))).encode()).hexdigest()[:16]
    key = "catan-island:%d:%s:%s:%s:%d" % (game.pk, game.version if step is None else "step%d" % step,
                                           get_language(), stamp, drawn)
    html = cached(key, 600, lambda: render_to_string(ISLAND_TEMPLATE,
                                                     {"catan": {"island": island.island(view, names)}}))
    return mark_safe(html)  # noqa: S308 (rendered by the template above, escaped there)


def build(view, legal, names, me, reasons=None, log=None, draw_island=True):
    """`draw_island=False`: the island's data is left out (the page takes its cached markup)."""
    players_count = view["players_count"]
    names = {s: names.get(s) or _("Player %d") % (s + 1) for s in range(players_count)}
    active = view.get("active")
    turn = view.get("turn") or {}
    setup = view.get("setup") or {}
    drawn = [move for move in legal or [] if click_flow.draws(move)]
    return {
        "me": me, "active": active, "active_name": names.get(active, ""),
        "active_colour": colour(active), "active_mark": seat_mark(active),
        "phase": view["phase"], "stage": turn.get("stage"), "turn_number": turn.get("number"),
        "setup_step": setup.get("step"),
        "names": names,
        "island": island.island(view, names) if draw_island else None,
        "barbarians": panels.barbarians(view),
        "decks": panels.decks(view),
        "dice": panels.dice(view),
        "players": panels.players(view, names, me),
        "private": private_lines(view, names),
        "flow": click_flow.flow(view, drawn, names, reasons or {}) if drawn else None,
        "log": log or [],
        "result": view.get("result") if view["phase"] == "over" else None,
    }
