"""`apply` never changes the state it was given (its copy-on-write context copies a section,
a player or a single piece only when a rule writes to it), and `replay` gives exactly the
states of applying the moves one at a time while changing its own copy in place for rolls,
ends of turn and every move whose undo record nothing reads (docs/catan_ck.md, "Replay cost")."""

import json

import pytest

from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from engine.catan_ck import apply, legal_moves, new, outcome, replay, to_act
from engine.catan_ck.bots import greedy_move, random_move
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.data.terrains import TERRAINS
from engine.catan_ck.preferences import DEFAULTS as PREFERENCE_DEFAULTS
from engine.catan_ck.scoring import points
from tests.engine.catan_ck.helpers import empty_board, give, put, with_roll


def played(players, seed, chooser, limit):
    """Every state of a seeded bot game (at most `limit` moves) and its [seat, move] list."""
    states, moves, rng = [new({}, players, seed)], [], Rng.from_seed(seed)
    while to_act(states[-1]) and len(moves) < limit:
        seats = sorted(to_act(states[-1]))
        seat = seats[rng.below(len(seats))]
        move = chooser(states[-1], seat, rng)
        snapshot = json.dumps(states[-1], sort_keys=True)
        states.append(apply(states[-1], seat, move))
        assert json.dumps(states[-2], sort_keys=True) == snapshot, move  # the given state is untouched
        moves.append([seat, move])
    return states, moves


@pytest.fixture(scope="module")
def greedy_game():
    states, moves = played(4, 2, greedy_move, 2000)
    assert outcome(states[-1]) is not None
    return states, moves


@pytest.fixture(scope="module")
def random_game():
    return played(4, 1, random_move, 700)


def test_apply_leaves_the_state_it_was_given_unchanged_after_every_move(greedy_game, random_game):
    # `played` compares each state before and after the move applied to it: every kind of
    # write (sections, pieces, players, their hands) happened in these games
    kinds = {move["type"] for _seat, move in greedy_game[1] + random_game[1]}
    assert {"roll", "end_turn", "build_road", "build_settlement", "build_city", "build_knight",
            "activate_knight", "promote_knight", "move_knight", "maritime_trade", "play_progress",
            "buy_improvement", "discard"} <= kinds


def test_CAT_GAME_04_replay_of_a_complete_game_equals_applying_it_move_by_move(greedy_game):
    states, moves = greedy_game
    start, given_moves = json.dumps(states[0], sort_keys=True), json.dumps(moves, sort_keys=True)
    final = replay(states[0], moves)
    assert final == states[-1] and json.dumps(final) == json.dumps(states[-1])  # same keys, same order
    assert json.dumps(states[0], sort_keys=True) == start and json.dumps(moves, sort_keys=True) == given_moves


@pytest.mark.parametrize("game", ["greedy_game", "random_game"])
def test_replay_from_any_step_to_any_later_step_equals_the_states_applied(game, request):
    states, moves = request.getfixturevalue(game)
    rng = Rng.from_seed(5)
    chains = 0
    for _ in range(40):
        first = rng.below(len(moves))
        last = first + rng.below(len(moves) - first + 1)
        before = json.dumps(states[first], sort_keys=True)
        replayed = replay(states[first], moves[first:last])
        assert replayed == states[last], (first, last)
        assert json.dumps(states[first], sort_keys=True) == before
        chains += bool(replayed["undo"])
        if replayed["undo"]:  # an open undo chain kept its base: undo gives the same state
            seat = replayed["undo"]["moves"][-1][0]
            assert apply(replayed, seat, {"type": "undo"}) == apply(states[last], seat, {"type": "undo"})
    assert chains  # some replays end inside a chain of undoable moves


def test_replay_refuses_what_apply_refuses_and_leaves_the_state_unchanged(greedy_game):
    states, moves = greedy_game
    state = states[len(states) // 2]
    seat = sorted(to_act(state))[0]
    snapshot = json.dumps(state, sort_keys=True)
    wrong = {"type": "roll"} if {"type": "roll"} not in legal_moves(state, seat) else {"type": "end_turn"}
    with pytest.raises(IllegalMove):
        apply(state, seat, wrong)
    with pytest.raises(IllegalMove):
        replay(state, [[seat, wrong]])
    assert json.dumps(state, sort_keys=True) == snapshot


@pytest.mark.parametrize("kind", ["maritime_trade", "roll"])
def test_replay_checks_the_win_on_its_first_move_whatever_state_it_is_given(greedy_game, kind):
    # `replay` skips the win check of a move that changed nothing the points count, but only
    # after its own first move: a given state need not have come out of `apply`
    states, moves = greedy_game
    step = next(i for i, (_seat, move) in enumerate(moves) if move["type"] == kind and states[i]["phase"] == "play")
    state = json.loads(json.dumps(states[step]))
    state["options"]["victory_points"] = 3  # the active player already has 3 points: any move of theirs wins
    expected = apply(state, *moves[step])
    assert outcome(expected) is not None
    assert replay(state, moves[step:step + 1]) == expected


def test_replay_ends_the_game_on_a_later_move_that_reaches_the_target(greedy_game):
    # after its first move `replay` checks the win only when the points' inputs changed: a
    # build reaching the target on the second move must end the game as `apply` ends it
    states, moves = greedy_game
    step = next(i for i, (seat, move) in enumerate(moves) if i and move["type"] in ("build_settlement", "build_city")
                and points(states[i + 1], seat) > points(states[i], seat))
    state = json.loads(json.dumps(states[step - 1]))
    state["options"]["victory_points"] = points(states[step + 1], moves[step][0])
    expected = apply(apply(state, *moves[step - 1]), *moves[step])
    assert outcome(expected) is not None and outcome(apply(state, *moves[step - 1])) is None
    assert replay(state, moves[step - 1:step + 1]) == expected


def test_replay_trades_at_a_harbour_rate_from_the_move_after_the_settlement_that_gains_it():
    # a replay keeps each seat's harbours while the buildings stay the same object: a new
    # settlement on a harbour must give its rate to the next trade, as in `apply`
    state = empty_board(seed=2)
    seat = state["active"]
    wool = next(h for h, kind in state["board"]["harbours"].items() if kind == "wool")
    corner = GEOMETRY.harbour_intersections[wool][1]
    put(state, seat, "road", GEOMETRY.intersection_paths[corner][0])
    give(state, seat, wool=7, brick=1, lumber=1, grain=1)
    moves = [[seat, {"type": "maritime_trade", "give": "wool", "take": "ore"}],
             [seat, {"type": "build_settlement", "intersection": corner}],
             [seat, {"type": "maritime_trade", "give": "wool", "take": "ore"}]]
    expected = state
    for move in moves:
        expected = apply(expected, *move)
    assert expected["players"][seat]["hand"]["wool"] == 0  # 4:1, the settlement, then 2:1
    assert replay(state, moves) == expected


def test_replay_ends_the_game_when_a_standing_auto_roll_after_an_end_of_turn_reaches_the_target():
    # after an end of turn `replay` skips the second win check (the new turn checked its
    # player at its start), but not when a preference then acted: an automatic roll whose
    # gate reveals a victory-point card wins at once, as in `apply`
    state = with_roll(empty_board(seed=2), 3, 2, "science")
    seat = state["active"]
    following = state["order"][(state["order"].index(seat) + 1) % len(state["order"])]
    player = state["players"][following]
    player["levels"]["science"] = 5  # draws at a green gate whatever the red die shows
    player["preferences"] = dict(PREFERENCE_DEFAULTS, auto_roll=True)
    deck = state["decks"]["science"]
    if "printer-1" in deck:
        deck.remove("printer-1")
    deck.insert(0, "printer-1")  # on top: revealed at once, one victory point
    state["options"]["victory_points"] = points(state, following) + 1
    expected = apply(state, seat, {"type": "end_turn"})
    assert outcome(expected) is not None and expected["result"]["winner"] == following
    assert replay(state, [[seat, {"type": "end_turn"}]]) == expected


def test_replay_ends_the_game_when_a_later_move_reveals_a_victory_card_of_the_active_player():
    # after its first move `replay` skips the win check of a move that wrote no player; an
    # Alchemist play writes the active player's revealed cards (a gate reveals the Printer)
    state = with_roll(empty_board(seed=2, stage="roll"), 6, 1, "trade")  # the event die first: a green gate
    seat = state["active"]
    other = next(s for s in state["order"] if s != seat)
    player = state["players"][seat]
    player["levels"]["science"] = 5  # draws at a green gate whatever the red die shows
    for deck in state["decks"].values():
        for card in ("alchemist-1", "printer-1"):
            if card in deck:
                deck.remove(card)
    player["progress"].append("alchemist-1")
    state["decks"]["science"].insert(0, "printer-1")
    state["options"]["victory_points"] = points(state, seat) + 1
    moves = [[other, {"type": "set_preferences", "preferences": {"trade_offers": "decline_all"}}],
             [seat, {"type": "play_progress", "card": "alchemist-1", "white": 3, "red": 4}]]
    expected = apply(apply(state, *moves[0]), *moves[1])
    assert expected["players"][seat]["revealed"] == ["printer-1"]
    assert outcome(expected) is not None and expected["result"]["winner"] == seat
    assert replay(state, moves) == expected


def test_replay_pays_a_city_built_between_two_rolls_of_the_same_number():
    # a replay keeps what each number owes while the buildings stay the same objects, and
    # after a move that changed them only the numbers whose hexes touch a changed building
    # are counted again: the city must pay its second card on the next roll of that number
    state = empty_board(seed=2, stage="roll")
    seat = state["active"]
    following = state["order"][(state["order"].index(seat) + 1) % len(state["order"])]
    name, record = next((h, r) for h, r in state["board"]["hexes"].items()
                        if r["number"] and r["number"] != 7 and h != state["robber"])
    corner = GEOMETRY.hex_corners[name][0]
    put(state, seat, "settlement", corner)
    give(state, seat, ore=3, grain=2)
    total = record["number"]
    for start in range(1, 500000):  # both rolls show `total`, and the event die no attack
        rng = Rng(start)
        first = [rng.below(6) for _ in range(3)]
        second = [rng.below(6) for _ in range(3)]
        if first[0] + first[1] + 2 == total == second[0] + second[1] + 2 and first[2] > 2 and second[2] > 2:
            state["rng"] = start
            break
    moves = [[seat, {"type": "roll"}], [seat, {"type": "build_city", "intersection": corner}],
             [seat, {"type": "end_turn"}], [following, {"type": "roll"}]]
    expected = state
    for move in moves:
        expected = apply(expected, *move)
    assert expected["turn"]["production"][str(seat)][TERRAINS[record["terrain"]]["resource"]] == 1  # and its commodity
    assert sum(expected["turn"]["production"][str(seat)].values()) == 2
    assert replay(state, moves) == expected


def test_replay_of_an_undo_and_a_later_move_leaves_the_given_state_unchanged(greedy_game):
    # an undo gives back its chain's base, whose sections the given state shares: the end of
    # turn after it (changed in place by `replay`) must change a copy of them
    states, moves = greedy_game
    checked = 0
    for state in states:
        chain = state["undo"]
        if not (chain and chain["moves"]):
            continue
        seat = chain["moves"][-1][0]
        undone = apply(state, seat, {"type": "undo"})
        if {"type": "end_turn"} not in legal_moves(undone, seat):
            continue
        before = json.dumps(state, sort_keys=True)
        steps = [[seat, {"type": "undo"}], [seat, {"type": "end_turn"}]]
        assert replay(state, steps) == apply(undone, seat, {"type": "end_turn"})
        assert json.dumps(state, sort_keys=True) == before
        checked += 1
    assert checked > 10


def test_replay_rolls_for_a_standing_auto_roll_set_by_a_move_it_replays(greedy_game):
    # while no seat holds preferences `replay` skips the preference pass (the defaults answer
    # nothing); a `set_preferences` it replays turns it on again: the next player's auto-roll
    # rolls right after the end of turn, as in `apply`
    states, _moves = greedy_game
    state = next(s for s in states if s["phase"] == "play" and s["turn"]["stage"] == "action" and not s["decisions"]
                 and {"type": "end_turn"} in legal_moves(s, s["active"]))
    assert not any(player.get("preferences") for player in state["players"])
    seat = state["active"]
    following = state["order"][(state["order"].index(seat) + 1) % len(state["order"])]
    steps = [[following, {"type": "set_preferences", "preferences": {"auto_roll": True}}],
             [seat, {"type": "end_turn"}]]
    expected = state
    for step in steps:
        expected = apply(expected, *step)
    assert expected["turn"]["roll"] is not None  # rolled by the preference
    assert replay(state, steps) == expected


def test_every_move_replay_applies_in_place_is_never_taken_back(greedy_game, random_game):
    # `replay` changes its state in place for OWNED_MOVES, which must be barriers whenever they
    # succeed (no undo base may keep the state before them): after each, the undo record is None
    from engine.catan_ck.moves import OWNED_MOVES

    seen = set()
    for states, moves in (greedy_game, random_game):
        for after, (_seat, move) in zip(states[1:], moves):
            if move["type"] in OWNED_MOVES:
                assert after["undo"] is None, move
                seen.add(move["type"])
    assert {"roll", "end_turn", "discard", "move_robber", "play_progress", "discard_progress"} <= seen


@pytest.fixture(scope="module")
def game_with_undos(greedy_game):
    """The greedy game with undos: after some undoable moves one or more are taken back and
    made again (the bots never undo), every state applied one move at a time."""
    played_states, played_moves = greedy_game
    rng = Rng.from_seed(11)
    states, moves = [played_states[0]], []
    for seat, move in played_moves:
        states.append(apply(states[-1], seat, move))
        moves.append([seat, move])
        chain = states[-1]["undo"]
        if chain and chain["moves"] and rng.below(2):
            taken_back = chain["moves"][-1 - rng.below(len(chain["moves"])):]
            for chain_seat, _move in taken_back:
                states.append(apply(states[-1], chain_seat, {"type": "undo"}))
                moves.append([chain_seat, {"type": "undo"}])
            for chain_seat, chain_move in taken_back:
                states.append(apply(states[-1], chain_seat, chain_move))
                moves.append([chain_seat, chain_move])
    assert states[-1] == played_states[-1]
    return states, moves


def test_replay_with_undos_equals_applying_the_moves_one_at_a_time(game_with_undos):
    # `replay` changes its own state in place for a move that may be taken back when a barrier
    # comes before any undo (moves._undo_records_unread); the moves before an undo keep their
    # undo bases, which the undo gives back
    states, moves = game_with_undos
    undos = sum(move == {"type": "undo"} for _seat, move in moves)
    assert undos > 30
    assert_replays_whole_and_from_random_steps(states, moves, seed=3)


def assert_replays_whole_and_from_random_steps(states, moves, seed):
    """`replay` gives the state applied one move at a time, whole and for 60 random stretches of
    up to 40 moves, and leaves the state it starts from as it was."""
    assert replay(states[0], moves) == states[-1]
    rng = Rng.from_seed(seed)
    for _ in range(60):
        first = rng.below(len(moves))
        last = first + rng.below(min(40, len(moves) - first) + 1)
        before = json.dumps(states[first], sort_keys=True)
        assert replay(states[first], moves[first:last]) == states[last], (first, last)
        assert json.dumps(states[first], sort_keys=True) == before


@pytest.fixture(scope="module")
def game_with_preferences_in_undo_chains(greedy_game):
    """The greedy game with, inside undo chains, a preference set by another seat (to the value
    it has, so that no later move changes) and then one or more of the chain owner's moves
    taken back and made again around it (ASYNC-UNDO-02: the preference passes through the
    chain and stays), every state applied one move at a time."""
    played_states, played_moves = greedy_game
    rng = Rng.from_seed(13)
    states, moves = [played_states[0]], []
    kept = 0

    def play(seat, move):
        states.append(apply(states[-1], seat, move))
        moves.append([seat, move])

    for seat, move in played_moves:
        play(seat, move)
        if not states[-1]["undo"] or rng.below(3) == 0:
            continue
        other = (seat + 1 + rng.below(states[-1]["players_count"] - 1)) % states[-1]["players_count"]
        play(other, {"type": "set_preferences", "preferences": {"knight_retreat": "ask"}})
        chain = states[-1]["undo"]
        kept += bool(chain and len(chain["moves"][-1]) == 3)
        owner = chain and chain["moves"][0][0]
        if not chain or {"type": "undo"} not in legal_moves(states[-1], owner):
            continue
        owned = [entry for entry in chain["moves"] if len(entry) == 2]
        taken_back = owned[-1 - rng.below(len(owned)):]
        for _entry in taken_back:
            play(owner, {"type": "undo"})
        for chain_seat, chain_move in taken_back:
            play(chain_seat, chain_move)
    assert kept > 30

    def without_preferences(state):
        return dict(state, undo=None, players=[{k: v for k, v in player.items() if k != "preferences"}
                                               for player in state["players"]])
    assert without_preferences(states[-1]) == without_preferences(played_states[-1])
    return states, moves


def test_replay_with_preferences_in_undo_chains_equals_applying_the_moves_one_at_a_time(
        game_with_preferences_in_undo_chains):
    # another seat's preference inside an undo chain is kept by the chain (engine.core.undo):
    # `replay` records it as `apply` does, in place or not (moves._undo_records_unread)
    states, moves = game_with_preferences_in_undo_chains
    assert sum(move == {"type": "undo"} for _seat, move in moves) > 30
    assert_replays_whole_and_from_random_steps(states, moves, seed=5)


def test_no_part_of_a_move_replay_applies_in_place_ends_up_in_the_state_it_gives(greedy_game):
    # `replay` changes its own state in place: a list taken from a caller's move (a ranked
    # card order kept as a standing preference) must be a copy, or a later move would change
    # the caller's moves
    states, _moves = greedy_game
    state = next(s for s in states if s["phase"] == "play" and s["turn"]["stage"] == "action" and not s["decisions"]
                 and {"type": "end_turn"} in legal_moves(s, s["active"]))
    seat = state["active"]
    other = next(s for s in state["order"] if s != seat)
    order = ["ore", "wool"]
    steps = [[other, {"type": "set_preferences", "preferences": {"card_choice": order}}],
             [seat, {"type": "end_turn"}]]
    replayed = replay(state, steps)
    assert replayed["players"][other]["preferences"]["card_choice"] == order
    assert replayed["players"][other]["preferences"]["card_choice"] is not order
