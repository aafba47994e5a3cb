"""Board geometry with the canonical names of spec 5.3, and the board layouts (CAT-BOARD).

Hexes are pointy-top axial (q, r); a hex is named "q,r". An intersection is named by its
three hexes (sea hexes included) sorted by (q, r) and joined with ";", a path by its two
hexes the same way. "Canonical order" sorts by those coordinate tuples. The geometry is
computed once at import; boards only add terrain, tokens and harbour types.
"""

from engine.catan_ck.data.harbours import HARBOUR_TYPES, HARBOURS
from engine.catan_ck.data.terrains import TERRAINS
from engine.catan_ck.data.tokens import RED_NUMBERS, TOKENS

DIRECTIONS = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)}
# corner of a hex -> the two directions whose neighbours meet there with the hex
CORNERS = {"N": ("NW", "NE"), "NE": ("NE", "E"), "SE": ("E", "SE"), "S": ("SE", "SW"),
           "SW": ("SW", "W"), "NW": ("W", "NW")}


def step(hex_, direction):
    dq, dr = DIRECTIONS[direction]
    return (hex_[0] + dq, hex_[1] + dr)


def ring(hex_):
    q, r = hex_
    return max(abs(q), abs(r), abs(q + r))


def hex_name(hex_):
    return "%d,%d" % hex_


def parse_hex(name):
    q, r = name.split(",")
    return (int(q), int(r))


def _sort_key(name):
    return tuple(parse_hex(part) for part in name.split(";"))


def group_name(hexes):
    return ";".join(hex_name(h) for h in sorted(hexes))


def adjacent(a, b):
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (dq, dr) in DIRECTIONS.values()


class Geometry:
    """The fixed topology of the 19-hex island: 54 intersections, 72 paths (CAT-BOARD-09)."""

    def __init__(self):
        # land hexes row by row from north to south, west to east (5.3)
        self.land = sorted(((q, r) for q in range(-2, 3) for r in range(-2, 3) if ring((q, r)) <= 2),
                           key=lambda h: (h[1], h[0]))
        self.land_names = [hex_name(h) for h in self.land]
        land = set(self.land)
        corners, paths = {}, set()
        self.hex_corners = {}
        for h in self.land:
            names = []
            for corner, (d1, d2) in CORNERS.items():
                hexes = (h, step(h, d1), step(h, d2))
                name = group_name(hexes)
                corners[name] = hexes
                names.append(name)
            self.hex_corners[hex_name(h)] = names
            for d in DIRECTIONS:
                paths.add(group_name((h, step(h, d))))
        self.intersections = sorted(corners, key=_sort_key)
        self.paths = sorted(paths, key=_sort_key)
        self.intersection_hexes = {
            name: [hex_name(h) for h in sorted(hexes) if h in land] for name, hexes in corners.items()}
        members = {name: set(hexes) for name, hexes in corners.items()}
        self.path_ends = {}
        self.intersection_paths = {name: [] for name in self.intersections}
        for path in self.paths:
            pair = {parse_hex(part) for part in path.split(";")}
            ends = [name for name in self.intersections if pair <= members[name]]
            assert len(ends) == 2, path
            self.path_ends[path] = ends
            for end in ends:
                self.intersection_paths[end].append(path)
        self.neighbours = {
            name: [other for path in self.intersection_paths[name] for other in self.path_ends[path]
                   if other != name] for name in self.intersections}
        self.path_between = {}
        for path, (a, b) in self.path_ends.items():
            self.path_between[(a, b)] = self.path_between[(b, a)] = path
        self.harbour_intersections = {}
        for harbour in HARBOURS:
            path = group_name((harbour["sea"], harbour["land"]))
            self.harbour_intersections[harbour["id"]] = list(self.path_ends[path])

    def spiral_walk(self, corner, direction):
        """The 19 land hexes in spiral order (CAT-BOARD-04) from an outer corner hex."""
        outer = [(2, 0), (2, -1), (2, -2), (1, -2), (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2),
                 (-1, 2), (0, 2), (1, 1)]  # counter-clockwise from the east corner
        inner = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
        if direction == "cw":
            outer, inner = outer[::-1], inner[::-1]
        start = outer.index(tuple(corner))
        outer = outer[start:] + outer[:start]
        first, last = outer[0], outer[-1]
        inner_start = next(i for i, h in enumerate(inner) if adjacent(h, first) and adjacent(h, last))
        inner = inner[inner_start:] + inner[:inner_start]
        return outer + inner + [(0, 0)]


GEOMETRY = Geometry()
OUTER_CORNERS = [(2, 0), (0, 2), (-2, 2), (-2, 0), (0, -2), (2, -2)]


def spiral_tokens(walk, desert):
    """{hex name: [letter, value]} laying A..R along `walk`, skipping the desert hex."""
    letters = iter(TOKENS)
    return {hex_name(h): list(next(letters)) for h in walk if h != desert}


def red_numbers_apart(tokens):
    """CAT-BOARD-05: no two hexes carrying a 6 or an 8 are adjacent."""
    red = [parse_hex(name) for name, (_letter, value) in tokens.items() if value in RED_NUMBERS]
    return not any(adjacent(a, b) for i, a in enumerate(red) for b in red[i + 1:])


def generate(options, rng):
    """Terrain, tokens and harbours of a new board (CAT-BOARD-02..06), drawn from `rng`.

    Returns {"hexes": {name: {"terrain", "letter", "number"}}, "harbours": {id: type}}.
    """
    terrains = [t for t, rec in TERRAINS.items() for _ in range(rec["hexes"])]
    rng.shuffle(terrains)
    by_hex = dict(zip(GEOMETRY.land, terrains))
    desert = next(h for h, t in by_hex.items() if t == "desert")
    if options["token_layout"] == "spiral":
        direction = options["spiral_direction"]
        if direction == "random":
            direction = ["ccw", "cw"][rng.below(2)]
        corner = OUTER_CORNERS[rng.below(6)]
        tokens = spiral_tokens(GEOMETRY.spiral_walk(corner, direction), desert)
    else:
        others = [h for h in GEOMETRY.land if h != desert]
        while True:  # rejection keeps the layout uniform over the valid ones
            letters = list(TOKENS)
            rng.shuffle(letters)
            tokens = {hex_name(h): list(token) for h, token in zip(others, letters)}
            if red_numbers_apart(tokens):
                break
    if options["harbor_layout"] == "shuffled":
        types = list(HARBOUR_TYPES)
        rng.shuffle(types)
    else:
        types = [harbour["fixed"] for harbour in HARBOURS]
    hexes = {}
    for h in GEOMETRY.land:
        name = hex_name(h)
        letter, number = tokens.get(name, [None, None])
        hexes[name] = {"terrain": by_hex[h], "letter": letter, "number": number}
    return {"hexes": hexes, "harbours": {harbour["id"]: t for harbour, t in zip(HARBOURS, types)},
            "desert": hex_name(desert)}
