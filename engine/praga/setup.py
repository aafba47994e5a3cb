"""Options and setup (PRG-SETUP-01..15, PRG-VAR)."""

from engine.core.contract import check_rules_version, normalize_options
from engine.core.errors import IllegalMove
from engine.catalogue.praga import OPTIONS
from engine.core.rng import Rng
from engine.core.text import _
from engine.praga.common import ROWS, Ctx, edition
from engine.praga.turn import new_turn


# Options the site reads and the rules do not: kept out of the state, so they change no game.
SITE_OPTIONS = ("seat_bot",)

# Bump RULES_VERSION when a change alters what an existing move sequence does (its states,
# its legality or its outcome), and keep the old behaviour behind `rules_version(state)`
# for as long as games started with it may still be running (docs/engine.md).
# Versions: 1 the first release; 2 one retroactive upgrade bonus per earlier performance (OQ-03),
# version 1 paid one per upgrade tile (upgrade.do_retro_version_1).
RULES_VERSION = 2
RULES_VERSIONS = (1, 2)


def current_edition():
    from engine.praga import data

    return data.CURRENT_EDITION


def new_player(ed, seat):
    start = ed.GAME["start"]
    hw = ed.STRUCTURES["hunger_wall"].get("start", {"row": 1, "column": 0})
    ca = ed.STRUCTURES["cathedral"].get("start", {"row": 1, "column": 0})
    return {
        "seat": seat, "gold": start["gold"], "stone": start["stone"], "eggs": 0, "sw": 0, "gw": 0,
        "rm": 0, "bm": 0, "vp": 0, "vp_by_source": {},
        "mines": ed.TRACKS["mines"]["start"], "quarries": ed.TRACKS["quarries"]["start"],
        "tokens": {"mines": None, "quarries": None},
        "tech": 0, "uni": 0, "techs": [], "used_techs": [],
        "wealth": [], "cubes": start["cubes"],
        "hw": {"row": hw["row"], "col": hw["column"], "dead": []},
        "ca": {"row": ca["row"], "col": ca["column"], "dead": []},
        "ca_v": False, "road": 0, "v_tiles": [], "iv_tiles": [],
        "upgrades": {}, "walls": {}, "seal_rights": 0, "seals": [], "turns": 0,
    }


def new(options, seats, seed, rules_version=None):
    opts = normalize_options(OPTIONS, options, seats)
    rules_version = check_rules_version(RULES_VERSIONS, rules_version)
    if opts["first_game"] and opts["action_side"] != "A":
        raise IllegalMove(_("The first-game setup uses side A of the action tiles."))
    edition_id = current_edition()
    ed = edition(edition_id)
    rng = Rng.from_seed(seed)
    n = seats
    count = 2 if n == 1 else n
    key = str(n)
    # PRG-SETUP-01
    start = 0 if n == 1 else rng.below(n)
    order = [(start + i) % n for i in range(n)]
    state = {
        "game": "praga", "edition": edition_id, "rules_version": rules_version,
        "options": {name: value for name, value in opts.items() if name not in SITE_OPTIONS}, "players_count": n,
        "order": order, "rng": 0, "era": 1, "turn_no": 0, "phase": "play", "active": None,
        "players": [new_player(ed, s) for s in range(n)],
        "turn": None, "deferred": {}, "result": None, "undo": None,
    }
    # PRG-SETUP-02/03: bridge
    pieces = [p for p in ed.BRIDGE_PIECES]
    rng.shuffle(pieces)
    spaces = []
    layout = []
    for piece in pieces:
        side = "a" if rng.below(2) == 0 else "b"
        halves = list(piece["sides"][side])
        flipped = rng.below(2) == 1
        if flipped:
            halves.reverse()
        spaces.extend([list(h) for h in halves])
        layout.append({"piece": piece["id"], "side": side, "flipped": flipped})
    state["bridge"] = {"spaces": spaces, "covered": [False] * len(spaces), "planks": [], "layout": layout}
    iv = [t["id"] for t in ed.BRIDGE_TILES if t["kind"] == "IV"]
    v = [t["id"] for t in ed.BRIDGE_TILES if t["kind"] == "V"]
    rng.shuffle(iv)
    rng.shuffle(v)
    nb = ed.GAME["v_tiles"]["bridge"]
    state["iv_stack"], state["v_bridge"], state["v_cathedral"] = iv, v[:nb], v[nb:]
    # PRG-SETUP-05: plazas
    in_play = list(ed.GAME["plazas_in_play"][key])
    city_plazas = {p["id"]: p for p in ed.CITY["plazas"]}
    state["plaza_order"] = [p["id"] for p in ed.CITY["plazas"] if p["id"] in in_play]
    by_colour = {}
    for tile in ed.PLAZA_TILES:
        by_colour.setdefault(tile["colour"], []).append(tile["id"])
    for ids in by_colour.values():
        rng.shuffle(ids)
    plazas = {}
    for pid in state["plaza_order"]:
        colour = city_plazas[pid]["colour"]
        tile = by_colour[colour].pop()
        plazas[pid] = {"tile": tile, "side": "a" if rng.below(2) == 0 else "b", "scored": False}
    state["plazas"] = plazas
    # PRG-SETUP-06: stacks
    stacks = {}
    for tid, rec in ed.TILES.items():
        stacks.setdefault("%s-%d-%s" % (rec["type"], rec["era"], rec["kind"]), []).append(tid)
    for k in sorted(stacks):
        stacks[k].sort()
        rng.shuffle(stacks[k])
    for row in ROWS:
        for era in (1, 2):
            for kind in ("normal", "special"):
                stacks.setdefault("%s-%d-%s" % (row, era, kind), [])
    state["stacks"] = stacks
    # PRG-SETUP-07: pre-filled sites
    city = {}
    pre = ed.GAME["prefill_count_for"][key]
    for site in ed.CITY["sites"]:
        if site["plaza"] in in_play and pre in (site.get("prefilled") or []):
            st = stacks["building-1-normal"]
            if st:
                tile = st.pop(0)
                city[site["id"]] = {"tile": tile, "rot": rng.below(6), "owner": None, "cube": False, "spent": 0}
    state["city"] = city
    # PRG-SETUP-08: display
    rows = {}
    for row in ROWS:
        rows[row] = []
        for slot in range(4):
            st = stacks["%s-1-%s" % (row, "special" if slot == 3 else "normal")]
            rows[row].append(st.pop(0) if st else None)
    state["rows"] = rows
    # PRG-SETUP-09: technologies
    tech = {}
    for rec in ed.TECHNOLOGIES:
        tech.setdefault(str(rec["level"]), []).append(rec["id"])
    for k in sorted(tech):
        rng.shuffle(tech[k])
    state["tech_stacks"] = tech
    # PRG-SETUP-10: wheel
    w = ed.WHEEL
    offset = w["start_offset"][key]
    tiles = list(ed.FIRST_GAME_ORDER) if opts["first_game"] else [t["id"] for t in ed.ACTION_TILES[opts["action_side"]]]
    if not opts["first_game"]:
        rng.shuffle(tiles)
    at = {}
    pos = 0
    for tid in tiles:
        while (pos - offset) % 12 == w["blocked_notch"]:
            pos += 1
        at[tid] = (pos - offset) % 12
        pos += 1
    state["wheel"] = {"offset": offset, "at": at, "token": None}
    # PRG-SETUP-12
    river = list(ed.PRODUCTION_TOKEN_SETS[str(count) if n > 1 else "1"])
    state["river"] = river
    state["seals"] = {s["id"]: None for s in ed.SEALS}
    # Peter Parler (PRG-PARLER-01/02)
    state["parler"] = None
    if n == 1 and opts.get("solo_mode") == "parler":
        deck = [c["id"] for c in ed.PARLER["cards"]]
        rng.shuffle(deck)
        pawn_choices = [p for p in state["plaza_order"]
                        if any(s["plaza"] == p and s["id"] not in city for s in ed.CITY["sites"])]
        state["parler"] = {
            "deck": deck, "discard": [], "last_card": None,
            "pawn": rng.choice(pawn_choices),
            "cubes": {row: rng.below(4) for row in ROWS},
            "mines": ed.TRACKS["mines"]["start"], "quarries": ed.TRACKS["quarries"]["start"],
            "tokens": {"mines": None, "quarries": None},
        }
    state["rng"] = rng.state
    ctx = Ctx(state)
    new_turn(ctx, order[0])
    return ctx.s
