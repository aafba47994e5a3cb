"""Helpers for the Praga rules tests: games, direct state edits, move shortcuts."""

import json

import engine.praga as P
from engine.core.rng import Rng
from engine.praga.common import clone, edition

ED = edition("provisional-1")


def new_game(players=2, seed=1, **options):
    return P.new(options, players, seed)


def active(state):
    return state["active"]


def put_tile_in_row(state, row, slot, tile_id):
    """Put a specific tile into a row slot (removing it from its stack if there)."""
    s = clone(state)
    for key, stack in s["stacks"].items():
        if tile_id in stack:
            stack.remove(tile_id)
    for r in s["rows"].values():
        for i, t in enumerate(r):
            if t == tile_id:
                r[i] = None
    s["rows"][row][slot] = tile_id
    return s


def edit_player(state, seat, **fields):
    s = clone(state)
    s["players"][seat].update(fields)
    return s


def place_wheel(state, tile_id, position):
    """Move an action tile to a board position (must be free and not the blocked notch)."""
    s = clone(state)
    w = s["wheel"]
    notch = (position - w["offset"]) % 12
    assert notch != ED.WHEEL["blocked_notch"]
    for t, n in list(w["at"].items()):
        if n == notch and t != tile_id:
            raise AssertionError("position taken")
    w["at"][tile_id] = notch
    return s


def notch_bonus(notch):
    for rec in ED.WHEEL["bonuses"]:
        if rec["notch"] == notch:
            return rec["bonus"]


def tile_with_bonus(state, kind, reward=None, zone="green"):
    """(tile id, position) of a tile whose notch has the given bonus, moved into a free spot of `zone`."""
    w = state["wheel"]
    for p in range(12):
        rec = [r for r in ED.WHEEL["positions"] if r["position"] == p][0]
        if rec["zone"] != zone:
            continue
        notch = (p - w["offset"]) % 12
        b = notch_bonus(notch)
        if b is None or b["kind"] != kind or (reward is not None and b.get("reward") != reward):
            continue
        return notch, p
    return None


def roundtrip(state):
    return json.loads(json.dumps(state))


def do(state, move, seat=None):
    return P.apply(state, active(state) if seat is None else seat, move)


def pending(state, kind):
    return [i for i in state["turn"]["pending"] if i["kind"] == kind]


def random_options(seed, n):
    r = Rng.from_seed(seed * 7 + n)
    o = {"action_side": r.choice(["A", "B"]),
         "road_I": r.choice(["base", "a", "b"]), "road_II": r.choice(["base", "a", "b"]),
         "road_III": r.choice(["base", "a", "b"]),
         "hunger_wall": r.choice(["original", "A", "B"]), "cathedral": r.choice(["original", "A", "B"])}
    if o["action_side"] == "A":
        o["first_game"] = r.choice([True, False])
    if n == 1:
        o["solo_mode"] = r.choice(["dummy", "parler"])
    return o


def set_turn(state, tile="AT1", actions=("MINES", "WALL"), seat=None, **fields):
    """The active seat's turn as if `tile` (showing `actions`) had just been taken, no bonus."""
    s = clone(state)
    if seat is not None:
        s["active"] = seat
    s["wheel"]["at"].pop(tile, None)
    if s["wheel"].get("token") == tile:
        s["wheel"]["token"] = None
    s["turn"] = {
        "seat": s["active"], "bonus_only": False, "tile": tile, "tile_actions": list(actions), "main": None,
        "wheel_bonus": None, "special": None, "refreshed": False, "extra": None,
        "perf": {}, "overbuilt": {}, "pending": [], "next_id": 1, "refill": [],
        "t11": False, "t21": False, "t22": False,
    }
    s["turn"].update(fields)
    return s


def add_item(state, item):
    s = clone(state)
    item = dict(item, id=s["turn"]["next_id"])
    s["turn"]["next_id"] += 1
    s["turn"]["pending"].append(item)
    return s, item["id"]


PREFERENCE = ["end_turn", "side", "choose", "tech", "token", "bridge", "arrow", "plaza_reward", "road_effect"]


def complete_turn(state):
    """Finish the active seat's turn with simple choices (pending first, main = produce)."""
    seat = state["active"]
    for _ in range(60):
        if state["active"] != seat or state["phase"] == "over":
            return state
        moves = P.legal_moves(state, seat)
        chosen = None
        for kind in PREFERENCE:
            found = [m for m in moves if m["type"] == kind]
            if found:
                chosen = found[0]
                break
        if chosen is None:
            mains = [m for m in moves if m.get("via") == "main"]
            mains.sort(key=lambda m: (m["type"] not in ("mines", "quarries"), m.get("option") != "produce"))
            takes = [m for m in moves if m["type"] == "take"]
            chosen = mains[0] if mains else takes[0]
        state = P.apply(state, seat, chosen)
    raise AssertionError("turn did not end")
