"""Bots. `random_move` picks a uniformly random legal move and fills a card choice
described by its constraints (engine.catan_ck.decisions) with random cards."""

from engine.catan_ck.decisions import is_card_choice, sample_card_choice
from engine.catan_ck.moves import legal_moves


def concrete(move, rng):
    """A submittable move: card-choice constraints replaced by a random choice."""
    if isinstance(move.get("cards"), dict) and is_card_choice(move["cards"]):
        return dict(move, cards=sample_card_choice(move["cards"], rng))
    return move


def random_move(state, seat, rng, avoid_undo=True):
    moves = legal_moves(state, seat)
    if avoid_undo and len(moves) > 1:
        moves = [m for m in moves if m["type"] != "undo"] or moves
    return concrete(moves[rng.below(len(moves))], rng)
