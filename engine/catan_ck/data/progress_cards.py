"""The 54 progress cards (spec 3.1, CK-PROGRESS-01): three decks of 18, keyed by track.

`kind` is the card's name as an id (the rule IDs are PC-<KIND in capitals>); a card in a
deck or a hand is the instance id `<kind>-<n>` (n = 1..count). `when`: "pre_roll",
"action" or "on_draw" (the victory-point cards, revealed at once, CK-PROGRESS-07).
"""

from engine.core.text import _


def _card(kind, deck, count, when, name, effect):
    return {"kind": kind, "deck": deck, "count": count, "when": when, "name": name, "effect": effect}


PROGRESS_CARDS = [
    # science (green)
    _card("alchemist", "science", 2, "pre_roll", _("Alchemist"),
          _("Before rolling, choose the values of the white and the red die.")),
    _card("crane", "science", 2, "action", _("Crane"),
          _("One city improvement costs 1 commodity less.")),
    _card("engineer", "science", 1, "action", _("Engineer"), _("Build one city wall free.")),
    _card("inventor", "science", 2, "action", _("Inventor"),
          _("Swap two number tokens (not 2, 12, 6 or 8).")),
    _card("irrigation", "science", 2, "action", _("Irrigation"),
          _("Take 2 grain for every fields hex touching one of your buildings.")),
    _card("medicine", "science", 2, "action", _("Medicine"),
          _("Upgrade a settlement to a city for 2 ore and 1 grain.")),
    _card("mining", "science", 2, "action", _("Mining"),
          _("Take 2 ore for every mountains hex touching one of your buildings.")),
    _card("printer", "science", 1, "on_draw", _("Printer"), _("1 victory point, revealed at once.")),
    _card("road_building", "science", 2, "action", _("Road Building"), _("Build up to 2 roads free.")),
    _card("smith", "science", 2, "action", _("Smith"), _("Promote up to 2 knights free.")),
    # politics (blue)
    _card("bishop", "politics", 2, "action", _("Bishop"),
          _("Move the robber and take 1 random card from every opponent at the new hex.")),
    _card("constitution", "politics", 1, "on_draw", _("Constitution"), _("1 victory point, revealed at once.")),
    _card("deserter", "politics", 2, "action", _("Deserter"),
          _("An opponent removes one of their knights; you may place one of yours free.")),
    _card("diplomat", "politics", 2, "action", _("Diplomat"),
          _("Remove an open road; if it is yours you may build it again elsewhere.")),
    _card("intrigue", "politics", 2, "action", _("Intrigue"),
          _("Displace an opponent's knight standing on one of your roads.")),
    _card("saboteur", "politics", 2, "action", _("Saboteur"),
          _("Every opponent with at least as many points as you discards half of their cards.")),
    _card("spy", "politics", 3, "action", _("Spy"),
          _("Look at an opponent's progress cards and take one.")),
    _card("warlord", "politics", 2, "action", _("Warlord"), _("Activate all your knights free.")),
    _card("wedding", "politics", 2, "action", _("Wedding"),
          _("Every opponent with more points than you gives you 2 cards of their choice.")),
    # trade (yellow)
    _card("commercial_harbor", "trade", 2, "action", _("Commercial Harbor"),
          _("Each opponent must exchange one commodity of their choice for one of your resources.")),
    _card("master_merchant", "trade", 2, "action", _("Master Merchant"),
          _("Look at the hand of an opponent with more points than you and take 2 cards.")),
    _card("merchant", "trade", 6, "action", _("Merchant"),
          _("Place the merchant next to your building: 2:1 for its resource and 1 victory point.")),
    _card("merchant_fleet", "trade", 2, "action", _("Merchant Fleet"),
          _("Trade one card type 2:1 with the bank for the rest of your turn.")),
    _card("resource_monopoly", "trade", 4, "action", _("Resource Monopoly"),
          _("Name a resource: every opponent gives you 2 of it.")),
    _card("trade_monopoly", "trade", 2, "action", _("Trade Monopoly"),
          _("Name a commodity: every opponent gives you 1 of it.")),
]

CARDS_BY_KIND = {card["kind"]: card for card in PROGRESS_CARDS}

DECKS = ["trade", "politics", "science"]
DECK_NAMES = {"trade": _("trade deck"), "politics": _("politics deck"), "science": _("science deck")}


def deck_cards(deck):
    """The instance ids of one deck, in data order (shuffled by `new`)."""
    return ["%s-%d" % (card["kind"], n) for card in PROGRESS_CARDS if card["deck"] == deck
            for n in range(1, card["count"] + 1)]


# every instance id of the decks ("merchant-3") with its kind and record, looked up instead of
# split: the points, draws and plays ask for them on every move that touches a card
_KIND_OF_ID = {"%s-%d" % (card["kind"], n): card["kind"] for card in PROGRESS_CARDS
               for n in range(1, card["count"] + 1)}
_RECORD_OF_ID = {card_id: CARDS_BY_KIND[kind] for card_id, kind in _KIND_OF_ID.items()}


def card_kind(card_id):
    kind = _KIND_OF_ID.get(card_id)
    return kind if kind is not None else card_id.rsplit("-", 1)[0]


def card_record(card_id):
    record = _RECORD_OF_ID.get(card_id)
    return record if record is not None else CARDS_BY_KIND[card_kind(card_id)]
