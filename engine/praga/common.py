"""Shared helpers of the Praga rules: copy-on-write context, data access, rewards parsing.

`Ctx` wraps the state a move is applied to. It copies the top-level dict once and a
section (or one player) only when a rule writes to it, so `apply` never deep-copies
the whole state and never mutates the state it was given. Rules read with `ctx.s[key]`
and write only through `ctx.w(key)` / `ctx.p(seat)` / `ctx.t()`, or, for one value of a section,
`ctx.ws(key)` (its own values) / `ctx.wn(key, sub)` (a nested one), which copy only that.
"""

import re

from engine.core.errors import IllegalMove
from engine.core.rng import Rng

ACTIONS = ["MINES", "QUARRIES", "UPGRADE", "WALL", "BUILDING", "ROAD"]
ROWS = ["upgrade", "wall", "building"]
ROW_OF_ACTION = {"UPGRADE": "upgrade", "WALL": "wall", "BUILDING": "building"}
STRUCTS = ["hw", "ca"]
STRUCT_DATA = {"hw": "hunger_wall", "ca": "cathedral"}
BOT = "bot"  # owner id of the dummy / Peter Parler in shared places (city, seals)


def clone(x):
    """Deep copy of plain JSON-like data (much faster than copy.deepcopy).

    Scalars are taken as they are without a call per item: most sections are lists of ids
    and numbers (the draw piles, the rows), and the bots apply thousands of moves a decision.
    """
    t = type(x)
    if t is dict:
        return {k: clone(v) if type(v) in _CONTAINERS else v for k, v in x.items()}
    if t is list:
        return [clone(v) if type(v) in _CONTAINERS else v for v in x]
    return x


_CONTAINERS = (dict, list)


_EDITIONS = {}
_INDEXES = {}


def by_id(ed, table, rid, default=KeyError):
    """The record `rid` of a data table ("SEALS", "PARLER.cards"), indexed once per edition.

    Unknown ids raise KeyError unless a `default` is given."""
    key = (ed.EDITION_ID, table)
    index = _INDEXES.get(key)
    if index is None:
        records = ed
        for part in table.split("."):
            records = records[part] if isinstance(records, dict) else getattr(records, part)
        index = _INDEXES[key] = {rec["id"]: rec for rec in records}
    if rid in index:
        return index[rid]
    if default is KeyError:
        raise KeyError(rid)
    return default


def edition(edition_id):
    ed = _EDITIONS.get(edition_id)
    if ed is None:
        from engine.praga import data

        ed = data.edition(edition_id)
        _EDITIONS[edition_id] = ed
    return ed


class Ctx:
    """Copy-on-write view of a state being changed by one move."""

    __slots__ = ("s", "_w", "barrier", "ed", "events")

    def __init__(self, state):
        self.s = dict(state)
        self._w = set()
        self.barrier = False
        self.ed = edition(state["edition"])
        self.events = []

    def w(self, key):
        if key not in self._w:
            value = self.s[key]
            if (key, None) in self._w and type(value) is dict:  # copied shallowly (`ws`): the rest now
                for sub, nested in value.items():
                    if type(nested) in _CONTAINERS and (key, sub) not in self._w:
                        value[sub] = clone(nested)
            else:
                self.s[key] = clone(value)
            self._w.add(key)
        return self.s[key]

    def ws(self, key):
        """The section `key` (a dict) copied shallowly, to set its own values: write nested ones
        through `wn`. Most moves change one or two values of the turn or one row of tiles, and the
        bots apply tens of thousands of moves a decision."""
        if key not in self._w and (key, None) not in self._w:
            self.s[key] = dict(self.s[key])
            self._w.add((key, None))
        return self.s[key]

    def wn(self, key, sub):
        """A nested value (list/dict) of the section `key`, copied once for writing."""
        section = self.ws(key)
        if key not in self._w and (key, sub) not in self._w:
            section[sub] = clone(section[sub])
            self._w.add((key, sub))
        return section[sub]

    def p(self, seat):
        """The player's dict, copied shallowly: write nested values through `pn`."""
        k = ("p", seat)
        if k not in self._w:
            if "players" not in self._w:
                self.s["players"] = list(self.s["players"])
                self._w.add("players")
            self.s["players"][seat] = dict(self.s["players"][seat])
            self._w.add(k)
        return self.s["players"][seat]

    def pn(self, seat, key):
        """A nested value of the player's dict (list/dict), copied once for writing."""
        pl = self.p(seat)
        k = ("pn", seat, key)
        if k not in self._w:
            pl[key] = clone(pl[key])
            self._w.add(k)
        return pl[key]

    def t(self):
        return self.w("turn")

    def rng(self):
        return _RngProxy(self)

    def pl(self, seat):
        return self.s["players"][seat]


class _RngProxy:
    """An Rng whose state is written back into the context after each draw."""

    def __init__(self, ctx):
        self.ctx = ctx

    def _do(self, name, *args):
        rng = Rng(self.ctx.s["rng"])
        result = getattr(rng, name)(*args)
        self.ctx.s["rng"] = rng.state
        return result

    def below(self, n):
        return self._do("below", n)

    def choice(self, items):
        return self._do("choice", items)

    def shuffle(self, items):
        return self._do("shuffle", items)


_ATOM = re.compile(r"^(\d+)(G|S|E|SW|GW|VP|T|U)$")
_PARSED = {}


def parse_atom(atom):
    """'2VP' -> (2, 'VP'); 'Q+' -> (1, 'Q+'); cached."""
    r = _PARSED.get(atom)
    if r is None:
        m = _ATOM.match(atom)
        if m:
            r = (int(m.group(1)), m.group(2))
        elif atom in ("Q+", "M+", "HW", "CA", "RM", "BM"):
            r = (1, atom)
        else:
            raise ValueError("unknown reward atom %r" % (atom,))
        _PARSED[atom] = r
    return r


def reward_amount(reward, code):
    """Total of `code` in a reward list without choices (e.g. gold of ['1G', '2VP'])."""
    total = 0
    for atom in reward:
        if isinstance(atom, str):
            n, c = parse_atom(atom)
            if c == code:
                total += n
    return total


def hexkey(h):
    return "%d,%d" % (h[0], h[1])


def keyhex(k):
    a, b = k.split(",")
    return (int(a), int(b))


def bad(reason, **args):
    raise IllegalMove(reason, **args)


def need(cond, reason, **args):
    if not cond:
        raise IllegalMove(reason, **args)


def players_key(state):
    """Player count used for data keyed by player count ('1'..'4')."""
    return str(state["players_count"])


def setup_count(state):
    """Solo plays with the 2-player setup."""
    return 2 if state["players_count"] == 1 else state["players_count"]


def tech_active(pl, tid):
    """Permanent (level I/II) technology usable now (not gained this turn)."""
    for t in pl["techs"]:
        if t["id"] == tid:
            return not t["new"]
    return False


def tech_owned(pl, tid):
    return any(t["id"] == tid for t in pl["techs"])
