"""The expert bot's fast paths compute exactly what the plain code computes (issue 15, session 11).

The search must choose the same moves as before at a fixed number of samples, so the evaluation's
fast parts (scoring.final_total, prospects.goal_values, expert_eval.evaluate) are compared with
the plain formulas on states of random games, to the last bit of the float; the bots' candidates
with the rotations merged by legal_moves with the plain list filtered; and the copy-on-write of one
value of a section (Ctx.ws / Ctx.wn) leaves the state it was given untouched.
"""

import pytest

import engine.praga as P
from engine.praga import prospects as prospects_mod
from engine.praga.bots import _remaining, biased_move, play
from engine.praga.common import Ctx, clone, edition
from engine.praga.expert_eval import WEIGHTS, evaluate
from engine.praga.moves import legal_moves, rotation_matters
from engine.praga.scoring import final_breakdown, final_total, seal_vp
from tests.engine.praga.helpers import random_options


def reference_seal_prospect(state, ed, seat, weights, turns):
    """prospects.seal_prospect as it was before the best seal's value was cached."""
    pl = state["players"][seat]
    unclaimed = max(0, pl["seal_rights"] - len(pl["seals"]))
    shares = weights["seal_claim"] * unclaimed
    for track in ("mines", "quarries"):
        data = ed.TRACKS[track]
        steps = data["seal_space"] - pl[track]
        if steps > 0:
            shares += prospects_mod.credit(pl[track] - data["start"], steps, turns, weights["track_reach"], 1.0)
    free = [seal for seal, owner in state["seals"].items() if owner is None]
    if not shares or not free:
        return 0.0
    held = weights["seal_held"]
    return shares * max(seal_vp(ed, [seal], held, held) for seal in free)


def reference_prospects(state, seat, weights, total):
    """prospects.prospects as it was: each goal by its own function, in a dict."""
    ed = edition(state["edition"])
    turns = prospects_mod.turns_left(state, seat)
    bridge_v, cathedral_v = prospects_mod.v_tile_value(state, ed, seat)
    pending = prospects_mod.pending_goals(state, ed, seat, weights)
    return {
        "road": prospects_mod.road_prospect(state, ed, seat, weights, turns, bridge_v) + pending["road"],
        "cathedral": prospects_mod.cathedral_prospect(state, ed, seat, weights, turns, cathedral_v)
        + pending["cathedral"],
        "seals": reference_seal_prospect(state, ed, seat, weights, turns),
        "extra": prospects_mod.extra_prospect(state, seat, turns, total),
    }


def reference_evaluate(state, seat, weights=WEIGHTS):
    """expert_eval.evaluate as it was (35735fd): the plain formula."""
    if state.get("phase") == "over":
        return state["result"]["scores"][seat]
    pl = state["players"][seat]
    share_left = _remaining(state)
    one_shot = sum(1 for tech in pl["techs"] if tech["level"] >= 3)
    plaza_cubes = sum(1 for building in state["city"].values() if building.get("owner") == seat and building.get("cube"))
    upgrades = sum(len(stack) for stack in pl["upgrades"].values())
    w = weights
    potential = (w["gold"] * min(pl["gold"], 9) + w["stone"] * min(pl["stone"], 9)
                 + w["windows"] * (pl["sw"] + pl["gw"]) + w["eggs"] * pl["eggs"]
                 + share_left * (w["cubes"] * pl["cubes"] + w["production"] * (pl["mines"] + pl["quarries"])
                                 + w["upgrades"] * upgrades)
                 + w["university"] * pl["uni"] + w["technology"] * pl["tech"] + w["walls"] * len(pl["walls"])
                 + w["techs_held"] * share_left * (len(pl["techs"]) - one_shot) + w["one_shot_techs"] * one_shot
                 + w["road"] * pl["road"] + w["plaza_cubes"] * plaza_cubes)
    total = final_breakdown(state, seat)["total"]
    goals = sum(w["prospect_" + goal] * value
                for goal, value in reference_prospects(state, seat, weights, total).items())
    return total + potential + goals


def game_states(players, seed, every=3):
    """Every `every`-th state of a biased random game (it reaches plazas, technologies, the bridge,
    V tiles and seals), the finished one included."""
    states = []
    state, _history = play(P.new(random_options(seed, players), players, seed), biased_move, seed,
                           on_step=lambda state, seat, move: states.append(state))
    return states[::every] + [state]


@pytest.fixture(scope="module")
def states():
    return [state for players, seed in ((1, 5), (1, 6), (2, 7), (3, 8), (4, 9)) for state in game_states(players, seed)]


def test_the_fast_evaluation_is_the_plain_formula_to_the_last_bit(states):
    compared = goals = 0
    for state in states:
        for seat in range(len(state["players"])):
            assert final_total(state, seat) == final_breakdown(state, seat)["total"]
            fast, plain = evaluate(state, seat), reference_evaluate(state, seat)
            assert repr(fast) == repr(plain), (state["turn_no"], seat)
            if state.get("phase") != "over":
                total = final_breakdown(state, seat)["total"]
                plain_goals = reference_prospects(state, seat, WEIGHTS, total)
                assert prospects_mod.prospects(state, seat, WEIGHTS) == plain_goals
                goals += any(plain_goals.values())
            compared += 1
    assert compared > 500 and goals > 100


def test_the_bots_candidates_with_merged_rotations_are_the_plain_list_filtered(states):
    merged_any = 0
    for state in states:
        for seat in P.to_act(state):
            ed = edition(state["edition"])
            everything = legal_moves(state, seat)
            plain = [m for m in everything
                     if not (m["type"] in ("building", "wall", "upgrade") and m["rotation"]
                             and not rotation_matters(ed.TILES[state["rows"][m["type"]][m["slot"]]]))]
            merged = legal_moves(state, seat, merge_rotations=True)
            assert merged == plain
            merged_any += len(merged) < len(everything)
    assert merged_any >= 5


def test_a_copy_of_one_value_of_a_section_leaves_the_given_state_untouched():
    state = P.new({}, 2, 3)
    seat = state["active"]
    state = P.apply(state, seat, next(m for m in P.legal_moves(state, seat) if m["type"] == "take"))
    before = clone(state)
    ctx = Ctx(state)
    ctx.ws("turn")["main"] = "WALL"
    ctx.wn("turn", "perf").setdefault("WALL", []).append("X")
    ctx.wn("rows", "wall")[0] = None
    assert state == before  # the given state is not written
    assert ctx.s["turn"]["main"] == "WALL" and ctx.s["turn"]["perf"]["WALL"] == ["X"]
    assert ctx.s["rows"]["wall"][0] is None
    assert ctx.s["turn"]["pending"] is state["turn"]["pending"]  # not copied until written
    turn = ctx.t()  # the whole turn now: every nested value a copy of its own
    turn["pending"].append({"kind": "x"})
    turn["refill"].append(["wall", 0])
    turn["tile_actions"].append("X")
    ctx.w("rows")["upgrade"][0] = None
    assert state == before
    assert turn["perf"]["WALL"] == ["X"] and ctx.s["rows"]["wall"][0] is None  # the copies made first stay
