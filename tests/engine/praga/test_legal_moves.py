"""legal_moves is exact: every listed move applies, and every move of the full (finite)
candidate space that `apply` accepts is listed.

The candidate space enumerates every move type of moves.SCHEMA with every value its
fields can take in the state (all tiles, slots, sites, wall positions, rotations, vias,
bonus choices, pending item ids plus one unknown id, technology/token/tile/seal ids …).
Equivalent spellings are compared in a canonical form: a field given as None is the
same as a missing field, a missing `via` is "main", and refresh slots are unordered.
States are sampled from seeded games of random and greedy bots.
"""

import itertools

import pytest

import engine.praga as P
from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from engine.praga.board import wall_positions
from engine.praga.bots import greedy_move, random_move
from engine.praga.common import ROWS, clone, edition
from engine.praga.moves import SCHEMA
from tests.engine.praga.helpers import random_options, set_turn

ED = edition("provisional-1")
ACTION_TYPES = {"mines", "quarries", "upgrade", "wall", "building", "road"}
TECH_IDS = sorted(rec["id"] for rec in ED.TECHNOLOGIES)
VIA_TECHS = ["T3-1", "T3-4", "T4-1", "T4-2", "T4-3", "T4-4"]


def canonical(move):
    m = {k: v for k, v in move.items() if v is not None}
    if m["type"] in ACTION_TYPES:
        m.setdefault("via", "main")
    if m["type"] == "refresh":
        m["slots"] = sorted(m["slots"])
    return repr(sorted(m.items()))


def candidates(state, seat):
    """Every move of the finite move space (moves.SCHEMA) worth trying in `state`."""
    turn = state["turn"]
    pl = state["players"][seat]
    side = state["options"]["action_side"]
    vias = ["main", "extra"] + [t["id"] for t in pl["techs"] if t["id"] in VIA_TECHS]
    bonuses = [None, "old", "new"]
    perf = [dict(via=v, bonus=b) for v in vias for b in bonuses]
    out = [{"type": "undo"}]
    out += [{"type": "take", "tile": t["id"]} for t in ED.ACTION_TILES[side]]
    out += [{"type": "wheel_bonus"}, {"type": "special_vp"}]
    for row in ROWS:
        out.append({"type": "refill", "row": row})
        for a, b in itertools.combinations(range(4), 2):
            for pay in ("gold", "stone"):
                out.append({"type": "refresh", "row": row, "slots": [a, b], "pay": pay})
    out += [{"type": "buy_extra", "pay": p} for p in ("gold", "mixed")]
    for t in ("mines", "quarries"):
        out += [dict(f, type=t, option=o) for f in perf for o in ("increase", "produce")]
    out += [dict(f, type="road") for f in perf]
    rows = state["rows"]
    for f in perf:
        for slot in range(4):
            if rows["upgrade"][slot] is not None:
                out += [dict(f, type="upgrade", slot=slot, rotation=r) for r in range(6)]
            if rows["wall"][slot] is not None:
                out += [dict(f, type="wall", slot=slot, position=list(p), rotation=r)
                        for p in wall_positions(ED) for r in range(6)]
            if rows["building"][slot] is not None:
                out += [dict(f, type="building", slot=slot, site=s["id"], rotation=r, cube=c)
                        for s in ED.CITY["sites"] for r in range(6) for c in (True, False)]
    out += [{"type": "climb", "structure": st} for st in ("hw", "ca")]
    out += [{"type": "seal", "seal": rec["id"]} for rec in ED.SEALS]
    for tid in TECH_IDS:
        out.append({"type": "use_tech", "tech": tid})
        out += [{"type": "use_tech", "tech": tid, "structure": st} for st in ("hw", "ca")]
        out += [{"type": "use_tech", "tech": tid, "plaza": p} for p in sorted(state["plazas"])]
        out += [{"type": "use_tech", "tech": tid, "track": a, "produce": b}
                for a in ("mines", "quarries") for b in ("mines", "quarries")]
    ids = [i["id"] for i in turn["pending"]] + [turn["next_id"]]
    for iid in ids:
        out += [{"type": "side", "item": iid}, {"type": "road_effect", "item": iid}, {"type": "retro", "item": iid}]
        out += [{"type": "arrow", "item": iid, "pay": p} for p in (True, False)]
        out += [{"type": "choose", "item": iid, "option": o} for o in range(3)]
        out += [{"type": "tech", "item": iid, "tech": t} for t in TECH_IDS]
        out += [{"type": "token", "item": iid, "token": rec["id"]} for rec in ED.PRODUCTION_TOKENS]
        out += [{"type": "bridge", "item": iid, "tile": rec["id"], "space": s}
                for rec in ED.BRIDGE_TILES for s in [None] + list(range(10))]
        out += [{"type": "cathedral_v", "item": iid, "tile": rec["id"]} for rec in ED.BRIDGE_TILES]
        out += [{"type": "plaza_reward", "item": iid, "choice": c} for c in (None, 0, 1)]
    out.append({"type": "end_turn"})
    out += [{"type": "end_turn", "keep": {"sw": a, "gw": b}} for a in range(4) for b in range(4)]
    assert {m["type"] for m in out} == set(SCHEMA) | {"undo"}
    return out


def accepted(state, seat, move):
    try:
        P.apply(state, seat, move)
    except IllegalMove:
        return False
    return True


def check_exact(state, fraction=1.0, rng=None):
    """`fraction` < 1 tries a seeded random part of the candidate space (CI budget)."""
    seat = state["active"]
    listed = P.legal_moves(state, seat)
    keys = [canonical(m) for m in listed]
    assert len(keys) == len(set(keys)), "duplicate legal moves"
    for m in listed:
        P.apply(state, seat, m)  # raises if a listed move is illegal
    listed_keys = set(keys)
    space = candidates(state, seat)
    if fraction < 1.0:
        limit = int(fraction * 1000)
        space = [m for m in space if rng.below(1000) < limit]
    missing = [m for m in space if canonical(m) not in listed_keys and accepted(state, seat, m)]
    assert not missing, "apply accepts unlisted moves: %r" % missing[:5]
    return listed


def sampled_states(players, seed, every, bot):
    state = P.new(random_options(seed, players), players, seed)
    rng = Rng.from_seed(seed)
    step = 0
    while P.to_act(state):
        seat = state["active"]
        if step % every == 0:
            yield state
        move = bot(state, seat, rng)
        state = P.apply(state, seat, move)
        step += 1


def _mixed(state, seat, rng):
    return greedy_move(state, seat, rng, sample=25) if rng.below(3) else random_move(state, seat, rng)


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 4), (3, 5), (4, 6)])
def test_legal_moves_exact_on_sampled_states(players, seed):
    n = 0
    rng = Rng.from_seed(seed)
    for state in sampled_states(players, seed, every=9, bot=_mixed):
        check_exact(state, fraction=0.1, rng=rng)
        n += 1
    assert n > 5


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(n, s) for s in range(20, 30) for n in (1, 2, 3, 4)])
def test_legal_moves_exact_many(players, seed):
    for state in sampled_states(players, seed, every=5, bot=_mixed):
        check_exact(state)


def test_wealth_bonus_from_upgrade_bonus_gives_the_cube():
    """The Building upgrade's 1 gold reaches 6 gold; the wealth bonus frees a cube that the
    building may claim in the same move (apply accepts it, so legal_moves lists it)."""
    state = P.new({}, 2, 1)
    seat = state["active"]
    s = clone(set_turn(state, actions=("BUILDING", "WALL")))
    pl = s["players"][seat]
    pl.update(gold=5, stone=5, cubes=0, wealth=[])
    pl["upgrades"]["BUILDING"] = [{"tile": "U1-08", "rot": 0, "n": False, "c": False}]
    slot = next(i for i in range(3) if ED.TILES[s["rows"]["building"][i]].get("cube_space"))
    moves = [m for m in P.legal_moves(s, seat) if m["type"] == "building" and m["slot"] == slot]
    with_cube = [m for m in moves if m["cube"]]
    assert with_cube
    after = P.apply(s, seat, with_cube[0])
    assert after["players"][seat]["cubes"] == 0 and "gold6" in after["players"][seat]["wealth"]
    check_exact(s)


def test_oq55_turn_cannot_end_when_only_the_bonus_pays_the_main_action():
    state = P.new({}, 2, 1)
    seat = state["active"]
    s = clone(set_turn(state, actions=("ROAD", "ROAD")))
    pl = s["players"][seat]
    pl.update(eggs=0, road=3)
    pl["upgrades"]["ROAD"] = [{"tile": "U1-10", "rot": 0, "n": False, "c": False}]  # centre 1 egg
    moves = P.legal_moves(s, seat)
    assert {"type": "road", "via": "main"} in moves
    assert not [m for m in moves if m["type"] == "end_turn"]
    assert P.apply(s, seat, {"type": "road", "via": "main"})["players"][seat]["road"] == 4
    check_exact(s)


def test_every_rotation_is_listed():
    state = P.new({}, 2, 2)
    s = set_turn(state, actions=("UPGRADE", "WALL"))
    moves = P.legal_moves(s, s["active"])
    for slot in range(3):
        assert {m["rotation"] for m in moves if m["type"] == "upgrade" and m["slot"] == slot} == set(range(6))
