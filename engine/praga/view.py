"""What a seat may see (PRG-GEN-06). Spectator = None.

Hidden: stack orders (only counts are shown), the V tiles by the bridge and the
Cathedral, the generator state, the undo base, Peter Parler's deck order (its
composition is public), and other seats' drawn choices (technologies, bridge and
Cathedral tiles).
"""

from engine.praga.common import clone
from engine.praga.scoring import final_breakdown
from engine.praga.turn import round_of

SECRET_PENDING = {"tech": "drawn", "bridge": "drawn", "cathedral_v": "options"}

# Every top-level key of a state is classified here; a test fails on an unclassified
# key, so a new piece of state cannot reach a view without a decision.
PUBLIC = frozenset({
    "active", "bridge", "city", "deferred", "edition", "era", "game", "options", "order",
    "phase", "players", "players_count", "plaza_order", "plazas", "result", "river", "rows",
    "rules_version", "seals", "turn_no", "wheel",
})
SECRET = frozenset({"rng", "undo"})
SHOWN_AS_COUNTS = frozenset({"stacks", "tech_stacks", "iv_stack", "v_bridge", "v_cathedral"})
FILTERED = frozenset({"parler", "turn"})


def view(state, seat):
    v = {key: clone(state[key]) for key in PUBLIC if key in state}
    v["stacks"] = {k: len(s) for k, s in state["stacks"].items()}
    v["tech_stacks"] = {k: len(s) for k, s in state["tech_stacks"].items()}
    v["iv_stack"] = len(state["iv_stack"])
    v["v_bridge"] = len(state["v_bridge"])
    v["v_cathedral"] = len(state["v_cathedral"])
    p = state.get("parler")
    if p is not None:
        pv = {k: clone(val) for k, val in p.items() if k != "deck"}
        pv["deck"] = sorted(p["deck"])  # composition only (PRG-PARLER-12)
        v["parler"] = pv
    else:
        v["parler"] = None
    turn = state.get("turn")
    if turn is not None:
        t = clone(turn)
        if seat != turn["seat"]:
            for item in t["pending"]:
                key = SECRET_PENDING.get(item["kind"])
                if key:
                    item[key] = len(item[key])
        v["turn"] = t
    else:
        v["turn"] = None
    v["seat"] = seat
    v["round"] = round_of(state)
    v["can_undo"] = bool(seat is not None and state.get("undo") and state["undo"]["moves"]
                         and state["undo"]["moves"][-1][0] == seat)
    v["preview"] = [final_breakdown(state, s) for s in range(len(state["players"]))]
    return v
