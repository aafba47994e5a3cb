"""The rating history as an SVG line chart, computed on the server (no JavaScript)."""

from dataclasses import dataclass

WIDTH, HEIGHT = 600, 180
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 24  # room for the axis labels


@dataclass
class Chart:
    points: str  # the polyline's "x,y x,y ..."
    dots: list  # [(x, y, value)] of each rated game
    ticks: list  # [(y, value)] of the value axis
    baseline: float  # y of the first game's starting rating
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    bottom_edge: int = HEIGHT - BOTTOM


def history_chart(values):
    """A chart of `values` (the shown rating before the first game, then after each game), or None."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index):
        return round(LEFT + plot_width * index / (len(values) - 1), 1)

    def y(value):
        return round(TOP + plot_height * (high - value) / (high - low), 1)

    dots = [(x(i), y(v), round(v, 1)) for i, v in enumerate(values)]
    ticks = [(y(v), v) for v in (high, (high + low) / 2, low)]
    return Chart(points=" ".join(f"{px},{py}" for px, py, _v in dots), dots=dots[1:], ticks=ticks,
                 baseline=y(values[0]))
