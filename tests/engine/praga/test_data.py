"""Component data of Praga (engine/praga/data): counts, provenance, rewards, geometry.

Tests marked "provisional-1" check values of that edition against the specification tables;
the others check structure and invariants every edition must satisfy.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import hexgrid
from engine.praga import data
from engine.praga.data import rewards

ED = data.edition("provisional-1")
ROOT = Path(__file__).resolve().parents[3]

REWARD_KEYS = {"reward", "centre", "immediate", "pay", "gain", "bottom"}


def walk(value, path=""):
    """Yield (path, value) for every node below value (value included)."""
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from walk(child, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from walk(child, f"{path}.{index}" if path else str(index))


def all_rewards(edition):
    """Yield (path, reward) for every reward stored in the edition."""
    for name in edition.ATTRIBUTES:
        for path, node in walk(getattr(edition, name), name):
            if not isinstance(node, dict):
                continue
            for key, child in node.items():
                if key in REWARD_KEYS and not (name == "WHEEL" and key == "pay") and not (
                    name == "ACTION_BOARD" and key == "centre"
                ):
                    yield f"{path}.{key}", child
                elif key == "top" and name == "PLAZA_TILES":
                    for index, item in enumerate(child):
                        yield f"{path}.top.{index}", item
            if name == "BRIDGE_PIECES" and "sides" in node:
                for side, halves in node["sides"].items():
                    for index, half in enumerate(halves):
                        yield f"{path}.sides.{side}.{index}", half


def resolve(edition, path):
    name, *keys = path.split(".")
    value = getattr(edition, name)
    for key in keys:
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


# --- the edition registry -------------------------------------------------------------


def test_current_edition_is_listed_and_loads():
    assert data.CURRENT_EDITION == "provisional-1"
    assert data.CURRENT_EDITION in data.EDITIONS
    assert data.edition(data.CURRENT_EDITION).EDITION_ID == data.CURRENT_EDITION


def test_edition_is_cached():
    assert data.edition("provisional-1") is data.edition("provisional-1")


def test_unknown_edition_raises_key_error_naming_it():
    with pytest.raises(KeyError) as excinfo:
        data.edition("printed-9")
    assert "printed-9" in str(excinfo.value)
    assert "provisional-1" in str(excinfo.value)


def test_data_package_imports_no_django():
    code = (
        "import sys\n"
        "from engine.praga import data\n"
        "from engine.praga.data import rewards\n"
        "for edition_id in data.EDITIONS:\n"
        "    data.provisional_values(data.edition(edition_id))\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# --- plain data, status and source ------------------------------------------------------


@pytest.mark.parametrize("edition_id", data.EDITIONS)
def test_every_value_is_plain_json(edition_id):
    edition = data.edition(edition_id)
    for name in edition.ATTRIBUTES + ["PROVENANCE"]:
        value = getattr(edition, name)
        for path, node in walk(value, name):
            assert not isinstance(node, (tuple, set, frozenset)), path
            if isinstance(node, dict):
                assert all(isinstance(key, str) for key in node), path
            else:
                assert node is None or isinstance(node, (str, int, float, bool, list)), path
        assert json.loads(json.dumps(value)) == value, name


@pytest.mark.parametrize("edition_id", data.EDITIONS)
def test_every_record_is_json_serialisable_on_its_own(edition_id):
    records = list(data.iter_records(edition_id))
    assert len(records) > 40
    for path, record in records:
        assert json.loads(json.dumps(record)) == record, path


@pytest.mark.parametrize("edition_id", data.EDITIONS)
def test_every_record_has_a_known_status_and_a_source(edition_id):
    for path, record in data.iter_records(edition_id):
        assert record["status"] in data.STATUSES, path
        assert isinstance(record["source"], str) and record["source"].strip(), path
    for entry in data.edition(edition_id).PROVENANCE:
        assert set(entry) == {"path", "status", "source"}, entry
        assert entry["status"] in data.STATUSES, entry
        assert entry["source"].strip(), entry


@pytest.mark.parametrize("edition_id", data.EDITIONS)
def test_every_provenance_path_exists(edition_id):
    edition = data.edition(edition_id)
    for entry in edition.PROVENANCE:
        resolve(edition, entry["path"])  # KeyError/IndexError if stale


@pytest.mark.parametrize("edition_id", data.EDITIONS)
def test_every_value_has_a_status(edition_id):
    """Each leaf lies inside a record or below a PROVENANCE path (so the notice can list it)."""
    edition = data.edition(edition_id)
    covered = [entry["path"] for entry in edition.PROVENANCE]

    def uncovered(value, path, in_record):
        if isinstance(value, dict):
            in_record = in_record or "status" in value
            children = value.items()
        elif isinstance(value, list):
            children = enumerate(value)
        else:
            children = None
        if not in_record and not any(path == c or path.startswith(c + ".") for c in covered):
            if children is None or not value:
                yield path
        for key, child in children or ():
            yield from uncovered(child, f"{path}.{key}", in_record)

    missing = [p for name in edition.ATTRIBUTES for p in uncovered(getattr(edition, name), name, False)]
    assert missing == []


def test_provisional_values_lists_exactly_the_unconfirmed():
    listed = data.provisional_values(ED)
    paths = {item["path"] for item in listed}
    assert all(item["status"] in ("inferred", "provisional") for item in listed)
    assert all(item["source"] for item in listed)
    # a provisional record, an inferred record and provisional/inferred PROVENANCE entries
    assert "WHEEL.positions.0" in paths  # red cost 2: PROVISIONAL
    assert "WHEEL.bonuses.11" in paths  # stone egg notch: INFERRED
    assert "WHEEL.start_offset.3" in paths
    assert "FIRST_GAME_ORDER" in paths
    # confirmed ones are not listed
    assert "WHEEL.bonuses.4" not in paths
    assert "WHEEL.start_offset.2" not in paths
    assert "SCORING.walls" not in paths
    assert data.provisional_values("provisional-1") == listed


def test_provisional_values_gives_record_ids():
    by_path = {item["path"]: item for item in data.provisional_values(ED)}
    assert by_path["ACTION_TILES.A.0"]["id"] == "AT1"
    assert by_path["WHEEL.start_offset.3"]["id"] is None


# --- rewards ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code, expected",
    [("1G", ("G", 1)), ("2S", ("S", 2)), ("3E", ("E", 3)), ("1SW", ("SW", 1)), ("2GW", ("GW", 2)),
     ("12VP", ("VP", 12)), ("2T", ("T", 2)), ("4U", ("U", 4)), ("Q+", ("Q+", 1)), ("M+", ("M+", 1)),
     ("HW", ("HW", 1)), ("CA", ("CA", 1)), ("RM", ("RM", 1)), ("BM", ("BM", 1))],
)
def test_parse_atom(code, expected):
    assert rewards.parse_atom(code) == expected


@pytest.mark.parametrize("code", ["", "G", "0G", "01G", "2X", "1 G", "2Q+", "-1VP", "VP1", "2RM", 3, None])
def test_parse_atom_rejects(code):
    with pytest.raises(ValueError):
        rewards.parse_atom(code)


def test_validate_reward_accepts_choices_and_rejects_bad_shapes():
    rewards.validate_reward(["2VP", {"choice": [["1G"], ["1S"]]}])
    rewards.validate_reward([{"choice": [["2SW"], ["Q+", "M+"]]}])
    for bad in ["1G", ("1G",), [{"choice": [["1G"]]}], [{"choice": ["1G", "1S"]}],
                [{"options": [["1G"], ["1S"]]}], ["1G", "nope"]]:
        with pytest.raises(ValueError):
            rewards.validate_reward(bad)


def test_totals_and_atoms():
    assert rewards.totals(["1G", "2VP", "1G", "Q+"]) == {"G": 2, "VP": 2, "Q+": 1}
    assert list(rewards.atoms(["1VP", {"choice": [["1G"], ["1S", "HW"]]}])) == ["1VP", "1G", "1S", "HW"]
    with pytest.raises(ValueError):
        rewards.totals([{"choice": [["1G"], ["1S"]]}])


@pytest.mark.parametrize("edition_id", data.EDITIONS)
def test_every_reward_parses(edition_id):
    found = list(all_rewards(data.edition(edition_id)))
    assert len(found) > 10
    for path, reward in found:
        try:
            rewards.validate_reward(reward)
        except ValueError as error:
            pytest.fail(f"{path}: {error}")


# --- game, wheel, action tiles ---------------------------------------------------------------


def test_actions_and_action_tiles():
    assert ED.ACTIONS == ["MINES", "QUARRIES", "UPGRADE", "WALL", "BUILDING", "ROAD"]
    for side in ("A", "B"):
        tiles = ED.ACTION_TILES[side]
        assert [t["id"] for t in tiles] == ["AT1", "AT2", "AT3", "AT4", "AT5", "AT6"]
        every = [action for t in tiles for action in t["actions"]]
        assert all(len(t["actions"]) == 2 and len(set(t["actions"])) == 2 for t in tiles)
        # each action appears exactly twice per side (spec 6.3)
        assert sorted(every) == sorted(ED.ACTIONS * 2)
    # side A: 3 designs printed twice each
    designs = {}
    for tile in ED.ACTION_TILES["A"]:
        designs.setdefault(tile["design"], []).append(tile["actions"])
    assert len(designs) == 3 and all(len(v) == 2 and v[0] == v[1] for v in designs.values())
    assert sorted(ED.FIRST_GAME_ORDER) == [t["id"] for t in ED.ACTION_TILES["A"]]


def test_wheel_structure():
    wheel = ED.WHEEL
    assert [b["notch"] for b in wheel["bonuses"]] == list(range(wheel["notches"]))
    assert wheel["bonuses"][wheel["blocked_notch"]]["bonus"] is None
    assert [p["position"] for p in wheel["positions"]] == list(range(12))
    zones = [p["zone"] for p in wheel["positions"]]
    # red p0-p3 with the star at p3, then green, then blue (PRG-WHEEL-02)
    assert zones[:4] == ["red"] * 4 and [p["position"] for p in wheel["positions"] if p["star"]] == [3]
    assert zones == sorted(zones, key=["red", "green", "blue"].index)
    for position in wheel["positions"]:
        assert (position["gold"] > 0) == (position["zone"] == "red")
        assert (position["vp"] > 0) == (position["zone"] == "blue")
    blue_vp = [p["vp"] for p in wheel["positions"] if p["zone"] == "blue"]
    assert blue_vp == sorted(blue_vp) and blue_vp[-1] == wheel["token_vp"] == 5
    kinds = {"gain", "egg", "special"}
    for bonus in wheel["bonuses"]:
        if bonus["bonus"] is not None:
            assert bonus["bonus"]["kind"] in kinds
            if bonus["bonus"]["kind"] == "egg":
                assert bonus["bonus"]["pay"] in ("gold", "stone")


def test_provisional_1_wheel_values():
    wheel = ED.WHEEL
    assert [p["gold"] for p in wheel["positions"][:4]] == [2, 2, 1, 1]
    assert [p["vp"] for p in wheel["positions"][8:]] == [1, 2, 3, 5]
    specials = [b["notch"] for b in wheel["bonuses"] if b["bonus"] and b["bonus"]["kind"] == "special"]
    assert specials == [1, 4, 8]
    assert wheel["bonuses"][6]["bonus"] == {"kind": "egg", "pay": "gold"}
    assert wheel["bonuses"][11]["bonus"] == {"kind": "egg", "pay": "stone"}


@pytest.mark.parametrize(
    "players, positions, notches",
    [("1", [0, 1, 2, 3, 4, 5], [3, 4, 5, 6, 7, 8]), ("2", [0, 1, 2, 3, 4, 5], [3, 4, 5, 6, 7, 8]),
     ("3", [0, 1, 2, 3, 5, 6], [8, 9, 10, 11, 1, 2]), ("4", [0, 1, 2, 3, 4, 5], [2, 3, 4, 5, 6, 7])],
)
def test_start_offsets_give_the_initial_notches_of_spec_6_4(players, positions, notches):
    offset = ED.WHEEL["start_offset"][players]
    free = [p for p in range(12) if (p - offset) % 12 != ED.WHEEL["blocked_notch"]][:6]
    assert free == positions
    assert [(p - offset) % 12 for p in free] == notches


def test_game_constants():
    game = ED.GAME
    assert game["rounds"] == 16
    assert game["era_change_after_turn"] == {"1": 16, "2": 16, "3": 26, "4": 31}
    assert game["start"] == {"gold": 2, "stone": 2, "cubes": 2, "max_resource": 9}
    assert game["prefill_count_for"] == {"1": 2, "2": 2, "3": 3, "4": 4}
    # the 11 cubes: 2 tracks + technology + University + 3 wealth spaces + 2 structures + available
    assert game["cubes_per_player"] == 2 + 1 + 1 + len(ED.WEALTH) + 2 + game["start"]["cubes"]


# --- tracks, action board, structures, scoring ----------------------------------------------


def test_tracks():
    mines, quarries = ED.TRACKS["mines"], ED.TRACKS["quarries"]
    # counts: start 3 and 2, token at counts 5 and 4, maxima 8 and 7 (spec 6.9)
    assert (mines["start"] - 1, mines["token_space"] - 1, mines["last"] - 1) == (3, 5, 8)
    assert (quarries["start"] - 1, quarries["token_space"] - 1, quarries["last"] - 1) == (2, 4, 7)
    for track in (mines, quarries):
        assert track["seal_space"] == track["last"]
        assert track["first"] <= track["token_slot"] < track["start"] < track["token_space"] < track["last"]
        spaces = [b["space"] for b in track["bonuses"]]
        assert spaces == sorted(set(spaces))
        assert all(track["first"] <= s <= track["last"] for s in spaces)


def test_wealth_bonuses():
    assert [(w["id"], w["resource"], w["at_least"]) for w in ED.WEALTH] == [
        ("gold6", "gold", 6), ("stone6", "stone", 6), ("nine", "either", 9)]


def test_technology_and_university_tracks():
    tech = ED.TECH_TRACK
    assert [level["level"] for level in tech["levels"]] == [1, 2, 3, 4]
    spaces = [level["space"] for level in tech["levels"]]
    assert spaces == sorted(set(spaces)) and spaces[0] >= 1
    assert spaces[-1] <= tech["top"] - 2  # 7 steps is "above the level IV space" [Y]
    assert tech["top"] == 8 and tech["vp_beyond_top"] == 2
    uni = ED.UNIVERSITY
    assert len(uni["multiplier"]) == uni["top"] + 1
    assert uni["multiplier"][0] == 0 and uni["multiplier"][-1] == 3
    assert uni["multiplier"] == sorted(uni["multiplier"])
    assert set(uni["multiplier"]) == {0, 1, 2, 3}


def test_action_board_geometry():
    board = ED.ACTION_BOARD
    centre = tuple(board["centre"])
    hexes = board["action_hexes"]
    assert sorted(h["action"] for h in hexes) == sorted(ED.ACTIONS)
    assert sorted(tuple(h["hex"]) for h in hexes) == sorted(hexgrid.neighbours(centre))
    for action_hex in hexes:
        for symbol in action_hex["neighbours"]:
            # the printed symbol sits on the outward edge (facing away from the centre)
            outward = hexgrid.neighbour(tuple(action_hex["hex"]), symbol["edge"])
            assert hexgrid.distance(outward, centre) == 2, action_hex["action"]
    walls = [tuple(p) for p in board["wall_positions"]]
    assert len(walls) == len(set(walls)) == 12
    assert all(hexgrid.distance(p, centre) == 2 for p in walls)


def test_provisional_1_action_board_red_corner():
    wall_hex = next(h for h in ED.ACTION_BOARD["action_hexes"] if h["action"] == "WALL")
    assert wall_hex["red_corners"] == [4]
    partners = dict(hexgrid.corner_partners(tuple(wall_hex["hex"]), 4))
    # corner 4 of (0, 1) = corner 2 of (-1, 1) (BUILDING) = corner 0 of (-1, 2) (a wall position)
    assert partners == {(-1, 2): 0, (-1, 1): 2}
    assert [h["red_corners"] for h in ED.ACTION_BOARD["action_hexes"] if h["action"] != "WALL"] == [[]] * 5


@pytest.mark.parametrize("name", ["hunger_wall", "cathedral"])
def test_structures(name):
    structure = ED.STRUCTURES[name]
    rows = structure["rows"]
    assert len(structure["columns"]) == rows
    assert structure["start"]["column"] in structure["columns"][0]
    assert sorted(row for level in structure["levels"] for row in level) == list(range(1, rows + 1))
    assert len(structure["levels"]) == 3
    width = max(len(columns) for columns in structure["columns"])
    assert len(structure["column_values"]) == width
    assert set(structure["sets"]) == {"original", "A", "B"}
    for level_set in structure["sets"].values():
        assert len(level_set["row_vp"]) == rows
        assert level_set["row_vp"] == sorted(level_set["row_vp"])
        assert set(level_set["level_cost"]) == {"2", "3"}
        for cost in level_set["level_cost"].values():
            assert set(cost) == {"gold", "stone"}
        for space in level_set["spaces"]:
            assert space["column"] in structure["columns"][space["row"] - 1]
            assert space["effect"] in ("vp", "up", "side")
            assert (space["effect"] == "vp") == ("vp" in space)
            if space["effect"] == "up":
                assert space["row"] < rows
        cells = [(s["row"], s["column"]) for s in level_set["spaces"]]
        assert len(cells) == len(set(cells))


def test_provisional_1_up_arrows_into_a_new_level():
    # spec 6.11 notes for tests
    levels = ED.STRUCTURES["hunger_wall"]["levels"]
    level_of = {row: index for index, rows in enumerate(levels) for row in rows}
    hw = ED.STRUCTURES["hunger_wall"]["sets"]["original"]["spaces"]
    ca = ED.STRUCTURES["cathedral"]["sets"]["B"]["spaces"]
    assert {"row": 2, "column": 2, "effect": "up"} in hw
    assert {"row": 4, "column": 2, "effect": "up"} in ca
    assert level_of[3] != level_of[2] and level_of[5] != level_of[4]


def test_scoring_tables():
    walls = ED.SCORING["walls"]
    assert [w["at_least"] for w in walls] == sorted(w["at_least"] for w in walls)
    assert [w["vp"] for w in walls] == [4, 10, 18]
    assert ED.SCORING["eggs"] == [0, 1, 3, 6, 10]
