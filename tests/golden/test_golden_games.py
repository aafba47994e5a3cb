"""Golden games: every recorded game replays to the same states and the same outcome.

A failure names the game and the first checkpoint whose state differs. If a rules change
is meant to alter recorded games, bump the rules version where running games need the old
behaviour, re-record (`.venv/bin/python -m tests.golden.record`) and name the changed games
and the reason in the commit message (docs/engine.md, "Rules versions").
"""

import json

import pytest

import engine.praga as praga
from tests.golden.record import CORPUS, CHECKPOINT, replay, state_hash, wanted

GAMES = sorted(CORPUS.glob("*.json"))


def load(path):
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", GAMES, ids=[path.stem for path in GAMES])
def test_a_recorded_game_replays_to_the_same_states_and_outcome(path):
    record = load(path)
    final = None
    for step, state in replay(record):
        expected = record["checkpoints"].get(str(step))
        if expected is not None:
            assert state_hash(state) == expected, (
                f"{record['name']}: the state after move {step} differs from the recording "
                f"(the first {step - CHECKPOINT if step else 0} moves still agree)")
        final = state
    assert state_hash(final) == record["final_state"], f"{record['name']}: the final state differs"
    assert praga.outcome(final) == record["outcome"], f"{record['name']}: the outcome differs"
    assert not praga.to_act(final), f"{record['name']}: the game no longer ends after its last move"


def test_the_corpus_covers_every_player_count_solo_opponent_move_type_and_rare_event():
    records = [load(path) for path in GAMES]
    assert {record["players"] for record in records} == {1, 2, 3, 4}
    assert {record["options"].get("solo_mode") for record in records if record["players"] == 1} == {
        "dummy", "parler"}
    reached = set().union(*(record["events"] for record in records))
    assert not wanted() - reached, sorted(wanted() - reached)
    kinds = {record["origin"] for record in records}
    assert {"random", "biased", "greedy", "human-like"} <= kinds
    assert any(record["origin"].startswith("benchmarks/games/") for record in records)
    assert any({"type": "undo"} in [move for _seat, move in record["moves"]] for record in records)


def test_a_changed_move_is_caught_at_its_checkpoint(tmp_path):
    """The check itself can fail: one altered recorded move breaks the replay or a checkpoint."""
    record = load(CORPUS / "2p-side-b-greedy.json")
    seat, move = record["moves"][3]
    others = [m for m in praga.legal_moves(state_at(record, 3), seat) if m != move]
    record["moves"][3] = [seat, others[0]]
    with pytest.raises(Exception):
        for step, state in replay(record):
            expected = record["checkpoints"].get(str(step))
            assert expected is None or state_hash(state) == expected


def state_at(record, wanted_step):
    for step, state in replay(record):
        if step == wanted_step:
            return state
    raise AssertionError(wanted_step)
