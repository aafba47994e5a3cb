"""A new game and the setup placements (CAT-GAME, CAT-SETUP, CK-SETUP, CAT-BOARD-08)."""

from engine.core.contract import check_rules_version, normalize_options
from engine.core.rng import Rng
from engine.catan_ck import board
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.building import place_road, place_settlement, road_refusal, settlement_refusal
from engine.catan_ck.common import refuse, take_from_bank
from engine.catan_ck.data.costs import PIECES
from engine.catan_ck.data.knights import KNIGHTS
from engine.catan_ck.data.progress_cards import DECKS, deck_cards
from engine.catan_ck.data.terrains import BANK, CARD_TYPES, TERRAINS
from engine.catan_ck.data.tokens import PIPS
from engine.catan_ck.turn import start_turn
from engine.catalogue.catan_ck import OPTIONS

# Bump RULES_VERSION when a change alters what an existing move sequence does, and keep the
# old behaviour behind `rules_version(state)` while games started with it run (docs/engine.md).
# 2: another seat's standing preference that answers nothing passes through the active
#    player's undo chain (moves.kept); under 1 it ended the chain.
# 3: a turn offer's recipients (`to`) are each opponent at most once and never empty; under 2
#    an empty list meant every opponent and a repeated seat was stored twice; Wedding, Saboteur
#    and Commercial Harbor are refused unless their table 3.1 precondition holds (cards.py).
RULES_VERSION = 3
RULES_VERSIONS = (1, 2, 3)


def new_player(seat):
    supply = dict(PIECES)
    supply["knights"] = {str(strength): rec["count"] for strength, rec in KNIGHTS.items()}
    return {
        "seat": seat,
        "hand": {card: 0 for card in CARD_TYPES},
        "progress": [],   # progress card ids in hand (private)
        "revealed": [],   # Printer and Constitution, revealed when drawn (CK-PROGRESS-07)
        "defenders": 0,   # Defender of Catan cards (CK-BARB-11)
        "levels": {"trade": 0, "politics": 0, "science": 0},
        "supply": supply,
    }


def new(options, seats, seed, rules_version=None):
    version = check_rules_version(RULES_VERSIONS, rules_version)
    options = normalize_options(OPTIONS, options, seats)
    rng = Rng.from_seed(seed)
    layout = board.generate(options, rng)
    order = list(range(seats))
    rng.shuffle(order)  # CAT-GAME-02: the seat order is drawn from the seed
    decks = {}
    for deck in DECKS:
        cards = deck_cards(deck)
        rng.shuffle(cards)
        decks[deck] = cards
    return {
        "game": "catan_ck",
        "rules_version": version,
        "options": options,
        "players_count": seats,
        "order": order,
        "board": layout,
        "robber": layout["desert"],       # CAT-BOARD-08
        "merchant": None,
        "barbarians": {"position": 0, "attacks": 0},
        "bank": dict(BANK),
        "decks": decks,
        "buildings": {},
        "roads": {},
        "knights": {},
        "metropolises": {"trade": None, "politics": None, "science": None},
        "longest_road": {"holder": None, "lengths": [0] * seats},
        "players": [new_player(seat) for seat in range(seats)],
        "phase": "setup",
        "setup": {"step": 0},
        "active": order[0],
        "turn": None,
        "decisions": [],
        "next_decision": 1,
        "private": [],
        "card_step": None,
        "offers": [],
        "next_offer": 1,
        "result": None,
        "rng": rng.state,
        "undo": None,
    }


def placement_order(state):
    """CAT-SETUP-01, CK-SETUP-01: seats 1..n place a settlement, then n..1 a city."""
    return state["order"] + state["order"][::-1]


def placing_city(state):
    return state["setup"]["step"] >= state["players_count"]


def setup_moves(state, seat):
    moves = []
    for x in GEOMETRY.intersections:
        if settlement_refusal(state, seat, x, setup=True) is None:
            moves += [{"type": "setup_place", "intersection": x, "path": p}
                      for p in GEOMETRY.intersection_paths[x] if p not in state["roads"]]
    return moves


def intersection_pips(state, intersection):
    hexes = state["board"]["hexes"]
    return sum(PIPS[hexes[h]["number"]] for h in GEOMETRY.intersection_hexes[intersection]
               if hexes[h]["number"])


def default_setup_move(state, seat):
    """4.4: the legal intersection touching the most pips (canonical order breaks ties), and
    the first free path in canonical order."""
    spots = [x for x in GEOMETRY.intersections if settlement_refusal(state, seat, x, setup=True) is None]
    best = max(spots, key=lambda x: (intersection_pips(state, x), -GEOMETRY.intersections.index(x)))
    path = next(p for p in GEOMETRY.intersection_paths[best] if p not in state["roads"])
    return {"type": "setup_place", "intersection": best, "path": path}


def do_setup_place(context, seat, move):
    state = context.state
    if move.get("timeout"):
        move = default_setup_move(state, seat)
    anchor = move["intersection"]
    refuse(settlement_refusal(state, seat, anchor, setup=True))
    refuse(road_refusal(state, seat, move["path"], anchor=anchor))
    place_settlement(context, seat, anchor)
    place_road(context, seat, move["path"])
    if placing_city(state):
        # CK-SETUP-01: the second building is a city (a city piece, not a settlement)
        building = context.entry("buildings", anchor)
        building["kind"] = "city"
        supply = context.player_item(seat, "supply")
        supply["settlement"] += 1
        supply["city"] -= 1
        # CK-SETUP-02: one resource per land hex, commodities only with the option
        hexes = state["board"]["hexes"]
        cards = {}
        for name in GEOMETRY.intersection_hexes[anchor]:
            terrain = TERRAINS[hexes[name]["terrain"]]
            if terrain["resource"]:
                cards[terrain["resource"]] = cards.get(terrain["resource"], 0) + 1
            if terrain["commodity"] and state["options"]["starting_city_commodities"]:
                cards[terrain["commodity"]] = cards.get(terrain["commodity"], 0) + 1
        paid = take_from_bank(context, seat, cards)
        context.event({"kind": "starting_cards", "seat": seat, "cards": paid})
    step = state["setup"]["step"] + 1
    context.barrier = True  # the next seat places: nothing to take back
    order = placement_order(state)
    if step < len(order):
        context.state["setup"] = {"step": step}
        context.state["active"] = order[step]
    else:  # CAT-SETUP-06: seat 1 takes the first regular turn
        context.state["setup"] = None
        context.state["phase"] = "play"
        start_turn(context, state["order"][0], number=1)
