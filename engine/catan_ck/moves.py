"""Move dispatch, validation, `to_act` and `legal_moves`.

A move is checked against its schema, then against who may make it now (the active seat
in its stage, or the seat owning the decision it answers), then its rule function
changes a copy-on-write context; an IllegalMove never changes the input state. After
every move Longest Road is recomputed (CAT-ROAD-LONGEST-05) and the active player's win
is checked (CK-WIN-02).
"""

from itertools import compress
from operator import is_not, itemgetter, ne

from engine.core import undo
from engine.core.contract import rules_version
from engine.core.errors import IllegalMove
from engine.core.text import _
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck import (
    building, cards, decisions, dice, domestic, improvements, knights, preferences, seven, setup, trade, turn,
)
from engine.catan_ck.common import CONTAINER_TYPES, Context, OwnedContext, clone, moved_pieces
from engine.catan_ck.scoring import check_victory, update_longest_road

STR, INT, OPT_INT, OPT_STR, CARDS, LIST, OPT_LIST = (
    "str", "int", "optional int", "optional str", "cards", "list", "optional list of seats")

# type -> (fields, who: "active" in a stage / "decision", stages)
SCHEMA = {
    "setup_place": ({"intersection": STR, "path": STR}, "setup"),
    "roll": ({}, "roll"),
    "move_robber": ({"hex": STR, "victim": OPT_INT}, "robber"),
    "build_road": ({"path": STR}, "action"),
    "build_settlement": ({"intersection": STR}, "action"),
    "build_city": ({"intersection": STR}, "action"),
    "build_wall": ({"intersection": STR}, "action"),
    "maritime_trade": ({"give": STR, "take": STR}, "action"),
    "buy_improvement": ({"track": STR, "metropolis": OPT_STR, "crane": OPT_STR}, "action"),
    "take_aqueduct": ({"decision": INT, "resource": OPT_STR}, "decision"),
    "build_knight": ({"intersection": STR}, "action"),
    "activate_knight": ({"intersection": STR}, "action"),
    "promote_knight": ({"intersection": STR}, "action"),
    "move_knight": ({"knight": STR, "intersection": STR}, "action"),
    "displace_knight": ({"knight": STR, "intersection": STR}, "action"),
    "chase_robber": ({"knight": STR, "hex": STR, "victim": OPT_INT}, "action"),
    "retreat_knight": ({"decision": INT, "intersection": STR}, "decision"),
    "end_turn": ({}, "action"),
    "discard": ({"decision": INT, "cards": CARDS}, "decision"),
    "give_cards": ({"decision": INT, "cards": CARDS}, "decision"),
    "play_progress": ({"card": STR, "white": INT, "red": INT, "intersection": STR, "hexes": LIST, "paths": LIST,
                       "knights": LIST, "hex": STR, "card_type": STR, "path": STR, "rebuild": OPT_STR,
                       "target": INT}, "play"),
    "take_progress": ({"card": STR}, "card_step"),
    "take_cards": ({"cards": CARDS}, "card_step"),
    "place_deserter": ({"intersection": OPT_STR}, "card_step"),
    "desert_knight": ({"decision": INT, "intersection": STR}, "decision"),
    "harbor_offer": ({"offers": CARDS}, "action"),
    "set_preferences": ({"preferences": CARDS}, "trade"),
    "offer_trade": ({"give": CARDS, "want": CARDS, "to": OPT_LIST, "mode": OPT_STR, "expires": OPT_STR}, "trade"),
    "post_standing": ({"give": CARDS, "want": CARDS, "until": OPT_INT, "expires": OPT_STR}, "trade"),
    "expire_trade": ({"offer": INT}, "trade"),
    "answer_trade": ({"offer": INT, "answer": STR}, "trade"),
    "counter_trade": ({"offer": INT, "give": CARDS, "want": CARDS}, "trade"),
    "complete_trade": ({"offer": INT, "with": INT}, "trade"),
    "take_standing": ({"offer": INT}, "trade"),
    "withdraw_trade": ({"offer": INT}, "trade"),
    "harbor_commodity": ({"decision": INT, "commodity": STR}, "decision"),
    "lose_city": ({"decision": INT, "intersection": STR}, "decision"),
    "choose_deck": ({"decision": INT, "deck": STR}, "decision"),
    "discard_progress": ({"decision": OPT_INT, "card": STR}, "progress"),
}
OPTIONAL = {"victim", "decision", "metropolis", "resource", "crane", "to", "mode", "until", "expires"}
# moves the site may submit as `{"type": ..., "timeout": true}` (decisions.default_move)
TIMEOUT_MOVES = {"setup_place", "roll", "move_robber", "end_turn", "discard", "lose_city", "choose_deck",
                 "discard_progress", "retreat_knight", "take_aqueduct", "give_cards", "take_progress",
                 "take_cards", "place_deserter", "desert_knight", "harbor_commodity"}

HANDLERS = {
    "setup_place": setup.do_setup_place,
    "roll": dice.do_roll,
    "move_robber": seven.do_move_robber,
    "build_road": building.do_build_road,
    "build_settlement": building.do_build_settlement,
    "build_city": building.do_build_city,
    "build_wall": building.do_build_wall,
    "maritime_trade": trade.do_maritime_trade,
    "buy_improvement": improvements.do_buy_improvement,
    "take_aqueduct": improvements.do_take_aqueduct,
    "build_knight": knights.do_build_knight,
    "activate_knight": knights.do_activate_knight,
    "promote_knight": knights.do_promote_knight,
    "move_knight": knights.do_move_knight,
    "displace_knight": knights.do_displace_knight,
    "chase_robber": knights.do_chase_robber,
    "retreat_knight": knights.do_retreat_knight,
    "end_turn": turn.do_end_turn,
    "discard": decisions.do_discard,
    "give_cards": decisions.do_give_cards,
    "play_progress": cards.do_play_progress,
    "take_progress": cards.do_card_step,
    "take_cards": cards.do_card_step,
    "place_deserter": cards.do_card_step,
    "desert_knight": cards.do_desert_knight,
    "harbor_offer": cards.do_harbor_offer,
    "set_preferences": preferences.do_set_preferences,
    "offer_trade": domestic.do_offer_trade,
    "post_standing": domestic.do_post_standing,
    "answer_trade": domestic.do_answer_trade,
    "counter_trade": domestic.do_counter_trade,
    "complete_trade": domestic.do_complete_trade,
    "take_standing": domestic.do_take_standing,
    "withdraw_trade": domestic.do_withdraw_trade,
    "expire_trade": domestic.do_expire_trade,
    "harbor_commodity": cards.do_harbor_commodity,
    "lose_city": decisions.do_lose_city,
    "choose_deck": decisions.do_choose_deck,
    "discard_progress": decisions.do_discard_progress,
}


def _ints(value):
    return all(type(item) is int for item in value)


def _strs(value):
    return all(type(item) is str for item in value)


# per kind of field: the types its value may have, and a check of a list's items (or None)
_KINDS = {
    STR: ((str,), None),
    INT: ((int,), None),
    OPT_INT: ((int, type(None)), None),
    OPT_STR: ((str, type(None)), None),
    CARDS: ((dict,), None),
    OPT_LIST: ((list, type(None)), _ints),
    LIST: ((list,), _strs),
}
# per move type, built once: the keys a move may carry and (field, types, items check, required)
# in order; a type is compared exactly (a bool is no int)
_CHECKS = {
    move_type: (frozenset(fields) | {"type", "timeout"},
                tuple((key, *_KINDS[kind], key not in OPTIONAL and (move_type != "play_progress" or key == "card"))
                      for key, kind in fields.items()))
    for move_type, (fields, _who) in SCHEMA.items()
}


class _Missing:
    """The type of the value `_plain_test` reads for a field a move leaves out."""


def _plain_test(move_type, allowed, checks):
    """A function telling at once that a move of `move_type` passes `check_schema`: no
    timeout, no unknown field, every field present that must be, each value of a right type.
    Written out per move type (one expression, no loop: every move asks); a list field's items
    are checked when it holds a list. A move it does not pass gets the checks below, which
    name what is wrong."""
    names = {"allowed": allowed, "MISSING": _Missing()}
    terms = ['"timeout" not in move', "allowed.issuperset(move)"]
    for index, (key, types, items, required) in enumerate(checks):
        names["types%d" % index] = types if required else types + (_Missing,)
        terms.append("type(move.get(%r, MISSING)) in types%d" % (key, index))
        if items is not None:  # a list, None or left out (the test above): a list's items
            names["items%d" % index] = items
            terms.append("(type(move.get(%r)) is not list or items%d(move[%r]))" % (key, index, key))
    code = "def passes(move):\n    return %s\n" % " and ".join(terms)
    exec(compile(code, "<check_schema %s>" % move_type, "exec"), names)
    return names["passes"]


_PASSES = {move_type: _plain_test(move_type, allowed, checks) for move_type, (allowed, checks) in _CHECKS.items()}


def check_schema(move):
    if not isinstance(move, dict):
        raise IllegalMove(_("A move must be a mapping with a type."))
    move_type = move.get("type")
    passes = _PASSES.get(move_type)
    if passes is not None and passes(move):
        return move_type
    entry = _CHECKS.get(move_type)  # one lookup; SCHEMA and _CHECKS have the same keys
    if entry is None:
        raise IllegalMove(_("Unknown move type."))
    allowed, checks = entry
    if not allowed.issuperset(move):
        unknown = next(key for key in move if key not in allowed)
        raise IllegalMove(_("Unknown field {field} in this move."), field=str(unknown)[:40])
    timeout = move.get("timeout")
    if not (timeout is None or (timeout is True and move_type in TIMEOUT_MOVES)):
        raise IllegalMove(_("The field {field} has a wrong value."), field="timeout")
    for key, types, items, required in checks:
        value = move.get(key, _MISSING)
        if value is _MISSING:
            if required and not timeout:
                raise IllegalMove(_("The move lacks the field {field}."), field=key)
        elif type(value) not in types or (items is not None and value is not None and not items(value)):
            raise IllegalMove(_("The field {field} has a wrong value."), field=key)
    return move_type


_MISSING = object()


def _need(condition, reason, **args):
    if not condition:
        raise IllegalMove(reason, **args)


_WHO = {move_type: who for move_type, (_fields, who) in SCHEMA.items()}
_ANSWERS = frozenset({"decision", "trade"})
# per move type, the stages in which `check_turn` passes when the game is in play, the seat is
# the active one, no decision is open and no card is being finished (most moves of a game):
# `_replay_move` then skips it. None: check_turn never refuses this type (answers, offers; their
# handlers check the seat); empty: check_turn always runs (setup, card steps).
_OWN_STAGES = {
    move_type: None if who in _ANSWERS else frozenset(
        {"play": ("roll", "action"), "progress": ("action",), "setup": (), "card_step": ()}.get(who, (who,)))
    for move_type, who in _WHO.items()
}


def check_turn(state, seat, move_type, move):
    """Whether `seat` may make a move of this type now (the rule checks come after)."""
    who = _WHO[move_type]
    if who in _ANSWERS or (who == "progress" and move.get("decision") is not None):
        return  # the handler checks that the decision (or the offer) concerns this seat
    if who == "setup":
        _need(state["phase"] == "setup" and seat == state["active"], _("It is not your turn to place."))
        return
    if state["phase"] != "play" or seat != state["active"]:
        raise IllegalMove(_("It is not your turn."))
    decisions = state["decisions"]
    if decisions:  # most moves come with none open: skip the scans
        for decision in decisions:  # tests, not need(): the texts are made only to refuse
            if decision["seat"] == seat:
                raise IllegalMove(_("First answer your open decision."))
        if turn.turn_blocked(state) and not (move_type == "harbor_offer" and turn.harbor_wait(state)):
            raise IllegalMove(_("Waiting for other players' decisions."))
    stage = state["turn"]["stage"]
    if who == "card_step":
        if state.get("card_step") is None:
            raise IllegalMove(_("There is no such card to finish."))
        return
    if state.get("card_step") is not None:
        raise IllegalMove(_("First finish the card you played."))
    if who == "progress":
        who = "action"
    elif who == "play":  # the Alchemist before the roll, every other card in the action phase
        who = "roll" if stage == "roll" else "action"
    if stage != who:
        if move_type == "chase_robber" and stage == "roll" and state["options"]["knight_errant"]:
            _need(not state["turn"].get("knight_errant"), _("Only one knight may chase the robber before the roll."))
            return  # CK-KNIGHT-15, option Knight-Errant
        reasons = {"roll": _("Roll the dice first."), "robber": _("Move the robber first."),
                   "action": _("This is not possible before the action phase.")}
        raise IllegalMove(reasons.get(stage, _("This is not possible now.")))


def road_seats_changed(before, after, written=None):
    """The seats whose Longest Road a move may have changed: owners of roads built or
    removed, and owners of roads touching an intersection whose holder changed (another
    player's building or knight cuts a road, CAT-ROAD-LONGEST-01). Most moves change
    neither, and then every length and the award stay as they were; a road of another seat
    far from the change keeps its length, so only these seats are measured again.
    `written` (the move's context's): a building or knight section the move changed only
    through `Context.entry` holds the same pieces where they were, and is not compared."""
    old_roads, new_roads = before["roads"], after["roads"]
    if old_roads is new_roads and before["buildings"] is after["buildings"] and before["knights"] is after["knights"]:
        return set()  # no piece changed (most moves)
    seats = set()
    if old_roads is not new_roads:
        added = 0
        # the roads whose owner differs (new or taken over), picked in C
        for path in compress(new_roads, map(ne, new_roads.values(), map(old_roads.get, new_roads))):
            previous = old_roads.get(path)
            seats.add(new_roads[path])
            if previous is None:
                added += 1
            else:
                seats.add(previous)
        if len(old_roads) + added > len(new_roads):  # a road was removed (Diplomat)
            seats.update(owner for path, owner in old_roads.items() if path not in new_roads)
    touched = []
    for key in ("buildings", "knights"):
        old, new = before[key], after[key]
        if old is new or (written is not None and not moved_pieces(written, key)):
            continue
        # an unchanged piece is the same object in both sections: compared in C, one pass
        for x in compress(new, map(is_not, new.values(), map(old.get, new))):
            previous = old.get(x)
            if previous is None or previous["owner"] != new[x]["owner"]:
                touched.append(x)
        if len(old) > len(new) - len(touched):  # a piece may have left (moved, removed)
            touched += [x for x in old if x not in new]
    for intersection in touched:
        for path in GEOMETRY.intersection_paths[intersection]:
            owner = new_roads.get(path)
            if owner is not None:
                seats.add(owner)
    return seats


def apply_in_context(state, seat, move, checked=False, memo=None):
    """The context after `move` (its state and the engine's public events). `checked`: `state`
    came out of `apply`, whose win check leaves the active player below the target while the
    game is in play; `replay` passes it to skip the check after a move that changed none of
    what the active player's points count (scoring.points), and its `memo` (Context.memo)."""
    if state["phase"] == "over":
        raise IllegalMove(_("The game is over."))
    move_type = check_schema(move)
    check_turn(state, seat, move_type, move)
    context = Context(state, memo)
    HANDLERS[move_type](context, seat, move)
    after = context.state
    if after["decisions"] or after["offers"] or after["turn"] and after["turn"]["stage"] == "roll":
        preferences.apply_preferences(context, HANDLERS)  # else nothing a preference answers
    written = context.written
    if context.barrier and "private" not in written and state.get("private"):
        after["private"] = []
    if state["roads"] is after["roads"] and state["buildings"] is after["buildings"] \
            and state["knights"] is after["knights"]:
        changed = None  # no piece changed (most moves): see road_seats_changed
    else:
        changed = road_seats_changed(state, after, written)
    if changed:
        before, after_road = update_longest_road(context, changed)
        if before["holder"] != after_road["holder"] or _other_lengths_changed(before, after_road, seat):
            context.barrier = True  # ASYNC-UNDO-01: it changed another player's road or VP
    if not checked or not points_unchanged(state, after, written):
        check_victory(context)
    return context


def points_unchanged(before, after, written):
    """Whether the move (`written`: its context's) left the same active player in play, as it
    was before, with the same buildings, Longest Road, merchant (sections a move replaces when
    it changes them), defenders and revealed cards. The state before the move is never
    changed (copy-on-write): players the move did not write are the same dicts."""
    active = before["active"]
    if before["phase"] != "play" or after["phase"] != "play" or after["active"] != active \
            or after["buildings"] is not before["buildings"] or after["longest_road"] is not before["longest_road"] \
            or after["merchant"] is not before["merchant"]:
        return False
    if "players" not in written:
        return True
    player, previous = after["players"][active], before["players"][active]
    return player["defenders"] == previous["defenders"] and player["revealed"] == previous["revealed"]


def apply(state, seat, move, checked=False, memo=None):
    if isinstance(move, dict) and move.get("type") == "undo":  # undo.is_undo, inlined: every move asks
        _need(set(move) == {"type"}, _("Unknown field in this move."))
        _need(undo.can_undo(state, seat) and seat in to_act(state), _("There is nothing you can take back."))
        return undo.undo(state, apply)
    context = apply_in_context(state, seat, move, checked, memo)
    barrier = context.barrier or move.get("type") == "end_turn"
    return undo.record(state, context.state, seat, move, barrier,
                       not barrier and move["type"] == "set_preferences" and kept(state, seat, move, context))


def kept(state, seat, move, context):
    """Whether `move` by `seat`, no barrier, passes through the open undo chain
    (engine.core.undo): a standing preference (4.6) set by a seat other than the active one
    that answered nothing (no preference acted in the move). The active player may still
    take back their own moves around it (ASYNC-UNDO-02), which leaves it in effect; it is
    never taken back by an undo (a seat changes it again with another `set_preferences`).
    A preference that acted (declined an offer) is the move it made: it ends the chain.
    Games started under rules version 1 keep chains of one seat's moves (any other seat's move
    ended the chain)."""
    if move["type"] != "set_preferences" or seat == state["active"] or rules_version(state) < 2:
        return False
    for event in context.events:
        if event.get("kind") == "preference":
            return False
    return True


# Moves that are never taken back (engine.core.undo): a roll draws from the generator, an end
# of turn ends the undo chain; no undo base can hold the state before them.
ALWAYS_BARRIERS = frozenset({"roll", "end_turn"})
# ... and the moves that are barriers whenever they succeed, which `replay` applies in place
# too (`apply_owned`): an answer to a decision closes it (turn.close_decision), a progress card
# played or discarded goes under its deck (cards.take_card, progress.discard), the robber moves
# (seven.move_robber). A refused one ends the replay, whose own copy is then dropped.
OWNED_MOVES = ALWAYS_BARRIERS | {kind for kind, (_fields, who) in SCHEMA.items() if who == "decision"} \
    | {"discard_progress", "play_progress", "move_robber"}


# Move types with a field that may hold a container (cards, a list): `replay` copies such a
# move before applying it in place. A move of another type that holds a container is refused by
# its schema before it changes anything (a test of the type is cheaper than a scan of the values).
_NESTED_MOVES = frozenset(move_type for move_type, (fields, _who) in SCHEMA.items()
                          if {CARDS, LIST, OPT_LIST} & set(fields.values()))


# Sections `replay` never changes in place: the options, the board and the pieces of roads and
# buildings are copied by every context that writes them (COPIED_SECTIONS; only knights change
# their flags in place), and an undo record is replaced, never changed.
_KEPT_BY_REPLAY = frozenset({"options", "board", "roads", "buildings", "undo"})


def _own_copy(state):
    """A copy of `state` that `replay` may change in place: the top-level dict and every
    section it may change in place (the others are shared, as `apply` shares the sections a
    move does not write)."""
    return {key: value if key in _KEPT_BY_REPLAY else clone(value) for key, value in state.items()}


def replay(state, moves):
    """The state that applying `moves` ([seat, move] pairs) one by one to `state` gives,
    equal to it in every key and refusing what `apply` refuses, and cheaper: it works on its
    own deep copy of `state` (the caller's state and moves are never changed), on which the
    moves that are never taken back (OWNED_MOVES: rolls, ends of turn, ...) and the moves whose
    undo record no later move reads (`_undo_records_unread`: when nobody undoes, all but those
    after the last of OWNED_MOVES) change the state in place instead of copying what they write
    (`apply_owned`); its contexts keep tables of the
    sections it owns (the board's production table, the points of the buildings, see
    Context.memo); and after its first move it skips the win check of a move that changed
    nothing the points count."""
    # its own copy: the top-level dict and every section it may change in place (the others are
    # shared with the given state, as `apply` shares the sections a move does not write)
    state = _own_copy(state)
    memo = {}  # what this replay's contexts keep of pieces and boards they do not change
    checked = False  # the given state may come from anywhere: its first move is checked in full
    # whether a seat holds standing preferences (only `set_preferences` sets them): without any,
    # no move needs the preference pass (preferences.DEFAULTS answer nothing)
    preferring = preferences.any_preferences(state)
    for (seat, move), unread in zip(moves, _undo_records_unread(moves)):
        kind = move.get("type") if type(move) is dict else None
        if kind in OWNED_MOVES:
            if kind in _NESTED_MOVES:
                move = clone(move)  # no part of a caller's move ends up in the state we change
            state = apply_owned(state, seat, move, memo, checked, preferring)
            checked = True
        elif kind is None or kind == "undo":  # refused, or an undo: it gives back an undo base
            # whose sections the states before it share (the given state's too): copied again
            # before any move changes them in place
            state = _own_copy(apply(state, seat, clone(move), checked, memo))
            checked = False
            preferring = preferences.any_preferences(state)
        elif unread:  # may be taken back, but no undo comes before a barrier: see _undo_records_unread
            if kind in _NESTED_MOVES:
                move = clone(move)
            state = apply_owned(state, seat, move, memo, checked, preferring, undoable=True)
            checked = True
            if kind == "set_preferences":
                preferring = preferences.any_preferences(state)
        else:  # `apply` without its undo test
            # a copy when it holds containers, so that no part of a caller's move ends up in the
            # state we change (a flat move is kept only in the undo record, never changed)
            if not CONTAINER_TYPES.isdisjoint(map(type, move.values())):
                move = clone(move)
            if checked:
                state = _replay_move(state, seat, move, kind, memo, preferring)
            else:
                context = apply_in_context(state, seat, move, checked, memo)
                passes = not context.barrier and kind == "set_preferences" and kept(state, seat, move, context)
                state = undo.record(state, context.state, seat, move, context.barrier, passes)
                checked = True
            if kind == "set_preferences":
                preferring = preferences.any_preferences(state)
    return state


def _undo_records_unread(moves):
    """Per move of `moves`, whether the undo record after it is never read: a move of
    OWNED_MOVES (a barrier whenever it succeeds, which sets the record to None) comes later in
    `moves` before any undo. Only an undo reads a chain's base, and a move extending the chain
    reads the record only to make its own; so such a move, even one that may be taken back,
    can change `replay`'s state in place: no undo base will ever hold the state before it.
    Not the moves after the last barrier: the state `replay` returns keeps their chain. (The
    values for an undo, a move of OWNED_MOVES or a refused one are not read.)"""
    played = list(map(itemgetter(1), moves))
    last = len(played)  # after the loop: one past the last move of OWNED_MOVES
    while last and not (type(played[last - 1]) is dict and played[last - 1].get("type") in OWNED_MOVES):
        last -= 1
    if undo.UNDO_MOVE not in played:  # most replays (bots never undo): compared in C
        return [True] * last + [False] * (len(played) - last)
    unread = [False] * len(played)
    closed = False  # whether the moves after the current one reach a barrier before an undo
    for index in range(last - 1, -1, -1):
        move = played[index]
        kind = move.get("type") if type(move) is dict else None
        if kind in OWNED_MOVES:
            closed = True
        elif kind == "undo":
            closed = False
        else:
            unread[index] = closed
    return unread


def _replay_move(state, seat, move, kind, memo, preferring=True):
    """`apply_in_context` (with `checked`) and `undo.record` for a move of type `kind` (neither
    a roll, an end of turn nor an undo) in `replay`, written out: the schema's passing case
    and the turn check of a seat playing its own stage are one test each, with the refusals
    of the full checks (in their order) for any move they do not pass."""
    phase = state["phase"]
    if phase == "over":
        raise IllegalMove(_("The game is over."))
    passes = _PASSES.get(kind)
    if passes is None or not passes(move):
        check_schema(move)
    stages = _OWN_STAGES.get(kind)
    if stages is not None and (phase != "play" or seat != state["active"] or state["decisions"]
                               or state["turn"]["stage"] not in stages or state.get("card_step") is not None):
        check_turn(state, seat, kind, move)
    context = Context(state, memo)
    HANDLERS[kind](context, seat, move)
    after = context.state
    if preferring and (after["decisions"] or after["offers"] or after["turn"] and after["turn"]["stage"] == "roll"):
        preferences.apply_preferences(context, HANDLERS)  # else nothing a preference answers
    written = context.written
    if context.barrier and "private" not in written and state.get("private"):
        after["private"] = []
    # a building or knight section changed only through `Context.entry` (a knight activated, a
    # city, a wall) holds the same pieces where they were: no road length to measure again
    if state["roads"] is not after["roads"] \
            or state["buildings"] is not after["buildings"] and moved_pieces(written, "buildings") \
            or state["knights"] is not after["knights"] and moved_pieces(written, "knights"):
        changed = road_seats_changed(state, after, written)
        if changed:
            before, after_road = update_longest_road(context, changed)
            if before["holder"] != after_road["holder"] or _other_lengths_changed(before, after_road, seat):
                context.barrier = True  # ASYNC-UNDO-01: it changed another player's road or VP
    if not points_unchanged(state, after, written):
        check_victory(context)
    previous = state["undo"]
    passes = not context.barrier and kind == "set_preferences" and kept(state, seat, move, context)
    if context.barrier or passes or previous and previous["moves"] and previous["moves"][0][0] == seat:
        return undo.record(state, after, seat, move, context.barrier, passes)
    # a new undo chain: its base is the state before the move with no undo record, which
    # `undo.record` copies; this replay holds that state alone and never changes it again,
    # so it becomes the base itself (the same keys in the same order)
    state["undo"] = None
    after["undo"] = {"base": state, "moves": [[seat, move]]}
    return after


def _other_lengths_changed(before, after, seat):
    """Whether Longest Road record `after` gives a seat other than `seat` another length."""
    for other, (length, new_length) in enumerate(zip(before["lengths"], after["lengths"])):
        if other != seat and length != new_length:
            return True
    return False


def apply_owned(state, seat, move, memo, checked, preferring=True, undoable=False):
    """What `apply_in_context` and `apply` give for a move of `OWNED_MOVES` (`move`, a dict),
    but changing `state` itself, which only `replay` holds: these moves are never taken back,
    so no undo base keeps the state before them, and the undo record after them is None (as
    `undo.record` sets it for a barrier). What the checks after the move compare with the state
    before it is kept first; the piece sections stay copy-on-write (see OwnedContext).
    `undoable`: any other move, whose undo record `replay` knows is never read
    (`_undo_records_unread`): none is kept (None), and it need not be a barrier."""
    phase = state["phase"]
    if phase == "over":
        raise IllegalMove(_("The game is over."))
    move_type = move["type"]
    if len(move) != 1 or move_type not in ALWAYS_BARRIERS:  # a roll or an end of turn alone passes
        passes = _PASSES.get(move_type)
        if passes is None or not passes(move):
            check_schema(move)
    stages = _OWN_STAGES[move_type]
    if stages is not None and (phase != "play" or seat != state["active"] or state["decisions"]
                               or state["turn"]["stage"] not in stages or state.get("card_step") is not None):
        check_turn(state, seat, move_type, move)  # else its checks all pass: the seat's own stage
    roads, buildings, knights = state["roads"], state["buildings"], state["knights"]
    private = state.get("private")
    if checked and phase == "play" and move_type != "end_turn":
        # what the active player's points count (the player is changed in place): see
        # points_unchanged. Buildings, Longest Road and the merchant are replaced when they
        # change (the piece sections stay copy-on-write), so they are compared by identity; the
        # revealed cards are only ever added to, so their number tells
        active = state["active"]
        player = state["players"][active]
        longest_road, merchant, defenders, revealed = (
            state["longest_road"], state["merchant"], player["defenders"], len(player["revealed"]))
    else:
        active = None
    context = OwnedContext(state, memo)
    HANDLERS[move_type](context, seat, move)
    if not context.barrier and not undoable:  # never so (OWNED_MOVES): the undo record below would be wrong
        raise RuntimeError("%s was applied in place but may be taken back" % move_type)
    preferred = False  # whether a preference acted after the move (see the win check below)
    if preferring and (state["decisions"] or state["offers"] or state["turn"] and state["turn"]["stage"] == "roll"):
        events = len(context.events)
        preferences.apply_preferences(context, HANDLERS)  # `preferring`: see replay
        preferred = len(context.events) != events
    if private and context.barrier and "private" not in context.written:  # as apply_in_context, after the preferences
        state["private"] = []
    written = context.written
    # a building or knight section changed only through `Context.entry` (a knight activated, a
    # city, a wall) holds the same pieces where they were: no road length to measure again
    if roads is state["roads"] and (buildings is state["buildings"] or not moved_pieces(written, "buildings")) \
            and (knights is state["knights"] or not moved_pieces(written, "knights")):
        changed = None
    else:
        changed = road_seats_changed({"roads": roads, "buildings": buildings, "knights": knights}, state, written)
        if changed:
            update_longest_road(context, changed)
    if active is not None:
        if state["phase"] != "play" or state["active"] != active or state["buildings"] is not buildings \
                or state["longest_road"] is not longest_road or state["merchant"] is not merchant \
                or player["defenders"] != defenders or len(player["revealed"]) != revealed \
                or state["players"][active] is not player:
            check_victory(context)
    elif move_type != "end_turn" or preferred or changed:
        # an end of turn is checked by its new turn (start_turn): again only when a preference
        # acted after that check or a road changed
        check_victory(context)
    state["undo"] = None
    return state

to_act = turn.to_act


def legal_moves(state, seat):
    """Every legal move of `seat`; card choices are described by their constraints
    (engine.catan_ck.decisions)."""
    if state["phase"] == "over":
        return []
    moves = decisions.decision_moves(state, seat)
    if state["phase"] == "play":
        moves += domestic.trade_moves(state, seat)  # ASYNC-07/08: never puts a seat into to_act
    if seat == state["active"] and state["phase"] == "play" and turn.harbor_wait(state):
        return moves + cards.harbor_moves(state, seat)  # CK-PROGRESS-12: further opponents only
    if seat != state["active"] or seat not in to_act(state) or any(d["seat"] == seat for d in state["decisions"]):
        return moves
    if state["phase"] == "setup":
        return setup.setup_moves(state, seat)
    if state.get("card_step"):
        return cards.card_step_moves(state, seat)
    stage = state["turn"]["stage"]
    if stage == "roll":
        moves.append({"type": "roll"})
        moves += cards.play_moves(state, seat)
        if state["options"]["knight_errant"] and not state["turn"].get("knight_errant"):
            moves += [m for m in knights.knight_moves(state, seat) if m["type"] == "chase_robber"]
    elif stage == "robber":
        moves += seven.robber_moves(state, seat)
    elif stage == "action":
        moves += building.building_moves(state, seat)
        moves += knights.knight_moves(state, seat)
        moves += improvements.improvement_moves(state, seat)
        moves += cards.play_moves(state, seat)
        moves += cards.harbor_moves(state, seat)  # after a Commercial Harbor this turn
        moves += trade.trade_moves(state, seat)
        if turn.progress_over_limit(state, seat):
            moves += [{"type": "discard_progress", "card": c} for c in state["players"][seat]["progress"]]
        else:
            moves.append({"type": "end_turn"})
    if undo.can_undo(state, seat):
        moves.append(dict(undo.UNDO_MOVE))
    return moves
