"""Action crane wheel (spec 6.4) and crane platform (spec 6.5, display only)."""

from ._util import CONFIRMED, INFERRED, PROVISIONAL, prov, rec

_SRC = "spec 6.4"


def _bonus(notch, bonus, status, source):
    return rec(status, f"{_SRC}; {source}", notch=notch, bonus=bonus)


def _position(position, zone, gold, vp, status, source):
    return rec(status, f"{_SRC}; {source}", position=position, zone=zone, gold=gold, vp=vp,
               star=position == 3)


WHEEL = {
    "notches": 12,
    "blocked_notch": 0,
    "bonuses": [
        _bonus(0, None, CONFIRMED, "box with the white arrow: blocked [Y] [SH-img]"),
        _bonus(1, {"kind": "special", "vp": 2}, PROVISIONAL,
               "special-tile icon CONFIRMED [SH-img]; VP value PROVISIONAL"),
        _bonus(2, {"kind": "gain", "reward": ["1S"]}, CONFIRMED, "[SH-img] action-tile/1.jpg"),
        _bonus(3, {"kind": "gain", "reward": ["1G"]}, CONFIRMED, "[SH-img]"),
        _bonus(4, {"kind": "special", "vp": 2}, CONFIRMED, "[SH-img] (digit readable)"),
        _bonus(5, {"kind": "gain", "reward": ["1SW"]}, CONFIRMED, "[SH-img]"),
        _bonus(6, {"kind": "egg", "pay": "gold"}, CONFIRMED, "[SH-img] [Y] (example in the rules)"),
        _bonus(7, {"kind": "gain", "reward": ["1S"]}, CONFIRMED, "[SH-img]"),
        _bonus(8, {"kind": "special", "vp": 2}, PROVISIONAL,
               "special-tile icon CONFIRMED [SH-img]; VP value PROVISIONAL"),
        _bonus(9, {"kind": "gain", "reward": ["1G"]}, CONFIRMED, "[SH-img]"),
        _bonus(10, {"kind": "gain", "reward": ["1SW"]}, CONFIRMED, "[SH-img]"),
        _bonus(11, {"kind": "egg", "pay": "stone"}, INFERRED,
               "low-resolution image shows an egg and a grey item; mirror of notch 6"),
    ],
    # board positions p0..p11, p0 at 12 o'clock, clockwise
    "positions": [
        _position(0, "red", 2, 0, PROVISIONAL, "red zone p0-p3 CONFIRMED [Y] [K] [PA]; cost PROVISIONAL"),
        _position(1, "red", 2, 0, PROVISIONAL, "red zone CONFIRMED; cost PROVISIONAL"),
        _position(2, "red", 1, 0, PROVISIONAL, "red zone CONFIRMED; cost PROVISIONAL"),
        _position(3, "red", 1, 0, PROVISIONAL, "red zone and star CONFIRMED [Y] [K] [PA]; cost PROVISIONAL"),
        _position(4, "green", 0, 0, PROVISIONAL, "green p4-p7 / blue p8-p11 (4/4 split) PROVISIONAL"),
        _position(5, "green", 0, 0, PROVISIONAL, "green/blue 4/4 split PROVISIONAL"),
        _position(6, "green", 0, 0, PROVISIONAL, "green/blue 4/4 split PROVISIONAL"),
        _position(7, "green", 0, 0, PROVISIONAL, "green/blue 4/4 split PROVISIONAL"),
        _position(8, "blue", 0, 1, PROVISIONAL, "split and value PROVISIONAL; VP grow towards the end [BROD]"),
        _position(9, "blue", 0, 2, PROVISIONAL, "split and value PROVISIONAL"),
        _position(10, "blue", 0, 3, PROVISIONAL, "split and value PROVISIONAL"),
        _position(11, "blue", 0, 5, INFERRED,
                  "last position is blue; 5 VP INFERRED ([Y]: a tile turned beyond the blue zone "
                  "'is still worth 5 VP')"),
    ],
    # board position of notch 0 at setup (arrow at the player-count symbol); solo = 2 players
    "start_offset": {"1": 9, "2": 9, "3": 4, "4": 10},
    # the 5-point token (PRG-WHEEL-11/14)
    "token_vp": 5,
}

# Crane platform and turn counting: display only, the rules engine counts rounds itself.
PLATFORM = {
    # spaces counted from the hourglass: 1 (last) ... 6
    "spaces": 6,
    # the platform cube drops one space when the arrow reaches 8 o'clock (offset 8)
    "drop_at_offset": 8,
    "start_space": {"1": 3, "2": 3, "3": 5, "4": 6},
    # star on space 2 (1-2 players, triggered when the arrow reaches p3 while the cube is on
    # space 2); 3 players: border between spaces 2 and 3; 4 players: border between 3 and 4
    "era_marker": {
        "1": {"space": 2, "arrow_at": 3},
        "2": {"space": 2, "arrow_at": 3},
        "3": {"between": [2, 3]},
        "4": {"between": [3, 4]},
    },
}

PROVENANCE = [
    prov("WHEEL.notches", CONFIRMED, "spec PRG-WHEEL-01 [Y] [K] [SH-img]"),
    prov("WHEEL.blocked_notch", CONFIRMED, "spec 6.4: notch 0 is the box by definition [Y] [SH-img]"),
    prov("WHEEL.start_offset.1", CONFIRMED, "spec 6.4: solo = 2-player setup [Y] [K]"),
    prov("WHEEL.start_offset.2", CONFIRMED, "spec 6.4: 2-player timeline [K]"),
    prov("WHEEL.start_offset.3", INFERRED,
         "spec 6.4: only offset 4 ends the 48th turn with the arrow at 8 o'clock"),
    prov("WHEEL.start_offset.4", INFERRED, "spec 6.4: as for 3 players (drops after 9, 20, 31, ...)"),
    prov("WHEEL.token_vp", CONFIRMED, "spec PRG-WHEEL-11, 6.14 [Y]"),
    prov("PLATFORM.spaces", INFERRED, "spec 6.5: order CONFIRMED [SH-img] era-2-change.png; "
                                      "6 spaces INFERRED from 5/6 drops"),
    prov("PLATFORM.drop_at_offset", CONFIRMED, "spec 6.5 [K] [PA]"),
    prov("PLATFORM.start_space.1", CONFIRMED, "spec 6.5 (solo = 2 players) [SH-img] [K]"),
    prov("PLATFORM.start_space.2", CONFIRMED, "spec 6.5 [SH-img] [K]"),
    prov("PLATFORM.start_space.3", INFERRED, "spec 6.5: from the number of drops"),
    prov("PLATFORM.start_space.4", INFERRED, "spec 6.5: from the number of drops"),
    prov("PLATFORM.era_marker", CONFIRMED, "spec 6.5 [SH-img] [K]"),
]
