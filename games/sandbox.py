"""The private sandbox: try moves for any seat on a determinized copy of a game.

A sandbox is three values the page carries (nothing is stored): the game version it was
opened at, a seed, and the moves played in it so far as `[[seat, move], ...]`. Each request
rebuilds it: `determinize(state at that version, the player's seat, seed)` (the engine
contract, docs/engine.md), then the moves. The real hidden parts never enter it, so the page
shows only what the player knows plus random guesses.

A move's result may depend on what the deal guessed (a drawn tile, another seat's hand): the
sandbox replays the same moves on other deals and marks every move from the first one whose
result differs for the player in one of them (or that one of them refuses) as based on guesses.

"Play my moves for real" submits the player's own leading moves (up to the first move of
another seat, and up to the first move whose result was a guess) through the normal pipeline,
each only if it is still legal in the real game.
"""

import json
import secrets
from dataclasses import dataclass, field

from engine.core.errors import IllegalMove
from engine.core.text import text
from games import engines, replays
from games.moves import MoveRefused, check_shape, submit_move
from games.numbers import number

MAX_MOVES = 200
MAX_ENCODED = 20_000
OTHER_DEALS = 3  # a draw from n unseen items looks the same in all of them with chance 1/n**3
OTHER_DEAL = 0x2545F4914F6CDD1D  # other deals' seeds: the sandbox's, mixed with multiples of this


class SandboxRefused(Exception):
    """The request does not describe a sandbox of this game (400), with the reason."""

    def __init__(self, reason):
        super().__init__(reason["msg"])
        self.reason = reason


@dataclass
class Sandbox:
    version: int
    seed: int
    moves: list
    states: list = field(default_factory=list)   # state after each move (states[0]: the deal)
    lines: list = field(default_factory=list)    # the log line of each move
    guessed_from: int = None                      # first move (1-based) whose result was a guess

    @property
    def state(self):
        return self.states[-1]

    def encoded(self, moves=None):
        return json.dumps(self.moves if moves is None else moves, separators=(",", ":"))


def supported(game):
    return hasattr(engines.rules(game.game_id), "determinize")


def new_seed():
    return secrets.randbits(59)  # 18 digits at most (games.numbers)


def parse(game, params):
    """(version, seed, moves) from the request parameters; SandboxRefused if malformed."""
    version = number(params.get("v"), "v", maximum=game.version)
    seed = number(params.get("seed"), "seed")
    if version is None or seed is None:
        raise SandboxRefused(text("This sandbox link is incomplete."))
    raw = params.get("moves") or "[]"
    if len(raw) > MAX_ENCODED:
        raise SandboxRefused(text("The sandbox holds at most {count} moves.", count=MAX_MOVES))
    try:
        moves = json.loads(raw)
    except ValueError:
        raise SandboxRefused(text("This sandbox link is incomplete.")) from None
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise SandboxRefused(text("The sandbox holds at most {count} moves.", count=MAX_MOVES))
    for entry in moves:
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int):
            raise SandboxRefused(text("This sandbox link is incomplete."))
        try:
            check_shape(entry[1])
        except MoveRefused as refused:
            raise SandboxRefused(refused.reason) from None
    return version, seed, moves


def build(game, position, version, seed, moves):
    """The sandbox after `moves`, dealt for `position`; SandboxRefused at the first illegal move."""
    rules = engines.rules(game.game_id)
    real = replays.state_at(game, version)
    sandbox = Sandbox(version, seed, moves)
    state = rules.determinize(real, position, seed)
    others = [rules.determinize(real, position, seed ^ (OTHER_DEAL * number)) for number in range(1, OTHER_DEALS + 1)]
    del real  # from here on only the deals
    sandbox.states.append(state)
    for number, (mover, move) in enumerate(moves, start=1):
        if mover not in engines.to_act(game.game_id, state):
            raise SandboxRefused(text("Sandbox move {step}: it is not that seat's turn.", step=number))
        try:
            after = engines.apply(game.game_id, state, mover, move)
        except IllegalMove as error:
            raise SandboxRefused(text("Sandbox move {step}: {reason}", step=number, reason=error.as_text())) from None
        sandbox.lines.append(engines.describe(game.game_id, move, state))
        if sandbox.guessed_from is None:
            seen = engines.view(game.game_id, after, position)
            others = [_follow(game, other, mover, move) for other in others]
            if any(other is None or engines.view(game.game_id, other, position) != seen for other in others):
                sandbox.guessed_from = number
        state = after
        sandbox.states.append(state)
    return sandbox


def _follow(game, state, mover, move):
    try:
        return engines.apply(game.game_id, state, mover, move)
    except IllegalMove:
        return None


def choices(game, sandbox, names):
    """[(seat, name, [{"json", "label", "kind"}])] for every seat that must act in the sandbox."""
    from games.presenters import fields_label
    from games.text import render

    state = sandbox.state
    result = []
    for mover in sorted(engines.to_act(game.game_id, state)):
        moves = [m for m in engines.legal_moves(game.game_id, state, mover) if m.get("type") != "undo"]
        labelled = []
        for move in moves:
            try:
                label = render(engines.describe(game.game_id, move, state), names) or fields_label(move)
            except Exception:  # a label must never break the page
                label = fields_label(move)
            labelled.append({"json": json.dumps([mover, move], separators=(",", ":")), "label": label,
                             "kind": str(move.get("type", ""))})
        repeated = {entry["label"] for entry in labelled if [e["label"] for e in labelled].count(entry["label"]) > 1}
        for entry, move in zip(labelled, moves):
            if entry["label"] in repeated:
                entry["label"] += f" ({fields_label(move)})"
        result.append((mover, names.get(mover, f"#{mover + 1}"), labelled))
    return result


def leading_own_moves(sandbox, position):
    """The player's own moves from the sandbox's start, up to another seat's move and up to (and
    including) the first move whose result was a guess: what "play for real" may submit."""
    own = []
    for number, (mover, move) in enumerate(sandbox.moves, start=1):
        if mover != position:
            break
        own.append(move)
        if sandbox.guessed_from is not None and number >= sandbox.guessed_from:
            break
    return own


def play_for_real(game, user, position, sandbox):
    """Submit the leading own moves through the normal pipeline; (played, refusal text or None)."""
    if sandbox.version != game.version:
        return 0, text("The game has changed since the sandbox was opened; open a new sandbox.")
    played = 0
    for move in leading_own_moves(sandbox, position):
        game.refresh_from_db(fields=["version"])
        try:
            submit_move(game.pk, user, move, game.version)
        except MoveRefused as refused:
            return played, refused.reason
        played += 1
    return played, None
