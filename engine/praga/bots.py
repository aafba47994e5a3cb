"""Bots: random (uniform over legal moves) and greedy (one-turn lookahead)."""

from engine.core.rng import Rng
from engine.praga.moves import apply, legal_moves
from engine.praga.scoring import final_breakdown


def random_move(state, seat, rng):
    """Uniform over the legal moves (undo excluded so that games progress)."""
    moves = [m for m in legal_moves(state, seat) if m["type"] != "undo"]
    return moves[rng.below(len(moves))]


def _score(state, seat):
    """'If the game ended now' score plus a small value for resources still to be used."""
    pl = state["players"][seat]
    potential = (0.3 * (pl["gold"] + pl["stone"]) + 0.6 * (pl["sw"] + pl["gw"]) + 0.5 * pl["eggs"]
                 + 0.8 * pl["cubes"] + 1.0 * (pl["mines"] + pl["quarries"]) + 0.7 * pl["uni"]
                 + 1.5 * len(pl["techs"]) + 1.0 * pl["road"])
    return final_breakdown(state, seat)["total"] + potential


def greedy_move(state, seat, rng, sample=60):
    """Best move by the 'if the game ended now' score after it; ties and end turn last.

    Heuristics: never end the turn while another move improves the score; among
    equal moves prefer non-end-turn moves that resolve things (random tie-break).
    """
    moves = [m for m in legal_moves(state, seat) if m["type"] != "undo"]
    if len(moves) > sample:
        keep = [m for m in moves if m["type"] not in ("building", "wall", "upgrade")]
        big = [m for m in moves if m["type"] in ("building", "wall", "upgrade")]
        rng.shuffle(big)
        moves = keep + big[: max(sample - len(keep), 10)]
    base = _score(state, seat)
    best, best_value = None, None
    for m in moves:
        try:
            after = apply(state, seat, m)
        except Exception:
            continue
        value = _score(after, seat) - base
        if m["type"] == "end_turn":
            value -= 0.5
        elif m["type"] in ("refresh", "refill"):
            value -= 1.0
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
