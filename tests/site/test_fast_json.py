"""praga_site/fast_json.py: orjson where it gives what the standard library gives, the standard
library wherever it might not; the state a submit stores is the value it stored before."""

import datetime
import enum
import glob
import json
from pathlib import Path

import pytest
from django.db import connection
from django.test import RequestFactory
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.catan_ck as catan
import engine.praga as praga
import engine.queens_architect as queens_architect
from games import api
from games.models import Move
from praga_site import fast_json
from tests.support.games import post_move

RECORDED = Path(__file__).resolve().parents[2] / "benchmarks" / "games"
ENGINES = {"praga": praga, "catan": catan, "qa": queens_architect}


def outcome(function, raw):
    """What `function(raw)` gives: ("value", its repr) or ("refused", the exception's type). A repr
    tells 1 from 1.0 and -0.0 from 0.0, keeps the keys' order and reads nan as nan."""
    try:
        return "value", repr(function(raw))
    except Exception as error:  # noqa: BLE001 (the very type is what is compared)
        return "refused", type(error)


TEXTS = [
    '{"name": "Zoë 😀", "escaped": "\\u00e9\\ud83d\\ude00", "move": {"type": "select"}}',
    "[18446744073709551615, -9223372036854775808, 1234567890123456789]",  # orjson's range: integers
    "[18446744073709551616, -9223372036854775809, 123456789012345678901234567890]",  # beyond: floats in orjson
    '{"version": 100000000000000000000}',
    '"12345678901234567890123"',  # a long run of digits in a string
    "[1e16, 0.1, -0.0, -0, 5e-324, 1.5e-400, 123.456789012345678]",
    "[1e400]",
    "NaN", "[Infinity, -Infinity]",  # the standard library reads them (the move guard refuses them)
    '"\\ud800"',  # a lone surrogate
    '{"a": 1, "a": 2}',
    "[" * 600 + "]" * 600,  # deeper than orjson reads
    "[" * 100_000 + "]" * 100_000,  # deeper than Python's stack
    "9" * 5000,  # over the standard library's 4,300 digits
    '"' + "9" * 5000 + '"',
    "", "not json", "[1,]", '{"a" 1}', "01", '"a\nb"',
]


@pytest.mark.parametrize("raw", TEXTS + [text.encode() for text in TEXTS[:6]] + [
    b"\xef\xbb\xbf{}",  # a byte order mark
    b'{"a": "\xff"}',  # not UTF-8
    '{"name": "Zoë"}'.encode("utf-16"),
])
def test_loads_gives_what_the_standard_library_gives_or_refuses_alike(raw):
    assert outcome(fast_json.loads, raw) == outcome(json.loads, raw)


def test_a_whole_number_beyond_64_bits_stays_whole():
    assert fast_json.loads('{"version": 18446744073709551616}') == {"version": 2**64}
    assert type(fast_json.loads("[-9223372036854775809]")[0]) is int


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(codec="utf-8")),
    lambda children: (st.lists(children, max_size=5) | st.tuples(children, children)
                      | st.dictionaries(st.text(max_size=5) | st.integers(), children, max_size=5)),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES)
def test_dumps_then_loads_give_what_the_standard_library_gives(value):
    expected = outcome(json.loads, json.dumps(value))
    assert outcome(fast_json.loads, fast_json.dumps(value)) == expected
    assert outcome(fast_json.loads, json.dumps(value)) == expected


class Colour(enum.IntEnum):
    RED = 1


class Label(str):
    pass


@pytest.mark.parametrize("value", [
    {1: "one", True: "yes", None: "none", 1.5: "half", "é": ("a", "😀")},  # keys as the standard library names them
    {"big": 2**70, "small": -(2**63) - 1, "huge": [10**30]},  # beyond orjson: the standard library writes them
    {"surrogate": "\ud800"},  # written escaped by the standard library (PostgreSQL then refuses it, as before)
    {"label": Label("x"), Label("key"): Colour.RED, "colour": Colour.RED},  # subclasses: as the standard library
])
def test_dumps_writes_what_decodes_to_the_standard_librarys_value(value):
    assert json.loads(fast_json.dumps(value)) == json.loads(json.dumps(value))


@pytest.mark.parametrize("value", [datetime.datetime(2026, 11, 26), object(), {"a": {1, 2}}, b"bytes"])
def test_dumps_refuses_what_the_standard_library_refuses(value):
    with pytest.raises(TypeError):
        json.dumps(value)
    with pytest.raises(TypeError):
        fast_json.dumps(value)


def recorded_states(every=25):
    """States of the recorded games of every engine, every `every` moves."""
    for path in sorted(glob.glob(str(RECORDED / "*.json"))):
        game = json.loads(Path(path).read_text())
        engine = ENGINES[Path(path).name.split("-")[0]]
        state = engine.new(game["options"], game["players"], game["seed"])
        for number, (seat, move) in enumerate(game["moves"]):
            state = engine.apply(state, seat, move)
            if number % every == 0:
                yield Path(path).name, number, state


@pytest.mark.django_db
def test_postgresql_stores_the_same_state_from_either_text():
    if connection.vendor != "postgresql":
        pytest.skip("the state is jsonb on PostgreSQL; SQLite stores the text as it is given")
    compared = 0
    with connection.cursor() as cursor:
        for name, number, state in recorded_states():
            fast, standard = fast_json.dumps(state), json.dumps(state)
            cursor.execute("SELECT %s::jsonb = %s::jsonb, %s::jsonb::text = %s::jsonb::text",
                           [fast, standard, fast, standard])
            assert cursor.fetchone() == (True, True), (name, number)
            assert fast_json.loads(fast) == json.loads(standard)
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("raw, expected", [
    (r'{"move": {"type": "select", "card": "Zo\u00eb \ud83d\ude00"}, "version": 3}',
     {"move": {"type": "select", "card": "Zoë 😀"}, "version": 3}),
    ('{"move": {"type": "select", "card": "Zoë 😀"}, "version": 3}', {"move": {"type": "select", "card": "Zoë 😀"},
                                                                     "version": 3}),
    ('{"move": {"type": "pay", "coins": 18446744073709551616}, "version": 18446744073709551617}',
     {"move": {"type": "pay", "coins": 2**64}, "version": 2**64 + 1}),
])
def test_a_submits_body_is_read_as_the_standard_library_reads_it(raw, expected):
    body = api.parse_body(RequestFactory().post("/", raw, content_type="application/json"))
    assert body == expected and repr(body) == repr(expected)  # whole numbers stay whole


def test_a_submit_with_non_ascii_text_reaches_the_rules_and_one_with_nan_is_refused(toy_game, alice_client):
    refused = post_move(alice_client, toy_game, {"type": "select", "card": "Zoë 😀"})
    assert refused.status_code == 400 and refused.json()["reason"]["msg"] == "That card is not in your hand."
    nan = alice_client.post(f"/api/games/{toy_game.pk}/moves/", '{"move": {"type": "select", "card": NaN}, "version": 0}',
                            content_type="application/json")
    assert nan.status_code == 400 and nan.json()["reason"]["msg"] == "A move must be plain JSON."
    card = toy_game.state["hands"][0][0]
    applied = alice_client.post(f"/api/games/{toy_game.pk}/moves/",
                                '{"move": {"type": "select", "card": "%s"}, "version": 0}' % card,
                                content_type="application/json")
    assert applied.status_code == 200 and Move.objects.get(game=toy_game).payload == {"type": "select", "card": card}
    toy_game.refresh_from_db()
    assert toy_game.version == 1


@pytest.mark.django_db
def test_the_locked_read_gives_the_stored_state_as_the_orm_reads_it(toy_game):
    from django.db import transaction

    from games import locked_read
    from games.models import Game

    state = {**toy_game.state, "big": [2**64, -(2**63) - 1, 2**64 - 1], "name": "Zoë 😀", "half": 0.5}
    Game.objects.filter(pk=toy_game.pk).update(state=state)
    with transaction.atomic():
        locked = locked_read.locked_game(toy_game.pk)
    # jsonb keeps its own key order: the same as the ORM's read, and the same values as written
    assert repr(locked.state) == repr(Game.objects.get(pk=toy_game.pk).state) and locked.state == state
    assert type(locked.state["big"][0]) is int


@pytest.mark.django_db
def test_postgresql_keeps_the_state_as_the_json_text_a_move_wrote(toy_game, alice_client):
    """games/state_field.py: a json column, which keeps the compact text fast_json wrote (no jsonb
    parsing and printing); its value is the one jsonb stored before."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite keeps Django's JSONField as it is")
    card = toy_game.state["hands"][0][0]
    assert post_move(alice_client, toy_game, {"type": "select", "card": card}).status_code == 200
    toy_game.refresh_from_db()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_typeof(state)::text, state::text, state::jsonb = %s::jsonb FROM games_game "
                       "WHERE id = %s", [json.dumps(toy_game.state), toy_game.pk])
        kind, stored, same_value = cursor.fetchone()
        cursor.execute("SELECT state FROM games_game WHERE id = %s", [toy_game.pk])
        (raw,) = cursor.fetchone()
    assert (kind, stored, same_value) == ("json", fast_json.dumps(toy_game.state), True)
    assert raw == stored  # handed over as text (games/apps.py), decoded once, by the field
