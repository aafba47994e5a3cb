"""Positions and shapes of the board's pieces (pure geometry, in SVG user units)."""

from games.boards import geometry

STAR_CENTRE = 155
STAR_SPACE_RADIUS = 80
STAR_SPOT_RADIUS = 124
TILE_RADIUS = 27


def hexagon(cx, cy, radius, first_corner_deg):
    """SVG points of a hexagon whose first corner points at `first_corner_deg`."""
    return " ".join("%.1f,%.1f" % geometry.polar(cx, cy, radius, first_corner_deg + 60 * index) for index in range(6))


def space_position(index, count):
    """Centre of star space `index` (Build at the top, clockwise)."""
    return geometry.polar(STAR_CENTRE, STAR_CENTRE, STAR_SPACE_RADIUS, -90 + 360 * index / count)


def architect_position(index, count):
    """Where the architect stands: on the star's point, between its space and the centre."""
    return geometry.polar(STAR_CENTRE, STAR_CENTRE, 44, -90 + 360 * index / count)


def spot_position(spot):
    """Centre of craftsman spot `spot`, between two star spaces; its inward angle."""
    angle = -60 + 60 * spot
    x, y = geometry.polar(STAR_CENTRE, STAR_CENTRE, STAR_SPOT_RADIUS, angle)
    return x, y, (angle + 180) % 360


def star_outline():
    """The six-pointed star behind the spaces."""
    points = []
    for index in range(12):
        radius = 62 if index % 2 == 0 else 34
        points.append("%.1f,%.1f" % geometry.polar(STAR_CENTRE, STAR_CENTRE, radius, -90 + 30 * index))
    return " ".join(points)


def ring_layout(count):
    """(centre, ring radius, node width, node height) of a map side with `count` ring places."""
    radius = 235 if count <= 12 else 272
    return 300, radius, 92, 66


def ring_position(index, count):
    centre, radius, _width, _height = ring_layout(count)
    return geometry.polar(centre, centre, radius, -90 + 360 * index / count)


def view_box(count):
    centre, radius, width, height = ring_layout(count)
    half_w = radius + width / 2 + 12
    half_h = radius + height / 2 + 22
    return "%d %d %d %d" % (centre - half_w, centre - half_h, 2 * half_w, 2 * half_h)


def text_width(text, size):
    """A rough width of `text` at font size `size` (to shrink long names)."""
    return len(text) * size * 0.55


def fit(text, size, width):
    """`textLength` for a label wider than `width`, else None."""
    return width if text_width(text, size) > width else None
