"""The translation catalogs (site and engine) are complete: no untranslated, no fuzzy entries."""

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted(ROOT.glob("locale/*/LC_MESSAGES/*.po")) + sorted(ROOT.glob("engine/locale/*/LC_MESSAGES/*.po"))
FIELDS = re.compile(r"\{[a-z_0-9]*\}|%\([a-z_0-9]+\)[sd]")


def entries(path):
    return [entry for entry in polib.pofile(str(path)) if not entry.obsolete]


def translations(entry):
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def test_there_are_catalogs():
    assert {path.relative_to(ROOT).parts[0] for path in CATALOGS} == {"locale", "engine"}


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_entry_is_translated_and_none_is_fuzzy(path):
    untranslated = [entry.msgid for entry in entries(path) if not all(translations(entry))]
    fuzzy = [entry.msgid for entry in entries(path) if "fuzzy" in entry.flags]
    assert not untranslated, f"untranslated in {path.name}: {untranslated}"
    assert not fuzzy, f"fuzzy in {path.name}: {fuzzy}"


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: str(path.relative_to(ROOT)))
def test_translations_keep_the_named_fields(path):
    wrong = [
        entry.msgid for entry in entries(path) for msgstr in translations(entry)
        if set(FIELDS.findall(msgstr)) - set(FIELDS.findall(entry.msgid + (entry.msgid_plural or "")))
    ]
    assert not wrong, f"fields that the English text does not have in {path.name}: {wrong}"
