"""Building costs (spec 5.6) and pieces (5.7, CAT-BUILD-05)."""

COSTS = {
    "road": {"brick": 1, "lumber": 1},
    "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "city_medicine": {"ore": 2, "grain": 1},
    "wall": {"brick": 2},
    "knight": {"wool": 1, "ore": 1},
    "activate_knight": {"grain": 1},
    "promote_knight": {"wool": 1, "ore": 1},
}

# pieces in each player's supply at the start
PIECES = {"road": 15, "settlement": 5, "city": 4, "wall": 3}

MAX_WALLS = 3
DISCARD_LIMIT = 7
WALL_LIMIT_BONUS = 2
