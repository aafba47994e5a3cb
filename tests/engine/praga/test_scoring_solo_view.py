"""Final scoring (PRG-SCORE), Peter Parler (PRG-PARLER), options, views and hidden information."""

import json

import pytest

import engine.praga as P
from engine import registry
from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from engine.praga.bots import random_move
from engine.praga.common import clone
from engine.praga.scoring import final_breakdown, ranking, seal_vp
from tests.engine.praga.helpers import ED, do, edit_player, new_game, set_turn


def test_T08_PRG_SCORE_01_to_06_every_step():
    s = clone(new_game(2, 81))
    seat = 0
    s["plazas"]["PL01"] = {"tile": "P01", "side": "a", "scored": False}  # bottom 2VP
    s["plazas"]["PL02"] = {"tile": "P04", "side": "a", "scored": False}  # bottom 3VP
    s["city"]["PL01-E"] = {"tile": "B1-02", "rot": 0, "owner": seat, "cube": True, "spent": 3}
    s["city"]["PL01-W"] = {"tile": "B1-03", "rot": 0, "owner": seat, "cube": True, "spent": 3}
    s["city"]["PL02-E"] = {"tile": "B1-04", "rot": 0, "owner": seat, "cube": True, "spent": 4}
    walls = ["2,-2", "2,-1", "2,0", "1,1", "0,2"]
    s["players"][seat].update(
        vp=62, tech=7, uni=8, hw={"row": 4, "col": 3, "dead": []}, bm=3,
        ca={"row": 5, "col": 2, "dead": []}, rm=4,
        walls={k: {"tile": "W1-01", "rot": 0, "n": False, "c": False} for k in walls},
        v_tiles=["V-3"], seals=["SEAL-GOLD", "SEAL-6"], gold=4, stone=1, eggs=3)
    b = final_breakdown(s, seat)
    assert b["final"] == {"plazas": 5, "academics": 21, "hunger_wall": 14, "cathedral": 20, "walls": 10,
                          "abilities": 24, "eggs": 6}
    assert b["total"] == 162


def test_T08_PRG_SCORE_05_seal_conversion_is_optimal():
    assert seal_vp(ED, ["SEAL-PAIR", "SEAL-GOLD"], 5, 8) == 15
    assert seal_vp(ED, ["SEAL-PAIR", "SEAL-GOLD"], 8, 5) == 21
    assert seal_vp(ED, ["SEAL-STONE", "SEAL-4"], 3, 9) == 22


def test_PRG_SCORE_04_walls_and_PRG_SCORE_06_eggs_tables():
    s = clone(new_game(2, 82))
    pl = s["players"][0]
    for n, vp in [(2, 0), (3, 4), (5, 10), (6, 18), (9, 18)]:
        pl["walls"] = {"%d,0" % i: {"tile": "W1-01", "rot": 0, "n": False, "c": False} for i in range(n)}
        assert final_breakdown(s, 0)["final"]["walls"] == vp
    for eggs, vp in [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (7, 10)]:
        pl["eggs"] = eggs
        assert final_breakdown(s, 0)["final"]["eggs"] == vp


def test_PRG_SCORE_07_tie_goes_to_the_later_seat():
    s = new_game(3, 83)
    order = s["order"]
    totals = [50, 50, 50]
    assert ranking(s, totals)[0] == order[-1]
    totals[order[0]] = 51
    assert ranking(s, totals)[0] == order[0]


def test_PRG_SCORE_08_solo_has_no_winner_and_PRG_END_04_breakdown():
    s = new_game(1, 84, solo_mode="dummy")
    rng = Rng.from_seed(1)
    while P.to_act(s):
        s = P.apply(s, 0, random_move(s, 0, rng))
    out = P.outcome(s)
    assert out["winner"] is None and out["solo"] and len(out["breakdown"]) == 1
    assert set(out["breakdown"][0]["final"]) == {"plazas", "academics", "hunger_wall", "cathedral", "walls",
                                                 "abilities", "eggs"}


def parler_game(seed=91):
    s = new_game(1, seed, solo_mode="parler")
    return set_turn(s, main="MINES")


def test_T14_PRG_PARLER_05_07_building_and_pawn_move():
    s = parler_game()
    s["parler"]["deck"] = ["PP1"] + [c for c in s["parler"]["deck"] if c != "PP1"]
    s["parler"]["pawn"] = "PL03"
    slot = s["parler"]["cubes"]["building"]
    from tests.engine.praga.helpers import put_tile_in_row

    s = put_tile_in_row(s, "building", slot, "B1-01")
    after = do(s, {"type": "end_turn"})
    placed = [k for k, b in after["city"].items() if b["tile"] == "B1-01" and b["owner"] == "bot"]
    assert len(placed) == 1 and placed[0].startswith("PL03")
    assert after["city"][placed[0]]["owner"] == "bot" and after["city"][placed[0]]["cube"]
    assert after["parler"]["pawn"] == "PL09"
    assert after["parler"]["cubes"]["building"] == (slot + 1) % 4
    assert after["parler"]["last_card"] == "PP1" and after["active"] == 0


def test_T15_PRG_PARLER_08_09_production():
    s = parler_game()
    s["parler"]["deck"] = ["PP3"] + [c for c in s["parler"]["deck"] if c != "PP3"]
    s = edit_player(s, 0, mines=5, quarries=5)
    s["parler"]["quarries"] = 4
    river = len(s["river"])
    after = do(s, {"type": "end_turn"})
    p = after["parler"]
    assert (p["mines"], p["quarries"]) == (5, 5)
    assert len(after["river"]) == river - 1 and p["tokens"]["quarries"] is not None
    s = edit_player(s, 0, mines=6, quarries=4)
    after = do(s, {"type": "end_turn"})
    assert (after["parler"]["mines"], after["parler"]["quarries"]) == (5, 4)


def test_PRG_PARLER_10_seal_order():
    s = parler_game()
    s["parler"]["deck"] = ["PP5"] + [c for c in s["parler"]["deck"] if c != "PP5"]
    s["parler"]["mines"] = 8
    s["seals"]["SEAL-GOLD"] = 0
    after = do(s, {"type": "end_turn"})
    assert after["seals"]["SEAL-6"] == "bot"


def test_PRG_PARLER_12_view_shows_deck_composition_not_order():
    s = parler_game()
    v = P.view(s, 0)
    assert v["parler"]["deck"] == sorted(s["parler"]["deck"])


def test_options_labels_are_text_and_first_game_needs_side_A():
    for field in P.OPTIONS["fields"]:
        assert set(field["label"]) == {"msg", "args"}
    with pytest.raises(IllegalMove):
        P.new({"first_game": True, "action_side": "B"}, 2, 1)
    with pytest.raises(IllegalMove):
        P.new({"solo_mode": "parler"}, 5, 1)
    with pytest.raises(IllegalMove):
        P.new({"hunger_wall": "Z"}, 2, 1)
    assert registry.get("praga") is P
    s = P.new({}, 3, 1)
    assert s["edition"] == "provisional-1" and json.loads(json.dumps(s)) == s


def test_PRG_SETUP_determinism_same_seed_same_game():
    assert P.new({}, 4, 9) == P.new({}, 4, 9)
    assert P.new({}, 4, 9) != P.new({}, 4, 10)


def _secrets(state):
    ids = set()
    for stack in state["stacks"].values():
        ids.update(stack)
    for stack in state["tech_stacks"].values():
        ids.update(stack)
    ids.update(state["iv_stack"])
    ids.update(state["v_bridge"])
    ids.update(state["v_cathedral"])
    return ids


@pytest.mark.parametrize("players", [1, 2, 4])
def test_PRG_GEN_06_views_hide_stacks_rng_and_other_seats_draws(players):
    s = new_game(players, 95, solo_mode="parler") if players == 1 else new_game(players, 95)
    rng = Rng.from_seed(3)
    steps = 0
    while P.to_act(s) and steps < 400:
        secrets = _secrets(s)
        viewers = list(range(players)) + [None]
        for seat in viewers:
            v = P.view(s, seat)
            text = json.dumps(v)
            assert "undo" not in v and "rng" not in v
            assert str(s["rng"]) not in text
            leaked = {t for t in secrets if '"%s"' % t in text}
            turn = s["turn"]
            if turn and seat == turn["seat"]:  # the active seat sees its own drawn V tiles
                for item in turn["pending"]:
                    leaked -= {t for t in (item.get("drawn") or []) + (item.get("options") or [])
                               if isinstance(t, str)}
            assert not leaked, (seat, leaked)
            if turn and seat != turn["seat"]:
                for item in v["turn"]["pending"]:
                    assert not isinstance(item.get("drawn"), list)
        seat = next(iter(P.to_act(s)))
        s = P.apply(s, seat, random_move(s, seat, rng))
        steps += 1


def test_describe_gives_text():
    s = new_game(2, 1)
    for m in P.legal_moves(s, s["active"])[:10]:
        line = P.describe(m, s)
        assert set(line) == {"msg", "args"}


def test_bots_finish_games_and_greedy_beats_random_on_average():
    from engine.praga.bots import greedy_move, play

    greedy_total = random_total = 0
    for seed in (1, 2):
        s, _ = play(P.new({}, 2, seed), lambda st, seat, rng: (greedy_move if seat == st["order"][0]
                                                                  else random_move)(st, seat, rng), seed=seed)
        out = P.outcome(s)
        greedy_total += out["scores"][s["order"][0]]
        random_total += out["scores"][s["order"][1]]
    assert greedy_total > random_total


def test_undo_restores_the_exact_earlier_state_and_barriers():
    s = set_turn(new_game(2, 97), tile="AT3", actions=("UPGRADE", "ROAD"))
    s = edit_player(s, s["active"], gw=2)
    a = do(s, {"type": "buy_extra", "pay": "gold"})
    b = do(a, {"type": "upgrade", "via": "extra", "slot": 0, "rotation": 0})
    assert {"type": "undo"} in P.legal_moves(b, b["active"])
    assert json.dumps(do(b, {"type": "undo"}), sort_keys=True) == json.dumps(a, sort_keys=True)
    c = do(b, {"type": "refill", "row": "upgrade"})  # reveals a tile: barrier (PRG-GEN-07)
    assert c["undo"] is None and {"type": "undo"} not in P.legal_moves(c, c["active"])
    with pytest.raises(IllegalMove):
        do(c, {"type": "undo"})
    d = do(c, {"type": "road"})
    e = complete_turn_end(d)
    assert e["undo"] is None  # the end of the turn is a barrier


def complete_turn_end(s):
    from tests.engine.praga.helpers import complete_turn

    return complete_turn(s)


def test_PRG_GEN_06_every_state_key_is_classified_for_views():
    """A new top-level state key must be declared public, secret, counted or filtered."""
    from engine.praga import apply, legal_moves, new, to_act
    import importlib

    view_module = importlib.import_module("engine.praga.view")

    known = view_module.PUBLIC | view_module.SECRET | view_module.SHOWN_AS_COUNTS | view_module.FILTERED
    for players, options in ((1, {"solo_mode": "parler"}), (3, {})):
        state = new(options, players, 11)
        for _ in range(40):
            assert set(state) <= known, set(state) - known
            seat = min(to_act(state))
            state = apply(state, seat, legal_moves(state, seat)[-1])
