"""Data integrity of the component editions (spec 3, 5.7 "Data integrity")."""

from collections import Counter

import pytest

from engine.queens_architect import data
from engine.queens_architect.common import edition

EDITIONS = data.EDITIONS


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_QA_COMP_04_craftsman_tiles(edition_id):
    ed = edition(edition_id)
    tiles = ed.data.TILES
    assert len(tiles) == 54 and len({t["id"] for t in tiles}) == 54
    assert Counter(ed.design(t["id"])["guild"] for t in tiles) == {g: 9 for g in Counter(
        d["guild"] for d in ed.data.DESIGNS)}
    assert len(ed.data.DESIGNS) == 18 and set(Counter(t["design"] for t in tiles).values()) == {3}
    assert sum(1 for t in tiles if t["id"].endswith("-1")) == 18
    for design in ed.data.DESIGNS:
        assert len(design["corners"]) == 6 and all(1 <= value <= 5 for value in design["corners"])


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_QA_COMP_05_06_demand_and_appreciation_tiles(edition_id):
    ed = edition(edition_id)
    kinds = Counter(t["type"] for t in ed.data.DEMAND_TILES)
    assert kinds == {"village": 9, "monastery": 10, "town": 9}
    sizes = {"village": 2, "monastery": 3, "town": 4}
    assert all(len(t["guilds"]) == sizes[t["type"]] for t in ed.data.DEMAND_TILES)
    assert all((t["bonus"] > 0) == (t["type"] == "town") for t in ed.data.DEMAND_TILES)
    values = [t["value"] for t in ed.data.TRACK_TILES]
    assert len(values) == 12 and min(values) >= 4 and max(values) <= 9


@pytest.mark.parametrize("edition_id", EDITIONS)
@pytest.mark.parametrize("side, ring, lots", [("side_2_3", 12, 3), ("side_4", 15, 4)])
def test_QA_COMP_02_maps_connected_symmetric_short(edition_id, side, ring, lots):
    board_map = edition(edition_id).maps[side]
    assert len(board_map["order"]) == ring + 1 and board_map["lots"] == lots
    for here, there in [(a, b) for a in board_map["order"] for b in board_map["order"]]:
        assert board_map["distances"][here][there] == board_map["distances"][there][here] <= 6
        assert (there in board_map["neighbours"][here]) == (here in board_map["neighbours"][there])
    assert max(board_map["distances"]["capital"].values()) == 2
    types = Counter(location["type"] for location in board_map["locations"].values())
    assert types == {"capital": 1, "village": ring // 3, "monastery": ring // 3, "town": ring // 3}


def test_QA_TRAVEL_02_distances_of_spec_3_13():
    side = edition("qa-provisional-1").maps["side_2_3"]["distances"]
    assert side["ashby"]["fernhill"] == 4 and side["kingsford"]["oakhollow"] == 4 and side["highbridge"]["st_oswin"] == 1
    big = edition("qa-provisional-1").maps["side_4"]["distances"]
    assert big["blackmoor"]["highbridge"] == 1 and big["millbrook"]["kingsford"] == 4


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_every_record_has_a_status_and_a_source(edition_id):
    records = list(data.iter_records(edition_id))
    assert len(records) > 150
    for path, record in records:
        assert record["status"] in data.STATUSES, path
        assert isinstance(record["source"], str) and record["source"], path


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_every_change_of_an_edition_names_its_reason(edition_id):
    for change in data.edition(edition_id).CHANGES:
        assert change["what"] and change["reason"] and change["balance"]


def test_a_game_keeps_the_edition_recorded_in_its_state(monkeypatch):
    """Rules read component values only through state["data_edition"]."""
    import types

    from engine.queens_architect import common
    from tests.engine.queens_architect.helpers import Q, after_draft, edit_player, on_space

    base = data.edition("qa-provisional-1")
    fake = types.ModuleType("fake_edition")
    fake.__dict__.update({name: getattr(base, name) for name in base.ATTRIBUTES})
    fake.ATTRIBUTES, fake.CHANGES = base.ATTRIBUTES, []
    fake.TRAVEL_COSTS = {**base.TRAVEL_COSTS, "by_distance": {**base.TRAVEL_COSTS["by_distance"], "1": 2}}
    monkeypatch.setitem(data._PACKAGES, "qa-test", "provisional_1")
    monkeypatch.setattr(data, "edition", lambda edition_id: fake if edition_id == "qa-test" else base)
    monkeypatch.setattr(common, "_EDITIONS", {})
    state = after_draft(2)
    seat = state["order"][0]
    state = on_space(edit_player(state, seat, coins=5), seat, "travel")
    move = {"type": "travel", "to": "highbridge"}
    assert Q.apply(state, seat, move)["players"][seat]["coins"] == 5
    assert Q.apply({**state, "data_edition": "qa-test"}, seat, move)["players"][seat]["coins"] == 3


ABBREVIATIONS = ["capital", "highbridge", "ashby", "kingsford", "st_aldric", "brambleton", "greyfriars", "westmarket",
                 "fernhill", "dunmere", "whitecliff", "oakhollow", "st_oswin", "eastwick", "millbrook", "blackmoor"]
# spec 3.13, row by row in the order of ABBREVIATIONS
SPEC_DISTANCES = {
    "side_2_3": [
        "0 1 2 2 1 2 2 1 2 2 1 2 2",
        "1 0 1 2 2 3 3 2 3 3 2 2 1",
        "2 1 0 1 2 3 4 3 4 4 3 3 2",
        "2 2 1 0 1 2 3 3 4 4 3 4 3",
        "1 2 2 1 0 1 2 2 3 3 2 3 3",
        "2 3 3 2 1 0 1 2 3 4 3 4 4",
        "2 3 4 3 2 1 0 1 2 3 3 4 4",
        "1 2 3 3 2 2 1 0 1 2 2 3 3",
        "2 3 4 4 3 3 2 1 0 1 2 3 4",
        "2 3 4 4 3 4 3 2 1 0 1 2 3",
        "1 2 3 3 2 3 3 2 2 1 0 1 2",
        "2 2 3 4 3 4 4 3 3 2 1 0 1",
        "2 1 2 3 3 4 4 3 4 3 2 1 0",
    ],
    "side_4": [
        "0 1 2 2 1 2 2 1 2 2 1 2 2 1 2 2",
        "1 0 1 2 2 3 3 2 3 3 2 3 3 2 2 1",
        "2 1 0 1 2 3 4 3 4 4 3 4 4 3 3 2",
        "2 2 1 0 1 2 3 3 4 4 3 4 4 3 4 3",
        "1 2 2 1 0 1 2 2 3 3 2 3 3 2 3 3",
        "2 3 3 2 1 0 1 2 3 4 3 4 4 3 4 4",
        "2 3 4 3 2 1 0 1 2 3 3 4 4 3 4 4",
        "1 2 3 3 2 2 1 0 1 2 2 3 3 2 3 3",
        "2 3 4 4 3 3 2 1 0 1 2 3 4 3 4 4",
        "2 3 4 4 3 4 3 2 1 0 1 2 3 3 4 4",
        "1 2 3 3 2 3 3 2 2 1 0 1 2 2 3 3",
        "2 3 4 4 3 4 4 3 3 2 1 0 1 2 3 4",
        "2 3 4 4 3 4 4 3 4 3 2 1 0 1 2 3",
        "1 2 3 3 2 3 3 2 3 3 2 2 1 0 1 2",
        "2 2 3 4 3 4 4 3 4 4 3 3 2 1 0 1",
        "2 1 2 3 3 4 4 3 4 4 3 4 3 2 1 0",
    ],
}


@pytest.mark.parametrize("side", ["side_2_3", "side_4"])
def test_QA_TRAVEL_02_road_distances_equal_spec_3_13(side):
    distances = edition("qa-provisional-1").maps[side]["distances"]
    rows = SPEC_DISTANCES[side]
    names = ABBREVIATIONS[:len(rows)]
    for here, row in zip(names, rows):
        assert [distances[here][there] for there in names] == [int(value) for value in row.split()]


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_QA_COMP_03_six_guilds(edition_id):
    from engine.queens_architect.common import GUILD_IDS

    ed = edition(edition_id)
    six = ["glazier", "stonemason", "lumberjack", "bricklayer", "blacksmith", "tailor"]
    assert [guild["id"] for guild in ed.data.GUILDS] == six and GUILD_IDS == six
    assert Counter(design["guild"] for design in ed.data.DESIGNS) == {guild: 3 for guild in six}
    assert {guild for tile in ed.data.DEMAND_TILES for guild in tile["guilds"]} == set(six)
