"""Bots: random (uniform over legal moves) and greedy (one-turn lookahead).

Each bot decides on a determinized state (engine.core.determinize.decides_on_determinized):
what its seat may not see is dealt at random, so it plays fair.
"""

from engine.core.determinize import decides_on_determinized
from engine.core.rng import Rng
from engine.praga.determinize import determinize
from engine.praga.common import edition
from engine.praga.moves import apply, legal_moves
from engine.praga.scoring import final_breakdown
from engine.praga.turn import total_turns


@decides_on_determinized(determinize)
def random_move(state, seat, rng):
    """Uniform over the legal moves (undo excluded so that games progress)."""
    moves = [m for m in legal_moves(state, seat) if m["type"] != "undo"]
    return moves[rng.below(len(moves))]


def _remaining(state):
    """Share of the game still to come (1 at the start, 0 at the end)."""
    total = total_turns(state, edition(state["edition"]))
    return max(0.0, 1.0 - state["turn_no"] / float(total))


def _score(state, seat):
    """'If the game ended now' score plus a value for what can still be turned into points.

    Production, cubes, technology steps and held technologies are worth more early
    (`f` = share of the game still to come); gold and stone pay for buildings and walls;
    a cube on an unscored plaza competes for its top rewards.
    """
    pl = state["players"][seat]
    if state.get("phase") == "over":
        return state["result"]["scores"][seat]
    f = _remaining(state)
    one_shot = sum(1 for t in pl["techs"] if t["level"] >= 3)
    plaza_cubes = 0
    for b in state["city"].values():
        if b.get("owner") == seat and b.get("cube"):
            plaza_cubes += 1
    upgrades = sum(len(stack) for stack in pl["upgrades"].values())
    potential = (0.45 * min(pl["gold"], 9) + 0.45 * min(pl["stone"], 9) + 0.7 * (pl["sw"] + pl["gw"])
                 + 0.4 * pl["eggs"] + f * (1.0 * pl["cubes"] + 2.5 * (pl["mines"] + pl["quarries"])
                                            + 3.0 * upgrades)
                 + 1.2 * pl["uni"] + 1.5 * pl["tech"] + 2.5 * len(pl["walls"])
                 + 2.0 * f * (len(pl["techs"]) - one_shot) + 3.0 * one_shot + 1.5 * pl["road"]
                 + 2.0 * plaza_cubes)
    return final_breakdown(state, seat)["total"] + potential


def _candidates(state, seat, rng, sample):
    """The legal moves worth trying: undo dropped, rules-equivalent rotations merged, and big
    tile-placement families sampled down to `sample` moves in all.

    legal_moves merges the rotations itself (`merge_rotations`: a tile whose rotation does not
    matter comes with rotation 0 only, as this filter kept it), without making the other five."""
    keep, big = [], []
    for m in legal_moves(state, seat, merge_rotations=True):
        t = m["type"]
        if t == "undo":
            continue
        if t in ("building", "wall", "upgrade"):
            big.append(m)
        else:
            keep.append(m)
    if len(keep) + len(big) > sample:
        rng.shuffle(big)
        big = big[: max(sample - len(keep), 12)]
    return keep + big


def _value(state, seat, move, base):
    try:
        after = apply(state, seat, move)
    except Exception:
        return None, None
    value = _score(after, seat) - base
    if move["type"] == "end_turn":
        value -= 0.5
    elif move["type"] == "refill":
        value -= 1.0
    elif move["type"] == "refresh":
        value -= 3.0
    return value, after


@decides_on_determinized(determinize)
def greedy_move(state, seat, rng, sample=100):
    """Best move by the 'if the game ended now' score after it (plus potential, `_score`).

    Taking an action tile (buying the extra action) is valued by the best main (extra)
    action that follows it (two-step lookahead over the sampled actions), so the tile is
    chosen for what it allows.
    The turn ends only when no other move improves the score; random tie-break.
    """
    moves = _candidates(state, seat, rng, sample)
    base = _score(state, seat)
    best, best_value = None, None
    for m in moves:
        value, after = _value(state, seat, m, base)
        if value is None:
            continue
        ahead = {"take": "main", "buy_extra": "extra"}.get(m["type"])
        if ahead and after["active"] == seat:
            wb = after["turn"].get("wheel_bonus")
            if wb and not wb["used"] and wb["kind"] == "gain":  # a free gain: it will be used anyway
                after = apply(after, seat, {"type": "wheel_bonus"})
            follow = [a for a in _candidates(after, seat, rng, sample // 2) if a.get("via") == ahead]
            best_follow = None
            for a in follow:
                v, _after = _value(after, seat, a, base)  # noqa: F841
                if v is not None and (best_follow is None or v > best_follow):
                    best_follow = v
            if best_follow is not None:
                value = max(value, best_follow)
        value += rng.below(1000) / 100000.0
        if best_value is None or value > best_value:
            best, best_value = m, value
    return best


def play(state, chooser, seed=0, max_steps=20000, on_step=None):
    """Play a game to the end with `chooser(state, seat, rng)`; returns (final state, moves)."""
    from engine.praga.moves import to_act

    rng = Rng.from_seed(seed)
    history = []
    for _ in range(max_steps):
        seats = to_act(state)
        if not seats:
            return state, history
        seat = min(seats)
        move = chooser(state, seat, rng)
        if on_step:
            on_step(state, seat, move)
        state = apply(state, seat, move)
        history.append([seat, move])
    raise RuntimeError("game did not finish")


# Weights of the biased random bot: it prefers moves that build, climb and use
# technologies, so that random games reach the rarer rules (plazas scored, level III/IV
# technologies, the bridge, the Cathedral's V tiles, seals).
BIASED_WEIGHTS = {
    "building": 12, "wall": 3, "upgrade": 3, "road": 10, "mines": 3, "quarries": 3, "climb": 30, "seal": 30,
    "use_tech": 30, "buy_extra": 20, "wheel_bonus": 10, "special_vp": 2, "refresh": 0.3, "refill": 0.3,
    "end_turn": 0.5, "arrow": 5, "road_effect": 5, "retro": 5,
}


def _progress(state, seat):
    pl = state["players"][seat]
    return (4 * pl["tech"] + 3 * pl["ca"]["row"] + 2 * pl["hw"]["row"] + pl["uni"] + 0.2 * pl["vp"]
            + 3 * len(pl["techs"]) + 3 * len(pl["used_techs"]) + 2 * len(pl["v_tiles"]))


@decides_on_determinized(determinize)
def biased_move(state, seat, rng, weights=None, progress=0):
    """Random over the legal moves, weighted by move type (BIASED_WEIGHTS; default 1).

    With `progress` > 0, up to that many moves of the chosen type are tried and the one
    advancing most on the technology track, the structures and the University is kept.
    """
    weights = BIASED_WEIGHTS if weights is None else weights
    moves = [m for m in legal_moves(state, seat) if m["type"] != "undo"]
    # one weight per move type, shared by all moves of that type
    by_type = {}
    for m in moves:
        by_type.setdefault(m["type"], []).append(m)
    types = sorted(by_type)
    total = sum(weights.get(t, 1) for t in types)
    x = rng.below(1 << 30) / float(1 << 30) * total
    chosen = types[-1]
    for t in types:
        x -= weights.get(t, 1)
        if x < 0:
            chosen = t
            break
    group = by_type[chosen]
    if chosen == "building":  # fill the fullest plaza first, so that plazas get scored
        group = _fullest_plaza(state, group)
    elif chosen == "climb":  # the Cathedral first, towards its V tiles
        group = [m for m in group if m["structure"] == "ca"] or group
    elif chosen == "arrow":
        group = [m for m in group if m["pay"]] or group
    if progress and len(group) > 1:
        sample = [group[rng.below(len(group))] for _ in range(progress)]
        best, value = None, None
        for m in sample:
            v = _progress(apply(state, seat, m), seat) + rng.below(100) / 1000.0
            if value is None or v > value:
                best, value = m, v
        return best
    return group[rng.below(len(group))]


def _fullest_plaza(state, moves):
    from engine.praga.city import city, free_sites
    from engine.praga.common import edition

    ed = edition(state["edition"])
    sites = city(ed)["sites"]
    free = {}
    for m in moves:
        pid = sites[m["site"]]["plaza"]
        if pid not in free:
            free[pid] = len(free_sites(state, ed, pid))
    best = min(free.values())
    return [m for m in moves if free[sites[m["site"]]["plaza"]] == best]


def _expert_move(state, seat, rng):
    from engine.praga.expert_bot import expert_move

    return expert_move(state, seat, rng)


# The bots the site may seat, by name: the game's `seat_bot` option names one for a timed-out
# seat (games/clocks.choose_bot_move), a host any as an opponent (games/seat_bots.py).
BOTS = {"random": random_move, "greedy": greedy_move, "expert": _expert_move}
