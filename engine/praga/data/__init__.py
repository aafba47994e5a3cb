"""Praga component data, by edition (see SCHEMA.md).

Rules code reads component data only through ``edition(edition_id)``; a game keeps the
edition it started with. Pure Python, no Django.
"""

import functools
import importlib

CURRENT_EDITION = "provisional-1"

# edition id -> module name of its package
_PACKAGES = {
    "provisional-1": "provisional_1",
}
EDITIONS = list(_PACKAGES)

STATUSES = ["confirmed", "inferred", "provisional"]


@functools.lru_cache(maxsize=None)
def edition(edition_id):
    """The edition package (a module whose attributes are listed in SCHEMA.md). Read-only."""
    try:
        package = _PACKAGES[edition_id]
    except (KeyError, TypeError):
        raise KeyError(
            f"unknown Praga component edition {edition_id!r}; known editions: {', '.join(EDITIONS)}"
        ) from None
    return importlib.import_module(f"{__name__}.{package}")


def _edition(edition_or_id):
    return edition(edition_or_id) if isinstance(edition_or_id, str) else edition_or_id


def iter_records(edition_or_id):
    """Yield (path, record) for every record (dict with "status") of the edition's data.

    Paths are dotted: attribute name, then dict keys and list indices, e.g.
    ``"WHEEL.positions.3"`` or ``"TILES.B1-01"``. Nested records are yielded too.
    """
    data = _edition(edition_or_id)

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


def provisional_values(edition_or_id):
    """Every value whose status is not confirmed: records and PROVENANCE entries.

    Returns a list of ``{"path", "id", "status", "source"}`` (``id`` is the record's id, or
    None), records first in data order, then PROVENANCE entries.
    """
    data = _edition(edition_or_id)
    result = []
    for path, record in iter_records(data):
        if record["status"] != "confirmed":
            result.append({"path": path, "id": record.get("id"), "status": record["status"],
                           "source": record["source"]})
    for entry in data.PROVENANCE:
        if entry["status"] != "confirmed":
            result.append({"path": entry["path"], "id": None, "status": entry["status"],
                           "source": entry["source"]})
    return result
