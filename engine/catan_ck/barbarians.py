"""Barbarian attacks (CK-BARB): strength, defence, the Defender of Catan, pillaged cities."""

from engine.catan_ck import progress
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.common import seats_from
from engine.catan_ck.data.progress_cards import DECKS
from engine.catan_ck.data.tokens import PIPS
from engine.catan_ck.turn import open_decision


def knight_strengths(state):
    """s(p): the total strength of each player's active knights (CK-BARB-05)."""
    strengths = [0] * state["players_count"]
    for knight in state["knights"].values():
        if knight["active"]:
            strengths[knight["owner"]] += knight["strength"]
    return strengths


def barbarian_strength(state):
    """CK-BARB-03 (OQ-42): every city counts once, a metropolis city too; settlements and
    cities turned on their side count nothing."""
    return sum(1 for b in state["buildings"].values() if b["kind"] == "city")


def pillageable_cities(state, seat):
    return sorted(x for x, b in state["buildings"].items()
                  if b["owner"] == seat and b["kind"] == "city" and not b["metropolis"])


def start_attack(context):
    """CK-BARB-02/06/07: resolve at once; open D-02 / D-03 where a player has a real choice."""
    state = context.state
    strength = barbarian_strength(state)
    knights = knight_strengths(state)
    defence = sum(knights)
    record = {"strength": strength, "defence": defence, "knights": knights, "catan_wins": defence >= strength,
              "defender": None, "tied": [], "losers": [], "deck_choices": {}, "cities_lost": {}}
    context.write("turn")["attack"] = record
    context.barrier = True
    if defence >= strength:
        best = max(knights)
        top = [seat for seat in seats_from(state, state["active"]) if knights[seat] == best]
        if len(top) == 1 and best >= 1:
            record["defender"] = top[0]
            context.player(top[0])["defenders"] += 1
        else:  # CK-BARB-06/12: each tied player chooses a deck (OQ-17 includes M = 0)
            record["tied"] = top
            non_empty = [deck for deck in DECKS if state["decks"][deck]]
            for seat in top:
                if len(non_empty) <= 1:  # ASYNC-04: no real choice
                    record["deck_choices"][str(seat)] = non_empty[0] if non_empty else None
                else:
                    open_decision(context, seat, "choose_deck", decks=non_empty)
        return
    candidates = [seat for seat in range(state["players_count"]) if pillageable_cities(state, seat)]
    if not candidates:
        return
    lowest = min(knights[seat] for seat in candidates)
    record["losers"] = [seat for seat in seats_from(state, state["active"])
                        if seat in candidates and knights[seat] == lowest]
    for seat in record["losers"]:
        cities = pillageable_cities(state, seat)
        if len(cities) == 1:
            lose_city(context, seat, cities[0])
        else:
            open_decision(context, seat, "lose_city", cities=cities)


def lose_city(context, seat, intersection):
    """CK-BARB-09, CK-WALL-05: the city becomes a settlement (or is turned on its side)."""
    building = context.entry("buildings", intersection)
    supply = context.player_item(seat, "supply")
    if supply["settlement"] > 0:
        supply["settlement"] -= 1
        supply["city"] += 1
    else:
        building["on_side"] = True
    building["kind"] = "settlement"
    if building["wall"]:
        building["wall"] = False
        supply["wall"] += 1
    context.write("turn")["attack"]["cities_lost"][str(seat)] = intersection


def default_city_to_lose(state, cities):
    """D-02 default: a city without wall first, then the fewest pips, then canonical order."""
    hexes = state["board"]["hexes"]

    def pips(x):
        return sum(PIPS[hexes[h]["number"]] for h in GEOMETRY.intersection_hexes[x] if hexes[h]["number"])

    return min(cities, key=lambda x: (state["buildings"][x]["wall"], pips(x), GEOMETRY.intersections.index(x)))


def finish_attack(context):
    """Draws of a tied defence in seat order from the active player, then CK-BARB-08."""
    state = context.state
    record = state["turn"]["attack"]
    for seat in record["tied"]:
        if seat in record.get("drawn", []):
            continue
        deck = record["deck_choices"].get(str(seat))
        if deck is not None and not state["decks"][deck]:
            # CK-BARB-12: the chosen deck ran empty before this draw: choose again
            non_empty = [d for d in DECKS if state["decks"][d]]
            if len(non_empty) > 1:
                open_decision(context, seat, "choose_deck", decks=non_empty)
                return False
            deck = non_empty[0] if non_empty else None
        context.write("turn")["attack"].setdefault("drawn", []).append(seat)
        if deck is not None:
            progress.draw(context, seat, deck)
    for name in state["knights"]:  # only flags change: Longest Road holds (Context.flags)
        knight = context.flags("knights", name)
        knight["active"] = False
        knight["ready"] = False
    barbarians_state = context.write("barbarians")
    barbarians_state["position"] = 0
    barbarians_state["attacks"] += 1
    return True
