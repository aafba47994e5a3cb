"""Edition ``provisional-1``: the component data of spec section 6 (and the effect tables of
section 5), with invented PROVISIONAL values where the printed ones are unknown.

Each family lives in its own module; this package assembles the attributes of SCHEMA.md.
"""

from . import (
    action_board, action_tiles, bridge, city, components, game, hex_tiles, parler, plazas,
    production_tokens, road, scoring, seals, structures, technologies, tracks, wheel,
)

EDITION_ID = "provisional-1"

ACTIONS = game.ACTIONS
GAME = game.GAME
ACTION_TILES = action_tiles.ACTION_TILES
FIRST_GAME_ORDER = action_tiles.FIRST_GAME_ORDER
WHEEL = wheel.WHEEL
PLATFORM = wheel.PLATFORM
TRACKS = tracks.TRACKS
WEALTH = tracks.WEALTH
TECH_TRACK = tracks.TECH_TRACK
UNIVERSITY = tracks.UNIVERSITY
ACTION_BOARD = action_board.ACTION_BOARD
STRUCTURES = structures.STRUCTURES
SCORING = scoring.SCORING
TILES = hex_tiles.TILES
CITY = city.CITY
PLAZA_TILES = plazas.PLAZA_TILES
TECHNOLOGIES = technologies.TECHNOLOGIES
BRIDGE = bridge.BRIDGE
BRIDGE_PIECES = bridge.BRIDGE_PIECES
BRIDGE_TILES = bridge.BRIDGE_TILES
SEALS = seals.SEALS
ROAD = road.ROAD
PRODUCTION_TOKENS = production_tokens.PRODUCTION_TOKENS
PRODUCTION_TOKEN_SETS = production_tokens.PRODUCTION_TOKEN_SETS
PARLER = parler.PARLER
COMPONENTS = components.COMPONENTS

# the data attributes (everything but EDITION_ID, ATTRIBUTES and PROVENANCE)
ATTRIBUTES = [
    "ACTIONS", "GAME", "ACTION_TILES", "FIRST_GAME_ORDER", "WHEEL", "PLATFORM", "TRACKS",
    "WEALTH", "TECH_TRACK", "UNIVERSITY", "ACTION_BOARD", "STRUCTURES", "SCORING",
    "TILES", "CITY", "PLAZA_TILES", "TECHNOLOGIES", "BRIDGE", "BRIDGE_PIECES", "BRIDGE_TILES",
    "SEALS", "ROAD", "PRODUCTION_TOKENS", "PRODUCTION_TOKEN_SETS", "PARLER", "COMPONENTS",
]

PROVENANCE = (
    game.PROVENANCE + action_tiles.PROVENANCE + wheel.PROVENANCE + tracks.PROVENANCE
    + action_board.PROVENANCE + structures.PROVENANCE + scoring.PROVENANCE + city.PROVENANCE
    + bridge.PROVENANCE + road.PROVENANCE + production_tokens.PROVENANCE + parler.PROVENANCE
)
