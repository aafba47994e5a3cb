"""The bots: every move they choose is legal; the greedy bot plays sensibly (uses plazas,
technologies, the Hunger Wall / Cathedral climbs) and beats the random bot.
benchmarks/balance.py reports the greedy bot's scores over many games.
"""

import engine.praga as P
from engine.core.rng import Rng
from engine.praga.bots import biased_move, greedy_move, play, random_move


def test_greedy_uses_plazas_technologies_and_climbs():
    used = set()
    for seed in (1, 2):
        _state, history = play(P.new({}, 2, seed), greedy_move, seed)
        for _seat, move in history:
            if move["type"] == "building" and move["cube"]:
                used.add("plaza cube")
            elif move["type"] in ("tech", "climb"):
                used.add(move["type"])
            elif move["type"] == "arrow" and move["pay"]:
                used.add("climb")
    assert used == {"plaza cube", "tech", "climb"}


def test_greedy_beats_random():
    def mixed(state, seat, rng):
        return greedy_move(state, seat, rng) if seat == 0 else random_move(state, seat, rng)

    state, _ = play(P.new({}, 2, 7), mixed, 7)
    scores = state["result"]["scores"]
    assert scores[0] > scores[1] + 20


def test_bot_moves_are_legal_and_games_finish():
    for chooser in (biased_move, random_move):
        state = P.new({}, 3, 4)
        rng = Rng.from_seed(4)
        while P.to_act(state):
            seat = state["active"]
            move = chooser(state, seat, rng)
            assert move in P.legal_moves(state, seat)
            state = P.apply(state, seat, move)
        assert P.outcome(state) is not None
