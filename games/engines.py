"""The one place where the site calls game engines (engine.registry).

Everything else in the site goes through these helpers, so a game's rules are
only ever reached from here, `moves.py` (submitting) and `replays.py`.
"""

import datetime

from engine import registry
from engine.core.errors import IllegalMove


class UnknownGame(LookupError):
    pass


def game_ids():
    """Every registered game's id, sorted, without importing an engine (the lobby, the ratings)."""
    return sorted(registry.GAMES)


def known(game_id):
    """True for a registered game, without importing its engine (engine.registry says why)."""
    return game_id in registry.GAMES


def rules(game_id):
    try:
        return registry.get(game_id)
    except KeyError:
        raise UnknownGame(game_id) from None


def bots(game_id):
    """{name: choose(state, seat, rng)} of the game's own bots (`BOTS` of its `bots` module, which
    holds "random" at least); {} for a game without."""
    import importlib
    import importlib.util

    package = rules(game_id)
    if not hasattr(package, "__path__") or importlib.util.find_spec(package.__name__ + ".bots") is None:
        return {}
    return getattr(importlib.import_module(package.__name__ + ".bots"), "BOTS", {})


def title(game_id):
    """The game's name in the active language (its catalogue's TITLE, a text dict; else its id).
    Imports no engine: engine.catalogue."""
    from games.text import render

    name = getattr(_catalogue(game_id), "TITLE", None)
    return (render(name) if isinstance(name, dict) else name) or game_id.replace("_", " ").title()


def options_spec(game_id):
    """The game's options spec (engine contract), from its catalogue: imports no engine."""
    return _catalogue(game_id).OPTIONS


def _catalogue(game_id):
    try:
        return registry.catalogue(game_id)
    except KeyError:
        raise UnknownGame(game_id) from None


def normalize(game_id, options, players):
    from engine.core.contract import normalize_options

    return normalize_options(options_spec(game_id), options, players)


def new_state(game_id, options, players, seed):
    return rules(game_id).new(options, players, seed)


def to_act(game_id, state):
    return set(rules(game_id).to_act(state))


def out_of_turn(game_id, move):
    """True for a move type the game lets a seat make outside `to_act` (Catan's trade answers,
    standing offers, preferences); `apply` still checks it. Optional: none by default."""
    kinds = getattr(rules(game_id), "OUT_OF_TURN", ())
    return isinstance(move, dict) and move.get("type") in kinds


def site_only(game_id, move):
    """True for a move type only the site's clock submits (the game's optional SITE_MOVES,
    e.g. Catan's offer expiry); a player submitting it is refused."""
    kinds = getattr(rules(game_id), "SITE_MOVES", ())
    return isinstance(move, dict) and move.get("type") in kinds


def timed_moves(game_id, state):
    """The game's optional `timed_moves(state)`: `[(moment, seat, move)]`, earliest first, the
    moves the site submits for `seat` once `moment` (an aware datetime) has passed."""
    timed = getattr(rules(game_id), "timed_moves", None)
    if timed is None:
        return []
    return sorted(((datetime.datetime.fromisoformat(entry["at"].replace("Z", "+00:00")), entry["seat"], entry["move"])
                   for entry in timed(state)), key=lambda entry: entry[0])


def next_timed_at(game_id, state):
    timed = timed_moves(game_id, state)
    return timed[0][0] if timed else None


def turn_marker(game_id, state):
    return rules(game_id).turn_marker(state)


def legal_moves(game_id, state, seat):
    if seat is None:
        return []
    return list(rules(game_id).legal_moves(state, seat))


def view(game_id, state, seat):
    return rules(game_id).view(state, seat)


def outcome(game_id, state):
    return rules(game_id).outcome(state)


def describe(game_id, move, state, seat=None, after=None):
    """The log line of `move` by `seat` on `state` (the seat matters where several seats act).
    `after`: what `apply` returned for this move and seat, where the caller has it (a game may
    read it instead of applying the move again: Praga's line names the gains and payments)."""
    return rules(game_id).describe(move, state, seat=seat, after=after)


def timeout_move(game_id, state, seat):
    """The default move for a decision `seat` owes off turn, or None (its own turn: the policy)."""
    return rules(game_id).timeout_move(state, seat)


def move_forms(game_id, state, seat):
    """Moves with open card choices the seat may make besides its legal moves (optional)."""
    forms = getattr(rules(game_id), "move_forms", None)
    return list(forms(state, seat)) if forms is not None and seat is not None else []


def prompt(game_id, state, seat):
    """What `seat` must decide now, as a text dict, or None (optional in the contract)."""
    ask = getattr(rules(game_id), "prompt", None)
    return ask(state, seat) if ask is not None else None


def owed(game_id, state, seat):
    """{"task": text, "default": text | None} for a seat that must act, or None (the banner then
    says "to move"). In the contract of every game; a game without it gets the fallback."""
    describe_owed = getattr(rules(game_id), "owed", None)
    return describe_owed(state, seat) if describe_owed is not None else None


def asks(game_id, state, seat):
    """[{"id", "text"}]: offers and the like `seat` may answer outside `to_act` (optional)."""
    asked = getattr(rules(game_id), "asks", None)
    return list(asked(state, seat)) if asked is not None and seat is not None else []


def unknown_rules_version(game_id, state):
    """The game's rules version if this code cannot play it (a game started by newer
    code, or by a version whose compatibility branch was removed), else None."""
    from engine.core.contract import rules_version

    version = rules_version(state)
    known = getattr(rules(game_id), "RULES_VERSIONS", (1,))
    return None if version in known else version


def solo_opponent(game_id, options):
    """The text naming a solo game's opponent, or None (also for games without solo opponents)."""
    opponent = getattr(rules(game_id), "solo_opponent", None)
    return opponent(options or {}) if opponent is not None else None


def automatic_turns(game_id, move, state):
    return list(rules(game_id).automatic_turns(move, state))


def apply(game_id, state, seat, move):
    """The new state, or IllegalMove. A crash on a move that was not legal is
    reported as illegal (malformed input must never become a server error)."""
    module = rules(game_id)
    if unknown_rules_version(game_id, state) is not None:
        raise IllegalMove("This game was started with rules this server does not know yet; "
                          "please try again after the next update.")
    try:
        return module.apply(state, seat, move)
    except IllegalMove:
        raise
    except Exception:
        if move not in module.legal_moves(state, seat):
            raise IllegalMove("This move is not possible now.") from None
        raise


def replay(game_id, options, players, seed, moves, rules_version=None):
    """Yield the state after each step: first the new game, then after each move.
    `rules_version`: the one the game started with (a replay never switches rules)."""
    module = rules(game_id)
    state = module.new(options, players, seed, rules_version=rules_version)
    yield state
    for seat, payload in moves:
        state = module.apply(state, seat, payload)
        yield state
