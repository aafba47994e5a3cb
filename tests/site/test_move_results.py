"""games.moves.ranking reads an engine's outcome into ranks and scores, whatever shape it takes."""

import pytest

from games.moves import ranking


def test_scores_as_a_list_and_an_order_of_seats():
    assert ranking({"scores": [31, 45, 12], "ranking": [1, 0, 2]}) == ({1: 1, 0: 2, 2: 3}, {0: 31, 1: 45, 2: 12})


def test_scores_keyed_by_seat_numbers_as_text():
    assert ranking({"scores": {"0": 7, "1": 9, "x": 3, "2": "n/a"}, "ranking": [1, 0]}) == (
        {1: 1, 0: 2}, {0: 7, 1: 9})


def test_a_tie_shares_a_place_and_the_next_place_follows():
    assert ranking({"ranking": [[0, 2], 1]}) == ({0: 1, 2: 1, 1: 2}, {})


def test_ranking_entries_with_their_own_rank_keep_it():
    """Catan's shape: equal points share a rank."""
    entries = [{"seat": 2, "rank": 1, "score": 10}, {"seat": 0, "rank": 2, "score": 7},
               {"seat": 1, "rank": 2, "score": 7}, {"seat": "x", "rank": 4}]
    assert ranking({"scores": [7, 7, 10], "ranking": entries}) == ({2: 1, 0: 2, 1: 2}, {0: 7, 1: 7, 2: 10})


def test_entries_that_are_not_seats_are_skipped():
    assert ranking({"scores": [5, "x", None, 8], "ranking": ["a", 3, [None, 0]]}) == ({3: 2, 0: 3}, {0: 5, 3: 8})


@pytest.mark.parametrize("outcome", [None, [], "won", {"scores": "5", "ranking": "0"}, {}])
def test_an_outcome_of_another_shape_gives_no_ranks_and_no_scores(outcome):
    assert ranking(outcome) == ({}, {})
