"""The engine contract every game implements (see docs/engine.md).

A game is a module (or object) with these callables over plain JSON-able data:

    OPTIONS                             description of the options, for the invitation form
    new(options, seats, seed, rules_version=None) -> state
                                        validates options (IllegalMove if bad) and sets up, under
                                        the given rules version (a replay) or the newest
    to_act(state) -> set[int]           seats that must decide now; empty when the game is over
    turn_marker(state) -> JSON value    changes exactly when a new turn begins (the move clock restarts)
    legal_moves(state, seat) -> list    every legal move of that seat (dicts with a "type")
    apply(state, seat, move) -> state   new state; raises IllegalMove; never mutates `state`
    view(state, seat | None) -> dict    what that seat (None: a spectator) may see
    outcome(state) -> dict | None       None while running; ranking, scores, breakdown at the end
    describe(move, state, seat=None, after=None) -> text
                                        log line for `move` applied to `state` (engine.core.text);
                                        `seat` made the move (the site always passes it); `after`,
                                        when given, is what apply(state, seat, move) returned: a
                                        game may read it instead of applying the move again
    timeout_move(state, seat) -> move | None
                                        the default the site submits when `seat`'s deadline for a
                                        decision it owes off turn passed; None for a seat's own turn
                                        (the game's timeout policy applies: drop + bot, or cancel)
    RULES_VERSION                       the rules version `new` records in the state (int)
    RULES_VERSIONS                      every version `apply` can still play (running games keep theirs)
    automatic_turns(move, state) -> [text]  log lines of the turns the game plays by itself
                                        (solo opponents) when `move` is applied to `state`
    OUT_OF_TURN                         optional: move types a seat outside to_act may submit
                                        (Catan's trade answers, standing offers, preferences)
    timed_moves(state) -> [{"at", "seat", "move"}]
                                        optional: moves the site submits for `seat` once the UTC
                                        moment `at` ("YYYY-MM-DDTHH:MM:SSZ") passed (offer expiry)
    SITE_MOVES                          optional: move types only the site's clock submits
    prompt(state, seat) -> text | None  optional: what `seat` must decide now, in words ("You must
                                        discard 4 cards."), for emails and the move card; None = its turn
    owed(state, seat) -> {"task": text, "default": text | None} | None
                                        what a seat in to_act must do, as an infinitive phrase for
                                        "waiting for Bob and Carol to <task>", and the game's default at
                                        its deadline (None: the timeout policy); every game implements it,
                                        the site falls back to "to move" without it
    asks(state, seat) -> [{"id", "text"}]
                                        optional: what other seats ask of `seat` that it may answer
                                        outside to_act (Catan's trade offers); new ones go into the
                                        batched turn email

Undo is a move, `{"type": "undo"}`, listed by `legal_moves` whenever the seat may
take back its last move of the current turn (engine.core.undo).

OPTIONS has the shape:

    {"players": {"min": 1, "max": 4, "default": 2},
     "fields": [{"name": ..., "label": <text>, "help": <text>, "default": ...,
                 "choices": [[value, <text>], ...], "players": [counts it applies to]}]}
"""

from engine.core.text import _
from typing import Any, Protocol


class Game(Protocol):
    OPTIONS: dict
    RULES_VERSION: int
    RULES_VERSIONS: tuple

    def new(self, options: dict, seats: int, seed: int, rules_version: int | None = None) -> dict: ...

    def to_act(self, state: dict) -> set: ...

    def turn_marker(self, state: dict) -> Any: ...

    def legal_moves(self, state: dict, seat: int) -> list: ...

    def apply(self, state: dict, seat: int, move: Any) -> dict: ...

    def view(self, state: dict, seat: int | None) -> dict: ...

    def outcome(self, state: dict) -> dict | None: ...

    def describe(self, move: dict, state: dict, seat: int | None = None, after: dict | None = None) -> dict: ...

    def timeout_move(self, state: dict, seat: int) -> dict | None: ...

    def automatic_turns(self, move: dict, state: dict) -> list: ...

    def owed(self, state: dict, seat: int) -> dict | None: ...


def normalize_options(spec, options, seats):
    """Fill defaults and check every option against `spec`; returns a new dict.

    Unknown option names and values outside a field's choices are refused, so a
    stored game always carries a complete, valid option set.
    """
    from engine.core.errors import IllegalMove

    if not isinstance(options, dict):
        raise IllegalMove(_("Options must be a mapping."))
    players = spec["players"]
    if not isinstance(seats, int) or not players["min"] <= seats <= players["max"]:
        raise IllegalMove(
            _("This game is for {low} to {high} players."), low=players["min"], high=players["max"]
        )
    fields = {field["name"]: field for field in spec["fields"]}
    unknown = sorted(set(options) - set(fields))
    if unknown:
        raise IllegalMove(_("Unknown option: {name}."), name=unknown[0])
    result = {}
    for name, field in fields.items():
        if seats not in field.get("players", range(players["min"], players["max"] + 1)):
            continue
        value = options.get(name, field["default"])
        allowed = [choice[0] for choice in field["choices"]]
        if value not in allowed:
            raise IllegalMove(_("Option {name} cannot be {value}."), name=name, value=str(value)[:40])
        result[name] = value
    return result


def check_rules_version(known, wanted):
    """The version `new` records: `wanted` (a replay of a game started under it), else the newest."""
    from engine.core.errors import IllegalMove

    if wanted is None:
        return max(known)
    if wanted not in known:
        raise IllegalMove(_("This game was started with rules this server does not know yet; "
                            "please try again after the next update."))
    return wanted


def rules_version(state):
    """The rules version a game was started with; states recorded before versions existed are 1."""
    return state.get("rules_version", 1) if isinstance(state, dict) else 1
