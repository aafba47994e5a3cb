import pytest

from engine.core.contract import normalize_options
from engine.core.errors import IllegalMove

SPEC = {
    "players": {"min": 1, "max": 4, "default": 2},
    "fields": [
        {"name": "side", "label": {"msg": "Side"}, "default": "A", "choices": [["A", {"msg": "A"}], ["B", {"msg": "B"}]]},
        {"name": "solo", "label": {"msg": "Solo"}, "default": "dummy", "players": [1],
         "choices": [["dummy", {"msg": "d"}], ["parler", {"msg": "p"}]]},
    ],
}


def test_defaults_are_filled_for_the_player_count():
    assert normalize_options(SPEC, {}, 2) == {"side": "A"}
    assert normalize_options(SPEC, {}, 1) == {"side": "A", "solo": "dummy"}


@pytest.mark.parametrize("options,seats", [({"side": "C"}, 2), ({"colour": "red"}, 2), ({}, 5), ([], 2)])
def test_bad_options_are_refused_with_a_reason(options, seats):
    with pytest.raises(IllegalMove) as error:
        normalize_options(SPEC, options, seats)
    assert str(error.value)
