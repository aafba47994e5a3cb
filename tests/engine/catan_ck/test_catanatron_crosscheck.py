"""Spec 8.1: catanatron (PyPI, test-only: requirements-dev.txt) cross-checks the base rules.

Random base-game positions (settlements, cities, roads; no knights, so C&K adds nothing to
these rules) are built in both engines at once, every placement chosen among *our* legal
spots; at every snapshot catanatron's legal settlement spots, road spots, production and
Longest Road are compared with ours.

Coordinates (spec 8.1): our q = catanatron x, our r = catanatron z; a catanatron node is named
by the three hexes (sea included) around it, an edge by the two hexes its two nodes share.

Known differences of 8.1, accounted for here:
- Production: a C&K city takes a commodity instead of its second card on forest, pasture and
  mountains; catanatron gives two of the resource. Compared with the commodity folded back
  into its resource (paper -> lumber, cloth -> wool, coin -> ore).
- Bank shortage (CAT-BANK-02): a single recipient gets what the bank still holds in our
  engine; catanatron gives nothing. Compared exactly when two or more players claim the short
  resource; for a single short claimant we check ours gives min(owed, bank) and catanatron 0.
- Longest Road (catanatron issue #378, fixed upstream later): catanatron cannot step onto an
  intersection holding an opponent's building, so a road ending there is not counted. We
  check `strict <= catanatron <= ours`, where `strict` is our trail search forbidden to touch
  a blocked intersection at all, and count how often catanatron is lower.
- Setup spots: same (distance rule only); the robber, discards and trades are not compared.
"""

import random

import pytest

# catanatron: requirements-dev.txt, installed by scripts/test (a missing package fails, not skips)
from catanatron.models.board import Board  # noqa: E402
from catanatron.models.enums import BRICK, ORE, SHEEP, WHEAT, WOOD  # noqa: E402
from catanatron.models.map import BASE_MAP_TEMPLATE, CatanMap, LandTile  # noqa: E402
from catanatron.models.player import Color  # noqa: E402
from catanatron.state import yield_resources  # noqa: E402

from engine.catan_ck import building  # noqa: E402
from engine.catan_ck.board import GEOMETRY, group_name  # noqa: E402
from engine.catan_ck.data.harbours import HARBOURS  # noqa: E402
from engine.catan_ck.dice import pay_production, production_owed  # noqa: E402
from engine.catan_ck.scoring import blocked_for, road_length  # noqa: E402
from tests.engine.catan_ck.helpers import empty_board  # noqa: E402

RESOURCE_OF = {"brick": BRICK, "lumber": WOOD, "wool": SHEEP, "grain": WHEAT, "ore": ORE}
OURS_OF = {v: k for k, v in RESOURCE_OF.items()}
CAT_ORDER = [WOOD, BRICK, SHEEP, WHEAT, ORE]  # catanatron's freqdeck order
FOLD = {"paper": "lumber", "cloth": "wool", "coin": "ore"}
TERRAIN_RESOURCE = {"forest": WOOD, "hills": BRICK, "pasture": SHEEP, "fields": WHEAT, "mountains": ORE,
                    "desert": None}
COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]


def catan_map(state):
    """catanatron's base map carrying our terrains and tokens, and the name tables."""
    base = CatanMap.from_template(BASE_MAP_TEMPLATE)
    tiles = dict(base.tiles)
    node_hexes = {}
    for (x, y, z), tile in tiles.items():
        for node in tile.nodes.values():
            node_hexes.setdefault(node, set()).add((x, z))
        if isinstance(tile, LandTile):
            record = state["board"]["hexes"]["%d,%d" % (x, z)]
            tiles[(x, y, z)] = LandTile(tile.id, TERRAIN_RESOURCE[record["terrain"]], record["number"],
                                        tile.nodes, tile.edges)
    cmap = CatanMap.from_tiles(tiles)
    node_of, name_of = {}, {}
    for node in cmap.land_nodes:
        name = group_name(node_hexes[node])
        node_of[name], name_of[node] = node, name
    return cmap, node_of, name_of, node_hexes


def edge_name(node_hexes, a, b):
    return group_name(node_hexes[a] & node_hexes[b])


def test_name_tables_are_a_bijection():
    state = empty_board(seed=3)
    cmap, node_of, name_of, node_hexes = catan_map(state)
    assert set(node_of) == set(GEOMETRY.intersections) and len(node_of) == 54
    board = Board(cmap)
    edges = set()
    for tile in cmap.land_tiles.values():
        for a, b in tile.edges.values():
            edges.add(edge_name(node_hexes, a, b))
    assert edges == set(GEOMETRY.paths) and len(edges) == 72
    for path, ends in GEOMETRY.path_ends.items():  # adjacency preserved
        a, b = (node_of[end] for end in ends)
        assert (a, b) in {tuple(e) for t in cmap.land_tiles.values() for e in t.edges.values()} or \
            (b, a) in {tuple(e) for t in cmap.land_tiles.values() for e in t.edges.values()}
    assert board.robber_coordinate is not None


def strict_length(state, seat):
    """Our trail search, but a trail may not touch an intersection holding an opponent's piece."""
    blocked = blocked_for(state, seat)
    at = {}
    for path, owner in state["roads"].items():
        ends = GEOMETRY.path_ends[path]
        if owner != seat or any(end in blocked for end in ends):
            continue
        for end in ends:
            at.setdefault(end, []).append(path)
    best = 0

    def walk(node, used, length):
        nonlocal best
        best = max(best, length)
        for path in at.get(node, ()):
            if path not in used:
                a, b = GEOMETRY.path_ends[path]
                used.add(path)
                walk(b if a == node else a, used, length + 1)
                used.discard(path)

    for node in at:
        walk(node, set(), 0)
    return best


class Pair:
    """One position held by both engines."""

    def __init__(self, seed, players):
        self.rng = random.Random(seed)
        self.state = empty_board(seed=seed, players=players)
        self.players = players
        self.cmap, self.node_of, self.name_of, self.node_hexes = catan_map(self.state)
        self.board = Board(self.cmap)
        self.edge_of = {}
        for tile in self.cmap.land_tiles.values():
            for a, b in tile.edges.values():
                self.edge_of[edge_name(self.node_hexes, a, b)] = (a, b)

    def settle(self, seat, name, setup=False):
        self.state["buildings"][name] = {"owner": seat, "kind": "settlement", "wall": False,
                                         "metropolis": None, "on_side": False}
        self.board.build_settlement(COLORS[seat], self.node_of[name], initial_build_phase=setup)

    def road(self, seat, path):
        self.state["roads"][path] = seat
        self.board.build_road(COLORS[seat], self.edge_of[path])

    def city(self, seat, name):
        self.state["buildings"][name]["kind"] = "city"
        self.board.build_city(COLORS[seat], self.node_of[name])

    def our_settlement_spots(self, seat, setup=False):
        return {i for i in GEOMETRY.intersections if building.settlement_refusal(self.state, seat, i, setup) is None}

    def our_road_spots(self, seat):
        return {p for p in GEOMETRY.paths if building.road_refusal(self.state, seat, p) is None}

    def their_settlement_spots(self, seat, setup=False):
        return {self.name_of[n] for n in self.board.buildable_node_ids(COLORS[seat], initial_build_phase=setup)}

    def their_road_spots(self, seat):
        return {edge_name(self.node_hexes, a, b) for a, b in self.board.buildable_edges(COLORS[seat])}

    def setup(self, stats):
        order = list(range(self.players)) + list(reversed(range(self.players)))
        for seat in order:
            ours = self.our_settlement_spots(seat, setup=True)
            assert ours == self.their_settlement_spots(seat, setup=True)
            stats["setup spots"] += 1
            spot = self.rng.choice(sorted(ours))
            self.settle(seat, spot, setup=True)
            self.road(seat, self.rng.choice([p for p in GEOMETRY.intersection_paths[spot]
                                             if building.road_refusal(self.state, seat, p, anchor=spot) is None]))

    def grow(self):
        """One random placement by a random seat among our legal spots (roads weighted up)."""
        seat = self.rng.randrange(self.players)
        settlements = sorted(self.our_settlement_spots(seat))
        cities = sorted(n for n, b in self.state["buildings"].items() if b["owner"] == seat and b["kind"] == "settlement")
        roads = sorted(self.our_road_spots(seat))
        choice = self.rng.random()
        if settlements and choice < 0.3:
            self.settle(seat, self.rng.choice(settlements))
        elif cities and choice < 0.45:
            self.city(seat, self.rng.choice(cities))
        elif roads:
            self.road(seat, self.rng.choice(roads))

    def compare(self, stats):
        state = self.state
        for seat in range(self.players):
            assert self.our_settlement_spots(seat) == self.their_settlement_spots(seat), seat
            assert self.our_road_spots(seat) == self.their_road_spots(seat), seat
            ours = road_length(state, seat)
            paths = self.board.continuous_roads_by_player(COLORS[seat])
            theirs = max((len(p) for p in paths), default=0)
            assert strict_length(state, seat) <= theirs <= ours, (seat, ours, theirs)
            stats["road lengths equal" if theirs == ours else "road lengths lower in catanatron (#378)"] += 1
        self.compare_production(stats)
        stats["positions"] += 1

    def compare_production(self, stats):
        state = self.state
        robber = self.rng.choice(sorted(state["board"]["hexes"]))
        state["robber"] = robber
        q, r = (int(v) for v in robber.split(","))
        self.board.robber_coordinate = (q, -q - r, r)
        number = self.rng.choice([2, 3, 4, 5, 6, 8, 9, 10, 11, 12])
        bank = {card: self.rng.choice([0, 1, 2, 3, 19]) for card in RESOURCE_OF}
        owed = {}
        for seat, cards in production_owed(state, number).items():
            folded = owed.setdefault(seat, {})
            for card, count in cards.items():
                card = FOLD.get(card, card)
                folded[card] = folded.get(card, 0) + count
        ours = pay_production(bank, owed)
        freqdeck = [bank[OURS_OF[res]] for res in CAT_ORDER]
        payout, _depleted = yield_resources(self.board, freqdeck, number)
        theirs = {}
        for color, deck in payout.items():
            cards = {OURS_OF[res]: n for res, n in zip(CAT_ORDER, deck) if n}
            if cards:
                theirs[COLORS.index(color)] = cards
        for card in RESOURCE_OF:
            claims = {seat: c[card] for seat, c in owed.items() if c.get(card)}
            got_ours = {seat: c[card] for seat, c in ours.items() if c.get(card)}
            got_theirs = {seat: c[card] for seat, c in theirs.items() if c.get(card)}
            if len(claims) == 1 and sum(claims.values()) > bank[card]:
                (seat, count), = claims.items()
                assert got_ours == ({seat: min(count, bank[card])} if bank[card] else {})
                assert got_theirs == {}
                stats["production: single short claimant (known difference)"] += 1
            else:
                assert got_ours == got_theirs, (card, claims, bank[card])
                stats["production compared per resource"] += 1


def run(boards, snapshots, seed0=0):
    from collections import Counter
    stats = Counter()
    for index in range(boards):
        pair = Pair(seed0 + index, 3 + index % 2)
        pair.setup(stats)
        pair.compare(stats)
        for _ in range(snapshots - 1):
            for _ in range(pair.rng.randrange(1, 4)):
                pair.grow()
            pair.compare(stats)
    return stats


def test_catanatron_agrees_on_1000_positions():
    stats = run(boards=50, snapshots=20)
    print(dict(stats))
    assert stats["positions"] >= 1000
    assert stats["road lengths equal"] > 0 and stats["production compared per resource"] > 0


@pytest.mark.slow
def test_catanatron_agrees_on_20000_positions():
    stats = run(boards=500, snapshots=40, seed0=1000)
    print(dict(stats))
    assert stats["positions"] >= 20000


# Fixture F-T of spec 8.2 (catanatron's TOURNAMENT map in our coordinates), transcribed
F_T = {"0,0": ("desert", None), "1,0": ("mountains", 6), "0,1": ("forest", 3), "-1,1": ("mountains", 11),
       "-1,0": ("hills", 9), "0,-1": ("mountains", 4), "1,-1": ("fields", 5), "2,0": ("fields", 9),
       "1,1": ("pasture", 12), "0,2": ("hills", 11), "-1,2": ("pasture", 4), "-2,2": ("hills", 8),
       "-2,1": ("fields", 10), "-2,0": ("forest", 5), "-1,-1": ("fields", 2), "0,-2": ("forest", 6),
       "1,-2": ("pasture", 3), "2,-2": ("pasture", 8), "2,-1": ("forest", 10)}
PORT_TYPE = {None: "generic", WOOD: "lumber", BRICK: "brick", SHEEP: "wool", WHEAT: "grain", ORE: "ore"}


def test_harbour_frame_and_fixture_F_T_match_catanatron():
    """The nine harbour positions serve the same intersection pairs (spec 5.4 vs catanatron's
    template), and fixture F-T of 8.2 still is catanatron's TOURNAMENT map, harbours included
    (the `fixed` layout of 5.4)."""
    from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS, TOURNAMENT_MAP, Port

    state = empty_board(seed=3)
    _cmap, node_of, name_of, node_hexes = catan_map(state)
    ours = {frozenset(ends): h["fixed"] for h, ends in
            ((h, GEOMETRY.harbour_intersections[h["id"]]) for h in HARBOURS)}
    theirs = {}
    for (x, y, z), tile in TOURNAMENT_MAP.tiles.items():
        if isinstance(tile, Port):
            a, b = PORT_DIRECTION_TO_NODEREFS[tile.direction]
            pair = frozenset(name_of[tile.nodes[ref]] for ref in (a, b))
            theirs[pair] = PORT_TYPE[tile.resource]
    assert set(theirs) == set(ours)
    assert theirs == ours
    terrain = {v: k for k, v in TERRAIN_RESOURCE.items()}
    tournament = {"%d,%d" % (x, z): (terrain[t.resource], t.number)
                  for (x, y, z), t in TOURNAMENT_MAP.land_tiles.items()}
    assert tournament == F_T
