"""Fill German msgstrs into locale/de/LC_MESSAGES/django.po from a Python dict file.

Usage: python scripts/po_fill.py locale/de/LC_MESSAGES/django.po TRANSLATIONS.py
The dict maps msgid -> msgstr, or msgid -> [singular, plural] for plural entries;
only empty msgstrs are filled, so translations written by hand are kept.
"""

import re
import runpy
import sys


def unquote(lines):
    return "".join(re.match(r'^(?:msgid(?:_plural)?|msgstr(?:\[\d\])?)?\s*"(.*)"$', line).group(1)
                   for line in lines).encode().decode("unicode_escape").encode("latin-1").decode("utf-8")


def quote(value):
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def fill(po_path, translations):
    blocks = open(po_path, encoding="utf-8").read().split("\n\n")
    for index, block in enumerate(blocks):
        lines = block.split("\n")
        ids = [i for i, line in enumerate(lines) if line.startswith("msgid ")]
        if not ids:
            continue
        start = ids[0]
        end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith('"'))
        msgid = unquote(lines[start:end])
        if msgid not in translations or "#, fuzzy" in block:
            continue
        value = translations[msgid]
        rest = lines[end:]
        if rest[0].startswith("msgid_plural"):
            plural_end = next(i for i in range(1, len(rest)) if not rest[i].startswith('"'))
            head = lines[:end] + rest[:plural_end]
            strs = rest[plural_end:]
            if any(s.strip() not in ('msgstr[0] ""', 'msgstr[1] ""') for s in strs):
                continue
            blocks[index] = "\n".join(head + [f"msgstr[0] {quote(value[0])}", f"msgstr[1] {quote(value[1])}"])
        else:
            if rest != ['msgstr ""']:
                continue
            blocks[index] = "\n".join(lines[:end] + [f"msgstr {quote(value)}"])
    open(po_path, "w", encoding="utf-8").write("\n\n".join(blocks))


if __name__ == "__main__":
    fill(sys.argv[1], runpy.run_path(sys.argv[2])["GERMAN"])
