"""Money changer and trust track (QA-CHANGER-01..05)."""

from engine.core.text import _
from engine.queens_architect.checks import need, small_int


def changer_moves(ed, player):
    moves = []
    if player["trust"] < ed.data.TRUST["top"]:
        moves.append({"type": "trust"})
    moves.extend({"type": "redeem", "bonds": count} for count in range(1, min(player["trust"], player["bonds"]) + 1))
    return moves


def do_trust(ctx, seat, move):
    need(ctx.s["players"][seat]["trust"] < ctx.ed.data.TRUST["top"], _("Your trust is already at the top."))
    ctx.player(seat)["trust"] += 1


def do_redeem(ctx, seat, move):
    player = ctx.s["players"][seat]
    count = move.get("bonds")
    need(player["bonds"] > 0, _("You have no bonds to redeem."))
    need(small_int(count, 1, min(player["trust"], player["bonds"])),
         _("With trust {trust} and {bonds} bonds you can redeem 1 to {most} bonds."),
         trust=player["trust"], bonds=player["bonds"], most=min(player["trust"], player["bonds"]))
    player = ctx.player(seat)
    coins = count * ctx.ed.data.TRUST["coins_per_bond"]
    player["bonds"] -= count
    player["coins"] += coins
    return {"coins": coins}
