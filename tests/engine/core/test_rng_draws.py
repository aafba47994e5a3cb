"""`draws_below` is the generator's own `below`, drawn without an object per roll: the same
values and the same state after them, for any state and any bounds (those it knows a limit for
and those it hands to `Rng`)."""

from hypothesis import given
from hypothesis import strategies as st

from engine.core.rng import Rng, draws_below


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(min_value=1, max_value=1000), max_size=5))
def test_draws_below_equal_the_generators_own_draws(state, bounds):
    rng = Rng(state)
    expected = [rng.below(n) for n in bounds]
    assert draws_below(state, bounds) == (expected, rng.state)


def test_a_catan_roll_draws_like_the_generator():
    rng = Rng(12345)
    expected = [rng.below(6), rng.below(6), rng.below(6)]
    assert draws_below(12345, [6, 6, 6]) == (expected, rng.state)
