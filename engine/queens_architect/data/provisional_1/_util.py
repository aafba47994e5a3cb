"""Helpers to write the tables compactly; every value they return is plain JSON data."""

CONFIRMED = "confirmed"
INFERRED = "inferred"
PROVISIONAL = "provisional"


def rec(status, source, **fields):
    assert status in (CONFIRMED, INFERRED, PROVISIONAL), status
    record = dict(fields)
    record["status"] = status
    record["source"] = source
    return record
