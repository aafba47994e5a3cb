"""Bots. `random_move` picks a uniformly random legal move and fills a card choice
described by its constraints (engine.catan_ck.decisions) with random cards. Each bot decides
on a determinized state (engine.core.determinize.decides_on_determinized): what its seat may
not see is dealt at random, so it plays fair."""

from engine.core.determinize import decides_on_determinized
from engine.catan_ck.determinize import determinize
from engine.catan_ck.decisions import is_card_choice, sample_card_choice
from engine.catan_ck.moves import legal_moves


def concrete(move, rng):
    """A submittable move: card-choice constraints replaced by a random choice."""
    if isinstance(move.get("cards"), dict) and is_card_choice(move["cards"]):
        return dict(move, cards=sample_card_choice(move["cards"], rng))
    return move


@decides_on_determinized(determinize)
def random_move(state, seat, rng, avoid_undo=True):
    moves = legal_moves(state, seat)
    if avoid_undo and len(moves) > 1:
        moves = [m for m in moves if m["type"] != "undo"] or moves
    return concrete(moves[rng.below(len(moves))], rng)


# --- greedy bot -------------------------------------------------------------------------

from engine.catan_ck.board import GEOMETRY  # noqa: E402
from engine.catan_ck.data.costs import COSTS  # noqa: E402
from engine.catan_ck.data.improvements import TRACKS, improvement_cost  # noqa: E402
from engine.catan_ck.data.terrains import CARD_TYPES  # noqa: E402
from engine.catan_ck.data.tokens import PIPS  # noqa: E402

# moves whose result a one-move lookahead judges (chance moves and undo are excluded)
_LOOKAHEAD = {"build_road", "build_settlement", "build_city", "build_wall", "maritime_trade", "build_knight",
              "activate_knight", "promote_knight", "buy_improvement", "take_standing", "complete_trade",
              "move_knight", "play_progress"}


def _pips(state, intersection):
    hexes = state["board"]["hexes"]
    return sum(PIPS[hexes[h]["number"]] for h in GEOMETRY.intersection_hexes[intersection] if hexes[h]["number"])


def _targets(state, seat):
    """Costs of what the seat would like to buy next (a city, a settlement, improvements,
    a knight), for the 'cards still missing' term of the evaluation."""
    player = state["players"][seat]
    targets = []
    if any(b["owner"] == seat and b["kind"] == "settlement" for b in state["buildings"].values()) \
            and player["supply"]["city"]:
        targets.append(COSTS["city"])
    if player["supply"]["settlement"]:
        targets.append(COSTS["settlement"])
    if any(b["owner"] == seat and b["kind"] == "city" for b in state["buildings"].values()):
        for track, record in TRACKS.items():
            level = player["levels"][track]
            if level < 5:
                targets.append({record["commodity"]: improvement_cost(level + 1)})
    targets.append(COSTS["knight"])
    return targets


def _missing(hand, cost):
    return sum(max(0, n - hand.get(card, 0)) for card, n in cost.items())


def evaluate(state, seat):
    """How good the position is for `seat`: points first, then production, improvements,
    knights (more when the barbarians are near), expansion room and the cards still missing
    for the cheapest next purchase."""
    from engine.catan_ck.building import discard_limit, settlement_refusal
    from engine.catan_ck.scoring import points

    if state.get("result") is not None:
        return 10 ** 6 if state["result"].get("winner") == seat else -10 ** 6
    player = state["players"][seat]
    value = 100.0 * points(state, seat) + (2.0 if state.get("_expected_card") else 0.0)
    own = [x for x, b in state["buildings"].items() if b["owner"] == seat]
    for x in own:
        value += 3.0 * _pips(state, x) * (2 if state["buildings"][x]["kind"] == "city" else 1)
        if state["buildings"][x]["wall"]:
            value += 4
    value += 12.0 * sum(player["levels"].values())
    near = state["barbarians"]["position"] >= 4 and any(state["buildings"][x]["kind"] == "city" for x in own)
    for knight in state["knights"].values():
        if knight["owner"] == seat:
            value += 6.0 * knight["strength"] + (10.0 if near else 4.0) * knight["strength"] * knight["active"]
    value += 2.0 * state["longest_road"]["lengths"][seat]
    spots = 0
    roads_at = {e for p, o in state["roads"].items() if o == seat for e in GEOMETRY.path_ends[p]}
    for x in roads_at:
        if settlement_refusal(state, seat, x) is None:
            spots += 1
    value += 14.0 * min(spots, 2)
    # one road away from a free spot
    near_spots = {n for x in roads_at if x not in state["buildings"] for n in GEOMETRY.neighbours[x]
                  if n not in roads_at and settlement_refusal(state, seat, n, setup=True) is None}
    value += 4.0 * min(len(near_spots), 3)
    value += 5.0 * len(player["progress"])
    hand = player["hand"]
    cards = sum(hand.values())
    targets = _targets(state, seat)
    if targets:
        value -= 3.0 * min(_missing(hand, cost) for cost in targets)
    value += 0.5 * min(cards, discard_limit(state, seat))
    value -= 2.0 * max(0, cards - discard_limit(state, seat))
    return value


def _fill_choice(move, state, seat):
    """A card choice filled from the seat's largest stacks (keeps a varied hand)."""
    choice = move["cards"]["choose"]
    left, picked = dict(choice["from"]), {}
    for _ in range(choice["count"]):
        card = max((c for c in CARD_TYPES if left.get(c)), key=lambda c: (left[c], -CARD_TYPES.index(c)))
        left[card] -= 1
        picked[card] = picked.get(card, 0) + 1
    return dict(move, cards=picked)


_STEALS = {"move_robber", "chase_robber"}


def _after(state, seat, move):
    """The state after `move`; for a robber move the stolen card (drawn from the state's
    generator) is not looked at: the seat keeps its old hand and gains the value of an average
    card for a victim holding cards."""
    from engine.catan_ck.moves import apply

    try:
        after = apply(state, seat, move)
    except Exception:  # noqa: BLE001 - a listed move the lookahead cannot judge is skipped
        return None
    if move.get("type") in _STEALS:
        players = list(after["players"])
        players[seat] = dict(players[seat], hand=state["players"][seat]["hand"])
        after = dict(after, players=players)
        victim = move.get("victim")
        if victim is not None and sum(state["players"][victim]["hand"].values()):
            after["_expected_card"] = True
    return after


def _trade_value(state, seat, offer):
    """The accepting seat's gain from an offer (it gives `want`, receives `give`)."""
    hand = dict(state["players"][seat]["hand"])
    for card, n in offer["want"].items():
        hand[card] -= n
    for card, n in offer["give"].items():
        hand[card] = hand.get(card, 0) + n
    targets = _targets(state, seat)
    before = min(_missing(state["players"][seat]["hand"], c) for c in targets)
    after = min(_missing(hand, c) for c in targets)
    return before - after


@decides_on_determinized(determinize)
def greedy_move(state, seat, rng):
    """One-move lookahead on `evaluate`: trades with the bank and takes offers when they bring
    a purchase closer, builds toward cities, knights and improvements, answers offers by what
    the exchange does for its own next purchase, and otherwise rolls or ends the turn."""
    from engine.catan_ck.moves import legal_moves

    moves = [m for m in legal_moves(state, seat) if m["type"] != "undo"]
    if not moves:
        raise ValueError("no legal move")
    offers = {o["id"]: o for o in state["offers"]}
    answers = [m for m in moves if m["type"] == "answer_trade"]
    if answers:
        for move in answers:
            offer = offers[move["offer"]]
            if move["answer"] == "accept" and _trade_value(state, seat, offer) > 0:
                return move
        declines = [m for m in answers if m["answer"] == "decline"]
        if declines and (seat != state["active"] or len(answers) == len(moves)):
            return declines[0]
    moves = [m for m in moves if m["type"] != "answer_trade"]
    if not moves:
        return answers[0]
    decision_moves = [m for m in moves if "decision" in m]
    if decision_moves:
        return _best(state, seat, decision_moves, rng)
    kinds = {m["type"] for m in moves}
    if "roll" in kinds:
        return {"type": "roll"}
    candidates = [m for m in moves if m["type"] in _LOOKAHEAD or m["type"] not in ("end_turn", "withdraw_trade")]
    base = evaluate(state, seat)
    best, best_value = None, base + 0.5
    for move in candidates:
        move = _fill_choice(move, state, seat) if _is_choice(move) else move
        after = _after(state, seat, move)
        if after is None:
            continue
        value = evaluate(after, seat) + rng.below(100) / 1000.0
        if value > best_value:
            best, best_value = move, value
    if best is not None:
        return best
    for kind in ("end_turn",):
        for move in moves:
            if move["type"] == kind:
                return move
    return _best(state, seat, moves, rng)


def _is_choice(move):
    return isinstance(move.get("cards"), dict) and is_card_choice(move["cards"])


def _best(state, seat, moves, rng):
    """The best of `moves` by lookahead (decisions, robber placements, forced steps)."""
    best, best_value = None, None
    for move in moves:
        move = _fill_choice(move, state, seat) if _is_choice(move) else move
        after = _after(state, seat, move)
        if after is None:
            continue
        value = evaluate(after, seat) - 0.3 * sum(evaluate(after, other) for other in range(state["players_count"])
                                                  if other != seat) / 100.0
        value += rng.below(100) / 1000.0
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best if best is not None else concrete(moves[0], rng)


# The bots the site may seat (games/clocks.choose_bot_move), by name.
BOTS = {"random": random_move, "greedy": greedy_move}
