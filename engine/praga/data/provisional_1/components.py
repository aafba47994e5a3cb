"""Physical component counts (spec 6.1, 6.14). Information only: the rules enforce none of the
limits of eggs, windows and markers (PRG-GEN-04); every other count is checked against the data."""

from ._util import CONFIRMED, INFERRED, PROVISIONAL, rec


def _c(item, count, status, source, **extra):
    return rec(status, f"spec 6.1; {source}", id=item, count=count, **extra)


COMPONENTS = [
    _c("main_board", 1, CONFIRMED, "[SKAF] [TTD]"),
    _c("player_boards", 4, CONFIRMED, "[SKAF]"),
    _c("action_boards", 4, CONFIRMED, "[SKAF]"),
    _c("cubes_per_colour", 11, CONFIRMED, "[PT] [SKAF]"),
    _c("score_discs", 4, CONFIRMED, "[SKAF]"),
    _c("road_pawns", 4, CONFIRMED, "[SKAF]"),
    _c("action_tiles", 6, CONFIRMED, "[SKAF] [Y]"),
    _c("upgrade_tiles", 30, CONFIRMED, "[PT] [SKAF]"),
    _c("building_tiles", 36, CONFIRMED, "[PT] [SKAF]"),
    _c("wall_tiles", 36, CONFIRMED, "[PT] [SKAF]"),
    _c("technology_tiles", 24, CONFIRMED, "[SKAF]; 6 per level [Y]"),
    _c("bridge_tiles", 12, CONFIRMED, "6 silver IV + 6 gold V [PT] [SKAF] [Y]"),
    _c("bridge_pieces", 5, INFERRED, "10 spaces for 5 two-space planks"),
    _c("plaza_tiles", 11, CONFIRMED, "[SKAF] [Y]"),
    _c("production_tokens", 8, CONFIRMED, "[SKAF] [Y]"),
    _c("seals", 5, CONFIRMED, "[Y]"),
    _c("bonus_tokens", 38, PROVISIONAL, "38 CONFIRMED [SKAF]; split 19 red + 19 blue PROVISIONAL; "
                                        "not enforced", split={"red": 19, "blue": 19}),
    _c("gold_windows", 6, CONFIRMED, "[SKAF]; not enforced"),
    _c("silver_windows", 14, CONFIRMED, "[SKAF]; not enforced"),
    _c("eggs", 12, CONFIRMED, "[SKAF]: 12 + 12 alternative + 4 'three eggs' pieces; not enforced",
       alternative=12, three_egg_pieces=4),
    _c("five_point_token", 1, CONFIRMED, "[SKAF] [Y]"),
    _c("hunger_wall_level_tiles", 3, INFERRED, "count CONFIRMED [SKAF]; A/B on the two sides INFERRED"),
    _c("cathedral_level_tiles", 3, INFERRED, "count CONFIRMED [SKAF]; A/B on the two sides INFERRED"),
    _c("road_variant_tiles", 3, INFERRED, "count CONFIRMED [SKAF]; double-sided INFERRED"),
    _c("parler_cards", 5, CONFIRMED, "[SH]"),
]
