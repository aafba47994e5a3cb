"""describe(): a complete line for every move type, in English and German.

German comes from engine/locale/de (compiled with compilemessages), read with Python's
gettext, so no Django settings are needed.
"""

import gettext
import os
import re

import pytest

import engine.praga as P
from engine.core.rng import Rng
from engine.core.text import is_text, render
from engine.praga.bots import biased_move
from engine.praga.moves import SCHEMA
from tests.engine.praga.helpers import random_options

LOCALE = os.path.join(os.path.dirname(P.__file__), "..", "locale")
NAMES = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di"}


@pytest.fixture(scope="module")
def german():
    return gettext.translation("django", localedir=LOCALE, languages=["de"]).gettext


def _walk(entry):
    yield entry
    for value in (entry.get("args") or {}).values():
        if is_text(value):
            yield from _walk(value)


def _lines_by_type():
    """A few (move, state) pairs per move type from seeded biased random games."""
    found = {}
    for g in range(16):
        players, seed = 1 + g % 4, 900 + g
        state = P.new(random_options(seed, players), players, seed)
        rng = Rng.from_seed(seed)
        while P.to_act(state):
            seat = state["active"]
            move = biased_move(state, seat, rng)
            if len(found.setdefault(move["type"], [])) < 3:
                found[move["type"]].append((move, state))
            if state.get("undo") and "undo" not in found and rng.below(4) == 0:
                found["undo"] = [({"type": "undo"}, state)]
            state = P.apply(state, seat, move)
    return found


@pytest.fixture(scope="module")
def lines():
    return _lines_by_type()


def test_every_move_type_is_described(lines):
    common = {"take", "end_turn", "mines", "quarries", "upgrade", "wall", "building", "road", "undo",
              "refresh", "refill", "wheel_bonus", "side", "choose", "tech", "token", "buy_extra", "climb"}
    assert common <= set(lines)
    for mtype, pairs in lines.items():
        for move, state in pairs:
            entry = P.describe(move, state)
            assert is_text(entry)
            english = render(entry, names=NAMES)
            assert "{" not in english and english.strip(), english
            assert entry["msg"] != "{player}: {move}."  # not the generic fallback line


def test_german_renders_and_differs(lines, german):
    for mtype, pairs in lines.items():
        for move, state in pairs:
            entry = P.describe(move, state)
            english = render(entry, names=NAMES)
            deutsch = render(entry, german, names=NAMES)  # KeyError if a placeholder was mistranslated
            assert deutsch != english, (mtype, english)
            for part in _walk(entry):
                words = re.sub(r"\{[^}]*\}", "", part["msg"])
                if re.search("[A-Za-z]", words):  # a msg with words of its own is translated
                    assert german(part["msg"]) != part["msg"], part["msg"]


def test_every_schema_type_has_its_own_line():
    """Lines for the rare types too, on hand-made pending items."""
    state = P.new({}, 2, 5)
    for mtype in SCHEMA:
        entry = P.describe({"type": mtype, "item": 999, "tech": "T3-3", "tile": "IV-1", "row": "wall",
                            "slots": [0, 1], "pay": "gold", "option": 0, "slot": 0, "rotation": 0,
                            "position": [1, 1], "site": "PL01-E", "cube": False, "structure": "hw",
                            "seal": "SEAL-6", "token": "x", "space": None}, state)
        english = render(entry, names=NAMES)
        assert "{" not in english


def test_illegal_move_reasons_are_translated(german):
    from engine.core.errors import IllegalMove

    state = P.new({}, 2, 1)
    with pytest.raises(IllegalMove) as err:
        P.apply(state, state["active"], {"type": "end_turn"})
    text = err.value.as_text()
    assert german(text["msg"]) != text["msg"]
