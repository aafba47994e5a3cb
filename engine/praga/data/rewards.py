"""Reward codes of the Praga specification (section 3.2).

A reward is a list of atoms, all gained. An atom is a code string (``"2G"``,
``"Q+"``, ``"RM"`` ...) or a choice ``{"choice": [reward, reward, ...]}`` of which
exactly one reward is gained. Pure Python, no Django.
"""

import re

# kind -> English name (the site translates it)
COUNTED_KINDS = {
    "G": "gold",
    "S": "stone",
    "E": "egg",
    "SW": "silver window",
    "GW": "gold window",
    "VP": "victory point",
    "T": "technology step",
    "U": "University step",
}
SINGLE_KINDS = {
    "Q+": "+1 quarry",
    "M+": "+1 gold mine",
    "HW": "sideways step on the Hunger Wall",
    "CA": "sideways step on the Cathedral",
    "RM": "red marker",
    "BM": "blue marker",
}
KINDS = {**COUNTED_KINDS, **SINGLE_KINDS}

_COUNTED = re.compile(r"^([1-9][0-9]*)(SW|GW|VP|G|S|E|T|U)$")


def parse_atom(code):
    """``"3VP"`` -> ``("VP", 3)``; ``"Q+"`` -> ``("Q+", 1)``. ValueError if not a code."""
    if not isinstance(code, str):
        raise ValueError(f"reward atom must be a string, not {code!r}")
    if code in SINGLE_KINDS:
        return (code, 1)
    match = _COUNTED.match(code)
    if not match:
        raise ValueError(f"unknown reward code {code!r}")
    return (match.group(2), int(match.group(1)))


def validate_reward(reward):
    """Raise ValueError unless ``reward`` is a well-formed reward (list of atoms/choices)."""
    if not isinstance(reward, list):
        raise ValueError(f"a reward is a list, not {reward!r}")
    for atom in reward:
        if isinstance(atom, dict):
            if set(atom) != {"choice"}:
                raise ValueError(f"a choice atom has exactly the key 'choice': {atom!r}")
            options = atom["choice"]
            if not isinstance(options, list) or len(options) < 2:
                raise ValueError(f"a choice lists at least two rewards: {atom!r}")
            for option in options:
                validate_reward(option)
        else:
            parse_atom(atom)


def atoms(reward):
    """Every code string of ``reward``, those inside choices included."""
    for atom in reward:
        if isinstance(atom, dict):
            for option in atom["choice"]:
                yield from atoms(option)
        else:
            yield atom


def totals(reward):
    """{kind: amount} of a reward without choices (ValueError if it has one)."""
    result = {}
    for atom in reward:
        if isinstance(atom, dict):
            raise ValueError("totals() of a reward with a choice")
        kind, amount = parse_atom(atom)
        result[kind] = result.get(kind, 0) + amount
    return result
