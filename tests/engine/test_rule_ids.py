"""Every rule ID of a game's spec names at least one test function under tests/ (the Praga
convention; issue 11). Each game keeps its list in `tests/engine/<game>/rule_ids.txt`
(tests/engine/rule_ids.py says how to regenerate it), checked against the spec when
../shared/rules is present (a fresh clone has only the lists)."""

import pathlib

import pytest

from tests.engine.rule_ids import SHARED_RULES, function_names, listed_ids, named_ids, spec_ids

HERE = pathlib.Path(__file__).parent
GAMES = {
    "catan_ck": "catan-cities-and-knights.md",
    "praga": "praga-caput-regni.md",
    "queens_architect": "queens-architect.md",
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_listed_rule_ids_are_the_specs(game):
    spec = SHARED_RULES / GAMES[game]
    if not spec.exists():
        pytest.skip("../shared/rules is absent (a fresh clone)")
    assert listed_ids(HERE / game / "rule_ids.txt") == spec_ids(spec.read_text())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_id_names_a_test(game):
    named = named_ids(function_names())
    missing = [rule for rule in listed_ids(HERE / game / "rule_ids.txt") if rule not in named]
    assert missing == []
