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


def registered_games():
    from engine import registry
    from tests.support import toygame

    return sorted(registry.GAMES.items()) + [("toy", toygame)]


@pytest.mark.parametrize("game_id,module", registered_games(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_game_implements_the_whole_contract(game_id, module):
    import inspect

    for name in ("OPTIONS", "RULES_VERSION", "RULES_VERSIONS", "new", "to_act", "turn_marker", "legal_moves",
                 "apply", "view", "outcome", "describe", "automatic_turns", "timeout_move"):
        assert hasattr(module, name), f"{game_id} lacks {name}"
    assert "seat" in inspect.signature(module.describe).parameters
    assert "rules_version" in inspect.signature(module.new).parameters


@pytest.mark.parametrize("game_id,module", registered_games(), ids=lambda value: value if isinstance(value, str) else "")
def test_timeout_move_is_none_for_the_seat_on_turn_and_a_legal_default_otherwise(game_id, module):
    """A turn's timeout is the site's policy; an owed decision's default applies (docs/engine.md)."""
    players = module.OPTIONS["players"]["default"]
    state = module.new({}, players, 7)
    for seat in range(players):
        move = module.timeout_move(state, seat)
        if move is not None:
            module.apply(state, seat, move)  # a default is always accepted
    on_turn = sorted(module.to_act(state))
    assert on_turn and all(module.timeout_move(state, seat) is None for seat in on_turn)


def test_praga_timeout_is_the_policy_everywhere_in_a_game():
    """Praga owes no decisions off turn: its timeout path stays the invitation's policy."""
    import engine.praga as praga
    from engine.core.rng import Rng
    from engine.praga import bots

    state, rng = praga.new({}, 2, 3), Rng.from_seed(3)
    for _step in range(200):
        acting = sorted(praga.to_act(state))
        if not acting:
            break
        assert all(praga.timeout_move(state, seat) is None for seat in range(2))
        state = praga.apply(state, acting[0], bots.random_move(state, acting[0], rng))
