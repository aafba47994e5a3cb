"""Refusals with a reason a player understands."""

from engine.core.errors import IllegalMove


def need(condition, reason, **args):
    if not condition:
        raise IllegalMove(reason, **args)


def small_int(value, low, high):
    return type(value) is int and low <= value <= high
