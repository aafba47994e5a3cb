"""Undo inside a turn, as plain data kept in the game state.

The state carries `undo`: None right after a move that may not be taken back
(it revealed hidden information, involved another player, or ended a turn),
otherwise `{"base": <state after that barrier>, "moves": [[seat, move], ...]}`.
Undoing replays `moves[:-1]` on `base`; since `apply` is deterministic and the
random generator lives in the state, this rebuilds the earlier state exactly.
The base is shared, never copied: `apply` never mutates a state it was given.
Views must drop the `undo` key (the base holds the generator and stack orders).
"""

UNDO_MOVE = {"type": "undo"}


def is_undo(move):
    return isinstance(move, dict) and move.get("type") == "undo"


def record(old, new, seat, move, barrier):
    """Set `new["undo"]` after `move` by `seat` turned `old` into `new`."""
    previous = old.get("undo")
    if barrier:
        new["undo"] = None
    elif previous and previous["moves"] and previous["moves"][-1][0] == seat:
        new["undo"] = {"base": previous["base"], "moves": previous["moves"] + [[seat, move]]}
    else:
        new["undo"] = {"base": {**old, "undo": None}, "moves": [[seat, move]]}
    return new


def can_undo(state, seat):
    log = state.get("undo")
    return bool(log and log["moves"] and log["moves"][-1][0] == seat)


def undo(state, apply):
    """The state before the last undoable move; `apply(state, seat, move)` replays."""
    log = state["undo"]
    replayed = log["base"]
    for seat, move in log["moves"][:-1]:
        replayed = apply(replayed, seat, move)
    return replayed
