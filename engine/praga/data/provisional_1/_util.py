"""Helpers to write the tables compactly; every value they return is plain JSON data."""

CONFIRMED = "confirmed"
INFERRED = "inferred"
PROVISIONAL = "provisional"

_RESOURCES = {"G": "gold", "S": "stone"}


def rec(status, source, **fields):
    assert status in (CONFIRMED, INFERRED, PROVISIONAL), status
    record = dict(fields)
    record["status"] = status
    record["source"] = source
    return record


def prov(path, status, source):
    assert status in (CONFIRMED, INFERRED, PROVISIONAL), status
    return {"path": path, "status": status, "source": source}


def cost(text):
    """'2G 1S' -> {"gold": 2, "stone": 1} (both keys always present)."""
    result = {"gold": 0, "stone": 0}
    for part in text.split():
        result[_RESOURCES[part[-1]]] += int(part[:-1])
    return result


def reward(text):
    """'1G, 1S' -> ["1G", "1S"]; '' or '-' -> []."""
    text = text.strip()
    if text in ("", "-", "–"):
        return []
    return [part.strip() for part in text.split(",")]


def corners(text):
    """'corner 2' -> [2]; '-' -> []."""
    text = text.strip()
    if text in ("", "-", "–"):
        return []
    return [int(text.split()[-1])]
