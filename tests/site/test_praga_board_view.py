"""The Praga board view-model: pure functions from the engine's view to drawing data."""

import pytest

from engine import praga
from engine.praga.data import edition
from games.boards import geometry
from games.boards.praga import flow as praga_flow, icons as praga_icons
from games.boards.praga.board import build
from games.boards.praga.tiles import hex_tile

ED = "provisional-1"
NAMES = {0: "alice", 1: "bob"}


@pytest.fixture
def state():
    return praga.new({}, 2, 7)


def board(state, seat=None):
    seat = state["active"] if seat is None else seat
    moves = praga.legal_moves(state, seat)
    return build(praga.view(state, seat), moves, NAMES, seat)


def test_corners_and_edges_follow_the_spec_numbering():
    x, y = geometry.corner(0, 10)
    assert abs(x) < 1e-9 and y == pytest.approx(-10)  # corner 0 is the top vertex
    x, y = geometry.edge_mid(1, 10)
    assert x > 0 and abs(y) < 1e-9  # edge 1 is the right edge


def test_a_rotation_moves_corner_features_clockwise():
    ed = edition(ED)
    tid = next(t for t, rec in ed.TILES.items() if rec["type"] == "wall" and rec["red_corners"])
    corner = ed.TILES[tid]["red_corners"][0]
    for rot in range(6):
        red = hex_tile(ED, tid, rot)["red"][0]
        x, y = geometry.corner((corner + rot) % 6, 32)
        assert (red["x"], red["y"]) == (round(x, 1), round(y, 1))


def test_icon_rows_are_centred_and_choices_separated():
    row = praga_icons.row([{"choice": [["2G"], ["2S"]]}], size=10)
    assert [i.get("sep") for i in row["items"]].count("/") == 1
    lefts = [i["x"] - i["w"] / 2 if "num" in i else i["x"] for i in row["items"] if "sep" not in i]
    assert min(lefts) == pytest.approx(-row["width"] / 2, abs=0.1)


def test_reward_words():
    assert praga_icons.words(["2G", "1VP"]) == "2 gold, 1 VP"
    assert praga_icons.words([{"choice": [["2G"], ["2S"]]}]) == "2 gold or 2 stone"


def test_every_site_and_plaza_of_the_data_is_drawn(state):
    pb = board(state)
    ed = edition(ED)
    assert len(pb["city"]["sites"]) == len(ed.CITY["sites"])
    assert {p["id"] for p in pb["city"]["plazas"]} == {p["id"] for p in ed.CITY["plazas"]}
    in_play = {p["id"] for p in pb["city"]["plazas"] if p["in_play"]}
    assert in_play == set(state["plaza_order"])
    prefilled = [s for s in pb["city"]["sites"] if s["tile"]]
    assert len(prefilled) == len(state["city"])


def test_the_wheel_shows_six_tiles_and_the_blocked_notch(state):
    pb = board(state)
    notches = pb["wheel"]["notches"]
    assert len(notches) == 12
    assert sum(1 for n in notches if n["tile"]) == 6
    blocked = [n for n in notches if n["blocked"]]
    assert len(blocked) == 1 and blocked[0]["tile"] is None
    assert blocked[0]["pos"] == state["wheel"]["offset"]


def test_the_zones_come_from_the_data(state):
    pb = board(state)
    ed = edition(ED)
    assert [p["zone"] for p in pb["wheel"]["positions"]] == [r["zone"] for r in ed.WHEEL["positions"]]


def test_the_rows_show_the_display(state):
    pb = board(state)
    for row in pb["rows"]["rows"]:
        assert [s["tile"]["id"] if s["tile"] else None for s in row["slots"]] == state["rows"][row["row"]]


def test_every_legal_move_has_keys_and_the_flow_only_for_the_player_to_act(state):
    seat = state["active"]
    pb = board(state, seat)
    assert len(pb["flow"]["moves"]) == len(praga.legal_moves(state, seat))
    assert board(state, 1 - seat)["flow"] is None


def test_the_keys_of_different_moves_differ():
    state = praga.new({}, 2, 11)
    seat = state["active"]
    state = praga.apply(state, seat, next(m for m in praga.legal_moves(state, seat) if m["type"] == "take"))
    moves = praga.legal_moves(state, seat)
    keys = [tuple(sorted(praga_flow.steps(m)[praga_flow.optional_lead(m):])) for m in moves]
    assert len(keys) == len(set(keys))


def test_button_keys_have_labels():
    state = praga.new({}, 2, 5)
    seat = state["active"]
    state = praga.apply(state, seat, next(m for m in praga.legal_moves(state, seat) if m["type"] == "take"))
    pb = board(state, seat)
    for entry in pb["flow"]["moves"]:
        for key in entry["s"]:
            if key.split(":")[0] in praga_flow.BUTTONS:
                assert pb["flow"]["labels"][key]


def test_reasons_explain_what_cannot_be_chosen():
    state = praga.new({}, 2, 5)
    seat = state["active"]
    reasons = praga_flow.reasons_for(state, seat, praga.legal_moves(state, seat))
    assert "btn:end_turn" in reasons
    assert all(isinstance(text, str) and text for text in reasons.values())


def test_a_game_played_to_the_end_builds_at_every_step():
    from engine.core.rng import Rng
    from engine.praga import bots

    state = praga.new({}, 2, 3)
    rng = Rng.from_seed(3)
    steps = 0
    while praga.to_act(state):
        seat = min(praga.to_act(state))
        if steps % 7 == 0:
            board(state, seat)
        state = praga.apply(state, seat, bots.random_move(state, seat, rng))
        steps += 1
    pb = build(praga.view(state, 0), [], NAMES, 0)
    assert pb["over"] and pb["final"]["rows"]


def test_provisional_values_are_listed():
    pb = board(praga.new({}, 2, 1))
    assert pb["provisional"]["count"] > 0


def _page(state, seat):
    from django.template.loader import render_to_string

    moves = praga.legal_moves(state, seat)
    pb = build(praga.view(state, seat), moves, NAMES, seat, html=True)
    pb.update(game_id=1, version=0, replay=False)
    return moves, render_to_string("games/boards/praga.html", {"pb": pb})


@pytest.mark.parametrize("players,options,seed", [(2, {}, 21), (3, {"action_side": "B"}, 22), (1, {"solo_mode": "parler"}, 23)])
def test_every_click_of_every_legal_move_is_on_the_page(players, options, seed):
    """Each key is a prompt button (with a label) or a piece drawn with that data-k."""
    from engine.core.rng import Rng
    from engine.praga import bots

    state = praga.new(options, players, seed)
    rng = Rng.from_seed(seed)
    step = 0
    while praga.to_act(state):
        seat = min(praga.to_act(state))
        if step % 5 == 0 or state["turn"]["pending"]:
            moves, html = _page(state, seat)
            for move in moves:
                for key in praga_flow.steps(move):
                    if key.split(":")[0] in praga_flow.BUTTONS or key.startswith(("rot:", "plank:none")):
                        continue
                    assert ('data-k="%s"' % key in html or 'data-k="%s ' % key in html
                            or ' %s"' % key in html), (key, move)
        state = praga.apply(state, seat, bots.random_move(state, seat, rng))
        step += 1


def test_the_log_highlights_the_exact_hex_of_an_upgrade_and_the_chosen_pieces():
    from games.boards.praga.log import targets

    ed = edition(ED)
    tile = next(t for t, rec in ed.TILES.items() if rec["type"] == "upgrade")
    text = {"msg": "{line} ({changes})", "args": {"line": {"msg": "x", "args": {"tile": tile, "player": 0}}}}
    keys = targets(1, {"type": "upgrade", "slot": 0, "rotation": 0}, text, ED)
    assert "p1:act:%s" % ed.TILES[tile]["action"] in keys
    assert "p1:board" not in keys
    assert "p0:tech:T1-5" in targets(0, {"type": "tech", "item": 1, "tech": "T1-5"})
    assert "p0:vtile:V-1" in targets(0, {"type": "cathedral_v", "item": 1, "tile": "V-1"})


def test_reasons_cover_sites_a_chosen_building_tile_may_not_use():
    import random

    state = praga.new({}, 2, 11)
    rng = random.Random(3)
    for _ in range(300):
        seat = sorted(praga.to_act(state))[0]
        legal = praga.legal_moves(state, seat)
        if any(m["type"] == "building" for m in legal):
            break
        state = praga.apply(state, seat, rng.choice([m for m in legal if m["type"] != "undo"]))
    reasons = praga_flow.reasons_for(state, seat, legal)
    site_reasons = {k: v for k, v in reasons.items() if " site:" in k}
    assert site_reasons and all(v for v in site_reasons.values())
    legal_pairs = {("row:building:%d" % m["slot"], "site:" + m["site"]) for m in legal if m["type"] == "building"}
    assert not legal_pairs & {tuple(k.split(" ")) for k in site_reasons}


def test_the_plaza_technology_is_chosen_on_the_board_and_other_plazas_say_why_not(state):
    from engine.praga.moves import legal_moves

    seat = state["active"]
    state = dict(state, players=[dict(p) for p in state["players"]])
    state["players"][seat]["techs"] = list(state["players"][seat]["techs"]) + [{"id": "T4-5"}]
    moves = [m for m in legal_moves(state, seat) if m.get("tech") == "T4-5"]
    if not moves:
        pytest.skip("T4-5 is not usable in this position")
    keys = praga_flow.steps(moves[0])
    assert keys[0] == "usetech:T4-5" and keys[1].startswith("plazahex:")
    pb = build(praga.view(state, seat), legal_moves(state, seat), NAMES, seat)
    assert all(not k.startswith("plaza:") for k in pb["flow"]["labels"])
    reasons = praga_flow.reasons_for(state, seat, legal_moves(state, seat))
    off = [k for k in reasons if k.startswith("usetech:T4-5 plazahex:")]
    assert off and all(k.split(":")[-1] not in state["plaza_order"] for k in off)


def test_every_move_type_has_a_log_icon_that_the_page_defines():
    import re
    from pathlib import Path

    from django.conf import settings

    from engine.praga.moves import SCHEMA
    from games.boards.praga import log as praga_log

    defs = Path(settings.BASE_DIR, "templates/games/boards/praga/_defs.html").read_text()
    symbols = set(re.findall(r'<symbol id="([^"]+)"', defs))
    assert set(SCHEMA) <= set(praga_log.ICON)
    assert set(praga_log.ICON.values()) | set(praga_log.STRUCTURE_ICON.values()) <= symbols


def test_a_step_on_the_hunger_wall_or_the_cathedral_shows_that_structure():
    from games.boards.praga.log import icon

    assert icon({"type": "climb", "structure": "hw"}) == "pi-hw"
    assert icon({"type": "climb", "structure": "ca"}) == "pi-ca"
    side = {"msg": "{player} takes a sideways step on the {structure}.", "args": {"structure": {"msg": "Cathedral"}}}
    assert icon({"type": "side", "item": 1}, side) == "pi-ca"


def test_every_board_click_of_every_step_has_a_place_for_the_prompt():
    """The prompt names where each highlighted piece is, for every step of every legal move."""
    import random

    rng = random.Random(11)
    state = praga.new({}, 2, 11)
    kinds = set()
    for _ in range(400):
        seat = state["active"]
        if seat is None:
            break
        moves = praga.legal_moves(state, seat)
        for move in moves:
            for key in praga_flow.steps(move):
                kind = key.split(":")[0]
                if kind == "rot" or (kind in praga_flow.BUTTONS and kind != "act"):  # actions: also on the board
                    continue
                kinds.add(kind)
                assert praga_flow.place(praga_flow.place_key(key)), key
        state = praga.apply(state, seat, rng.choice([m for m in moves if m["type"] != "undo"]))
    assert {"wheel", "act", "row", "site", "wpos"} <= kinds


def test_the_mines_and_quarries_options_say_what_they_give(state):
    seat = state["active"]
    view = praga.view(state, seat)
    ed = edition(view["edition"])
    count = view["players"][seat]["mines"] - 1
    assert praga_flow.label(view, ed, "opt:increase:mines") == "Extend the gold mines: +1 space and 1 gold"
    assert praga_flow.label(view, ed, "opt:increase:quarries") == "Extend the quarries: +1 space and 1 stone"
    assert praga_flow.label(view, ed, "opt:produce:mines").startswith("Produce: %d gold" % count)
    assert praga_flow.steps({"type": "quarries", "option": "increase", "via": "main"})[-1] == "opt:increase:quarries"


def test_tiles_of_several_rows_are_named_as_one_place(state):
    seat = state["active"]
    view = praga.view(state, seat)
    moves = [{"type": "upgrade", "slot": 0, "rotation": 0, "via": "extra"},
             {"type": "building", "slot": 1, "site": "PL01-NE", "rotation": 0, "cube": False, "via": "extra"}]
    places = praga_flow.flow(view, edition(view["edition"]), moves, {})["places"]
    assert places["row"] == "Take a tile from a row of the display."
    assert places["row:upgrade"] == "Take a tile from the upgrade row of the display."
