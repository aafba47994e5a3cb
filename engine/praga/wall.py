"""Construct a Wall (PRG-WALL-01..06)."""

from engine.core.text import _
from engine.praga.actions import start_action
from engine.praga.board import place_bonuses, wall_positions
from engine.praga.common import hexkey, need, tech_active
from engine.praga.rewards import add_pending, gain, pay, tech_reward
from engine.praga.upgrade import check_slot, use_slot


def wall_cost(rec, via):
    gold, stone = rec["cost"]["gold"], rec["cost"]["stone"]
    if via == "T4-2":
        stone = max(0, stone - 2)  # T4-2 (data discount_stone = 2)
    return gold, stone


def do_wall(ctx, seat, move):
    slot, rot, pos = move["slot"], move["rotation"], tuple(move["position"])
    need(0 <= rot <= 5, _("A rotation is 0 to 5."))
    need(pos in wall_positions(ctx.ed), _("This is not a wall position of your action board."))
    need(hexkey(pos) not in ctx.pl(seat)["walls"], _("A wall already stands there."))
    via = start_action(ctx, seat, "WALL", move)
    check_slot(ctx, "wall", slot, via)
    rec = ctx.ed.TILES[ctx.s["rows"]["wall"][slot]]
    gold, stone = wall_cost(rec, via)
    pl = ctx.pl(seat)
    need(pl["gold"] >= gold and pl["stone"] >= stone, _("You cannot pay for this wall."))
    tile = use_slot(ctx, "wall", slot)
    pay(ctx, seat, gold=gold, stone=stone)
    gain(ctx, seat, rec["reward"], "tiles")
    entry = {"tile": tile, "rot": rot, "n": False, "c": False}
    ctx.pn(seat, "walls")[hexkey(pos)] = entry
    place_bonuses(ctx, seat, tile, rot, pos, entry, [])
    if rec.get("hunger_wall"):
        add_pending(ctx, {"kind": "side", "structure": "hw", "optional": False})
        if tech_active(ctx.pl(seat), "T2-3"):
            gain(ctx, seat, tech_reward(ctx, "T2-3"), "technologies")
