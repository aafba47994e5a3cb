"""Catan: Cities & Knights' board: the island (`island`), the panels beside it (`panels`), the
click flow (`flow`), the log (`log`), seat colours and marks (`look`); `board` puts them together."""

from games.boards.catan_ck.board import board_context

__all__ = ["board_context"]
