"""The board's cached SVG fragments: a page is the same whoever rendered it first."""

import re

import pytest

from games.boards.praga import board as praga
from tests.conftest import client_for
from tests.support.games import start_game

pytestmark = pytest.mark.django_db


def _replay(client, game):
    html = client.get(f"/games/{game.pk}/replay/0/").content.decode()
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


@pytest.mark.parametrize("player_first", [True, False])
def test_a_replay_page_does_not_depend_on_who_rendered_it_first(alice, bob, client, player_first):
    game = start_game("praga", [alice, bob])
    praga._FRAGMENTS.clear()
    if player_first:
        player, visitor = _replay(client_for(alice), game), _replay(client, game)
    else:
        visitor, player = _replay(client, game), _replay(client_for(alice), game)
    assert "pg-climb" in player
    assert "pg-climb" not in visitor
    praga._FRAGMENTS.clear()
    assert _replay(client, game) == visitor


def test_the_fragment_cache_keeps_to_its_size_and_drops_the_least_recently_used():
    cache = praga.Fragments(most=100, budget=10_000)
    for number in range(20):
        cache.put(("city", "v", "en", str(number)), "x" * 1_000)
        assert cache.size <= 10_000
    assert len(cache) == 9 and cache.get(("city", "v", "en", "10")) is None
    assert cache.get(("city", "v", "en", "11")) == "x" * 1_000  # now the most recently used
    cache.put(("city", "v", "en", "new"), "y" * 1_000)
    assert cache.get(("city", "v", "en", "11")) is not None and cache.get(("city", "v", "en", "12")) is None
    cache.clear()
    assert len(cache) == 0 and cache.size == 0


def test_the_fragment_cache_counts_the_bytes_of_wide_markup():
    """A fragment with a character beyond Latin-1 ("−") takes two bytes a character in memory."""
    cache = praga.Fragments(most=100, budget=10_000)
    for number in range(20):
        cache.put(("city", "v", "en", str(number)), "−" * 1_000)
        assert cache.size <= 10_000
    assert len(cache) == 4
