"""Number tokens A-R (spec 5.2, CAT-BOARD-03) and the dice sums (5.12)."""

# letter -> value, in the letter order of the spiral layout (CAT-BOARD-04)
TOKENS = [
    ("A", 5), ("B", 2), ("C", 6), ("D", 3), ("E", 8), ("F", 10), ("G", 9), ("H", 12), ("I", 11),
    ("J", 4), ("K", 8), ("L", 10), ("M", 9), ("N", 4), ("O", 5), ("P", 6), ("Q", 3), ("R", 11),
]

RED_NUMBERS = (6, 8)

# production number -> ways out of 36 (the "pips" printed on a token)
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}

# numbers the Inventor can never move (PC-INVENTOR)
FIXED_NUMBERS = (2, 12, 6, 8)
