"""What a per-process memory (games.memory_budget) really holds, for the tests of its budget."""

import sys


def held_bytes(memory):
    """What a dict of such entries holds now: its table, keys (and their items) and values."""
    total = sys.getsizeof(memory)
    for key, value in memory.items():
        total += sys.getsizeof(key) + sys.getsizeof(value)
        if isinstance(key, tuple):
            total += sum(sys.getsizeof(item) for item in key)
    return total
