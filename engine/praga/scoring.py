"""Final scoring (PRG-SCORE-01..08) and the outcome with a per-player breakdown (PRG-END-04).

`final_breakdown(state, seat)` works on any state ("if the game ended now").
"""

from engine.praga.city import city
from engine.praga.common import by_id, edition, parse_atom
from engine.praga.plazas import plaza_side
from engine.praga.structures import level_set

STEPS = ["plazas", "academics", "hunger_wall", "cathedral", "walls", "abilities", "eggs"]


def v_tile_vp(ed, pl, tid):
    final = by_id(ed, "BRIDGE_TILES", tid).get("final")
    if not final:
        return 0
    per = final.get("per")
    vp = final.get("vp", 1)
    if per == "university":
        return vp * pl["uni"]
    if per in ("upgrade", "upgrades"):
        return vp * sum(len(s) for s in pl["upgrades"].values())
    if per in ("wall", "walls"):
        return vp * len(pl["walls"])
    if per in ("quarry", "quarries"):
        return vp * (pl["quarries"] - 1)
    if per in ("mine", "mines"):
        return vp * (pl["mines"] - 1)
    if per in ("row", "rows"):
        return vp * ((pl["hw"]["row"] - 1) + (pl["ca"]["row"] - 1))
    raise ValueError("unknown V tile scoring %r" % (per,))


def seal_vp(ed, seals, gold, stone):
    """Best conversion of gold and stone by the player's seals (OQ-51); returns VP."""
    if not seals:  # most players hold none: the evaluation asks after every move tried
        return 0
    buys = []
    fixed = 0
    for sid in seals:
        final = by_id(ed, "SEALS", sid)["final"]
        if final["kind"] == "buy":
            buys.append(final)
        else:
            fixed += final["vp"]
    best = 0
    pair = [b for b in buys if b["per"] == "pair"]
    single = [b for b in buys if b["per"] != "pair"]
    pair_vp = pair[0]["vp"] if pair else 0
    for k in range(0, (min(gold, stone) if pair else 0) + 1):
        g, s = gold - k, stone - k
        total = k * pair_vp
        for b in single:
            total += b["vp"] * (g if b["per"] == "gold" else s)
        best = max(best, total)
    return best + fixed


def final_breakdown(state, seat):
    ed = edition(state["edition"])
    pl = state["players"][seat]
    gold, stone, eggs = pl["gold"], pl["stone"], pl["eggs"]
    steps = {}
    # 1 unscored plazas
    sites = city(ed)["sites"]
    # the plazas where the seat has a cube (the bots score many states: one pass over the city)
    with_cube = {sites[site]["plaza"] for site, b in state["city"].items() if b["owner"] == seat and b["cube"]}
    steps["plazas"], gold, stone, eggs = _unscored_plazas(state, ed, with_cube, gold, stone, eggs)
    # 2 academics
    steps["academics"] = pl["tech"] * ed.UNIVERSITY["multiplier"][min(pl["uni"], ed.UNIVERSITY["top"])]
    # 3 structures
    for st, key, markers in (("hw", "hunger_wall", "bm"), ("ca", "cathedral", "rm")):
        cube = pl[st]
        row_vp = level_set(state, ed, st)["row_vp"][cube["row"] - 1]
        col_vp = ed.STRUCTURES[key]["column_values"][cube["col"]] * pl[markers]
        steps[key] = row_vp + col_vp
    # 4 walls
    walls = len(pl["walls"])
    steps["walls"] = max([r["vp"] for r in ed.SCORING["walls"] if walls >= r["at_least"]] or [0])
    # 5 abilities
    steps["abilities"] = sum(v_tile_vp(ed, pl, t) for t in pl["v_tiles"]) + seal_vp(ed, pl["seals"], gold, stone)
    # 6 eggs
    table = ed.SCORING["eggs"]
    steps["eggs"] = table[min(eggs, len(table) - 1)]
    total = pl["vp"] + sum(steps.values())
    return {"in_game": pl["vp"], "in_game_by_source": dict(pl["vp_by_source"]), "final": steps, "total": total}


def _unscored_plazas(state, ed, with_cube, gold, stone, eggs):
    """Step 1: what the unscored plazas among `with_cube` (plaza ids) give at the end:
    (VP, gold, stone, eggs), the resources capped as in the game."""
    vp = 0
    plazas = state["plazas"]
    for pid in state["plaza_order"]:
        if pid not in with_cube or plazas[pid]["scored"]:
            continue
        for atom in plaza_side(state, ed, pid)["bottom"]:
            if isinstance(atom, dict):
                continue
            n, code = parse_atom(atom)
            if code == "VP":
                vp += n
            elif code == "G":
                gold = min(9, gold + n)
            elif code == "S":
                stone = min(9, stone + n)
            elif code == "E":
                eggs += n
    return vp, gold, stone, eggs


_WALL_VP = {}  # (edition, walls): the walls' final VP (step 4)


def final_total(state, seat, ed=None):
    """`final_breakdown(state, seat)["total"]` without building the breakdown.

    The bots' evaluations ask for it after every move they try (tens of thousands of times a
    decision of the expert bot), so it skips the dicts of the breakdown and the steps that score
    nothing (no cube on an unscored plaza, no V tile, no seal); the steps are the same as above
    (tests/engine/praga/test_expert_fast_paths.py checks both on random games). `ed`: the
    state's edition, when the caller has it.
    """
    if ed is None:
        ed = edition(state["edition"])
    pl = state["players"][seat]
    gold, stone, eggs = pl["gold"], pl["stone"], pl["eggs"]
    total = pl["vp"]
    # 1 unscored plazas
    with_cube = None
    for site, b in state["city"].items():
        if b["owner"] == seat and b["cube"]:
            if with_cube is None:
                with_cube = set()
            with_cube.add(site)
    if with_cube is not None:
        sites = city(ed)["sites"]
        plazas_vp, gold, stone, eggs = _unscored_plazas(state, ed, {sites[site]["plaza"] for site in with_cube},
                                                        gold, stone, eggs)
        total += plazas_vp
    # 2 academics
    university = ed.UNIVERSITY
    total += pl["tech"] * university["multiplier"][min(pl["uni"], university["top"])]
    # 3 structures
    options = state["options"]
    structures = ed.STRUCTURES
    cube = pl["hw"]
    data = structures["hunger_wall"]
    total += data["sets"][options["hunger_wall"]]["row_vp"][cube["row"] - 1] + data["column_values"][cube["col"]] * pl["bm"]
    cube = pl["ca"]
    data = structures["cathedral"]
    total += data["sets"][options["cathedral"]]["row_vp"][cube["row"] - 1] + data["column_values"][cube["col"]] * pl["rm"]
    # 4 walls
    walls = len(pl["walls"])
    key = (ed.EDITION_ID, walls)
    vp = _WALL_VP.get(key)
    if vp is None:
        vp = _WALL_VP[key] = max([r["vp"] for r in ed.SCORING["walls"] if walls >= r["at_least"]] or [0])
    total += vp
    # 5 abilities
    if pl["v_tiles"]:
        total += sum(v_tile_vp(ed, pl, t) for t in pl["v_tiles"])
    if pl["seals"]:
        total += seal_vp(ed, pl["seals"], gold, stone)
    # 6 eggs
    table = ed.SCORING["eggs"]
    return total + table[min(eggs, len(table) - 1)]


def ranking(state, totals):
    """PRG-SCORE-07: most VP; ties go to the seat later in seat order."""
    order = state["order"]
    return sorted(order, key=lambda s: (totals[s], order.index(s)), reverse=True)


def outcome_of(state):
    n = len(state["players"])
    breakdown = [final_breakdown(state, s) for s in range(n)]
    totals = [b["total"] for b in breakdown]
    rank = ranking(state, totals)
    solo = state["players_count"] == 1
    return {
        "ranking": rank,
        "scores": totals,
        "winner": None if solo else rank[0],
        "solo": solo,
        "breakdown": breakdown,
    }
