"""What a reader sees of a game: plain data for pages and the JSON API alike.

Only `engines.view(state, seat)` output, the legal moves of the reader's own
seat and the public log ever leave this module; never the seed or the raw state.
"""

import json

from accounts.models import display_name
from games import engines
from games.text import render


def player_names(game):
    return {seat.position: display_name(seat.user) for seat in game.seat_list()}


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


def move_label(game, move, names):
    """A button label for one legal move: the engine's `label` if it has one, else the move's fields."""
    module = engines.rules(game.game_id)
    if hasattr(module, "label"):
        return render(module.label(move, game.state), names)
    if move.get("type") == "undo":
        from django.utils.translation import gettext

        return gettext("Undo")
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
    names = names or player_names(game)
    moves = engines.legal_moves(game.game_id, game.state, seat.position)
    return [
        {"move": move, "json": json.dumps(move, separators=(",", ":")), "label": move_label(game, move, names),
         "kind": str(move.get("type", "")), "undo": move.get("type") == "undo"}
        for move in moves
    ]


def log(game, names=None, after=0, until=None):
    names = names or player_names(game)
    moves = game.moves.filter(seq__gt=after).order_by("seq")
    if until is not None:
        moves = moves.filter(seq__lte=until)
    return [
        {"seq": move.seq, "seat": move.seat, "player": names.get(move.seat, ""),
         "text": render(move.text, names), "at": move.created_at}
        for move in moves
    ]


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
