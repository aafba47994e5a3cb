"""What an entry of a per-process memory costs, so that such memories are bounded by bytes.

A web worker remembers poll tokens (games.live), live marks (games.live_marks) and presence
writes (games.notifications.activity) in dicts that it empties when they reach their budget
(issue 10: a worker serving pages stays ≤ 100 MB). A count of entries alone let them reach
~25 MB each: their keys are strings, some of them of a length a client chooses.
"""

import sys

# A dict's share of one entry, the slack of its table included (measured 38 bytes on average
# and up to ~75 just after the table grew).
SLOT_BYTES = 80


def entry_bytes(*parts):
    """The bytes one entry holds: its slot and each object it alone keeps (key, value, a key's items)."""
    return SLOT_BYTES + sum(sys.getsizeof(part) for part in parts)

