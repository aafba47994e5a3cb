"""Craftsmen on a star: working, resting, leaving the game (QA-CRAFT-01..09)."""


def twin_of(ed, player, tile_id):
    """QA-CRAFT-07: the player's tile of the same design as `tile_id`, or None."""
    design = ed.design(tile_id)["id"]
    for craftsman in player["craftsmen"]:
        if ed.design(craftsman["tile"])["id"] == design:
            return craftsman["tile"]
    return None


def work(player, tile_ids):
    """QA-CRAFT-03/04: the named craftsmen turn one step; those on their last use leave the game.

    Returns the ids of the craftsmen who left."""
    left = []
    kept = []
    for craftsman in player["craftsmen"]:
        if craftsman["tile"] in tile_ids:
            if craftsman["uses"] == 1:
                left.append(craftsman["tile"])
                continue
            craftsman["uses"] -= 1
        kept.append(craftsman)
    player["craftsmen"] = kept
    return left


def rest(ed, player, guilds):
    """QA-CRAFT-05, QA-TAVERN-05: craftsmen of the guilds turn back one step, at most to 6 uses."""
    for craftsman in player["craftsmen"]:
        if ed.design(craftsman["tile"])["guild"] in guilds and craftsman["uses"] < 6:
            craftsman["uses"] += 1
