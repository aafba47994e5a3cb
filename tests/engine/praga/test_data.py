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

REWARD_KEYS = {"reward", "centre", "immediate", "pay", "gain", "bottom", "increase"}


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
    assert len(records) > 200
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
    paths = [entry["path"] for entry in edition.PROVENANCE]
    # Not vacuous: the values outside records (the game's constants, the wheel's layout...) have
    # their status only here, so an empty or duplicated list would hide them from the notice.
    assert paths and len(paths) == len(set(paths))
    record_paths = {path for path, _record in data.iter_records(edition)}
    for path in paths:
        assert path.split(".")[0] in edition.ATTRIBUTES, path
        resolve(edition, path)  # KeyError/IndexError if stale
        assert path not in record_paths, f"{path} is a record: it has its own status"
    assert {"ACTIONS", "FIRST_GAME_ORDER"} <= set(paths)


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
    assert len(found) > 150
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


# --- hex tiles ----------------------------------------------------------------------------

TILE_FIELDS = {
    "building": {"id", "type", "era", "kind", "cost", "reward", "cube_space", "cathedral", "blue_corners"},
    "wall": {"id", "type", "era", "kind", "cost", "reward", "hunger_wall", "neighbours", "red_corners"},
    "upgrade": {"id", "type", "era", "kind", "action", "centre", "neighbours", "red_corners"},
}


@pytest.mark.parametrize(
    "tile_type, era, kind, count",
    [(t, e, k, n) for t, normal in (("building", 14), ("wall", 14), ("upgrade", 11))
     for e in (1, 2) for k, n in (("normal", normal), ("special", 4))],
)
def test_hex_tile_counts_per_spec_6_1(tile_type, era, kind, count):
    tiles = [t for t in ED.TILES.values() if (t["type"], t["era"], t["kind"]) == (tile_type, era, kind)]
    assert len(tiles) == count


def test_hex_tile_totals():
    types = [t["type"] for t in ED.TILES.values()]
    assert (types.count("upgrade"), types.count("building"), types.count("wall")) == (30, 36, 36)


def test_hex_tile_records_have_the_fields_of_their_type():
    letter = {"building": "B", "wall": "W", "upgrade": "U"}
    for tile_id, tile in ED.TILES.items():
        assert tile["id"] == tile_id
        assert set(tile) - {"status", "source"} == TILE_FIELDS[tile["type"]], tile_id
        # the id encodes type, era and kind
        assert tile_id[0] == letter[tile["type"]] and int(tile_id[1]) == tile["era"]
        assert (tile_id[3] == "S") == (tile["kind"] == "special")
        if tile["type"] in ("building", "wall"):
            assert set(tile["cost"]) == {"gold", "stone"} and sum(tile["cost"].values()) > 0
            assert all(isinstance(v, int) and v >= 0 for v in tile["cost"].values())
            assert tile["reward"]
        if tile["type"] in ("wall", "upgrade"):
            edges = [n["edge"] for n in tile["neighbours"]]
            assert len(edges) == len(set(edges)) and all(0 <= e < 6 for e in edges)
            assert all(0 <= c < 6 for c in tile["red_corners"])
        if tile["type"] == "building":
            assert all(0 <= c < 6 for c in tile["blue_corners"])
        if tile["type"] == "upgrade":
            assert tile["action"] in ED.ACTIONS and tile["centre"]


def test_provisional_1_hex_tile_design_rules():
    """Spec 6.6 'design rules of the provisional set'."""
    buildings = [t for t in ED.TILES.values() if t["type"] == "building"]
    walls = [t for t in ED.TILES.values() if t["type"] == "wall"]
    assert sum(t["cathedral"] for t in buildings) == 17
    assert sum(t["cube_space"] for t in buildings) == 27
    assert sum(bool(t["blue_corners"]) for t in buildings) == 21
    assert {c for t in buildings for c in t["blue_corners"]} == {1}
    assert sum(t["hunger_wall"] for t in walls) == 23
    for tile in ED.TILES.values():
        if tile["type"] != "building":
            assert [n["edge"] for n in tile["neighbours"]] == [0] and len(tile["red_corners"]) <= 1
    ranges = {("building", 1): (2, 5), ("building", 2): (4, 7), ("wall", 1): (1, 4), ("wall", 2): (3, 6)}
    for tile in buildings + walls:
        if tile["kind"] == "normal":
            low, high = ranges[(tile["type"], tile["era"])]
            assert low <= sum(tile["cost"].values()) <= high, tile["id"]


def test_provisional_1_sample_tiles():
    assert ED.TILES["B1-01"] | {"status": "", "source": ""} == {
        "id": "B1-01", "type": "building", "era": 1, "kind": "normal", "cost": {"gold": 2, "stone": 2},
        "reward": ["Q+"], "cube_space": True, "cathedral": True, "blue_corners": [1],
        "status": "", "source": ""}
    assert ED.TILES["B1-07"]["reward"] == ["1G", "1S"]
    assert ED.TILES["W1-02"]["neighbours"] == [{"edge": 0, "reward": ["1T"]}]
    assert ED.TILES["W1-02"]["red_corners"] == [2]
    assert ED.TILES["W1-03"]["cost"] == {"gold": 1, "stone": 1}
    assert ED.TILES["U1-01"]["action"] == "MINES" and ED.TILES["U1-01"]["centre"] == ["1G"]
    assert ED.TILES["U2-S4"]["centre"] == ["1E", "2VP"] and ED.TILES["U2-S4"]["red_corners"] == [3]


# --- city ----------------------------------------------------------------------------------


def _h(value):
    return tuple(value)


PLAZA_HEX = {p["id"]: _h(p["hex"]) for p in ED.CITY["plazas"]}
SITE_HEX = {s["id"]: _h(s["hex"]) for s in ED.CITY["sites"]}


def test_city_counts():
    assert len(ED.CITY["plazas"]) == 10
    assert len(ED.CITY["sites"]) == 45
    assert len(ED.PLAZA_TILES) == 11


def test_city_hexes_are_distinct_across_kinds():
    city = ED.CITY
    every = (list(PLAZA_HEX.values()) + list(SITE_HEX.values()) + [_h(h) for h in city["road"]]
             + [_h(h) for h in city["river_houses"]] + [_h(h) for h in city["green_fields"]])
    assert len(every) == len(set(every))


def test_every_site_touches_exactly_one_plaza_which_is_its_own():
    plaza_hexes = set(PLAZA_HEX.values())
    for site in ED.CITY["sites"]:
        touching = [pid for pid, hex_ in PLAZA_HEX.items() if hexgrid.distance(hex_, _h(site["hex"])) == 1]
        assert touching == [site["plaza"]], site["id"]
        assert site["id"].startswith(site["plaza"] + "-")
        assert _h(site["hex"]) not in plaza_hexes


def test_a_plazas_sites_are_exactly_the_site_hexes_around_it():
    for plaza_id, hex_ in PLAZA_HEX.items():
        around = {s["id"] for s in ED.CITY["sites"] if _h(s["hex"]) in set(hexgrid.neighbours(hex_))}
        listed = {s["id"] for s in ED.CITY["sites"] if s["plaza"] == plaza_id}
        assert around == listed, plaza_id
        assert 1 <= len(listed) <= 6


def test_plazas_are_at_least_three_apart():
    hexes = list(PLAZA_HEX.values())
    for i, a in enumerate(hexes):
        for b in hexes[i + 1:]:
            assert hexgrid.distance(a, b) >= 3, (a, b)


def test_no_site_on_road_river_or_green_hexes():
    blocked = {_h(h) for key in ("road", "river_houses", "green_fields") for h in ED.CITY[key]}
    assert not blocked & set(SITE_HEX.values())


def test_road_is_one_connected_path_with_spaces_in_order():
    road = [_h(h) for h in ED.CITY["road"]]
    assert len(road) == len(set(road))
    for a, b in zip(road, road[1:]):
        assert hexgrid.distance(a, b) == 1, (a, b)
    spaces = ED.CITY["road_spaces"]
    assert list(spaces) == ["I", "II", "III"]
    indices = [road.index(_h(spaces[name])) for name in ("I", "II", "III")]
    assert indices == sorted(indices)


def test_the_road_separates_old_town_from_new_town():
    """Removing the road hexes, no old-district site or plaza touches a new-district one."""
    district = {p["id"]: p["district"] for p in ED.CITY["plazas"]}
    cells = {_h(p["hex"]): p["district"] for p in ED.CITY["plazas"]}
    cells.update({_h(s["hex"]): district[s["plaza"]] for s in ED.CITY["sites"]})
    for hex_, this in cells.items():
        for other in hexgrid.neighbours(hex_):
            assert cells.get(other, this) == this, (hex_, other)
    for site in ED.CITY["sites"]:
        old = district[site["plaza"]] == "old"
        assert (site["extra_gold"] > 0) == old and (site["vp"] > 0) == old, site["id"]


def test_plazas_are_listed_clockwise():
    import math

    points = [(math.sqrt(3) * (q + r / 2), 1.5 * r) for q, r in PLAZA_HEX.values()]  # y points down
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    angles = [math.atan2(y - cy, x - cx) for x, y in points]
    steps = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1])]
    # on screen (y down) a growing angle turns clockwise; one full turn in total
    assert all(0 < step < math.pi for step in steps)
    assert math.isclose(sum(steps), 2 * math.pi)


def test_plazas_in_play_follow_the_player_counts():
    plazas = ED.CITY["plazas"]
    for players in ("1", "2", "3", "4"):
        expected = [p["id"] for p in plazas if int(players) in p["players"]]
        assert ED.GAME["plazas_in_play"][players] == expected
    assert [len(ED.GAME["plazas_in_play"][n]) for n in "1234"] == [8, 8, 9, 10]
    for plaza in plazas:
        assert plaza["colour"] in ("base", "3+", "4")
        assert plaza["players"] == {"base": [1, 2, 3, 4], "3+": [3, 4], "4": [4]}[plaza["colour"]]
        assert plaza["district"] in ("old", "new")


def test_plaza_tiles_fit_the_plaza_hexes():
    tiles = ED.PLAZA_TILES
    assert [t["id"] for t in tiles] == [f"P{n:02d}" for n in range(1, 12)]
    for colour in ("base", "3+", "4"):
        hexes = sum(1 for p in ED.CITY["plazas"] if p["colour"] == colour)
        count = sum(1 for t in tiles if t["colour"] == colour)
        assert count >= hexes >= 1, colour
    assert [sum(1 for t in tiles if t["colour"] == c) for c in ("base", "3+", "4")] == [8, 2, 1]
    for tile in tiles:
        assert set(tile["sides"]) == {"a", "b"}
        for side in tile["sides"].values():
            assert set(side) == {"top", "bottom"} and len(side["top"]) == 2 and side["bottom"]


@pytest.mark.parametrize("players, in_play, prefilled", [("1", 36, 7), ("2", 36, 7), ("3", 41, 4), ("4", 45, 0)])
def test_sites_in_play_and_prefilled_per_player_count(players, in_play, prefilled):
    plazas = set(ED.GAME["plazas_in_play"][players])
    mark = ED.GAME["prefill_count_for"][players]
    sites = [s for s in ED.CITY["sites"] if s["plaza"] in plazas]
    filled = [s for s in sites if mark in s["prefilled"]]
    assert len(sites) == ED.GAME["sites_in_play"][players] == in_play
    assert len(filled) == ED.GAME["prefilled_sites"][players] == prefilled
    # pre-fill marks only on sites whose plaza is in play for that count
    for site in ED.CITY["sites"]:
        for count in site["prefilled"]:
            assert count in (2, 3)
            assert site["plaza"] in ED.GAME["plazas_in_play"][str(count)], site["id"]
    # no plaza is completely pre-filled (it could never be scored)
    for plaza in plazas:
        around = [s for s in sites if s["plaza"] == plaza]
        assert any(mark not in s["prefilled"] for s in around), plaza
    # normal Era I buildings left in the stack after setup: 4 / 7 / 11 (spec 6.7)
    normal_era1 = sum(1 for t in ED.TILES.values()
                      if (t["type"], t["era"], t["kind"]) == ("building", 1, "normal"))
    left = normal_era1 - ED.GAME["display"]["normal"] - prefilled
    assert left == {"1": 4, "2": 4, "3": 7, "4": 11}[players]


def test_printed_blue_corners_touch_no_other_site():
    site_hexes = set(SITE_HEX.values())
    printed = 0
    for site in ED.CITY["sites"]:
        for corner in site["blue_corners"]:
            printed += 1
            assert 0 <= corner < 6
            for other, _other_corner in hexgrid.corner_partners(_h(site["hex"]), corner):
                assert other not in site_hexes, site["id"]
    assert printed >= 1


def test_provisional_1_city_values():
    every = (list(PLAZA_HEX.values()) + list(SITE_HEX.values())
             + [_h(h) for key in ("road", "river_houses", "green_fields") for h in ED.CITY[key]])
    assert all(-2 <= q <= 13 and -1 <= r <= 4 for q, r in every)
    # T-03 / T-21 / T-14 of the spec rely on these
    assert sorted(s["id"].split("-")[1] for s in ED.CITY["sites"] if s["plaza"] == "PL08") == [
        "E", "NE", "NW", "SW", "W"]
    assert ED.GAME["plazas_in_play"]["1"] == ["PL01", "PL02", "PL03", "PL04", "PL07", "PL08", "PL09", "PL10"]
    for site in ED.CITY["sites"]:
        if site["extra_gold"]:
            river = site["id"].endswith(("-NE", "-NW"))
            assert (site["extra_gold"], site["vp"]) == ((2, 3) if river else (1, 2)), site["id"]
    marks = {s["id"]: s["prefilled"] for s in ED.CITY["sites"] if s["prefilled"]}
    assert marks == {"PL02-SE": [2, 3], "PL04-W": [2, 3], "PL08-E": [2, 3], "PL10-NE": [2, 3],
                     "PL03-E": [2], "PL07-SW": [2], "PL09-SE": [2]}


# --- technologies, bridge, seals, King's Road, production tokens, Parler, components ---------


def test_technologies():
    techs = ED.TECHNOLOGIES
    assert [t["id"] for t in techs] == [f"T{level}-{n}" for level in range(1, 5) for n in range(1, 7)]
    for tech in techs:
        assert tech["level"] == int(tech["id"][1])
        assert tech["use"] == ("permanent" if tech["level"] <= 2 else "one_shot")
        assert tech["text"].strip() and tech["text"] == tech["text"].strip()
        if "action" in tech:
            assert tech["action"] in ED.ACTIONS + ["any"], tech["id"]
        if "produce" in tech:
            assert tech["produce"] in ("gold", "stone", "gold_or_stone")
        # permanent abilities name their trigger; one-shot tiles do not
        assert ("trigger" in tech) == (tech["use"] == "permanent"), tech["id"]


def test_provisional_1_technology_numbers():
    tech = {t["id"]: t for t in ED.TECHNOLOGIES}
    assert (tech["T1-1"]["vp"], tech["T1-1"]["max_per_turn"]) == (1, 1)
    assert tech["T1-2"]["reward"] == ["1G", "1VP"] and tech["T1-3"]["reward"] == ["1S", "1VP"]
    assert [tech[i]["reward"] for i in ("T1-4", "T1-5", "T1-6")] == [["2VP"]] * 3
    assert tech["T2-1"]["max_per_turn"] == tech["T2-2"]["max_per_turn"] == 1
    assert tech["T3-3"]["reward"] == ["4U"]
    assert (tech["T3-4"]["action"], tech["T3-4"]["reward"]) == ("UPGRADE", ["3VP"])
    assert (tech["T4-1"]["action"], tech["T4-1"]["discount_gold"]) == ("BUILDING", 2)
    assert (tech["T4-2"]["action"], tech["T4-2"]["discount_stone"]) == ("WALL", 2)
    assert tech["T4-4"]["reward"] == ["1GW"]
    assert tech["T3-2"]["waive_level_cost"] is True
    # statuses as the spec says
    assert tech["T2-4"]["status"] == "provisional"
    assert {t["id"] for t in ED.TECHNOLOGIES if t["status"] == "inferred"} == {
        "T1-4", "T1-5", "T1-6", "T2-3", "T2-5"}


def test_bridge_deck_and_pieces():
    deck = ED.BRIDGE
    covered = sorted(space for slot in deck["slots"] for space in slot)
    assert covered == list(range(deck["spaces"]))
    assert all(len(slot) == 2 and slot[1] == slot[0] + 1 for slot in deck["slots"])
    assert len(ED.BRIDGE_PIECES) == len(deck["slots"]) == 5
    for piece in ED.BRIDGE_PIECES:
        assert set(piece["sides"]) == {"a", "b"}
        assert all(len(halves) == 2 for halves in piece["sides"].values())


def test_bridge_tiles():
    tiles = ED.BRIDGE_TILES
    assert [t["id"] for t in tiles] == [f"IV-{n}" for n in range(1, 7)] + [f"V-{n}" for n in range(1, 7)]
    for tile in tiles:
        assert tile["kind"] == tile["id"].split("-")[0] and tile["text"].strip()
        if tile["kind"] == "IV":
            assert tile["reward"] and tile["optional_step"] in (None, "HW", "CA")
        else:
            assert tile["final"]["per"] in ("university", "upgrade", "wall", "quarry", "mine", "row")
            assert tile["final"]["vp"] > 0
    v6 = next(t for t in tiles if t["id"] == "V-6")
    assert v6["final"] == {"per": "row", "vp": ED.SCORING["v6_vp_per_row"]}
    by_id = {t["id"]: t for t in tiles}
    assert [by_id[i]["immediate"] for i in ("V-1", "V-4", "V-5")] == [["3VP"]] * 3
    assert by_id["IV-3"]["optional_step"] == "HW" and by_id["IV-4"]["optional_step"] == "CA"
    assert by_id["IV-1"]["reward"] == ["BM", "BM"]


def test_seals():
    seals = ED.SEALS
    assert [s["id"] for s in seals] == ["SEAL-GOLD", "SEAL-STONE", "SEAL-PAIR", "SEAL-6", "SEAL-4"]
    for seal in seals:
        assert set(seal["cost"]) <= {"silver_windows"} and seal["text"].strip()
        final = seal["final"]
        assert final["kind"] in ("buy", "vp") and final["vp"] > 0
        if final["kind"] == "buy":
            assert final["per"] in ("gold", "stone", "pair")
    by_id = {s["id"]: s for s in seals}
    assert by_id["SEAL-GOLD"]["cost"] == {"silver_windows": 2} and by_id["SEAL-6"]["cost"] == {}
    assert by_id["SEAL-PAIR"]["final"] == {"kind": "buy", "per": "pair", "vp": 3}
    assert by_id["SEAL-GOLD"]["status"] == "confirmed" and by_id["SEAL-4"]["status"] == "provisional"


EFFECT_KINDS = {
    "reward": {"reward"}, "buy": {"pay", "gain"}, "per_era1_upgrade": {"vp"},
    "per_silver_window": {"vp"}, "ongoing": {"trigger", "reward"},
}


def test_kings_road_effects():
    road = ED.ROAD
    assert road["spaces"] == ["I", "II", "III"] == list(road["base"]) == list(road["variants"])
    effects = [road["base"][s][slot] for s in road["spaces"] for slot in ("free", "egg")]
    effects += [road["variants"][s][side] for s in road["spaces"] for side in ("a", "b")]
    for effect in effects:
        keys = set(effect) - {"kind", "text", "status", "source", "id", "tile", "side"}
        assert keys == EFFECT_KINDS[effect["kind"]], effect
        assert effect["text"].strip()
        if effect["kind"] == "ongoing":
            assert effect["trigger"] in ("UPGRADE", "WALL", "BUILDING_NO_CATHEDRAL")
    # egg effects are choices of two options (spec 5.4)
    for space in road["spaces"]:
        egg = road["base"][space]["egg"]
        assert egg["kind"] == "reward" and len(egg["reward"]) == 1 and len(egg["reward"][0]["choice"]) == 2
    # side b is ongoing, side a immediate
    assert all(road["variants"][s]["b"]["kind"] == "ongoing" for s in road["spaces"])
    assert all(road["variants"][s]["a"]["kind"] != "ongoing" for s in road["spaces"])
    assert (road["base"]["II"]["free"]["pay"], road["base"]["II"]["free"]["gain"]) == (["1G"], ["4VP"])
    assert road["base"]["III"]["free"]["vp"] == 3 and road["variants"]["II"]["a"]["vp"] == 2


def test_production_tokens():
    tokens = {t["id"]: t for t in ED.PRODUCTION_TOKENS}
    assert len(tokens) == len(ED.PRODUCTION_TOKENS) == 8
    kinds = [t["kind"] for t in ED.PRODUCTION_TOKENS]
    assert sorted(set(kinds)) == ["PT-2VP", "PT-G", "PT-S", "PT-VPG", "PT-VPS"]
    for token in ED.PRODUCTION_TOKENS:
        assert token["id"].startswith(token["kind"] + "-")
    # copies of one kind give the same reward
    for kind in set(kinds):
        assert len({tuple(t["reward"]) for t in ED.PRODUCTION_TOKENS if t["kind"] == kind}) == 1
    sets = ED.PRODUCTION_TOKEN_SETS
    assert [len(sets[n]) for n in "1234"] == [4, 4, 6, 8]
    assert sets["1"] == sets["2"] and set(sets["2"]) < set(sets["3"]) < set(sets["4"]) == set(tokens)
    assert sorted(tokens[i]["kind"] for i in sets["2"]) == ["PT-2VP", "PT-2VP", "PT-VPG", "PT-VPS"]
    assert sorted(tokens[i]["kind"] for i in set(sets["3"]) - set(sets["2"])) == ["PT-G", "PT-S"]


def test_parler():
    cards = ED.PARLER["cards"]
    assert [c["id"] for c in cards] == ["PP1", "PP2", "PP3", "PP4", "PP5"]
    kinds = {"building", "wall", "upgrade", "quarry", "mine", "mine_or_quarry"}
    for card in cards:
        assert card["actions"] and all(a["kind"] in kinds for a in card["actions"])
        assert 1 <= card["take"] <= 6
    assert [c["take"] for c in cards] == [1, 1, 1, 2, 3]
    seals = {s["id"] for s in ED.SEALS}
    for track, order in ED.PARLER["seal_order"].items():
        assert track in ED.TRACKS and len(order) == len(set(order)) == 3 and set(order) <= seals


def test_component_counts_match_the_data():
    counts = {c["id"]: c["count"] for c in ED.COMPONENTS}
    types = [t["type"] for t in ED.TILES.values()]
    assert counts["upgrade_tiles"] == types.count("upgrade")
    assert counts["building_tiles"] == types.count("building")
    assert counts["wall_tiles"] == types.count("wall")
    assert counts["technology_tiles"] == len(ED.TECHNOLOGIES)
    assert counts["bridge_tiles"] == len(ED.BRIDGE_TILES)
    assert counts["bridge_pieces"] == len(ED.BRIDGE_PIECES)
    assert counts["plaza_tiles"] == len(ED.PLAZA_TILES)
    assert counts["production_tokens"] == len(ED.PRODUCTION_TOKENS)
    assert counts["seals"] == len(ED.SEALS)
    assert counts["parler_cards"] == len(ED.PARLER["cards"])
    assert counts["action_tiles"] == len(ED.ACTION_TILES["A"]) == len(ED.ACTION_TILES["B"])
    assert counts["cubes_per_colour"] == ED.GAME["cubes_per_player"]
    assert counts["road_variant_tiles"] == len(ED.ROAD["variants"])
    levels = len(ED.STRUCTURES["hunger_wall"]["levels"])
    assert counts["hunger_wall_level_tiles"] == counts["cathedral_level_tiles"] == levels
    for level in range(1, 5):
        assert sum(1 for t in ED.TECHNOLOGIES if t["level"] == level) == 6
    assert sum(1 for t in ED.BRIDGE_TILES if t["kind"] == "IV") == 6
    assert sum(1 for t in ED.BRIDGE_TILES if t["kind"] == "V") == sum(ED.GAME["v_tiles"].values()) == 6
