"""Queen's Architect's title and game options (spec 2.18), each with its default first."""

from engine.core.text import _, text

TITLE = text(_("Queen's Architect"))

_YES_NO = [[False, text(_("No"))], [True, text(_("Yes"))]]

OPTIONS = {
    "players": {"min": 2, "max": 4, "default": 2},
    "fields": [
        {"name": "star_order", "label": text(_("Action star order")),
         "help": text(_("Which action follows Hire on the star: the money changer (default) or travel.")),
         "default": "changer_first",
         "choices": [["changer_first", text(_("Build, Day labourer, Hire, Money changer, Travel, Tavern"))],
                     ["travel_first", text(_("Build, Day labourer, Hire, Travel, Money changer, Tavern"))]]},
        {"name": "appreciation_order", "label": text(_("Lot minus and cap")),
         "help": text(_("Whether a building's lot minus is taken before the cap (default) or after it.")),
         "default": "minus_then_cap",
         "choices": [["minus_then_cap", text(_("Minus first, then the cap"))],
                     ["cap_then_minus", text(_("Cap first, then the minus"))]]},
        {"name": "top_slot_uses", "label": text(_("Top slot of the black board")),
         "help": text(_("A craftsman hired from the top slot brings 6 uses, or as many uses as his price.")),
         "default": "six",
         "choices": [["six", text(_("Always 6 uses"))], ["price", text(_("Uses equal the price"))]]},
        {"name": "palace_all_guilds", "label": text(_("Palace needs all six guilds")),
         "help": text(_("The palace also requires a craftsman of each of the six guilds.")),
         "default": False, "choices": _YES_NO},
        {"name": "end_mode", "label": text(_("Game end")),
         "help": text(_("After the first palace build: finish the round, or give every other player one "
                        "more turn.")),
         "default": "finish_round",
         "choices": [["finish_round", text(_("Finish the round"))],
                     ["one_more_turn_each", text(_("One more turn for every other player"))]]},
        {"name": "repair_distinct_guilds", "label": text(_("Repairs need different guilds")),
         "help": text(_("The up to three craftsmen of a repair must belong to different guilds.")),
         "default": True, "choices": _YES_NO},
        {"name": "lot_hire_cost", "label": text(_("Hire from a building lot")),
         "help": text(_("The Hire a building lot grants costs the normal price, or nothing.")),
         "default": "normal",
         "choices": [["normal", text(_("Normal price"))], ["free", text(_("Free"))]]},
        {"name": "max_rounds", "label": text(_("Round limit")),
         "help": text(_("If nobody has built at the palace after this many rounds, the game ends by track "
                        "position.")),
         "default": 80, "choices": [[rounds, text("{rounds}", rounds=rounds)] for rounds in range(40, 201)]},
        {"name": "data_edition", "label": text(_("Component values")),
         "help": text(_("The edition of the component values; the printed values are not known yet.")),
         "default": "qa-provisional-1",
         "choices": [["qa-provisional-1", text(_("Provisional values, edition 1"))]]},
    ],
}
