"""Praga's board: the view-model (`board`), the click flow (`flow`), tile drawings (`tiles`),
icons (`icons`) and the board's own log (`log`)."""

from games.boards.praga.board import board_context

__all__ = ["board_context"]
