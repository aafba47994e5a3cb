"""Translatable names of guilds, star spaces and location types."""

from engine.core.text import _, text

GUILD_NAMES = {
    "glazier": _("Glazier"), "stonemason": _("Stonemason"), "lumberjack": _("Lumberjack"),
    "bricklayer": _("Bricklayer"), "blacksmith": _("Blacksmith"), "tailor": _("Tailor"),
}
SPACE_NAMES = {
    "build": _("Build"), "day": _("Day labourer"), "hire": _("Hire"), "changer": _("Money changer"),
    "travel": _("Travel"), "tavern": _("Tavern"),
}
LOCATION_TYPE_NAMES = {
    "capital": _("capital"), "village": _("village"), "monastery": _("monastery"), "town": _("town"),
}


def guild_text(guild):
    return text(GUILD_NAMES[guild])


def space_text(space):
    return text(SPACE_NAMES[space])


def listing(items):
    """Several texts or ids as one text "{p0}, {p1}" (not in the catalog: only fields and commas)."""
    if not items:
        return text(_("none"))
    return text(", ".join("{p%d}" % index for index in range(len(items))),
                **{"p%d" % index: item for index, item in enumerate(items)})
