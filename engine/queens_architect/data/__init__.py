"""Queen's Architect component data, by edition.

Rules code reads component data only through ``edition(edition_id)``; a game keeps the edition
it started with (``state["data_edition"]``). Pure Python, no Django.
"""

import functools
import importlib

CURRENT_EDITION = "qa-provisional-1"

# edition id -> module name of its package
_PACKAGES = {
    "qa-provisional-1": "provisional_1",
}
EDITIONS = list(_PACKAGES)

STATUSES = ["confirmed", "inferred", "provisional"]


@functools.lru_cache(maxsize=None)
def edition(edition_id):
    """The edition package (module). Read-only."""
    try:
        package = _PACKAGES[edition_id]
    except (KeyError, TypeError):
        raise KeyError(f"unknown Queen's Architect edition {edition_id!r}; known: {', '.join(EDITIONS)}") from None
    return importlib.import_module(f"{__name__}.{package}")


def iter_records(edition_or_id):
    """Yield (path, record) for every record (dict with "status") of the edition's data."""
    data = edition(edition_or_id) if isinstance(edition_or_id, str) else edition_or_id

    def walk(value, path):
        if isinstance(value, dict):
            if "status" in value:
                yield path, value
            for key, child in value.items():
                if key not in ("status", "source"):
                    yield from walk(child, f"{path}.{key}")
        elif isinstance(value, list):
            for index, child in enumerate(value):
                yield from walk(child, f"{path}.{index}")

    for name in data.ATTRIBUTES:
        yield from walk(getattr(data, name), name)
