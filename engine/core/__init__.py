"""What every game engine shares: errors, text, seeded chance, hex geometry, undo."""

from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from engine.core.text import text

__all__ = ["IllegalMove", "Rng", "text"]
