"""The player's action board: neighbour and red-corner bonuses (PRG-ADJ-01..09).

Player state: `upgrades = {action: [{"tile", "rot", "n", "c"}, ...]}` (last = top) and
`walls = {"q,r": {"tile", "rot", "n", "c"}}`; `n` / `c` record that the tile took part in
a neighbour / corner bonus (for the Yucata overbuild simplification, PRG-ADJ-08).
"""

from engine.core.hexgrid import corner_partners, neighbour
from engine.praga.common import hexkey
from engine.praga.rewards import gain, gain_marker


def _board(ed):
    cache = getattr(ed, "_praga_board_cache", None)
    if cache is None:
        ab = ed.ACTION_BOARD
        cache = {
            "action_at": {tuple(h["hex"]): h for h in ab["action_hexes"]},
            "hex_of": {h["action"]: tuple(h["hex"]) for h in ab["action_hexes"]},
            "walls": [tuple(p) for p in ab["wall_positions"]],
        }
        try:
            ed._praga_board_cache = cache
        except AttributeError:
            pass
    return cache


def action_hex(ed, action):
    return _board(ed)["hex_of"][action]


def wall_positions(ed):
    return _board(ed)["walls"]


def _top(pl, ed, hex_):
    """(kind, entry_or_record, rotation) of what shows at a board hex, or None."""
    b = _board(ed)
    printed = b["action_at"].get(hex_)
    if printed is not None:
        stack = pl["upgrades"].get(printed["action"]) or []
        if stack:
            return ("tile", stack[-1])
        return ("printed", printed)
    entry = pl["walls"].get(hexkey(hex_))
    if entry is not None:
        return ("tile", entry)
    return None


def _symbol(pl, ed, hex_, edge):
    top = _top(pl, ed, hex_)
    if top is None:
        return None, None
    kind, obj = top
    if kind == "printed":
        for sym in obj["neighbours"]:
            if sym["edge"] == edge:
                return sym["reward"], None
        return None, None
    rec = ed.TILES[obj["tile"]]
    for sym in rec.get("neighbours", ()):
        if (sym["edge"] + obj["rot"]) % 6 == edge:
            return sym["reward"], obj
    return None, None


def _red(pl, ed, hex_, corner):
    top = _top(pl, ed, hex_)
    if top is None:
        return False, None
    kind, obj = top
    if kind == "printed":
        return corner in obj.get("red_corners", ()), None
    rec = ed.TILES[obj["tile"]]
    for c in rec.get("red_corners", ()):
        if (c + obj["rot"]) % 6 == corner:
            return True, obj
    return False, None


def place_bonuses(ctx, seat, tile_id, rot, hex_, entry, covered):
    """Neighbour and corner bonuses of a wall/upgrade just placed (entry already on the board).

    `covered`: the upgrade entries now under it (PRG-ADJ-08). Returns (neighbour rewards, red markers).
    The flags of the other tiles that take part are written after the search (`_flag`), so the
    player's tiles are copied only when one does (most placements meet no symbol).
    """
    ed = ctx.ed
    pl = ctx.pl(seat)
    rec = ed.TILES[tile_id]
    # PRG-ADJ-08 / OQ-05: neighbour and corner checked separately. Seed [Y] writes the
    # condition once as "Nachbarschafts-/Ecken-Bonus" (deviation list) and once as
    # "Nachbarschafts- oder Eckenbonus" (Upgrade action): the stricter reading (either kind
    # blocks both) is possible; the spec's separate reading is implemented.
    allow_n = not any(c["n"] for c in covered)
    allow_c = not any(c["c"] for c in covered)
    rewards = []
    flagged = []  # (entry of another tile, flag)
    if allow_n:
        for sym in rec.get("neighbours", ()):
            edge = (sym["edge"] + rot) % 6
            other, obj = _symbol(pl, ed, neighbour(hex_, edge), (edge + 3) % 6)
            if other is not None:
                rewards.append(sym["reward"])
                rewards.append(other)
                entry["n"] = True
                if obj is not None:
                    flagged.append((obj, "n"))
    markers = 0
    if allow_c:
        for c0 in rec.get("red_corners", ()):
            corner = (c0 + rot) % 6
            for nb, c2 in corner_partners(hex_, corner):
                hit, obj = _red(pl, ed, nb, c2)
                if hit:
                    markers += 1
                    entry["c"] = True
                    if obj is not None:
                        flagged.append((obj, "c"))
    if flagged:
        _flag(ctx, seat, flagged)
    for r in rewards:
        gain(ctx, seat, r, "adjacency")
    gain_marker(ctx, seat, "rm", markers, "adjacency")
    return rewards, markers


def _flag(ctx, seat, flagged):
    """Set the flags of tiles on the player's board (entries found by `_top`) in the player's own copy."""
    pl = ctx.pl(seat)
    places = []
    for obj, flag in flagged:  # where each entry lies: the top of an upgrade stack or a wall
        place = next((("upgrades", action) for action, stack in pl["upgrades"].items() if stack and stack[-1] is obj),
                     None) or next(("walls", key) for key, wall in pl["walls"].items() if wall is obj)
        places.append((place, flag))
    for (part, key), flag in places:
        owned = ctx.pn(seat, part)
        (owned[key][-1] if part == "upgrades" else owned[key])[flag] = True
