"""Praga Caput Regni's options (PRG-SETUP, PRG-VAR) with their defaults; engine.praga.setup
validates them. Its title is its id ("Praga"), as before: no TITLE."""

from engine.core.text import _, text

_ROAD_CHOICES = [
    ["base", text(_("Base game effect"))],
    ["a", text(_("Variant tile, side a"))],
    ["b", text(_("Variant tile, side b"))],
]
_LEVEL_CHOICES = [
    ["original", text(_("Original levels"))],
    ["A", text(_("Level tiles A"))],
    ["B", text(_("Level tiles B"))],
]

OPTIONS = {
    "players": {"min": 1, "max": 4, "default": 2},
    "fields": [
        {"name": "solo_mode", "label": text(_("Solo opponent")),
         "help": text(_("Play the solo game against the dummy or against Peter Parler.")),
         "default": "dummy", "players": [1],
         "choices": [["dummy", text(_("The dummy"))], ["parler", text(_("Peter Parler"))]]},
        {"name": "action_side", "label": text(_("Action tiles")),
         "help": text(_("Side B is less symmetric; A and B are never mixed.")),
         "default": "A", "choices": [["A", text(_("Side A"))], ["B", text(_("Side B"))]]},
        {"name": "first_game", "label": text(_("First game")),
         "help": text(_("The action tiles start in the fixed printed order (side A only).")),
         "default": False, "choices": [[False, text(_("No"))], [True, text(_("Yes"))]]},
        {"name": "road_I", "label": text(_("King's Road space I")),
         "help": text(_("The free effect of space I: base game or a variant tile side.")),
         "default": "base", "choices": _ROAD_CHOICES},
        {"name": "road_II", "label": text(_("King's Road space II")),
         "help": text(_("The free effect of space II: base game or a variant tile side.")),
         "default": "base", "choices": _ROAD_CHOICES},
        {"name": "road_III", "label": text(_("King's Road space III")),
         "help": text(_("The free effect of space III: base game or a variant tile side.")),
         "default": "base", "choices": _ROAD_CHOICES},
        {"name": "hunger_wall", "label": text(_("Hunger Wall levels")),
         "help": text(_("The level tiles used on the Hunger Wall.")),
         "default": "original", "choices": _LEVEL_CHOICES},
        {"name": "cathedral", "label": text(_("Cathedral levels")),
         "help": text(_("The level tiles used on the St. Vitus Cathedral.")),
         "default": "original", "choices": _LEVEL_CHOICES},
        # read by the site (games/clocks.choose_bot_move) through bots.BOTS, never by the rules
        {"name": "seat_bot", "label": text(_("Bot for a timed-out seat")),
         "help": text(_("Who finishes the game for a player dropped by a timeout.")),
         "default": "random", "players": [2, 3, 4],
         "choices": [["random", text(_("A random bot"))], ["expert", text(_("The expert bot"))]]},
    ],
}
