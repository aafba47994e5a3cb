"""City board lookups (cached per edition)."""

from engine.core.hexgrid import corner_partners


def city(ed):
    cache = getattr(ed, "_praga_city_cache", None)
    if cache is None:
        c = ed.CITY
        sites = {s["id"]: s for s in c["sites"]}
        cache = {
            "sites": sites,
            "site_at": {tuple(s["hex"]): s["id"] for s in c["sites"]},
            "plazas": {p["id"]: p for p in c["plazas"]},
            "order": [p["id"] for p in c["plazas"]],
            "plaza_sites": {},
        }
        for s in c["sites"]:
            cache["plaza_sites"].setdefault(s["plaza"], []).append(s["id"])
        try:
            ed._praga_city_cache = cache
        except AttributeError:
            pass
    return cache


def plazas_in_play(state):
    return state["plaza_order"]


def free_sites(state, ed, plaza):
    c = city(ed)
    return [s for s in c["plaza_sites"].get(plaza, []) if s not in state["city"]]


def legal_sites(state, ed):
    """PRG-BUILD-02: empty sites of plazas in play."""
    c = city(ed)
    result = []
    for pid in state["plaza_order"]:
        for s in c["plaza_sites"].get(pid, []):
            if s not in state["city"]:
                result.append(s)
    return result


def blue_matches(state, ed, site_id, tile_id, rot):
    """Number of blue corners met by the blue corners of a building placed here (PRG-ADJ-05)."""
    c = city(ed)
    site = c["sites"][site_id]
    hex_ = tuple(site["hex"])
    rec = ed.TILES[tile_id]
    count = 0
    for c0 in rec.get("blue_corners", ()):
        corner = (c0 + rot) % 6
        if corner in site.get("blue_corners", ()):
            count += 1
        for nb, c2 in corner_partners(hex_, corner):
            other = c["site_at"].get(nb)
            if other is None:
                continue
            if c2 in c["sites"][other].get("blue_corners", ()):
                count += 1
            built = state["city"].get(other)
            if built is not None:
                orec = ed.TILES[built["tile"]]
                if any((b + built["rot"]) % 6 == c2 for b in orec.get("blue_corners", ())):
                    count += 1
    return count


def buildings_at(state, ed, plaza):
    return [state["city"][s] for s in city(ed)["plaza_sites"].get(plaza, []) if s in state["city"]]
