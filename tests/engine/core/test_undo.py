"""The shared undo mechanism, on a toy counter game."""

from engine.core import undo


def apply(state, seat, move):
    if undo.is_undo(move):
        return undo.undo(state, apply)
    new = {**state, "count": state["count"] + move["add"]}
    return undo.record(state, new, seat, move, barrier=move.get("reveal", False), kept=move.get("kept", False))


def test_undo_restores_the_exact_earlier_states_in_turn():
    s0 = {"count": 0, "undo": None}
    s1 = apply(s0, 0, {"add": 1})
    s2 = apply(s1, 0, {"add": 2})
    assert apply(s2, 0, undo.UNDO_MOVE) == s1
    assert apply(s1, 0, undo.UNDO_MOVE) == s0


def test_a_revealing_move_is_a_barrier():
    s1 = apply({"count": 0, "undo": None}, 0, {"add": 1, "reveal": True})
    assert not undo.can_undo(s1, 0)
    s2 = apply(s1, 0, {"add": 5})
    assert undo.can_undo(s2, 0)
    assert apply(s2, 0, undo.UNDO_MOVE) == s1


def test_another_seats_moves_cannot_be_undone():
    s1 = apply({"count": 0, "undo": None}, 0, {"add": 1})
    assert not undo.can_undo(s1, 1)
    s2 = apply(s1, 1, {"add": 1})
    assert undo.can_undo(s2, 1) and not undo.can_undo(s2, 0)


def test_a_kept_move_of_another_seat_passes_through_the_chain_and_stays_when_its_owner_undoes():
    s0 = {"count": 0, "undo": None}
    s1 = apply(s0, 0, {"add": 1})
    s2 = apply(s1, 1, {"add": 10, "kept": True})
    assert undo.can_undo(s2, 0) and not undo.can_undo(s2, 1)
    s3 = apply(s2, 0, {"add": 100})
    assert s3["undo"]["moves"] == [[0, {"add": 1}], [1, {"add": 10, "kept": True}, undo.KEPT], [0, {"add": 100}]]
    assert apply(s3, 0, undo.UNDO_MOVE) == s2
    s4 = apply(s2, 0, undo.UNDO_MOVE)  # the owner's move taken back, the kept one replayed on the base
    assert s4["count"] == 10 and s4["undo"] is None


def test_a_kept_move_with_no_chain_open_leaves_nothing_to_undo():
    s1 = apply({"count": 0, "undo": None}, 1, {"add": 10, "kept": True})
    assert s1["undo"] is None
    s2 = apply(s1, 0, {"add": 1})
    assert apply(s2, 0, undo.UNDO_MOVE) == s1
