"""JSON for a move submit's hot path: orjson where it gives what the standard library gives,
the standard library wherever it might not.

A submit decodes the game's state (~10 KB of JSON) from the database, encodes the new state
once and decodes it back as a replay would store it: with the standard library that was about
a fifth of the web process's CPU per submit (benchmarks/submit_cpu.py --profile); orjson does
each in a fraction of the time.

Decoding: where orjson accepts a text it returns the same values as `json.loads`, except that
an integer outside orjson's range (-2**63 to 2**64 - 1) becomes a float. A text with such a
number (any run of digits, with a minus before it, whose value is out of that range: in a
string or a fraction too, which only costs speed) and anything orjson refuses (NaN and
Infinity, a number beyond a double, a lone surrogate, a byte order mark, nesting deeper than
1,024) go to the standard library, which then accepts or refuses as it always did. The games'
random generators keep a 64-bit state (engine/core/rng.py): in range.

Encoding: the JSON text differs (no spaces, non-ASCII as UTF-8 rather than \\u escapes, 1e16
for 1e+16) but decodes to the same values, and PostgreSQL's jsonb stores the same value either
way (tests/site/test_fast_json.py). Integer keys become strings as with the standard library.
What orjson would write differently goes to the standard library: integers beyond 64 bits,
lone surrogates, and subclasses of str, int, dict and list, dataclasses and datetimes (passed
through, so the standard library encodes or refuses them as before). A float that is not
finite would be written as null by orjson, where the standard library writes NaN (which
PostgreSQL refuses): the engines' states hold only dicts, lists, ints and strings
(the engine contract, DESIGN.md), so no state holds one.
"""

import json

import orjson

_ENCODE_OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS
                   | orjson.OPT_PASSTHROUGH_DATETIME)
# Every ASCII digit to "0", every other byte to " ": a run of 19 digits becomes b"0" * 19, found
# by a plain substring search (a regular expression took ~20x as long on a Catan state).
_DIGITS = bytes(ord("0") if chr(byte).isdigit() and byte < 128 else ord(" ") for byte in range(256))
_LONG_NUMBER = b"0" * 19
SMALLEST, LARGEST = -2**63, 2**64 - 1  # the integers orjson reads as integers


def _may_hold_long_integer(raw):
    """True if a run of digits in `raw` (with a minus before it) is out of orjson's range. The
    games' random generators keep a 20-digit state, so a run is looked at in most states: by
    substring searches, ~20x as fast as a regular expression's findall here."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    mapped = raw.translate(_DIGITS)
    start = mapped.find(_LONG_NUMBER)
    while start != -1:
        end = mapped.find(b" ", start)
        end = len(mapped) if end == -1 else end
        # Over 20 digits it is out of range (or has leading zeros: then only slower); int() of a
        # run over 4,300 digits would raise.
        if end - start > 20:
            return True
        value = int(raw[start:end])
        if not SMALLEST <= (-value if raw[start - 1:start] == b"-" else value) <= LARGEST:
            return True
        start = mapped.find(_LONG_NUMBER, end)
    return False


def loads(raw):
    """`json.loads(raw)` (str or bytes): the same value, or the same exception."""
    if not _may_hold_long_integer(raw):
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass  # perhaps something only the standard library reads: it decides
    return json.loads(raw)


def dumps(value):
    """JSON text (str) of `value` that decodes to what `json.dumps(value)` decodes to."""
    try:
        return orjson.dumps(value, option=_ENCODE_OPTIONS).decode()
    except TypeError:  # what orjson does not write as the standard library would (see above)
        return json.dumps(value)
