"""Every rule ID of the spec names at least one test function under tests/ (issue 11)."""

import pathlib

import pytest

from tests.engine.rule_ids import SHARED_RULES, listed_ids, named_ids, spec_ids, function_names

SPEC = SHARED_RULES / "catan-cities-and-knights.md"
IDS = pathlib.Path(__file__).with_name("rule_ids.txt")


@pytest.mark.skipif(not SPEC.exists(), reason="../shared/rules is absent (a fresh clone)")
def test_the_listed_rule_ids_are_the_specs():
    assert listed_ids(IDS) == spec_ids(SPEC.read_text())


def test_every_rule_id_names_a_test():
    missing = [rule for rule in listed_ids(IDS) if rule not in named_ids(function_names())]
    assert missing == []
