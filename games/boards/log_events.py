"""The site's events (timeouts, drops, cancellations: `GameEvent`) in a board's own log, each
right above the move it followed, so that a board's log is the whole game log."""


def with_events(game, names, entries, window, until=None, **look):
    """`entries`: a board's log lines, newest first, at most `window` of them (each with its
    `seq`); returns them with the events among them. `look`: the event lines' own drawing
    fields (an icon)."""
    from games.presenters import log_events

    oldest = entries[-1]["seq"] if len(entries) == window else 0
    events = [{"seq": event["seq"], "seat": None, "colour": "transparent", "mark": "", "text": event["text"],
               "keys": "", "event": True, **look}
              for event in log_events(game, names, after=oldest, until=until)]
    merged, pending = [], list(reversed(events))  # oldest first
    for entry in entries:
        while pending and pending[0]["seq"] >= entry["seq"]:
            merged.append(pending.pop(0))
        merged.append(entry)
    return merged + pending
