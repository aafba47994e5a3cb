"""Queen's Architect's board: the engine's view as SVG drawing data (board.py), each legal move
as a sequence of clicks with the engine's reasons for the others (flow.py), the log (log.py)."""

from games.boards.queens_architect.board import board_context  # noqa: F401
