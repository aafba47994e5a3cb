"""The roll: production dice and event die (CK-DICE, CK-TURN-03/04), production with the
bank-shortage rule and commodities (CAT-PROD, CK-COMMODITY, CAT-BANK-02)."""

from itertools import compress
from operator import is_not

from engine.core.text import _
from engine.catan_ck import barbarians, progress
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import need, seats_from
from engine.catan_ck.data.improvements import BARBARIAN_TRACK_END, EVENT_FACES, draws_progress
from engine.catan_ck.data.terrains import CARD_TYPES, TERRAINS
from engine.catan_ck.turn import resume, roll_blocked_by, set_stage


def do_roll(context, seat, move):
    roll_dice(context)


def roll_dice(context, chosen=None):
    """CK-TURN-03: all three dice, or only the event die after Alchemist (`chosen` = (white, red))."""
    state = context.state
    if state["decisions"]:  # most rolls come with none open
        waiting = roll_blocked_by(state)
        need(waiting is None, _("Waiting for {player} to discard a progress card."),
             player=waiting["seat"] if waiting else None)
    if chosen is None:
        white, red, face = context.draws(6, 6, 6)
        white, red = white + 1, red + 1
    else:
        white, red = chosen
        face = context.draw("below", 6)
    event = EVENT_FACES[face]
    turn = context.write("turn")
    turn["roll"] = {"white": white, "red": red, "event": event, "total": white + red, "alchemist": chosen is not None}
    turn["stage"] = "resolve"
    resolve_event(context)
    resume(context)


def resolve_event(context):
    """CK-TURN-04: the event die comes first, on every roll (a 7 included)."""
    state = context.state
    roll = state["turn"]["roll"]
    if roll["event"] == "ship":
        barbarians_state = context.write("barbarians")
        barbarians_state["position"] += 1
        if barbarians_state["position"] >= BARBARIAN_TRACK_END:
            barbarians.start_attack(context)
            set_stage(context, "attack")
        return
    deck, red = roll["event"], roll["red"]  # a gate: progress draws in seat order from the active player
    lowest = red - 1 if red > 2 else 1  # draws_progress(level, red) holds from this level on
    for player in state["players"]:
        if player["levels"][deck] >= lowest:
            break
    else:
        return  # nobody draws (most gates)
    for seat in seats_from(state, state["active"]):
        if draws_progress(state["players"][seat]["levels"][deck], roll["red"]):
            progress.draw(context, seat, deck)


def production_table(hexes, number=None):
    """{number: [(hex, its corners, resource, what a city adds)]} of a board's land hexes
    (those of `number` only when given), in the board's order."""
    table = {}
    for name, record in hexes.items():
        if record["number"] and (number is None or record["number"] == number):
            terrain = TERRAINS[record["terrain"]]
            table.setdefault(record["number"], []).append(
                (name, GEOMETRY.hex_corners[name], terrain["resource"], terrain["commodity"] or terrain["resource"]))
    return table


def production_owed(state, number):
    """{seat: {card type: count}} owed for production number `number` (CAT-PROD-01..05)."""
    hexes, buildings, robber = state["board"]["hexes"], state["buildings"], state["robber"]
    return _owed(production_table(hexes, number), number, robber, buildings)


def known_production(memo, state, number):
    """(owed, paid_in_full(owed), the production record of paying it in full) for a replay's
    board and buildings (see Context.memo: sections the move did not write, so never
    changed in place again), kept while both stay the same objects; shared, to be read only.
    The robber matters only on a hex of the rolled number: elsewhere one entry serves every
    robber position."""
    hexes, buildings, robber = state["board"]["hexes"], state["buildings"], state["robber"]
    known = memo.get("productions")
    if known is not None and known[0] is hexes and known[1] is not buildings:
        known = memo["productions"] = (hexes, buildings, known[2], _still_owed(known, hexes, buildings))
    if known is None or known[0] is not hexes:
        table = memo.get("production")
        if table is None or table[0] is not hexes:
            by_number = production_table(hexes)
            table = memo["production"] = (hexes, by_number,
                                          {n: frozenset(entry[0] for entry in entries) for n, entries in by_number.items()})
        known = memo["productions"] = (hexes, buildings, table, {})
    key = (number, robber) if robber in known[2][2].get(number, ()) else number
    entry = known[3].get(key)
    if entry is None:
        owed = _owed(known[2][1], number, robber, buildings)
        full = paid_in_full(owed)
        entry = known[3][key] = (owed, full, _record(full[1]))
    return entry


def _still_owed(known, hexes, buildings):
    """The entries of `known` (a replay's, for an earlier buildings section) that `buildings`
    leaves as they were: those of numbers whose hexes touch no building placed, removed, or
    changed in what production reads (its owner and kind: a wall or a metropolis changes
    nothing). A building a move did not change is the same object in both sections
    (copy-on-write), so the changed ones are picked by identity, in C."""
    before = known[1]
    changed, added = [], 0
    for x in compress(buildings, map(is_not, buildings.values(), map(before.get, buildings))):
        previous, building = before.get(x), buildings[x]
        if previous is None:
            added += 1
        elif previous["owner"] == building["owner"] and previous["kind"] == building["kind"]:
            continue
        changed.append(x)
    if len(before) + added > len(buildings):  # a building was removed
        changed += [x for x in before if x not in buildings]
    numbers = set()
    for intersection in changed:
        for name in GEOMETRY.intersection_hexes[intersection]:
            record = hexes.get(name)
            if record is not None:
                numbers.add(record["number"])
    return {key: entry for key, entry in known[3].items() if (key if type(key) is int else key[0]) not in numbers}


def _record(received):
    """The turn's production record: what each seat received, by seat in order."""
    return {str(seat): cards for seat, cards in sorted(received.items())}


def _owed(table, number, robber, buildings):
    owed = {}
    for name, corners, resource, second in table.get(number, ()):
        if name == robber:
            continue
        for corner in corners:
            building = buildings.get(corner)
            if not building:
                continue
            owner = building["owner"]
            cards = owed.get(owner)
            if cards is None:
                cards = owed[owner] = {}
            cards[resource] = cards.get(resource, 0) + 1
            if building["kind"] == "city":
                cards[second] = cards.get(second, 0) + 1
    return owed


_RANK_OF = {card: rank for rank, card in enumerate(CARD_TYPES)}.__getitem__  # a key in C


def paid_in_full(owed):
    """(totals per card type, what each seat receives when the bank pays them all): each
    seat's cards in CARD_TYPES order (the log names them in that order)."""
    totals = {}
    for cards in owed.values():
        for card, count in cards.items():
            totals[card] = totals.get(card, 0) + count
    received = {}
    for seat, cards in owed.items():
        if len(cards) > 1:
            order = sorted(cards, key=_RANK_OF)
            received[seat] = dict(zip(order, map(cards.__getitem__, order)))
        elif cards:
            received[seat] = dict(cards)
    return totals, received


def pay_production(bank, owed, full=None):
    """CAT-BANK-02 per card type: pay all, or nobody unless one player alone is owed it.
    `full`: paid_in_full(owed), when already known (a replay keeps it, see produce)."""
    totals, received = full or paid_in_full(owed)
    for card, total in totals.items():
        if total > bank[card]:
            break
    else:  # the bank pays everybody in full
        return received
    received = {seat: {} for seat in owed}
    for card in CARD_TYPES:
        total = totals.get(card)
        if not total:
            continue
        if total <= bank[card]:
            for seat, cards in owed.items():
                count = cards.get(card)
                if count:
                    received[seat][card] = count
        elif bank[card]:
            claims = [(seat, cards[card]) for seat, cards in owed.items() if cards.get(card)]
            if len(claims) == 1:
                seat, count = claims[0]
                received[seat][card] = min(count, bank[card])
    return {seat: cards for seat, cards in received.items() if cards}


def produce(context):
    state = context.state
    written = context.written
    number = state["turn"]["roll"]["total"]
    memo = context.memo
    if memo is None or "board" in written or "buildings" in written or ("buildings", None) in written:
        owed, full, record = production_owed(state, number), None, None
    else:
        owed, full, record = known_production(memo, state, number)
    received = pay_production(state["bank"], owed, full)
    if received:
        bank = context.write("bank")
        for seat, cards in received.items():
            hand = context.player_item(seat, "hand")
            for card, count in cards.items():
                hand[card] += count
                bank[card] -= count
    if full is None or received is not full[1]:  # not paid in full: a record of its own
        record = _record(received)
    context.write("turn")["production"] = record
    return received
