"""Catan: Cities & Knights' title and game options (CAT-GAME-06) with their defaults; `new` validates them with
engine.core.contract.normalize_options, so a stored game always carries all of them."""

from engine.core.text import _, text

TITLE = text(_("Catan: Cities & Knights"))

_YES_NO = [[False, text(_("No"))], [True, text(_("Yes"))]]


def _field(name, label, help_text, default, choices):
    return {"name": name, "label": text(label), "help": text(help_text), "default": default, "choices": choices}


OPTIONS = {
    "players": {"min": 3, "max": 4, "default": 4},
    "fields": [
        _field("victory_points", _("Victory points"), _("Points needed to win."), 13,
               [[n, text("{n}", n=n)] for n in range(10, 21)]),
        _field("token_layout", _("Number tokens"), _("Laid along the spiral or at random (no adjacent 6 and 8)."),
               "spiral", [["spiral", text(_("Spiral"))], ["random", text(_("Random"))]]),
        _field("spiral_direction", _("Spiral direction"), _("Direction of the token spiral."), "ccw",
               [["ccw", text(_("Counter-clockwise"))], ["cw", text(_("Clockwise"))],
                ["random", text(_("Random"))]]),
        _field("harbor_layout", _("Harbours"), _("Harbour types shuffled or in the fixed order."), "shuffled",
               [["shuffled", text(_("Shuffled"))], ["fixed", text(_("Fixed"))]]),
        _field("starting_city_commodities", _("Starting city commodities"),
               _("The city of the setup also gives paper, cloth or coin."), False, _YES_NO),
        _field("progress_overflow_own_turn", _("Fifth progress card on your own turn"),
               _("Keep it until the end of the turn, or discard at once."), "end_of_turn",
               [["end_of_turn", text(_("At the end of the turn"))], ["immediate", text(_("At once"))]]),
        _field("knight_promotions_per_turn", _("Knight promotions per turn"),
               _("How often one knight may be promoted in a turn."), 1,
               [[1, text(_("Once"))], ["unlimited", text(_("Unlimited"))]]),
        _field("knight_path_through_opponents", _("Knights pass opponents"),
               _("Moving knights may pass opponents' buildings and knights."), False, _YES_NO),
        _field("spy_may_take_spy", _("Spy may take a Spy"), _("The Spy may take another Spy card."), True,
               _YES_NO),
        _field("walls_under_metropolis_count", _("Walls under metropolises count"),
               _("Walls under metropolises raise the discard limit."), True, _YES_NO),
        _field("production_cards_ignore_robber", _("Irrigation and Mining ignore the robber"),
               _("The robber does not stop Irrigation and Mining."), True, _YES_NO),
        _field("crane_limit", _("Crane limit"), _("One Crane per purchase or per turn."), "per_purchase",
               [["per_purchase", text(_("Per purchase"))], ["per_turn", text(_("Per turn"))]]),
        _field("allow_no_effect_plays", _("Plays without effect"),
               _("Allow playing a card that certainly changes nothing."), False, _YES_NO),
        _field("knight_errant", _("Knight-Errant"),
               _("Variant: one knight may chase the robber before the roll."), False, _YES_NO),
        _field("timeout_card_choice", _("Card choices on timeout"),
               _("Cards chosen at random or in a fixed order when a deadline passes."), "random",
               [["random", text(_("Random"))], ["fixed_order", text(_("Fixed order"))]]),
        _field("wedding_chooser", _("Wedding: who chooses"), _("The givers choose the cards, or the receiver."),
               "giver", [["giver", text(_("The givers"))], ["receiver", text(_("The receiver"))]]),
        _field("merchant_site", _("Merchant site"), _("The merchant goes next to any building or a settlement."),
               "building", [["building", text(_("Any building"))], ["settlement", text(_("A settlement"))]]),
    ],
}
