from engine.core.rng import Rng


def test_same_seed_gives_same_stream():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]


def test_state_is_a_json_integer_that_resumes_the_stream():
    rng = Rng.from_seed(7)
    rng.below(10)
    resumed = Rng(rng.state)
    assert [rng.next64() for _ in range(5)] == [resumed.next64() for _ in range(5)]


def test_neighbouring_seeds_differ():
    assert Rng.from_seed(1).next64() != Rng.from_seed(2).next64()


def test_shuffle_is_a_permutation_and_below_stays_in_range():
    rng = Rng.from_seed(3)
    items = list(range(30))
    assert sorted(rng.shuffle(items)) == list(range(30))
    assert all(0 <= rng.below(6) < 6 for _ in range(500))
    assert {rng.below(3) for _ in range(200)} == {0, 1, 2}
