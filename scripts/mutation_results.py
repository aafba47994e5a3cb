"""Read mutmut's results in a target's tree (run from var/mutation/<target>/):

    mutation_results.py pending games/notifications/build.py   # its mutants without a result, one a line
    mutation_results.py modules games/notifications            # its modules with mutants, fewest pending first
    mutation_results.py figure NAME SUMMARY [PATH ...]         # killed/total of those files (all: none given)

A figure line goes to stdout and, as a row, to the summary file."""

import json
import sys
from pathlib import Path

from mutmut.stats import status_by_exit_code


def results(path):
    meta = Path("mutants") / f"{path}.meta"
    return json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}


def pending(path):
    return [name for name, code in results(path).items() if code is None]


def figure(name, summary, paths):
    paths = paths or sorted(str(p.relative_to("mutants"))[: -len(".meta")] for p in Path("mutants").rglob("*.py.meta"))
    counts = {}
    for path in paths:
        for code in results(path).values():
            status = status_by_exit_code[code]
            counts[status] = counts.get(status, 0) + 1
    total = sum(counts.values())
    killed = counts.get("killed", 0) + counts.get("timeout", 0)  # a mutant that hangs the tests is caught too
    checked = total - counts.get("not checked", 0)
    score = 100.0 * killed / total if total else 0.0
    unchecked = f", {total - checked} NOT CHECKED" if checked < total else ""
    print(f"   {name}: {killed}/{total} killed ({score:.1f} %), {counts.get('survived', 0)} survived, "
          f"{counts.get('no tests', 0)} without tests{unchecked}")
    with open(summary, "a") as out:
        out.write(f"{name}\t{killed}\t{total}\t{counts.get('survived', 0)}\t{counts.get('timeout', 0)}\t"
                  f"{counts.get('no tests', 0)}\t{score:.1f}\t{total - checked}\n")


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "pending":
        for name in pending(args[0]):
            print(name)
    elif command == "modules":
        found = [str(p) for p in sorted(Path(args[0]).glob("*.py")) if results(p)]
        for path in sorted(found, key=lambda p: len(pending(p))):
            print(path)
    else:
        figure(args[0], args[1], args[2:])
