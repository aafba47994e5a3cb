"""Options and setup (QA-SETUP-01..09, QA-COMP)."""

from engine.core.contract import check_rules_version, normalize_options
from engine.core.rng import Rng
from engine.queens_architect.common import GUILD_IDS, edition
from engine.catalogue.queens_architect import OPTIONS

# Bump RULES_VERSION when a change alters what an existing move sequence does, and keep the old
# behaviour behind `rules_version(state)` while games started with it may run (docs/engine.md).
RULES_VERSION = 1
RULES_VERSIONS = (1,)


def side_for(players):
    """QA-SETUP-01: 2 or 3 players use side_2_3, 4 players side_4."""
    return "side_4" if players == 4 else "side_2_3"


def new_player(ed, seat):
    start = ed.data.PLAYER_START
    return {
        "seat": seat, "architect": 0, "carriage": "capital", "track_position": start["track_position"],
        "trust": start["trust"], "coins": start["coins"], "bonds": start["bonds"], "cubes": start["cubes"],
        "craftsmen": [], "tavern": {"entrance": list(GUILD_IDS), "bar": [], "dorm": []},
        "palace": None, "turns": 0,
    }


def new(options, seats, seed, rules_version=None):
    options = normalize_options(OPTIONS, options, seats)
    version = check_rules_version(RULES_VERSIONS, rules_version)
    ed = edition(options["data_edition"])
    rng = Rng.from_seed(seed)
    side = side_for(seats)
    board_map = ed.maps[side]

    # QA-SETUP-02: 9 of the 12 appreciation tiles face up on the track, 3 unseen.
    track_tiles = rng.shuffle([tile["id"] for tile in ed.data.TRACK_TILES])
    positions = ed.data.TRACK["positions"]

    # QA-SETUP-03: one demand tile per location, drawn per type; the rest leave unseen.
    stacks = {}
    for tile in ed.data.DEMAND_TILES:
        stacks.setdefault(tile["type"], []).append(tile["id"])
    for stack in stacks.values():
        rng.shuffle(stack)
    locations = {}
    for location_id in board_map["order"]:
        kind = board_map["locations"][location_id]["type"]
        if kind == "capital":
            locations[location_id] = {"demand": None, "lots": []}
        else:
            locations[location_id] = {"demand": stacks[kind].pop(), "lots": [None] * board_map["lots"]}
    unused_demand = sorted(tile for stack in stacks.values() for tile in stack)

    # QA-SETUP-05..07: the start stack (copy 1 of every design) fills the board, the rest is the
    # draft pool; copies 2 and 3 form the supply.
    start_copy = ed.data.COPIES["start_copy"]
    start_stack = rng.shuffle([tile["id"] for tile in ed.data.TILES if tile["id"].endswith("-%d" % start_copy)])
    supply = rng.shuffle([tile["id"] for tile in ed.data.TILES if not tile["id"].endswith("-%d" % start_copy)])
    board = start_stack[:6]
    pool = sorted(start_stack[6:])

    # QA-SETUP-09: a random start player; seats are in clockwise order.
    start_player = rng.below(seats)
    order = [(start_player + index) % seats for index in range(seats)]
    state = {
        "game": "queens_architect", "rules_version": version, "data_edition": ed.id, "options": options,
        "players_count": seats, "order": order, "phase": "draft",
        # QA-DRAFT-01: pass 1 clockwise, pass 2 counter-clockwise from the last player of pass 1.
        "draft": {"turns": order + order[::-1], "index": 0, "pool": pool},
        "map": {"side": side, "locations": locations},
        "track": track_tiles[:positions], "unused_track": sorted(track_tiles[positions:]),
        "unused_demand": unused_demand,
        "board": board, "price_marker": ed.data.BLACK_BOARD["price_marker"]["start"],
        "supply": supply,
        "players": [new_player(ed, seat) for seat in range(seats)],
        "turn": {"seat": order[0], "stage": "draft"},
        "round": 0, "turn_no": 1, "final_turns": None, "ended_by_limit": False,
        "rng": rng.state, "undo": None, "result": None,
    }
    return state
