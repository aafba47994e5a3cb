"""The expert bot's benchmarks (benchmarks/balance.py, expert_paired.py, expert_calibrate.py) can play
with a fixed number of samples instead of a time budget, so that their scores do not depend on the
machine's load, and they time a decision in CPU time."""

import engine.praga as P
from benchmarks import balance, expert_calibrate, expert_paired
from engine.praga import bots, expert_bot


def recording_expert(calls, monkeypatch):
    """Replace the expert by the greedy bot, recording the budget and samples it is asked for."""
    def fake(state, seat, rng, budget=2.0, iterations=None, **_options):
        calls.append((budget, iterations))
        return bots.greedy_move(state, seat, rng)

    monkeypatch.setattr(expert_bot, "expert_move", fake)


def test_balance_plays_the_expert_with_the_samples_asked_and_no_budget():
    jobs = balance.expert_jobs(3, 2, 4, 2.0, 56)
    assert {(budget, iterations) for _players, _seed, budget, iterations in jobs} == {(None, 56)}
    assert [(players, seed) for players, seed, _budget, _iterations in jobs] == [
        (1, 10004), (2, 4), (1, 10005), (2, 5), (1, 10006)]  # interleaved
    assert {job[2:] for job in balance.expert_jobs(1, 1, 0, 2.0, None)} == {(2.0, None)}


def test_balance_expert_game_times_each_decision_in_cpu_and_wall_time(monkeypatch):
    calls = []
    recording_expert(calls, monkeypatch)
    result = balance.expert_game((1, 10000, None, 7))
    assert calls and set(calls) == {(None, 7)}
    assert len(result["cpu"]) == len(result["durations"]) == len(calls)
    greedy = bots.play(P.new({"solo_mode": "parler"}, 1, 10000), bots.greedy_move, 10000)[0]
    assert result["expert"] == result["greedy_solo"] == greedy["result"]["scores"][0]


def test_expert_paired_passes_the_samples_to_both_versions(monkeypatch):
    calls = []
    recording_expert(calls, monkeypatch)
    result = expert_paired.expert_game((2, 3, None, 5))
    assert calls and set(calls) == {(None, 5)}
    assert len(result["cpu"]) == len(result["durations"]) == len(calls)


def test_the_calibration_times_a_reproducible_decision():
    state, seat = expert_calibrate.decision_states(1, 10100, 20)[1]
    first = expert_calibrate.time_decision((1, 10100, 1, state, seat, 2))
    again = expert_calibrate.time_decision((1, 10100, 1, state, seat, 2))
    assert first["move"] == again["move"]
    assert first["cpu"] > 0 and first["wall"] > 0 and first["iterations"] == 2
