"""Undo inside a turn, as plain data kept in the game state.

The state carries `undo`: None right after a move that may not be taken back
(it revealed hidden information, involved another player, or ended a turn),
otherwise `{"base": <state after that barrier>, "moves": [[seat, move], ...]}`:
a chain of moves of one seat, its owner (the seat of its first move), who may
take back its last move. Undoing replays every other move of the chain on
`base`; since `apply` is deterministic and the random generator lives in the
state, this rebuilds the earlier state exactly.

A game may also let another seat's move pass through the chain without ending
it (`kept`: Catan's standing preferences, set at any time, ASYNC-UNDO-02): it
is recorded as `[seat, move, "kept"]`, never taken back by an undo, and
replayed with the rest, so it stays in effect. With no chain open there is
nothing to keep it for: the record stays None. Games that never pass `kept`
(Praga, Queen's Architect) get chains of one seat's moves, as before.

The base is shared, never copied: `apply` never mutates a state it was given.
Views must drop the `undo` key (the base holds the generator and stack orders).
"""

UNDO_MOVE = {"type": "undo"}
KEPT = "kept"  # the mark of a move the chain's owner cannot take back (see above)


def is_undo(move):
    return isinstance(move, dict) and move.get("type") == "undo"


def record(old, new, seat, move, barrier, kept=False):
    """Set `new["undo"]` after `move` by `seat` turned `old` into `new`. `kept`: the move
    passes through the open chain (see above)."""
    previous = old.get("undo")
    if barrier:
        new["undo"] = None
    elif kept:
        new["undo"] = previous and {"base": previous["base"], "moves": previous["moves"] + [[seat, move, KEPT]]}
    elif previous and previous["moves"] and previous["moves"][0][0] == seat:
        new["undo"] = {"base": previous["base"], "moves": previous["moves"] + [[seat, move]]}
    else:
        new["undo"] = {"base": {**old, "undo": None}, "moves": [[seat, move]]}
    return new


def can_undo(state, seat):
    """Whether `seat` owns the open chain (its first move is the seat's: see above)."""
    log = state.get("undo")
    return bool(log and log["moves"] and log["moves"][0][0] == seat)


def undo(state, apply):
    """The state that the chain's moves but the owner's last one give, replayed on its base
    by `apply(state, seat, move)`: the state before that move, or, when another seat's kept
    moves came after it, that state with them applied."""
    log = state["undo"]
    moves = log["moves"]
    last = len(moves) - 1
    while len(moves[last]) > 2:  # the owner's last move: the chain's first move is always one
        last -= 1
    replayed = log["base"]
    for index, (seat, move, *_kept) in enumerate(moves):
        if index != last:
            replayed = apply(replayed, seat, move)
    return replayed
