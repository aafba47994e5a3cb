"""What a reader sees of a game: plain data for pages and the JSON API alike.

Only `engines.view(state, seat)` output, the legal moves of the reader's own
seat and the public log ever leave this module; never the seed or the raw state.
"""

import json

from accounts.models import display_name
from games import engines, form_fields, move_log
from games.text import render


def player_names(game):
    return {seat.position: display_name(seat.user) for seat in game.seat_list()}


def solo_line(game):
    """"solo vs Peter Parler" for a solo game whose engine names the opponent, else ""."""
    from django.utils.translation import gettext

    seats = game.seat_list()
    opponent = engines.solo_opponent(game.game_id, game.options) if len(seats) == 1 else None
    return gettext("solo vs {opponent}").format(opponent=render(opponent)) if opponent is not None else ""


def players_line(game):
    """How a listed game names its players: "solo vs Peter Parler" for a solo game, else the names."""
    return solo_line(game) or ", ".join(display_name(seat.user) for seat in game.seat_list())


def players(game):
    return [
        {
            "seat": seat.position,
            "name": display_name(seat.user),
            "username": seat.user.username,
            "to_act": seat.to_act,
            "waiting_since": seat.waiting_since,
            "rank": seat.rank,
            "score": seat.score,
        }
        for seat in game.seat_list()
    ]


def move_label(game, move, names, seat=None):
    """A button label for one legal move: the engine's `label` if it has one, else the log line the
    move would leave (the same words as the game log), else the move's fields."""
    module = engines.rules(game.game_id)
    if has_choice(move):  # a template, not a move: its log line cannot be computed
        return str(move.get("type", "?")).replace("_", " ").capitalize()
    if hasattr(module, "label"):
        return render(module.label(move, game.state, seat), names)
    if move.get("type") == "undo":
        from django.utils.translation import gettext

        return gettext("Undo")
    try:
        line = engines.describe(game.game_id, move, game.state, seat)
    except Exception:  # a label must never break the page: fall back to the fields
        line = None
    if line:
        return render(line, names)
    return fields_label(move)


def fields_label(move):
    rest = ", ".join(f"{key}: {_plain(value)}" for key, value in move.items() if key != "type")
    kind = str(move.get("type", "?")).replace("_", " ")
    return f"{kind} — {rest}" if rest else kind


def _plain(value):
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def legal_moves(game, seat, names=None):
    if seat is None or game.is_finished:
        return []
    return labelled_moves(game, engines.legal_moves(game.game_id, game.state, seat.position), names,
                          seat=seat.position)


def labelled_moves(game, moves, names=None, seat=None):
    """Each legal move with its button label, JSON and kind (for the generic move card and the API)."""
    names = names or player_names(game)
    labels = [move_label(game, move, names, seat) for move in moves]
    # A log line may hide what only the mover knows ("chooses a card"): the fields tell such moves apart.
    repeated = {label for label in labels if labels.count(label) > 1}
    return [
        {"move": move, "json": json.dumps(move, separators=(",", ":")),
         "label": f"{label} ({fields_label(move)})" if label in repeated else label,
         "kind": str(move.get("type", "")), "undo": move.get("type") == "undo"}
        for move, label in zip(moves, labels)
    ]


LOG_LAST = 50  # the game page shows this many log entries; the whole log is one click away


def log(game, names=None, after=0, until=None, last=None):
    """The public log, oldest first: each move, and after it the events that followed it.

    `after`: only what came after move `after`; `until`: up to the replay step shown;
    `last`: only the newest `last` moves (and the events among them).
    """
    names = names or player_names(game)
    if last:
        rows = move_log.newest(game, last, after=after, until=until)[::-1]
    else:
        rows = move_log.moves(game, after=after, until=until)
    entries = [
        {"seq": move.seq, "seat": move.seat, "player": names.get(move.seat, ""), "text": render(move.text, names),
         "at": move.created_at, "event": None}
        for move in rows
    ]
    if last and len(rows) == last:
        after = rows[0].seq
    return merge(entries, log_events(game, names, after=after, until=until))


def log_events(game, names=None, after=0, until=None):
    """The log lines that are not moves (timeouts, drops, cancellations: `GameEvent`), oldest first.

    Each carries the seq of the move it followed, so an event after move `after` is included."""
    names = names or player_names(game)
    events = game.events.filter(after_seq__gte=after)
    if until is not None:
        events = events.filter(after_seq__lte=until)
    return [
        {"seq": event.after_seq, "seat": None, "player": "", "text": render(event.text, names),
         "at": event.created_at, "event": event.pk}
        for event in events.order_by("after_seq", "created_at", "pk")
    ]


def merge(entries, events):
    """Moves and events in one list: an event after the move it followed (both lists sorted)."""
    merged, pending = [], list(events)
    for entry in entries:
        while pending and pending[0]["seq"] < entry["seq"]:
            merged.append(pending.pop(0))
        merged.append(entry)
    return merged + pending


def state_payload(game, seat):
    """The JSON answer describing the game for `seat` (None: a spectator)."""
    position = None if seat is None else seat.position
    return {
        "id": game.pk,
        "game": game.game_id,
        "status": game.status,
        "version": game.version,
        "seat": position,
        "to_act": sorted(engines.to_act(game.game_id, game.state)) if not game.is_finished else [],
        "players": [
            {**player, "waiting_since": player["waiting_since"].isoformat() if player["waiting_since"] else None}
            for player in players(game)
        ],
        "view": engines.view(game.game_id, game.state, position),
        "outcome": game.outcome,
    }


def announcement(game, seat, names=None):
    """What the page's live region says after the game changed: the newest log line (with who
    made the move) and who moves next, for a screen reader. Public information only."""
    from django.utils.translation import gettext

    names = names or player_names(game)
    entries = log(game, names, last=1)
    last = ""
    if entries:
        entry = entries[-1]
        last = "%s: %s" % (entry["player"], entry["text"]) if entry["player"] else entry["text"]
    if game.is_finished:
        following = gettext("The game is over.")
    elif seat is not None and seat.to_act:
        following = gettext("Your turn.")
    else:
        acting = [names.get(other.position, "") for other in game.seat_list() if other.to_act]
        following = gettext("To move: %(players)s.") % {"players": ", ".join(acting)} if acting else ""
    return {"last": last, "next": following}


def page_title(game, seat, site_name):
    """The browser tab's title; it starts with "(Your turn)" while the reader is to move."""
    from django.utils.translation import gettext

    title = "%s #%d · %s" % (engines.title(game.game_id), game.pk, site_name)
    if seat is not None and seat.to_act and not game.is_finished:
        return "(%s) %s" % (gettext("Your turn"), title)
    return title
# Card choices described by their constraints (docs/engine.md) ---------------------------------

def is_choice(value):
    return isinstance(value, dict) and set(value) == {"choose"} and isinstance(value["choose"], dict)


def is_open(value):
    """A field the form fills: a card choice, or a seat subset or moment (games/form_fields.py)."""
    return is_choice(value) or form_fields.is_open(value)


def has_choice(move):
    """A move template with open fields (drawn as a form), not a move."""
    return isinstance(move, dict) and any(is_open(value) for value in move.values())


def choice_bounds(choice):
    """(fewest, most) cards of a choice: an exact `count`, or `min` and `max`."""
    spec = choice["choose"]
    if "count" in spec:
        return spec["count"], spec["count"]
    return spec.get("min", 0), spec.get("max", sum(spec.get("from", {}).values()))


def card_name(key):
    """A card type's name: its key is the engine's msgid ("ore" -> "Erz")."""
    from django.utils.translation import gettext

    name = gettext(key)
    return name[:1].upper() + name[1:]


def choice_forms(game, moves, prefix="c"):
    """One form per move with open fields: card choices (each card type with its most, and
    bounds), seat subsets and moments (games/form_fields.py)."""
    from django.utils.translation import gettext

    forms, names = [], None
    for index, move in enumerate(moves):
        fields = []
        for name, value in move.items():
            if form_fields.is_open(value):
                names = names or player_names(game)
                fields.append(form_fields.describe(name, value, names, f"{prefix}{index}"))
            if not is_choice(value):
                continue
            low, high = choice_bounds(value)
            if low == high:
                hint = gettext("Choose exactly {count}.").format(count=low)
            else:
                hint = gettext("Choose {low} to {high}.").format(low=low, high=high)
            fields.append({
                "kind": "cards", "name": name, "label": name.replace("_", " ").capitalize(), "low": low, "high": high,
                "hint": hint,
                "cards": [{"key": card, "label": card_name(card), "most": most,
                           "id": f"{prefix}{index}-{name}-{card}", "input": f"pick:{name}:{card}"}
                          for card, most in value["choose"]["from"].items() if most > 0],
            })
        fixed = [f"{key.replace('_', ' ')}: {_plain(value)}" for key, value in move.items()
                 if key not in ("type", "decision") and not is_open(value)]
        forms.append({"json": json.dumps(move, separators=(",", ":")), "kind": str(move.get("type", "")),
                      "details": ", ".join(fixed), "fields": fields, "id": f"{prefix}{index}"})
    return forms


def fill_choices(move, picks):
    """The template `move` with each open field filled from the posted form: card choices by the
    counts picked (`picks`: {"pick:<field>:<card>": "2"}; counts that are not whole numbers
    count as 0), seat subsets and moments by games/form_fields.py, which raises FieldRefused for
    a wrong shape. The engine refuses a choice that breaks its constraints, with its reason."""
    if not has_choice(move):
        return move
    filled = dict(move)
    for name, value in move.items():
        if form_fields.is_open(value):
            result = form_fields.fill(name, value, picks)
            if result is form_fields.OMIT:
                del filled[name]
            else:
                filled[name] = result
        if not is_choice(value):
            continue
        chosen = {}
        for card in value["choose"].get("from", {}):
            raw = str(picks.get(f"pick:{name}:{card}", "0")).strip()
            count = int(raw) if raw.isdigit() and len(raw) <= 3 else 0
            if count:
                chosen[card] = count
        filled[name] = chosen
    return filled
