"""Shared helpers: the copy-on-write context a move is applied to, refusals, hands.

`Context` copies the top-level state dict once and a section (or one player) only when a
rule writes to it, so `apply` never deep-copies the whole state and never mutates the
state it was given. Rules read `context.state[key]` and write only through
`context.write(key)`, `context.section(key)` and `context.entry(key, name)` (pieces),
`context.player(seat)` and `context.player_item(seat, key)`.
"""

from engine.core.errors import IllegalMove
from engine.core.rng import Rng, draws_below
from engine.catan_ck.data.terrains import CARD_TYPES


_CONTAINERS = (dict, list)
CONTAINER_TYPES = frozenset(_CONTAINERS)
# Sections and player items that never hold a container (card counts, track levels, card
# names): copied in one call, without clone's scan. Pieces (`entry`) are flat dicts too.
FLAT_SECTIONS = frozenset({"bank"})
FLAT_ITEMS = frozenset({"hand", "levels", "progress", "revealed"})


def clone(value):
    """Deep copy of plain JSON-like data (much faster than copy.deepcopy); leaves are
    shared. Most sections are flat (a hand, the bank, a deck of names): those are copied in
    one call once a scan in C found no nested container."""
    if type(value) is dict:
        if CONTAINER_TYPES.isdisjoint(map(type, value.values())):
            return value.copy()
        return {k: clone(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if type(value) is list:
        if CONTAINER_TYPES.isdisjoint(map(type, value)):
            return value.copy()
        return [clone(v) if type(v) in _CONTAINERS else v for v in value]
    return value


def need(condition, reason, **args):
    if not condition:
        raise IllegalMove(reason, **args)


def refuse(refusal):
    """Raise the refusal `(reason, args)` of a placement check; None means allowed."""
    if refusal is not None:
        raise IllegalMove(refusal[0], **refusal[1])


# The mark in `Context.written` of a piece section whose pieces were added, removed or replaced
# (`section`), beside `(key, None)`, which any copy of it leaves (`entry` too).
PLACED = "placed"


def moved_pieces(written, key):
    """Whether a move may have added, removed or replaced a piece of section `key`, or
    changed who holds it (`written`: its context's): not when it changed pieces only through
    `entry` (a knight activated or promoted, a city, a wall, a metropolis)."""
    return key in written or (key, PLACED) in written


class Context:
    """Copy-on-write view of a state being changed by one move."""

    __slots__ = ("state", "written", "barrier", "events", "rng", "memo")

    def __init__(self, state, memo=None):
        self.state = dict(state)
        self.written = set()
        self.barrier = False  # the move may not be undone (engine.core.undo)
        self.events = []      # public text dicts describing what the engine did (for the log)
        self.rng = None       # the state's generator, made once per move on its first draw
        self.memo = memo      # `replay`'s tables of its own state's board, else None

    def write(self, key):
        if key not in self.written:
            value = self.state[key]
            self.state[key] = value.copy() if key in FLAT_SECTIONS else clone(value)
            self.written.add(key)
        return self.state[key]

    def section(self, key):
        """A section of pieces (`knights`, `buildings`, `roads`) copied one level deep: add,
        remove or replace entries; change an entry in place only through `entry`. A move
        touches one or two pieces of dozens, so the others stay shared with the old state."""
        self.written.add((key, PLACED))
        return self._section(key)

    def _section(self, key):
        if key not in self.written and (key, None) not in self.written:
            self.state[key] = dict(self.state[key])
            self.written.add((key, None))
        return self.state[key]

    def entry(self, key, name):
        """One piece of a section (a knight, a building), copied once to be changed in place.
        Its place and owner stay (no rule changes them here): a section written only through
        `entry` holds the same pieces where they were (see `moved_pieces`)."""
        section = self._section(key)
        if key not in self.written and (key, name) not in self.written:
            section[name] = section[name].copy()  # a piece is a flat dict
            self.written.add((key, name))
        return section[name]

    def flags(self, key, name):
        """A piece whose flags change, not its place or owner (what Longest Road reads): a
        copy, as `entry` makes it."""
        return self.entry(key, name)

    def player(self, seat):
        """The player's dict, copied shallowly: write nested values through `player_item`."""
        key = ("player", seat)
        if key not in self.written:
            if "players" not in self.written:
                self.state["players"] = list(self.state["players"])
                self.written.add("players")
            self.state["players"][seat] = dict(self.state["players"][seat])
            self.written.add(key)
        return self.state["players"][seat]

    def player_item(self, seat, item):
        key = ("player_item", seat, item)
        written = self.written
        if key in written:  # copied already, with its player
            return self.state["players"][seat][item]
        player_key = ("player", seat)  # self.player(seat), written out: most writes come here
        if player_key in written:
            player = self.state["players"][seat]
        else:
            if "players" not in written:
                self.state["players"] = list(self.state["players"])
                written.add("players")
            players = self.state["players"]
            players[seat] = player = dict(players[seat])
            written.add(player_key)
        value = player[item]
        player[item] = value = value.copy() if item in FLAT_ITEMS else clone(value)
        self.written.add(key)
        return value

    def draw(self, method, *args):
        """One draw from the state's generator (CAT-GAME-04); the move becomes a barrier."""
        rng = self.rng
        if rng is None:
            rng = self.rng = Rng(self.state["rng"])
        result = getattr(rng, method)(*args)
        self.state["rng"] = rng.state
        self.barrier = True
        return result

    def draws(self, *bounds):
        """Successive draws `below(bound)` from the state's generator, as `draw` makes them."""
        rng = self.rng
        if rng is None:  # the first draw of the move (a roll's dice): no generator object
            results, self.state["rng"] = draws_below(self.state["rng"], bounds)
        else:
            results = list(map(rng.below, bounds))  # in order, as successive calls draw them
            self.state["rng"] = rng.state
        self.barrier = True
        return results

    def event(self, entry):
        self.events.append(entry)

    def reveal(self, entry):
        """Hidden information shown to `entry["seats"]` only (CAT-INFO-03), for this move."""
        if "private" not in self.written:
            self.state["private"] = []
            self.written.add("private")
        self.state["private"].append(entry)


# Sections an owned context still copies: Longest Road and the win check compare the pieces
# before and after a move by identity, and `replay` keeps a table per board object.
COPIED_SECTIONS = frozenset({"roads", "buildings", "knights", "board"})


class OwnedContext(Context):
    """A context that changes the given state's sections in place (the pieces excepted),
    for a state nobody reads again: `moves.replay` uses it on its own copy for moves that
    can never be taken back, so no undo base keeps the state before them. The state itself is
    changed too (no top-level copy): `moves.apply_owned` keeps what it compares before and after."""

    __slots__ = ()

    def __init__(self, state, memo=None):
        self.state = state
        self.written = set()
        self.barrier = False
        self.events = []
        self.rng = None
        self.memo = memo

    def write(self, key):
        if key in COPIED_SECTIONS:
            return Context.write(self, key)
        # not marked in `written`: a copy is never made here, and what the rules and checks
        # read from it (board, pieces, private, longest_road) is marked where it is written
        return self.state[key]

    def flags(self, key, name):
        """The piece itself, changed in place: the section stays the same object, so Longest
        Road sees no piece moved, which is so (only flags change)."""
        return self.state[key][name]

    def player(self, seat):
        return self.state["players"][seat]

    def player_item(self, seat, item):
        return self.state["players"][seat][item]


def hand_size(hand):
    return sum(map(hand.__getitem__, CARD_TYPES))


def pay(context, seat, cost):
    """Move `cost` ({type: n}) from the player's hand to the bank."""
    hand = context.player_item(seat, "hand")
    bank = context.write("bank")
    for card, count in cost.items():
        hand[card] -= count
        bank[card] += count


def can_pay(hand, cost):
    for card, count in cost.items():  # a loop, not all(): every build asks
        if hand[card] < count:
            return False
    return True


def take_from_bank(context, seat, cards):
    """Pay `cards` from the bank to the player, at most what the bank holds (CAT-BANK-03)."""
    hand = context.player_item(seat, "hand")
    bank = context.write("bank")
    paid = {}
    for card, count in cards.items():
        count = min(count, bank[card])
        if count > 0:
            bank[card] -= count
            hand[card] += count
            paid[card] = count
    return paid


def seats_from(state, first):
    """Every seat in turn order starting with `first` (CK-PROGRESS-03)."""
    order = state["order"]
    start = order.index(first)
    return order[start:] + order[:start]
