"""The board's log: the newest steps with an icon per move kind, timeouts and drops among them."""

from games.boards.log_events import with_events
from games.text import render

# Each move type's icon: a <symbol> id of templates/games/boards/queens_architect/_defs.html.
ICON = {
    "draft": "qa-i-tile", "draft_pass": "qa-i-pass", "move": "qa-i-architect", "decline": "qa-i-pass",
    "day": "qa-s-day", "hire": "qa-s-hire", "skip_hire": "qa-i-pass", "travel": "qa-s-travel",
    "trust": "qa-s-changer", "redeem": "qa-s-changer", "tavern": "qa-s-tavern", "build_new": "qa-s-build",
    "repair": "qa-i-repair", "palace": "qa-i-palace", "end_turn": "qa-i-end", "undo": "qa-i-undo",
}
LAST = 40


def log_entries(game, names, until=None):
    """The last 40 steps up to `until`, newest first: {seq, seat, colour, mark, icon, text}; the
    site's events (timeouts, drops) right above the move they followed."""
    from games.boards.queens_architect.board import colour, mark
    from games import move_log

    out = []
    # through move_log: a finished game's moves are packed into one archive row
    for seq, seat, payload, text, _request_id, _at in move_log.newest(game, LAST, until=until):
        kind = payload.get("type") if isinstance(payload, dict) else None
        known = isinstance(seat, int)
        out.append({"seq": seq, "seat": seat, "colour": colour(seat) if known else "transparent",
                    "mark": mark(seat) if known else "", "icon": ICON.get(kind, "qa-i-dot"),
                    "text": render(text, names)})
    return with_events(game, names, out, LAST, until, icon="qa-i-clock")
