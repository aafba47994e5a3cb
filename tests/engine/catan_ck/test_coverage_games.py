"""Seeded complete games that reach every move type of the engine's schema and every progress
card (issue 11; undo has its own tests): the random bot, taking moves a choice among hundreds
rarely makes every other time they are listed (Commercial Harbor offers, completing a trade,
improvements, progress cards), plus now and then what `legal_moves` leaves out (offers with
and without an expiry, counter-offers, preferences from `move_forms`) and answers by seats
outside to_act, and the site's clock submitting the due `timed_moves`. It found that harbor
offers were listed only before the roll."""

from engine.catan_ck import apply, legal_moves, move_forms, new, outcome, timed_moves, to_act
from engine.catan_ck.bots import concrete, random_move
from engine.catan_ck.data.progress_cards import CARDS_BY_KIND, card_kind
from engine.catan_ck.data.terrains import CARD_TYPES
from engine.catan_ck.moves import SCHEMA
from engine.core.errors import IllegalMove
from engine.core.rng import Rng
from tests.engine.catan_ck.test_bots import assert_valid_outcome

SEEDS = range(13)  # complete_trade is rare: 10 seeds reached it once, and only through a bot's refused take
# moves a bot deciding on a determinized state could choose and the engine refuse, before the
# deal stopped giving an offer's author the cards it had spent (none is refused now)
HIDDEN_DEPENDENT = {"take_standing", "answer_trade", "complete_trade"}
EXPIRY = "2026-12-01T12:00:00Z"


def market_move(state, seat, rng):
    """An offer, a counter-offer or a preference from the seat's move forms, or None."""
    forms = move_forms(state, seat)
    if not forms:
        return None
    counters = [form for form in forms if form["type"] == "counter_trade"]
    form = counters[0] if counters and rng.below(2) else forms[rng.below(len(forms))]
    if form["type"] == "set_preferences":
        return form
    held = [card for card in CARD_TYPES if state["players"][seat]["hand"][card]]
    give = held[rng.below(len(held))]
    # the driver (not a bot of the site) wants what somebody holds, so that offers get accepted
    others = [card for card in CARD_TYPES if card != give and any(
        player["hand"][card] for player in state["players"] if player["seat"] != seat)] or \
        [card for card in CARD_TYPES if card != give]
    move = dict(form, give={give: 1}, want={others[rng.below(len(others))]: 1})
    if form["type"] in ("offer_trade", "post_standing") and rng.below(2):
        move["expires"] = EXPIRY
    return move


# moves a random choice among hundreds rarely makes, taken every other time they are listed
FIRST = {"harbor_offer", "complete_trade"}
RARE = {"buy_improvement", "play_progress"}


def coverage_move(state, seat, rng):
    legal = legal_moves(state, seat)
    for kinds in (FIRST, RARE):
        rare = [m for m in legal if m["type"] in kinds]
        if rare and rng.below(2):
            return concrete(rare[rng.below(len(rare))], rng)
    if state["phase"] == "play" and rng.below(10) == 0:
        move = market_move(state, seat, rng)
        if move is not None:
            return move
    return random_move(state, seat, rng)


def outside_move(state, seat, rng):
    """A seat outside to_act: an answer to an offer (its legal moves), or an offer of its own."""
    answers = legal_moves(state, seat)
    accepts = [m for m in answers if m.get("answer") == "accept"]
    if answers and rng.below(2):
        return (accepts or answers)[rng.below(len(accepts or answers))]
    return market_move(state, seat, rng)


def play_covering(seed, reached, cards, refused):
    state, rng = new({}, 3 + seed % 2, seed), Rng.from_seed(seed + 4242)
    for step in range(20000):
        if step % 25 == 24:  # the site's clock: every expiry has come
            for due in timed_moves(state):
                state = apply(state, due["seat"], due["move"])
                reached.add(due["move"]["type"])
        seats = sorted(to_act(state))
        if not seats:
            break
        if rng.below(3 if state["offers"] else 12) == 0:  # a seat outside to_act answers, counters or posts
            seats = list(range(state["players_count"]))
        seat = seats[rng.below(len(seats))]
        move = coverage_move(state, seat, rng) if seat in to_act(state) else outside_move(state, seat, rng)
        if move is None:
            continue
        try:
            state = apply(state, seat, move)
        except IllegalMove:  # the bot decided on what its seat sees: an offer's author may lack the cards
            assert move["type"] in HIDDEN_DEPENDENT, move
            refused.add(move["type"])
            continue
        reached.add(move["type"])
        if move["type"] == "play_progress":
            cards.add(card_kind(move["card"]))
        if move["type"] == "buy_improvement" and move.get("crane"):
            cards.add("crane")
        cards.update(card_kind(card) for player in state["players"] for card in player["revealed"])
    assert outcome(state) is not None
    assert_valid_outcome(state)


def test_seeded_games_reach_every_move_type_and_every_progress_card():
    reached, cards, refused = set(), set(), set()
    for seed in SEEDS:
        play_covering(seed, reached, cards, refused)
    missing = sorted(set(SCHEMA) - reached)
    assert not missing, missing
    assert not refused, refused
    missing = sorted(set(CARDS_BY_KIND) - cards)
    assert not missing, missing
