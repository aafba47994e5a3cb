"""Playing progress cards (spec 3.1 and 3.2, CK-PROGRESS-08..12, CK-CARD-…).

A play is `{"type": "play_progress", "card": <card id>, ...}` with the fields its card
needs (below). The card goes face down under its own deck at once (CK-PROGRESS-06) and the
play is an undo barrier (it reveals the card, ASYNC-UNDO-01). With the default option
`allow_no_effect_plays=false` a play that certainly changes nothing is refused
(CK-PROGRESS-09); preconditions use public information only.

Implemented: Alchemist (white, red), Crane (a field of `buy_improvement`), Engineer
(intersection), Inventor (hexes), Irrigation, Mining, Medicine (intersection), Road Building
(paths), Smith (knights), Warlord, Merchant (hex), Merchant Fleet (card_type), Resource
Monopoly and Trade Monopoly (card_type), Bishop (hex), Diplomat (path, rebuild), Intrigue
(intersection), Saboteur (D-09), Wedding (D-08), Spy and Master Merchant (target, then
`take_progress` / `take_cards`), Deserter (target, D-07, then `place_deserter`), Commercial
Harbor (then `harbor_offer`, D-10); Wedding with `wedding_chooser=receiver` shows each
giver's hand in turn (`take_cards`).
"""

from engine.core.contract import rules_version
from engine.core.text import _
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.building import city_refusal, place_city, place_road, road_refusal, wall_refusal
from engine.catan_ck.common import can_pay, hand_size, need, pay, refuse, seats_from, take_from_bank
from engine.catan_ck.data.costs import COSTS
from engine.catan_ck.data.progress_cards import card_kind, card_record
from engine.catan_ck.data.terrains import CARD_TYPES, COMMODITIES, RESOURCES
from engine.catan_ck.data.tokens import FIXED_NUMBERS
from engine.catan_ck.scoring import points

IMPLEMENTED = {"alchemist", "crane", "engineer", "inventor", "irrigation", "mining", "medicine", "road_building",
               "smith", "warlord", "merchant", "merchant_fleet", "resource_monopoly", "trade_monopoly", "bishop",
               "diplomat", "intrigue", "saboteur", "wedding"}


def put_under_deck(context, card):
    """CK-PROGRESS-06, 13: under its deck, below the places reserved for open overflows."""
    context.write("decks")[card_record(card)["deck"]].append(card)


def take_card(context, seat, card):
    hand = context.player_item(seat, "progress")
    need(card in hand, _("You do not hold this progress card."))
    hand.remove(card)
    put_under_deck(context, card)
    context.barrier = True


# ---------------------------------------------------------------- single cards


def _harvest(context, seat, terrain, resource):
    """Irrigation, Mining: 2 per distinct hex of the terrain touching a building (CK-CARD-IRRIGATION-01)."""
    state = context.state
    hexes = [h for h, record in state["board"]["hexes"].items() if record["terrain"] == terrain
             and any(state["buildings"].get(x, {}).get("owner") == seat for x in GEOMETRY.hex_corners[h])
             and (state["options"]["production_cards_ignore_robber"] or h != state["robber"])]
    need(hexes, _("None of your buildings touches such a hex."))
    paid = take_from_bank(context, seat, {resource: 2 * len(hexes)})
    context.event({"kind": "took", "seat": seat, "cards": paid})


def play_irrigation(context, seat, move):
    _harvest(context, seat, "fields", "grain")


def play_mining(context, seat, move):
    _harvest(context, seat, "mountains", "ore")


def play_alchemist(context, seat, move):
    """CK-CARD-ALCHEMIST-01/02: the chosen production dice; only the event die is rolled."""
    from engine.catan_ck.dice import roll_dice

    white, red = move.get("white"), move.get("red")
    need(white in range(1, 7) and red in range(1, 7), _("Choose the white and the red die (1 to 6)."))
    roll_dice(context, (white, red))


def play_engineer(context, seat, move):
    refuse(wall_refusal(context.state, seat, move.get("intersection")))
    context.entry("buildings", move["intersection"])["wall"] = True
    context.player_item(seat, "supply")["wall"] -= 1


def inventor_refusal(state, hexes):
    if not (isinstance(hexes, list) and len(hexes) == 2 and all(h in state["board"]["hexes"] for h in hexes)):
        return (_("Choose two hexes."), {})
    numbers = [state["board"]["hexes"][h]["number"] for h in hexes]
    if None in numbers or any(n in FIXED_NUMBERS for n in numbers):
        return (_("Only tokens other than 2, 12, 6 and 8 can be swapped."), {})
    if numbers[0] == numbers[1]:
        return (_("Choose two tokens of different values."), {})
    return None


def play_inventor(context, seat, move):
    refuse(inventor_refusal(context.state, move.get("hexes")))
    first, second = move["hexes"]
    board = context.write("board")["hexes"]
    for key in ("letter", "number"):
        board[first][key], board[second][key] = board[second][key], board[first][key]


def play_medicine(context, seat, move):
    state = context.state
    refuse(city_refusal(state, seat, move.get("intersection")))
    need(can_pay(state["players"][seat]["hand"], COSTS["city_medicine"]), _("You cannot pay for this."))
    pay(context, seat, COSTS["city_medicine"])
    place_city(context, seat, move["intersection"])


def play_road_building(context, seat, move):
    """CK-CARD-ROADBUILDING-01: up to two free roads, the second may continue the first."""
    paths = move.get("paths")
    need(isinstance(paths, list) and 1 <= len(paths) <= 2 and all(isinstance(p, str) for p in paths),
         _("Choose one or two paths."))
    for path in paths:
        need(context.state["players"][seat]["supply"]["road"] > 0, _("You have no road left."))
        refuse(road_refusal(context.state, seat, path))
        place_road(context, seat, path)


def play_smith(context, seat, move):
    from engine.catan_ck.knights import promotion_refusal, promote

    knights = move.get("knights")
    need(isinstance(knights, list) and 1 <= len(knights) <= 2 and len(set(knights)) == len(knights),
         _("Choose one or two different knights."))
    for x in knights:
        refuse(promotion_refusal(context.state, seat, x))
        promote(context, seat, x)


def play_warlord(context, seat, move):
    state = context.state
    inactive = [x for x, k in state["knights"].items() if k["owner"] == seat and not k["active"]]
    need(inactive or state["options"]["allow_no_effect_plays"], _("You have no inactive knight."))
    knights = context.write("knights")
    for x in inactive:
        knights[x]["active"] = True  # activation never makes a knight ready (CK-CARD-WARLORD-01)


def merchant_hexes(state, seat):
    """CK-MERCHANT-01: a land hex touching a building of the player (option: a settlement)."""
    only_settlements = state["options"]["merchant_site"] == "settlement"
    sites = {x for x, building in state["buildings"].items()
             if building["owner"] == seat and (not only_settlements or building["kind"] == "settlement")}
    return [h for h in GEOMETRY.land_names if not sites.isdisjoint(GEOMETRY.hex_corners[h])]


def play_merchant(context, seat, move):
    need(move.get("hex") in merchant_hexes(context.state, seat), _("The merchant goes next to one of your buildings."))
    context.state["merchant"] = {"hex": move["hex"], "owner": seat}


def play_merchant_fleet(context, seat, move):
    need(move.get("card_type") in CARD_TYPES, _("Name a resource or commodity."))
    fleet = context.write("turn").setdefault("fleet", [])
    if move["card_type"] not in fleet:
        fleet.append(move["card_type"])


def _monopoly(context, seat, card_type, count):
    state = context.state
    taken = {}
    for other in seats_from(state, seat)[1:]:
        amount = min(count, state["players"][other]["hand"][card_type])
        if amount:
            context.player_item(other, "hand")[card_type] -= amount
            context.player_item(seat, "hand")[card_type] += amount
            taken[str(other)] = amount
    context.event({"kind": "monopoly", "seat": seat, "card_type": card_type, "taken": taken})


def play_resource_monopoly(context, seat, move):
    need(move.get("card_type") in RESOURCES, _("Name a resource."))
    _monopoly(context, seat, move["card_type"], 2)


def play_trade_monopoly(context, seat, move):
    need(move.get("card_type") in COMMODITIES, _("Name a commodity."))
    _monopoly(context, seat, move["card_type"], 1)


def play_bishop(context, seat, move):
    """CK-CARD-BISHOP-01: move the robber; one random card from every opponent at the hex."""
    from engine.catan_ck.seven import steal

    state = context.state
    need(state["barbarians"]["attacks"] > 0, _("The robber cannot move before the first barbarian attack."))
    hex_name = move.get("hex")
    need(hex_name in state["board"]["hexes"] and hex_name != state["robber"], _("Choose another land hex."))
    context.state["robber"] = hex_name
    owners = {state["buildings"][x]["owner"] for x in GEOMETRY.hex_corners[hex_name] if x in state["buildings"]}
    for other in seats_from(state, seat)[1:]:
        if other in owners and hand_size(context.state["players"][other]["hand"]) > 0:
            steal(context, seat, other)


def open_roads(state):
    """CK-CARD-DIPLOMAT-01: a segment with an end holding nothing else of its owner."""
    result = []
    for path, owner in sorted(state["roads"].items()):
        for end in GEOMETRY.path_ends[path]:
            building, knight = state["buildings"].get(end), state["knights"].get(end)
            other_road = any(state["roads"].get(p) == owner for p in GEOMETRY.intersection_paths[end] if p != path)
            if not other_road and not (building and building["owner"] == owner) \
                    and not (knight and knight["owner"] == owner):
                result.append(path)
                break
    return result


def play_diplomat(context, seat, move):
    state = context.state
    path = move.get("path")
    need(path in open_roads(state), _("Choose an open road."))
    owner = state["roads"][path]
    del context.write("roads")[path]
    context.player_item(owner, "supply")["road"] += 1
    rebuild = move.get("rebuild")
    if rebuild is not None:
        need(owner == seat, _("Only your own road can be built again."))
        refuse(road_refusal(context.state, seat, rebuild))
        place_road(context, seat, rebuild)


def intrigue_targets(state, seat):
    return sorted(x for x, k in state["knights"].items() if k["owner"] != seat
                  and any(state["roads"].get(p) == seat for p in GEOMETRY.intersection_paths[x]))


def play_intrigue(context, seat, move):
    from engine.catan_ck.knights import displace

    target = move.get("intersection")
    need(target in intrigue_targets(context.state, seat), _("Choose an opponent's knight on one of your roads."))
    knight = context.write("knights").pop(target)
    displace(context, knight, target)


def saboteur_playable(state, seat):
    """Table 3.1: an opponent with at least your points holds 2 cards (hand sizes are public)."""
    mine = points(state, seat)
    return any(points(state, o) >= mine and hand_size(state["players"][o]["hand"]) >= 2
               for o in range(state["players_count"]) if o != seat)


def wedding_givers(state, seat):
    """Opponents with more points holding a card, in seat order from the active player."""
    mine = points(state, seat)
    return [o for o in seats_from(state, seat)[1:]
            if points(state, o) > mine and hand_size(state["players"][o]["hand"]) > 0]


def harbor_playable(state, seat):
    """Table 3.1: you hold a resource and an opponent holds a card (before rules version 3 only
    the resource counted)."""
    return any(state["players"][seat]["hand"][r] for r in RESOURCES) and (any(
        hand_size(state["players"][o]["hand"]) for o in range(state["players_count"]) if o != seat)
        or not precondition_enforced(state))


def precondition_enforced(state):
    """Rules version 3 on: `apply` refuses a Wedding or a Saboteur whose table 3.1 precondition
    fails (`legal_moves` never listed it); games begun earlier accept it as they did (a card
    spent for nothing), so their stored moves replay."""
    return rules_version(state) >= 3


def play_saboteur(context, seat, move):
    """CK-CARD-SABOTEUR-01: every opponent with at least your points discards half (D-09)."""
    from engine.catan_ck.seven import discard_cards
    from engine.catan_ck.turn import open_decision

    state = context.state
    need(saboteur_playable(state, seat) or not precondition_enforced(state),
         _("No opponent with at least your points holds two cards."))
    mine = points(state, seat)
    for other in seats_from(state, seat)[1:]:
        hand = state["players"][other]["hand"]
        count = hand_size(hand) // 2
        if points(state, other) < mine or count == 0:
            continue
        kinds = [c for c in CARD_TYPES if hand[c]]
        if len(kinds) == 1:
            discard_cards(context, other, {kinds[0]: count})
            context.event({"kind": "auto_discard", "seat": other, "cards": {kinds[0]: count}})
        else:
            open_decision(context, other, "discard", count=count, source="saboteur")


def play_wedding(context, seat, move):
    """CK-CARD-WEDDING-01: every opponent with more points gives 2 cards of their choice (D-08)."""
    from engine.catan_ck.turn import open_decision

    state = context.state
    givers = wedding_givers(state, seat)
    need(givers or not precondition_enforced(state), _("No opponent with more points holds a card."))
    if state["options"]["wedding_chooser"] == "receiver":  # OQ-41: the card's player picks
        if givers:  # none only in games begun before rules version 3
            show_hand(context, seat, "wedding", givers[0], givers[1:])
        return
    for other in givers:
        hand = state["players"][other]["hand"]
        count = min(2, hand_size(hand))
        kinds = [c for c in CARD_TYPES if hand[c]]
        if count == hand_size(hand) or len(kinds) == 1:
            cards = {c: hand[c] for c in kinds} if count == hand_size(hand) else {kinds[0]: count}
            give_cards(context, other, seat, cards, automatic=True)
        else:
            open_decision(context, other, "give_cards", count=count, receiver=seat)


def give_cards(context, giver, receiver, cards, automatic=False):
    for card, count in cards.items():
        context.player_item(giver, "hand")[card] -= count
        context.player_item(receiver, "hand")[card] += count
    context.reveal({"kind": "gift", "seats": [giver, receiver], "cards": cards})
    context.event({"kind": "gift", "seat": giver, "receiver": receiver, "count": sum(cards.values()),
                   "automatic": automatic})


HANDLERS = {
    "alchemist": play_alchemist, "engineer": play_engineer, "inventor": play_inventor,
    "irrigation": play_irrigation, "mining": play_mining, "medicine": play_medicine,
    "road_building": play_road_building, "smith": play_smith, "warlord": play_warlord,
    "merchant": play_merchant, "merchant_fleet": play_merchant_fleet,
    "resource_monopoly": play_resource_monopoly, "trade_monopoly": play_trade_monopoly,
    "bishop": play_bishop, "diplomat": play_diplomat, "intrigue": play_intrigue,
    "saboteur": play_saboteur, "wedding": play_wedding,
}


def do_play_progress(context, seat, move):
    state = context.state
    card = move["card"]
    need(card in state["players"][seat]["progress"], _("You do not hold this progress card."))
    kind = card_kind(card)
    need(kind in HANDLERS, _("This card cannot be played on its own."))
    stage = state["turn"]["stage"]
    if kind == "alchemist":
        need(stage == "roll", _("The Alchemist is played before rolling."))
    else:
        need(stage == "action", _("Roll the dice first."))
    take_card(context, seat, card)
    context.event({"kind": "played", "seat": seat, "card": card})
    HANDLERS[kind](context, seat, move)


# ---------------------------------------------------------------- legal plays


def play_moves(state, seat):
    """Every legal play of the seat's hand (public preconditions, CK-PROGRESS-09)."""
    from engine.catan_ck.knights import promotion_refusal

    stage = state["turn"]["stage"]
    moves, seen = [], set()
    player = state["players"][seat]
    for card in player["progress"]:
        kind = card_kind(card)
        if kind in seen or kind not in HANDLERS:
            continue
        seen.add(kind)
        base = {"type": "play_progress", "card": card}
        if kind == "alchemist":
            if stage == "roll":
                moves += [dict(base, white=w, red=r) for w in range(1, 7) for r in range(1, 7)]
            continue
        if stage != "action":
            continue
        if kind == "engineer":
            moves += [dict(base, intersection=x) for x in sorted(state["buildings"])
                      if wall_refusal(state, seat, x) is None]
        elif kind == "inventor":
            names = GEOMETRY.land_names
            moves += [dict(base, hexes=[a, b]) for i, a in enumerate(names) for b in names[i + 1:]
                      if inventor_refusal(state, [a, b]) is None]
        elif kind in ("irrigation", "mining"):
            terrain = "fields" if kind == "irrigation" else "mountains"
            if any(state["board"]["hexes"][h]["terrain"] == terrain
                   and (state["options"]["production_cards_ignore_robber"] or h != state["robber"])
                   for x, b in state["buildings"].items() if b["owner"] == seat
                   for h in GEOMETRY.intersection_hexes[x]):
                moves.append(base)
        elif kind == "medicine":
            if can_pay(player["hand"], COSTS["city_medicine"]):
                moves += [dict(base, intersection=x) for x in sorted(state["buildings"])
                          if city_refusal(state, seat, x) is None]
        elif kind == "road_building":
            if player["supply"]["road"] > 0:
                firsts = [p for p in GEOMETRY.paths if road_refusal(state, seat, p) is None]
                moves += [dict(base, paths=[p]) for p in firsts]
                if player["supply"]["road"] > 1:
                    for p in firsts:
                        after = dict(state, roads=dict(state["roads"], **{p: seat}))
                        moves += [dict(base, paths=[p, q]) for q in GEOMETRY.paths
                                  if q > p and road_refusal(after, seat, q) is None]
        elif kind == "smith":
            own = sorted(x for x, k in state["knights"].items() if k["owner"] == seat
                         and promotion_refusal(state, seat, x) is None)
            moves += [dict(base, knights=[x]) for x in own]
            moves += [dict(base, knights=[x, y]) for i, x in enumerate(own) for y in own[i + 1:]
                      if _two_promotions(state, seat, x, y)]
        elif kind == "warlord":
            if any(k["owner"] == seat and not k["active"] for k in state["knights"].values()):
                moves.append(base)
        elif kind == "merchant":
            moves += [dict(base, hex=h) for h in merchant_hexes(state, seat)]
        elif kind == "merchant_fleet":
            moves += [dict(base, card_type=c) for c in CARD_TYPES]
        elif kind == "resource_monopoly":
            moves += [dict(base, card_type=c) for c in RESOURCES]
        elif kind == "trade_monopoly":
            moves += [dict(base, card_type=c) for c in COMMODITIES]
        elif kind == "bishop":
            if state["barbarians"]["attacks"] > 0:
                moves += [dict(base, hex=h) for h in GEOMETRY.land_names if h != state["robber"]]
        elif kind == "diplomat":
            for path in open_roads(state):
                moves.append(dict(base, path=path))
                if state["roads"][path] == seat:
                    after = dict(state, roads={p: o for p, o in state["roads"].items() if p != path})
                    moves += [dict(base, path=path, rebuild=q) for q in GEOMETRY.paths
                              if q != path and road_refusal(after, seat, q) is None]
        elif kind == "intrigue":
            moves += [dict(base, intersection=x) for x in intrigue_targets(state, seat)]
        elif kind == "saboteur":
            if saboteur_playable(state, seat):
                moves.append(base)
        elif kind == "spy":
            moves += [dict(base, target=o) for o in spy_targets(state, seat)
                      if not any(d["seat"] == o and d["kind"] == "discard_progress" for d in state["decisions"])]
        elif kind == "master_merchant":
            moves += [dict(base, target=o) for o in master_merchant_targets(state, seat)]
        elif kind == "deserter":
            moves += [dict(base, target=o) for o in deserter_targets(state, seat)]
        elif kind == "commercial_harbor":
            if harbor_playable(state, seat) and (
                    state["turn"].get("harbor") is None or state["options"]["allow_no_effect_plays"]):
                moves.append(base)
        elif kind == "wedding":
            if wedding_givers(state, seat):
                moves.append(base)
    return moves


def _two_promotions(state, seat, first, second):
    from engine.catan_ck.knights import promotion_refusal

    knights = dict(state["knights"])
    knight = dict(knights[first], strength=knights[first]["strength"] + 1)
    knights[first] = knight
    supply = dict(state["players"][seat]["supply"]["knights"])
    supply[str(knight["strength"] - 1)] += 1
    supply[str(knight["strength"])] -= 1
    players = list(state["players"])
    players[seat] = dict(players[seat], supply=dict(players[seat]["supply"], knights=supply))
    return promotion_refusal(dict(state, knights=knights, players=players), seat, second) is None


# ---------------------------------------------------------------- cards with a second step
#
# Spy and Master Merchant show a hand to the active player, who then picks (spec 4.8: split
# moves); Deserter lets the target choose (D-07) and then the active player place a knight.
# The open step is `state["card_step"]`, seen only by the active player (it may hold another
# seat's cards); the active player can do nothing else until it is finished (CK-PROGRESS-12).


def spy_targets(state, seat):
    return [o for o in seats_from(state, seat)[1:] if state["players"][o]["progress"]]


def play_spy(context, seat, move):
    state = context.state
    target = move.get("target")
    need(target in spy_targets(state, seat), _("Choose an opponent holding progress cards."))
    need(not any(d["seat"] == target and d["kind"] == "discard_progress" for d in state["decisions"]),
         _("Waiting for {player} to discard a progress card."), player=target)
    cards = list(state["players"][target]["progress"])
    context.reveal({"kind": "spy", "seats": [seat, target], "cards": cards})
    allowed = [c for c in cards if state["options"]["spy_may_take_spy"] or card_kind(c) != "spy"]
    if allowed:
        context.state["card_step"] = {"kind": "spy", "target": target, "cards": allowed}


def master_merchant_targets(state, seat):
    mine = points(state, seat)
    return [o for o in seats_from(state, seat)[1:]
            if points(state, o) > mine and hand_size(state["players"][o]["hand"]) > 0]


def play_master_merchant(context, seat, move):
    state = context.state
    target = move.get("target")
    need(target in master_merchant_targets(state, seat), _("Choose an opponent with more points who holds cards."))
    show_hand(context, seat, "master_merchant", target, [])


def show_hand(context, seat, kind, target, later):
    """Show `target`'s hand to the active player, who then takes 2 cards (all if fewer)."""
    hand = context.state["players"][target]["hand"]
    context.reveal({"kind": "hand", "seats": [seat, target], "cards": dict(hand)})
    context.state["card_step"] = {"kind": kind, "target": target, "later": later,
                                  "count": min(2, hand_size(hand)), "from": {c: hand[c] for c in CARD_TYPES if hand[c]}}


def deserter_targets(state, seat):
    return [o for o in seats_from(state, seat)[1:] if any(k["owner"] == o for k in state["knights"].values())]


def play_deserter(context, seat, move):
    from engine.catan_ck.turn import open_decision

    state = context.state
    target = move.get("target")
    need(target in deserter_targets(state, seat), _("Choose an opponent with a knight on the board."))
    knights = sorted(x for x, k in state["knights"].items() if k["owner"] == target)
    if len(knights) == 1:  # D-07 without a choice
        desert(context, seat, target, knights[0])
    else:
        open_decision(context, target, "desert_knight", knights=knights, receiver=seat)


def default_deserter(state, knights):
    """D-07 default: the weakest knight, an inactive one first, then canonical order."""
    return min(knights, key=lambda x: (state["knights"][x]["strength"], state["knights"][x]["active"],
                                       GEOMETRY.intersections.index(x)))


def desert(context, seat, target, intersection):
    """The knight leaves; the Deserter's player may place one free (CK-CARD-DESERTER-03)."""
    knight = context.write("knights").pop(intersection)
    context.player_item(target, "supply")["knights"][str(knight["strength"])] += 1
    context.event({"kind": "deserted", "seat": target, "intersection": intersection})
    supply = context.state["players"][seat]["supply"]["knights"]
    strength = next((s for s in range(knight["strength"], 0, -1) if supply[str(s)] > 0), None)
    if strength is not None:
        context.state["card_step"] = {"kind": "deserter", "strength": strength, "active": knight["active"]}


def do_card_step(context, seat, move):
    """The second step of Spy, Master Merchant or Deserter (`take_progress`, `take_cards`,
    `place_deserter`), or its timeout default (4.4)."""
    from engine.catan_ck.seven import check_card_choice, default_card_choice

    state = context.state
    step = state.get("card_step")
    expected = {"spy": "take_progress", "master_merchant": "take_cards", "wedding": "take_cards",
                "deserter": "place_deserter"}
    need(step is not None and seat == state["active"] and expected[step["kind"]] == move["type"],
         _("There is no such card to finish."))
    fixed = state["options"]["timeout_card_choice"] == "fixed_order"
    if step["kind"] == "spy":
        if move.get("timeout"):
            card = step["cards"][0] if fixed else step["cards"][context.draw("below", len(step["cards"]))]
        else:
            card = move.get("card")
            need(card in step["cards"], _("Choose one of the cards shown."))
        context.player_item(step["target"], "progress").remove(card)
        context.player_item(seat, "progress").append(card)
        context.reveal({"kind": "spy_take", "seats": [seat, step["target"]], "card": card})
        context.event({"kind": "spy_take", "seat": seat, "victim": step["target"], "deck": card_record(card)["deck"]})
    elif step["kind"] in ("master_merchant", "wedding"):
        hand = state["players"][step["target"]]["hand"]
        if move.get("timeout"):
            cards = default_card_choice(context, hand, step["count"])
        else:
            cards = check_card_choice(hand, move.get("cards"), step["count"])
        give_cards(context, step["target"], seat, cards)
        if step["later"]:  # Wedding chosen by the receiver: the next giver's hand
            show_hand(context, seat, "wedding", step["later"][0], step["later"][1:])
            context.barrier = True
            return
    else:
        from engine.catan_ck.knights import knight_refusal, place_knight

        spot = None if move.get("timeout") else move.get("intersection")
        if spot is not None:  # placing is optional (4.4 default: skipped)
            refuse(knight_refusal(state, seat, spot))
            place_knight(context, seat, spot, step["strength"], active=step["active"])
    context.state["card_step"] = None
    context.barrier = True


def card_step_moves(state, seat):
    from engine.catan_ck.knights import knight_refusal

    step = state["card_step"]
    if step["kind"] == "spy":
        return [{"type": "take_progress", "card": c} for c in step["cards"]]
    if step["kind"] in ("master_merchant", "wedding"):
        return [{"type": "take_cards", "cards": {"choose": {"count": step["count"], "from": dict(step["from"])}}}]
    return [{"type": "place_deserter", "intersection": x} for x in GEOMETRY.intersections
            if knight_refusal(state, seat, x) is None] + [{"type": "place_deserter", "intersection": None}]


def do_desert_knight(context, seat, move):
    from engine.catan_ck.decisions import decision_of
    from engine.catan_ck.turn import close_decision

    decision = decision_of(context.state, seat, move, "desert_knight")
    spot = default_deserter(context.state, decision["knights"]) if move.get("timeout") else move.get("intersection")
    need(spot in decision["knights"], _("Choose one of your knights."))
    close_decision(context, decision["id"])
    desert(context, decision["receiver"], seat, spot)


# ---------------------------------------------------------------- Commercial Harbor


def play_commercial_harbor(context, seat, move):
    """CK-CARD-HARBOR-01: for the rest of the turn, one exchange per opponent."""
    state = context.state
    need(any(state["players"][seat]["hand"][r] for r in RESOURCES), _("You hold no resource."))
    need(harbor_playable(state, seat), _("No opponent holds a card."))
    # CK-CARD-HARBOR-01: a second card adds no exchange (each opponent once per turn)
    need(state["turn"].get("harbor") is None or state["options"]["allow_no_effect_plays"],
         _("A Commercial Harbor is already in play this turn."))
    turn = context.write("turn")
    turn["harbor"] = turn.get("harbor") or []  # opponents already addressed


def do_harbor_offer(context, seat, move):
    """Hand each addressed opponent one resource; they hand back a commodity (D-10)."""
    from engine.catan_ck.turn import open_decision

    state = context.state
    turn = state["turn"]
    need(turn.get("harbor") is not None, _("Play a Commercial Harbor first."))
    offers = move["offers"]
    need(isinstance(offers, dict) and offers, _("Name the opponents and the resources."))
    wanted = {}
    for key, resource in offers.items():
        need(key.isdigit() and int(key) in range(state["players_count"]) and int(key) != seat,
             _("Choose opponents."))
        need(int(key) not in turn["harbor"], _("You already traded with {player} this turn."), player=int(key))
        need(resource in RESOURCES, _("Offer a resource."))
        wanted[resource] = wanted.get(resource, 0) + 1
    need(all(state["players"][seat]["hand"][r] >= n for r, n in wanted.items()), _("You do not hold these cards."))
    for key, resource in sorted(offers.items()):
        other = int(key)
        context.write("turn")["harbor"].append(other)
        commodities = [c for c in COMMODITIES if state["players"][other]["hand"][c]]
        if not commodities:  # CK-CARD-HARBOR-02: nothing changes hands
            context.event({"kind": "harbor", "seat": seat, "other": other, "exchanged": False})
        elif len(commodities) == 1:
            harbor_exchange(context, seat, other, resource, commodities[0])
        else:
            open_decision(context, other, "harbor_commodity", receiver=seat, resource=resource)
            context.event({"kind": "harbor", "seat": seat, "other": other, "exchanged": None})
    context.barrier = True


def harbor_exchange(context, seat, other, resource, commodity):
    context.player_item(seat, "hand")[resource] -= 1
    context.player_item(other, "hand")[resource] += 1
    context.player_item(other, "hand")[commodity] -= 1
    context.player_item(seat, "hand")[commodity] += 1
    context.reveal({"kind": "harbor", "seats": [seat, other], "gave": resource, "received": commodity})
    context.event({"kind": "harbor", "seat": seat, "other": other, "exchanged": True})


def do_harbor_commodity(context, seat, move):
    """D-10: the addressed opponent chooses the commodity (default random, or the largest stack)."""
    from engine.catan_ck.decisions import decision_of
    from engine.catan_ck.turn import close_decision

    state = context.state
    decision = decision_of(state, seat, move, "harbor_commodity")
    hand = state["players"][seat]["hand"]
    held = [c for c in COMMODITIES if hand[c]]
    if move.get("timeout"):
        if state["options"]["timeout_card_choice"] == "fixed_order":
            commodity = max(held, key=lambda c: (hand[c], -COMMODITIES.index(c)))
        else:
            commodity = held[context.draw("below", len(held))]
    else:
        commodity = move.get("commodity")
        need(commodity in held, _("Choose a commodity you hold."))
    harbor_exchange(context, decision["receiver"], seat, decision["resource"], commodity)
    close_decision(context, decision["id"])


def harbor_moves(state, seat):
    addressed = state["turn"].get("harbor")
    if addressed is None:
        return []
    resources = [r for r in RESOURCES if state["players"][seat]["hand"][r]]
    return [{"type": "harbor_offer", "offers": {str(o): r}} for o in seats_from(state, seat)[1:]
            if o not in addressed for r in resources]


HANDLERS.update({"spy": play_spy, "master_merchant": play_master_merchant, "deserter": play_deserter,
                 "commercial_harbor": play_commercial_harbor})
IMPLEMENTED.update({"spy", "master_merchant", "deserter", "commercial_harbor"})
