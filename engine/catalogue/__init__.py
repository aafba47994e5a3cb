"""Per game, what the site shows about it before anyone plays: its TITLE (a text dict; a game
without one is named after its id) and its OPTIONS (the engine contract's spec, docs/engine.md).

Plain data, importing only engine.core.text: the lobby, the rating pages, an invitation and the
new-game form read it without importing the game's engine (engine.registry, issue 10). Each
engine takes its OPTIONS from here.
"""
