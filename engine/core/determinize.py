"""Shared pieces of `determinize(state, seat, seed)` (docs/engine.md, "Determinization").

A determinized state is equal to the real one in everything `seat` can see; every hidden
part is dealt again at random from what the seat knows. The deal must depend only on
what the seat knows and on `seed`, never on the real hidden arrangement (a bot given two
states that differ only in hidden parts must decide alike), so hidden items are never
permuted in place: their known composition is sorted, shuffled with the seed and dealt
into the hidden places, whose number and order are public.
"""

import functools

from engine.core.rng import Rng
from engine.core.undo import can_undo


def dealer(seed):
    """The generator a determinization deals from."""
    return Rng.from_seed(seed)


def fresh_generator_state(seed):
    """A generator state for the determinized game: the real one is hidden (it decides future draws)."""
    rng = Rng.from_seed(int(seed) ^ 0x5DEECE66D)
    rng.next64()
    return rng.state


def deal(rng, items):
    """`items` in a random order that depends on their composition only, not on their order."""
    return rng.shuffle(sorted(items))


def with_undo(state, seat, seed, determinize_now):
    """`determinize_now(state, seat, seed)` applied to the state and to its undo base.

    The seat's own undo log is kept (the view says whether it may undo) with its base dealt
    from the same seed: moves inside an undo window reveal nothing, so the base hides the same
    items in the same places and the deal matches. Moves of other seats kept in the log (a
    Catan preference, engine.core.undo) are dropped from it: they may change only what this
    seat may not see (that seat's standing preferences), which the deal leaves out too.
    Another seat's undo log is dropped: its base holds what that seat had before, which this
    seat may not know.
    """
    result = determinize_now(state, seat, seed)
    log = state.get("undo")
    if log:
        if seat is not None and can_undo(state, seat):
            moves = log["moves"]
            if any(entry[0] != seat for entry in moves):
                moves = [entry for entry in moves if entry[0] == seat]
            result["undo"] = {"base": determinize_now(log["base"], seat, seed), "moves": moves}
        else:
            result["undo"] = None
    return result


def decides_on_determinized(determinize):
    """Decorator for a bot `choose(state, seat, rng, ...)`: it is given
    `determinize(state, seat, seed)` with a seed drawn from its own generator, never the real
    state, so it cannot use what its seat may not see (docs/engine.md)."""
    def decorate(choose):
        @functools.wraps(choose)
        def fair_choice(state, seat, rng, *args, **kwargs):
            return choose(determinize(state, seat, rng.next64()), seat, rng, *args, **kwargs)
        fair_choice.sees_everything = choose  # for tests of the decision itself only
        return fair_choice
    return decorate
