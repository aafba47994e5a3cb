"""Knights (CK-KNIGHT-01..16): build, activate, promote, move, displace with retreat (D-06),
chase the robber."""

import pytest

from engine.core.errors import IllegalMove
from engine.catan_ck import apply, legal_moves, default_move, to_act
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import clone
from engine.catan_ck.knights import reachable
from tests.engine.catan_ck.helpers import CHAIN_PATHS, V, empty_board, give, put, roll


def _chain(**options):
    state = empty_board(seed=9, **options)
    a, b = state["order"][:2]
    put(state, a, "settlement", V[0])
    for path in CHAIN_PATHS:
        put(state, a, "road", path)
    return state, a, b


def _next_turn_of(state, seat):
    """End turns (by the defaults) until it is `seat`'s action phase."""
    state = apply(state, state["active"], {"type": "end_turn"})
    while not (state["active"] == seat and state["turn"]["stage"] == "action"):
        mover = min(to_act(state))
        move = default_move(state, mover)
        if move["type"] == "roll":
            state = roll(state, 2, 2, "trade")
        else:
            state = apply(state, mover, move)
    return state


def test_CK_KNIGHT_02_build_a_basic_knight_inactive_on_an_own_road():
    state, a, b = _chain()
    give(state, a, wool=1, ore=1)
    with pytest.raises(IllegalMove, match="on one of your roads"):
        apply(state, a, {"type": "build_knight", "intersection": "0,1;1,0;1,1"})
    after = apply(state, a, {"type": "build_knight", "intersection": V[3]})
    assert after["knights"][V[3]] == {"owner": a, "strength": 1, "active": False, "ready": False, "promoted": False}
    assert after["players"][a]["supply"]["knights"]["1"] == 1 and after["players"][a]["hand"]["ore"] == 0
    with pytest.raises(IllegalMove, match="not empty"):
        apply(give(after, a, wool=1, ore=1), a, {"type": "build_knight", "intersection": V[3]})


def test_TEST_32_CK_KNIGHT_03_05_06_08_only_knights_ready_since_the_turn_began_act_once():
    state, a, b = _chain()
    put(state, a, "knight", V[2], active=True)       # K2, active since the turn began
    give(state, a, wool=1, ore=1, grain=3)
    state = apply(state, a, {"type": "build_knight", "intersection": V[5]})
    state = apply(state, a, {"type": "activate_knight", "intersection": V[5]})  # K1
    with pytest.raises(IllegalMove, match="active since the start"):
        apply(state, a, {"type": "move_knight", "knight": V[5], "intersection": V[6]})
    state = apply(state, a, {"type": "move_knight", "knight": V[2], "intersection": V[1]})
    assert not state["knights"][V[1]]["active"]
    state = apply(state, a, {"type": "activate_knight", "intersection": V[1]})
    with pytest.raises(IllegalMove, match="active since the start"):
        apply(state, a, {"type": "move_knight", "knight": V[1], "intersection": V[2]})
    later = _next_turn_of(state, a)
    assert later["knights"][V[1]]["ready"] and later["knights"][V[5]]["ready"]


def test_TEST_33_CK_KNIGHT_05_14_an_attack_deactivates_and_reactivation_is_not_ready():
    state, a, b = _chain()
    state["turn"]["stage"] = "roll"
    put(state, a, "knight", V[2], active=True)
    state["knights"][V[2]]["ready"] = True
    state["barbarians"]["position"] = 6
    state = roll(state, 2, 3, "ship")
    assert state["turn"]["attack"]["catan_wins"] and state["turn"]["attack"]["defender"] == a
    assert not state["knights"][V[2]]["active"]
    give(state, a, grain=1)
    state = apply(state, a, {"type": "activate_knight", "intersection": V[2]})
    with pytest.raises(IllegalMove, match="active since the start"):
        apply(state, a, {"type": "move_knight", "knight": V[2], "intersection": V[1]})


def test_TEST_34_CK_KNIGHT_09_displace_and_the_owner_chooses_the_retreat():
    state, a, b = _chain()
    put(state, a, "knight", V[1], strength=2, active=True)
    state["knights"][V[1]]["ready"] = True
    put(state, b, "knight", V[4], active=True)
    for path in ["-1,0;0,0", "-1,1;0,0"]:  # b's roads from v4: two free spots
        put(state, b, "road", path)
    after = apply(state, a, {"type": "displace_knight", "knight": V[1], "intersection": V[4]})
    assert after["knights"][V[4]]["owner"] == a and not after["knights"][V[4]]["active"]
    (decision,) = after["decisions"]
    assert decision["kind"] == "retreat_knight" and decision["seat"] == b and to_act(after) == {b}
    assert len(decision["spots"]) == 2
    spot = decision["spots"][1]
    moved = apply(after, b, {"type": "retreat_knight", "decision": decision["id"], "intersection": spot})
    assert moved["knights"][spot]["owner"] == b and moved["knights"][spot]["active"]  # keeps its state
    assert to_act(moved) == {a}
    nearest = apply(after, b, default_move(after, b))
    assert decision["spots"][0] in nearest["knights"]
    # without free spot the knight returns to the supply
    alone = clone(state)
    for path in ["-1,0;0,0", "-1,1;0,0"]:
        del alone["roads"][path]
    lost = apply(alone, a, {"type": "displace_knight", "knight": V[1], "intersection": V[4]})
    assert lost["decisions"] == [] and lost["players"][b]["supply"]["knights"]["1"] == 2
    # equal strength: refused
    equal = clone(state)
    equal["knights"][V[4]]["strength"] = 2
    with pytest.raises(IllegalMove, match="weaker"):
        apply(equal, a, {"type": "displace_knight", "knight": V[1], "intersection": V[4]})


def test_TEST_35_CK_KNIGHT_07_knights_do_not_pass_opponent_pieces_unless_the_option():
    state, a, b = _chain()
    put(state, a, "knight", V[1], active=True)
    state["knights"][V[1]]["ready"] = True
    put(state, b, "settlement", V[4])
    assert V[4] in reachable(state, a, V[1]) and V[6] not in reachable(state, a, V[1])
    with pytest.raises(IllegalMove, match="along your roads"):
        apply(state, a, {"type": "move_knight", "knight": V[1], "intersection": V[6]})
    state["options"]["knight_path_through_opponents"] = True
    assert apply(state, a, {"type": "move_knight", "knight": V[1], "intersection": V[6]})["knights"][V[6]]["owner"] == a


def test_TEST_36_CK_KNIGHT_04_promotions():
    state, a, b = _chain()
    put(state, a, "knight", V[2], strength=2)
    give(state, a, wool=5, ore=5)
    with pytest.raises(IllegalMove, match="politics level 3"):
        apply(state, a, {"type": "promote_knight", "intersection": V[2]})
    state["players"][a]["levels"]["politics"] = 3
    mighty = apply(state, a, {"type": "promote_knight", "intersection": V[2]})
    assert mighty["knights"][V[2]]["strength"] == 3 and mighty["players"][a]["supply"]["knights"] == {"1": 2, "2": 2, "3": 1}
    fresh = apply(state, a, {"type": "build_knight", "intersection": V[4]})
    fresh = apply(fresh, a, {"type": "promote_knight", "intersection": V[4]})
    with pytest.raises(IllegalMove, match="already promoted"):
        apply(fresh, a, {"type": "promote_knight", "intersection": V[4]})
    unlimited = dict(fresh, options=dict(fresh["options"], knight_promotions_per_turn="unlimited"))
    assert apply(unlimited, a, {"type": "promote_knight", "intersection": V[4]})["knights"][V[4]]["strength"] == 3
    put(state, a, "knight", V[5], strength=2)  # both strong pieces on the board now
    put(state, a, "knight", V[6], strength=1)
    with pytest.raises(IllegalMove, match="no stronger knight"):
        apply(state, a, {"type": "promote_knight", "intersection": V[6]})


def test_CK_KNIGHT_10_chase_the_robber_only_after_the_first_attack():
    state, a, b = _chain()
    robber_hex = state["robber"]
    corner = GEOMETRY.hex_corners[robber_hex][0]
    put(state, a, "knight", corner, active=True)
    state["knights"][corner]["ready"] = True
    target = next(h for h in GEOMETRY.land_names if h != robber_hex)
    with pytest.raises(IllegalMove, match="first barbarian attack"):
        apply(state, a, {"type": "chase_robber", "knight": corner, "hex": target, "victim": None})
    assert not any(m["type"] == "chase_robber" for m in legal_moves(state, a))
    state["barbarians"]["attacks"] = 1
    moves = [m for m in legal_moves(state, a) if m["type"] == "chase_robber"]
    assert moves and all(m["knight"] == corner for m in moves)
    after = apply(state, a, {"type": "chase_robber", "knight": corner, "hex": target, "victim": None})
    assert after["robber"] == target and not after["knights"][corner]["active"]


def test_CK_KNIGHT_11_TEST_01_a_built_knight_cuts_an_opponent_road():
    state, a, b = _chain()
    state["longest_road"] = {"holder": a, "lengths": [0] * 4}
    state["longest_road"]["lengths"][a] = 7
    put(state, b, "road", "-1,-1;0,-1")
    give(state, b, wool=1, ore=1)
    state["active"] = b
    after = apply(state, b, {"type": "build_knight", "intersection": V[3]})
    assert after["longest_road"]["lengths"][a] == 4 and after["longest_road"]["holder"] is None
    assert after["undo"] is None


def test_CK_KNIGHT_15_knight_errant_one_chase_before_the_roll():
    state, a, b = _chain()
    state["turn"]["stage"] = "roll"
    state["barbarians"]["attacks"] = 1
    corners = GEOMETRY.hex_corners[state["robber"]]
    put(state, a, "knight", corners[0], active=True)
    put(state, a, "knight", corners[3], active=True)
    for x in (corners[0], corners[3]):
        state["knights"][x]["ready"] = True
    target = next(h for h in GEOMETRY.land_names if h != state["robber"])
    with pytest.raises(IllegalMove, match="Roll the dice first"):
        apply(state, a, {"type": "chase_robber", "knight": corners[0], "hex": target, "victim": None})
    errant = dict(state, options=dict(state["options"], knight_errant=True))
    assert any(m["type"] == "chase_robber" for m in legal_moves(errant, a))
    after = apply(errant, a, {"type": "chase_robber", "knight": corners[0], "hex": target, "victim": None})
    assert after["robber"] == target and after["turn"]["stage"] == "roll"
    back = next(h for h in GEOMETRY.land_names if h not in (target,))
    with pytest.raises(IllegalMove, match="Only one knight"):
        apply(after, a, {"type": "chase_robber", "knight": corners[3], "hex": back, "victim": None})
    assert legal_moves(after, a)[0] == {"type": "roll"}


def test_CAT_ROBBER_04_a_chasing_knight_moves_the_robber_and_steals_like_the_robber():
    state, a, b = _chain()
    state["barbarians"]["attacks"] = 1
    corner = GEOMETRY.hex_corners[state["robber"]][0]
    put(state, a, "knight", corner, active=True)
    state["knights"][corner]["ready"] = True
    target = next(h for h in GEOMETRY.land_names if h != state["robber"]
                  and all(state["buildings"].get(x, {}).get("owner") != a for x in GEOMETRY.hex_corners[h]))
    put(state, b, "settlement", GEOMETRY.hex_corners[target][2])
    give(state, b, coin=1)
    with pytest.raises(IllegalMove, match="move to another hex"):
        apply(state, a, {"type": "chase_robber", "knight": corner, "hex": state["robber"], "victim": None})
    elsewhere = next(h for h in GEOMETRY.land_names if h not in (state["robber"], target)
                     and all(state["buildings"].get(x, {}).get("owner") != b for x in GEOMETRY.hex_corners[h]))
    with pytest.raises(IllegalMove, match="Choose whom to rob|Nobody at that hex"):  # the victim must be at the hex
        apply(state, a, {"type": "chase_robber", "knight": corner, "hex": elsewhere, "victim": b})
    after = apply(state, a, {"type": "chase_robber", "knight": corner, "hex": target, "victim": b})
    assert after["robber"] == target and after["players"][a]["hand"]["coin"] == 1
    assert after["players"][b]["hand"]["coin"] == 0


def test_CK_KNIGHT_13_a_player_cannot_remove_or_deactivate_their_own_knight():
    state, a, b = _chain()
    put(state, a, "knight", V[2], active=True)
    state["knights"][V[2]]["ready"] = True
    kinds = {m["type"] for m in legal_moves(state, a)}
    assert not {k for k in kinds if "remove" in k or "deactivate" in k or "desert" in k}
    for move in ({"type": "remove_knight", "intersection": V[2]}, {"type": "deactivate_knight", "intersection": V[2]}):
        with pytest.raises(IllegalMove, match="Unknown move type"):
            apply(state, a, move)
    assert state["knights"][V[2]]["active"] and state["players"][a]["supply"]["knights"]["1"] == 1


def test_CK_TURN_07_end_of_turn_ends_the_turns_effects_and_starts_the_next_seat():
    state, a, b = _chain()
    give(state, a, wool=2)
    state = apply(state, a, {"type": "offer_trade", "give": {"wool": 1}, "want": {"brick": 1}})
    state["turn"]["fleet"] = ["brick"]
    number = state["turn"]["number"]
    after = apply(state, a, {"type": "end_turn"})
    assert after["active"] == state["order"][(state["order"].index(a) + 1) % 4] == b
    assert after["turn"]["number"] == number + 1 and after["turn"]["stage"] == "roll"
    assert "fleet" not in after["turn"] and not [o for o in after["offers"] if o["kind"] == "turn"]
    state["players"][a]["progress"] = ["spy-1", "spy-2", "spy-3", "bishop-1", "bishop-2"]
    with pytest.raises(IllegalMove, match="Discard down to 4"):  # CK-PROGRESS-05 before it takes effect
        apply(state, a, {"type": "end_turn"})
