"""A seeded random generator whose whole state is one JSON-able integer.

Games keep that integer inside their state, so replaying the same moves from
the same seed draws the same tiles, and no randomness exists outside `new` and
`apply`. SplitMix64: tiny, fast, statistically fine for shuffles and dice.
"""

_MASK = (1 << 64) - 1
_LIMITS = {}  # n -> the largest multiple of n not above _MASK: draws at or over it are redrawn


class Rng:
    __slots__ = ("state",)

    def __init__(self, state):
        self.state = int(state) & _MASK

    @classmethod
    def from_seed(cls, seed):
        # Mix the seed once so that small consecutive seeds give unrelated streams.
        rng = cls(int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)
        rng.next64()
        return rng

    def next64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n):
        """Uniform integer in [0, n) without modulo bias."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _MASK - (_MASK % n)
            if type(n) is int and len(_LIMITS) < 4096:  # games draw below a few small counts
                _LIMITS[n] = limit
        state = self.state
        while True:  # next64, inlined: every die, draw and shuffle step comes through here
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                self.state = state
                return value % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items):
        """Fisher–Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def draws_below(state, bounds):
    """`([Rng(state).below(n) for n in bounds], the generator's state after them)`, drawn
    without a generator object or a call per draw (a Catan roll's three dice)."""
    state = int(state) & _MASK
    results = []
    for n in bounds:
        limit = _LIMITS.get(n)
        if limit is None:
            rng = Rng(state)
            results.append(rng.below(n))  # checks n and keeps its limit
            state = rng.state
            continue
        while True:  # Rng.below's loop
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                results.append(value % n)
                break
    return results, state
