"""Pointy-top hex geometry for drawing (spec 3.3): axial (q, r) to pixels, corners, edges.

Corner 0 is the top vertex and corners go clockwise; edge i runs from corner i to
corner i + 1 (edge 0 = upper right). The screen's y axis points down.
"""

import math

SQ3 = math.sqrt(3)


def axial(q, r, size):
    """Centre of hex (q, r) for hexes of circumradius `size`."""
    return size * SQ3 * (q + r / 2), size * 1.5 * r


def corner(i, size):
    a = math.radians(-90 + 60 * (i % 6))
    return size * math.cos(a), size * math.sin(a)


def edge_mid(i, size, inset=1.0):
    """Midpoint of edge i (times `inset`, < 1 moves it inwards)."""
    a = math.radians(-60 + 60 * (i % 6))
    d = size * SQ3 / 2 * inset
    return d * math.cos(a), d * math.sin(a)


def points(cx, cy, size):
    """SVG `points` of a pointy-top hexagon."""
    return " ".join("%.1f,%.1f" % (cx + x, cy + y) for x, y in (corner(i, size) for i in range(6)))


HEX_UNIT = points(0, 0, 40)  # the tile drawing unit: tiles are drawn at size 40, then scaled


def bounds(centres, size, margin=0):
    """(x, y, width, height) enclosing hexes of `size` at `centres`."""
    xs = [c[0] for c in centres]
    ys = [c[1] for c in centres]
    w = size * SQ3 / 2
    x0, x1 = min(xs) - w - margin, max(xs) + w + margin
    y0, y1 = min(ys) - size - margin, max(ys) + size + margin
    return x0, y0, x1 - x0, y1 - y0


def polar(cx, cy, radius, degrees):
    a = math.radians(degrees)
    return cx + radius * math.cos(a), cy + radius * math.sin(a)


def annulus_sector(cx, cy, r0, r1, a0, a1):
    """SVG path of a ring sector between radii r0 < r1 and angles a0 < a1 (degrees)."""
    x0, y0 = polar(cx, cy, r1, a0)
    x1, y1 = polar(cx, cy, r1, a1)
    x2, y2 = polar(cx, cy, r0, a1)
    x3, y3 = polar(cx, cy, r0, a0)
    large = 1 if a1 - a0 > 180 else 0
    return ("M%.1f,%.1f A%.1f,%.1f 0 %d 1 %.1f,%.1f L%.1f,%.1f A%.1f,%.1f 0 %d 0 %.1f,%.1f Z"
            % (x0, y0, r1, r1, large, x1, y1, x2, y2, r0, r0, large, x3, y3))
