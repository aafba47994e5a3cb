"""Rule IDs of a spec and the test functions named after them (the Praga convention).

A rule ID is a bold `**PREFIX-NN**` of the spec. A test carries it in its name, underscored and
in any case: `test_CK_BARB_01_…`. Several IDs of one prefix may share a test, as numbers after the
prefix (`test_PRG_UPG_04_05_06_…`) or as a range (`test_CK_WALL_01_to_04_…`).

The IDs are kept in a data file next to the tests, because a fresh clone has no ../shared. Regenerate:
    python -c "import re,sys; s=open(sys.argv[1]).read(); print(*dict.fromkeys(re.findall(r'\\*\\*([A-Z]+(?:-[A-Z0-9]+)+)\\*\\*', s)), sep='\\n')" SPEC > FILE
"""

import pathlib
import re

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
SHARED_RULES = REPOSITORY.parent / "shared" / "rules"
ID_PATTERN = re.compile(r"\*\*([A-Z]+(?:-[A-Z0-9]+)+)\*\*")
TEST_NAME = re.compile(r"^\s*(?:async\s+)?def\s+(test_\w+)", re.MULTILINE)
# words, then numbers and ranges: CK_CARD_SPY + _01_02, CK_WALL + _01_TO_04
NAMED = re.compile(r"(?<![A-Z0-9])([A-Z]+(?:_[A-Z]+)*)((?:_\d+(?:_TO_\d+)?)+)")


def spec_ids(spec_text):
    """The bold rule IDs in order of first appearance."""
    return list(dict.fromkeys(ID_PATTERN.findall(spec_text)))


def listed_ids(path):
    return [line.strip() for line in pathlib.Path(path).read_text().splitlines() if line.strip()]


def function_names(root=REPOSITORY / "tests"):
    return [name for path in sorted(root.rglob("test_*.py")) for name in TEST_NAME.findall(path.read_text())]


def _numbers(groups):
    for part in re.findall(r"\d+(?:_TO_\d+)?", groups):
        if "_TO_" in part:
            first, last = part.split("_TO_")
            yield from (str(n).zfill(len(first)) for n in range(int(first), int(last) + 1))
        else:
            yield part


def named_ids(names):
    """Every ID some test name carries; a prefix counts from any of its words (AND_CK_WIN_03 names CK-WIN-03)."""
    found = set()
    for name in names:
        for match in NAMED.finditer(name.upper()):
            words = match.group(1).split("_")
            for number in _numbers(match.group(2)):
                found.update("-".join(words[start:] + [number]) for start in range(len(words)))
    return found
