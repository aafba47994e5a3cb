"""Pointy-top hexes in axial coordinates (q, r).

Edge i and corner i follow the convention of the Praga specification (section
3.3): edge 0 is upper right, going clockwise; corner 0 is the top vertex and
edge i runs from corner i to corner i+1.
"""

EDGE_DIRECTIONS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def neighbour(hex_, edge):
    dq, dr = EDGE_DIRECTIONS[edge % 6]
    return (hex_[0] + dq, hex_[1] + dr)


def neighbours(hex_):
    return [neighbour(hex_, edge) for edge in range(6)]


def distance(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def opposite_edge(edge):
    return (edge + 3) % 6


def corner_partners(hex_, corner):
    """The two other (hex, corner) pairs meeting at corner `corner` of `hex_`."""
    return (
        (neighbour(hex_, corner - 1), (corner + 2) % 6),
        (neighbour(hex_, corner), (corner + 4) % 6),
    )


def vertex_key(hex_, corner):
    """One canonical name for a vertex, whichever of its 3 hexes names it."""
    pairs = [(tuple(hex_), corner % 6)] + [(tuple(h), c) for h, c in corner_partners(hex_, corner)]
    return min(pairs)


def rotate_edge(edge, rotation):
    return (edge + rotation) % 6


def rotate_corner(corner, rotation):
    return (corner + rotation) % 6
