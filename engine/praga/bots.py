"""Bots: random (uniform over legal moves) and greedy (one-turn lookahead)."""

from engine.core.rng import Rng
from engine.praga.moves import apply, legal_moves
from engine.praga.scoring import final_breakdown


def random_move(state, seat, rng):
    """Uniform over the legal moves (undo excluded so that games progress)."""
    moves = [m for m in legal_moves(state, seat) if m["type"] != "undo"]
    return moves[rng.below(len(moves))]


def _score(state, seat):
    """'If the game ended now' score plus a small value for resources still to be used."""
    pl = state["players"][seat]
    potential = (0.3 * (pl["gold"] + pl["stone"]) + 0.6 * (pl["sw"] + pl["gw"]) + 0.5 * pl["eggs"]
                 + 0.8 * pl["cubes"] + 1.0 * (pl["mines"] + pl["quarries"]) + 0.7 * pl["uni"]
                 + 1.5 * len(pl["techs"]) + 1.0 * pl["road"])
    return final_breakdown(state, seat)["total"] + potential


def greedy_move(state, seat, rng, sample=60):
    """Best move by the 'if the game ended now' score after it; ties and end turn last.

    Heuristics: never end the turn while another move improves the score; among
    equal moves prefer non-end-turn moves that resolve things (random tie-break).
    """
    moves = [m for m in legal_moves(state, seat) if m["type"] != "undo"]
    if len(moves) > sample:
        keep = [m for m in moves if m["type"] not in ("building", "wall", "upgrade")]
        big = [m for m in moves if m["type"] in ("building", "wall", "upgrade")]
        rng.shuffle(big)
        moves = keep + big[: max(sample - len(keep), 10)]
    base = _score(state, seat)
    best, best_value = None, None
    for m in moves:
        try:
            after = apply(state, seat, m)
        except Exception:
            continue
        value = _score(after, seat) - base
        if m["type"] == "end_turn":
            value -= 0.5
        elif m["type"] in ("refresh", "refill"):
            value -= 1.0
        value += rng.below(1000) / 100000.0
        if best_value is None or value > best_value:
            best, best_value = m, value
    return best


def play(state, chooser, seed=0, max_steps=20000, on_step=None):
    """Play a game to the end with `chooser(state, seat, rng)`; returns (final state, moves)."""
    from engine.praga.moves import to_act

    rng = Rng.from_seed(seed)
    history = []
    for _ in range(max_steps):
        seats = to_act(state)
        if not seats:
            return state, history
        seat = min(seats)
        move = chooser(state, seat, rng)
        if on_step:
            on_step(state, seat, move)
        state = apply(state, seat, move)
        history.append([seat, move])
    raise RuntimeError("game did not finish")
