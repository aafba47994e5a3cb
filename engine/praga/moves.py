"""Move dispatch (one apply function per move type), move validation and legal moves.

A submitted move is validated against its schema (fields and their types), then the
rule function of its type checks the rules while changing a copy-on-write context,
so an IllegalMove never changes the input state.
"""

from engine.core.text import _
from engine.core import undo
from engine.core.errors import IllegalMove
from engine.praga import bridge as bridge_mod
from engine.praga.actions import bonus_choices, has_deferred, special_allowed, start_action, via_options
from engine.praga.board import wall_positions
from engine.praga.building import building_cost, do_building
from engine.praga.city import city, legal_sites
from engine.praga.common import ROWS, Ctx, hexkey, need, parse_atom
from engine.praga.mines import can_claim_seal, can_increase, do_mines, do_quarries, do_seal, do_token
from engine.praga.plazas import do_plaza_reward
from engine.praga.rewards import find_pending, gain, remove_pending
from engine.praga.rows import SPECIAL_SLOT, do_refill, do_refresh, slot_kind, stack_key
from engine.praga.structures import (
    can_climb, can_move_up, do_arrow, do_cathedral_v, do_climb, do_side, entry_cost,
)
from engine.praga.technologies import USE_TECHS, do_tech, do_use_tech
from engine.praga.turn import do_buy_extra, do_end_turn, end_turn_blockers, keep_options
from engine.praga.upgrade import do_retro, do_upgrade
from engine.praga.wall import wall_cost
from engine.praga.wheel import do_special_vp, do_take, do_wheel_bonus, take_cost

# ---------------------------------------------------------------- schema

INT, STR, BOOL, HEX, PAIR, KEEP, OPT_INT, OPT_STR = "int", "str", "bool", "hex", "pair", "keep", "oint", "ostr"


def _ok(kind, value):
    if kind == INT:
        return type(value) is int
    if kind == STR:
        return type(value) is str
    if kind == BOOL:
        return type(value) is bool
    if kind == HEX or kind == PAIR:
        return type(value) is list and len(value) == 2 and all(type(v) is int for v in value)
    if kind == KEEP:
        return value is None or (type(value) is dict and set(value) == {"sw", "gw"}
                                 and all(type(v) is int for v in value.values()))
    if kind == OPT_INT:
        return value is None or type(value) is int
    if kind == OPT_STR:
        return value is None or type(value) is str
    return False


ACTION_FIELDS = {"via": OPT_STR, "bonus": OPT_STR}

SCHEMA = {
    "take": {"tile": STR},
    "wheel_bonus": {},
    "special_vp": {},
    "refresh": {"row": STR, "slots": PAIR, "pay": STR},
    "refill": {"row": STR},
    "buy_extra": {"pay": STR},
    "mines": dict(ACTION_FIELDS, option=STR),
    "quarries": dict(ACTION_FIELDS, option=STR),
    "upgrade": dict(ACTION_FIELDS, slot=INT, rotation=INT),
    "wall": dict(ACTION_FIELDS, slot=INT, position=HEX, rotation=INT),
    "building": dict(ACTION_FIELDS, slot=INT, site=STR, rotation=INT, cube=BOOL),
    "road": dict(ACTION_FIELDS),
    "climb": {"structure": STR},
    "side": {"item": INT},
    "arrow": {"item": INT, "pay": BOOL},
    "choose": {"item": INT, "option": INT},
    "tech": {"item": INT, "tech": STR},
    "token": {"item": INT, "token": STR},
    "bridge": {"item": INT, "tile": STR, "space": OPT_INT},
    "cathedral_v": {"item": INT, "tile": STR},
    "road_effect": {"item": INT},
    "plaza_reward": {"item": INT, "choice": OPT_INT},
    "retro": {"item": INT},
    "seal": {"seal": STR},
    "use_tech": {"tech": STR, "structure": OPT_STR, "plaza": OPT_STR, "track": OPT_STR, "produce": OPT_STR},
    "end_turn": {"keep": KEEP},
}
OPTIONAL = {"via", "bonus", "space", "choice", "keep", "structure", "plaza", "track", "produce"}

BONUS_TURN_MOVES = {"plaza_reward", "choose", "tech", "token", "side", "arrow", "cathedral_v", "end_turn"}


def check_schema(move):
    if not isinstance(move, dict):
        raise IllegalMove(_("A move must be a mapping with a type."))
    mtype = move.get("type")
    if mtype not in SCHEMA:
        raise IllegalMove(_("Unknown move type."))
    fields = SCHEMA[mtype]
    for key in move:
        if key != "type" and key not in fields:
            raise IllegalMove(_("Unknown field {field} in this move."), field=str(key)[:40])
    for key, kind in fields.items():
        if key not in move:
            if key in OPTIONAL:
                continue
            raise IllegalMove(_("The move lacks the field {field}."), field=key)
        if not _ok(kind, move[key]):
            raise IllegalMove(_("The field {field} has a wrong value."), field=key)
    return mtype


# ---------------------------------------------------------------- simple pending moves


def do_choose(ctx, seat, move):
    item = find_pending(ctx.s, move["item"], "choice")
    need(item is not None, _("There is no such choice."))
    k = move["option"]
    need(0 <= k < len(item["options"]), _("Choose one of the offered options."))
    remove_pending(ctx, item["id"])
    gain(ctx, seat, item["options"][k], item.get("source", "other"))


HANDLERS = {
    "take": do_take,
    "wheel_bonus": do_wheel_bonus,
    "special_vp": do_special_vp,
    "refresh": do_refresh,
    "refill": do_refill,
    "buy_extra": do_buy_extra,
    "mines": do_mines,
    "quarries": do_quarries,
    "upgrade": do_upgrade,
    "wall": None,  # set below
    "building": do_building,
    "road": bridge_mod.do_road,
    "climb": do_climb,
    "side": do_side,
    "arrow": do_arrow,
    "choose": do_choose,
    "tech": do_tech,
    "token": do_token,
    "bridge": bridge_mod.do_bridge,
    "cathedral_v": do_cathedral_v,
    "road_effect": bridge_mod.do_road_effect,
    "plaza_reward": do_plaza_reward,
    "retro": do_retro,
    "seal": do_seal,
    "use_tech": do_use_tech,
    "end_turn": do_end_turn,
}
from engine.praga.wall import do_wall  # noqa: E402

HANDLERS["wall"] = do_wall


def to_act(state):
    if state["phase"] == "over" or state["active"] is None:
        return set()
    return {state["active"]}


def apply(state, seat, move, events=None):
    """The state after `move`; `events` (a list), if given, receives what the move set off."""
    if state.get("phase") == "over":
        raise IllegalMove(_("The game is over."))
    if undo.is_undo(move):
        if set(move) != {"type"}:
            raise IllegalMove(_("Unknown field in this move."))
        if seat not in to_act(state) or not undo.can_undo(state, seat):
            raise IllegalMove(_("There is nothing you can take back."))
        return undo.undo(state, apply)
    mtype = check_schema(move)
    if seat not in to_act(state):
        raise IllegalMove(_("It is not your turn."))
    turn = state["turn"]
    if turn["bonus_only"] and mtype not in BONUS_TURN_MOVES:
        raise IllegalMove(_("In a bonus turn you may only resolve the deferred plaza rewards."))
    deferred = has_deferred(turn)
    if deferred and mtype != "plaza_reward":
        raise IllegalMove(_("First resolve the plaza rewards deferred to you."))
    if deferred:  # PRG-PLAZA-08: in the order the plazas were scored
        first = next(i for i in turn["pending"] if i.get("deferred"))
        need(move["item"] == first["id"], _("First resolve the plaza rewards deferred to you, in order."))
    ctx = Ctx(state)
    HANDLERS[mtype](ctx, seat, move)
    new = ctx.s
    if events is not None:
        events.extend(ctx.events)
    return undo.record(state, new, seat, move, barrier=ctx.barrier or mtype == "end_turn")


def automatic_turns(move, state):
    """Log lines of the turns the game plays by itself when `move` is applied to `state`
    (the dummy's or Peter Parler's turn inside the human's end of turn)."""
    if not isinstance(move, dict) or move.get("type") != "end_turn" or state.get("players_count") != 1:
        return []
    events = []
    try:
        apply(state, state.get("active"), move, events)
    except IllegalMove:
        return []
    return [event["automatic"] for event in events if "automatic" in event]


# ---------------------------------------------------------------- legal moves


def _performances(state, seat, action, only_via=None):
    """[(move fields, player after the start of the action)] for each way to perform `action` now.

    The start of an action (via, upgrade bonus, King's Road ongoing bonus, wealth bonuses
    the bonus triggers, T3-1's egg …) is run on a copy-on-write context, so the gold,
    stone, eggs and cubes the action's own checks see are exactly those `apply` sees.
    A choice inside a bonus becomes a pending item and is resolved only after the action,
    so it never pays for the action (apply agrees).
    """
    result = []
    for via in via_options(state, seat, action):
        if only_via is not None and via != only_via:
            continue
        options = bonus_choices(state, seat, action)
        bonuses = ["old", "new"] if options == ["old", "new"] else [None]
        for b in bonuses:
            fields = {"via": via}
            if b is not None:
                fields["bonus"] = b
            ctx = Ctx(state)
            try:
                start_action(ctx, seat, action, fields)
            except IllegalMove:
                continue
            result.append((fields, ctx.s["players"][seat]))
    return result


ROTATIONS = range(6)


def rotation_matters(rec):
    """Whether the rotation of a hex tile changes anything in the rules.

    legal_moves lists all 6 rotations of every tile anyway (the board draws them);
    bots use this to skip rotations that are equivalent for the rules.
    """
    return bool(rec.get("neighbours") or rec.get("red_corners") or rec.get("blue_corners"))


def _slots(state, row, via):
    tiles = state["rows"][row]
    for slot in range(4):
        if tiles[slot] is None:
            continue
        if slot == SPECIAL_SLOT and not special_allowed(state, via):
            continue
        yield slot, tiles[slot]


def action_moves(state, seat, ed, action, only_via=None, first=False, merge_rotations=False):
    """Every legal move performing `action` (all vias, or only `only_via`); with `first`,
    stop at the first performance that has moves; with `merge_rotations`, a tile whose rotation
    does not matter (`rotation_matters`) only with rotation 0."""
    moves = []
    for fields, pl in _performances(state, seat, action, only_via):
        via = fields["via"]
        gold, stone = pl["gold"], pl["stone"]
        if action in ("MINES", "QUARRIES"):
            track = "mines" if action == "MINES" else "quarries"
            mtype = track
            if can_increase(state, ed, seat, track):
                moves.append(dict(fields, type=mtype, option="increase"))
            moves.append(dict(fields, type=mtype, option="produce"))
        elif action == "UPGRADE":
            for slot, tile in _slots(state, "upgrade", via):
                for rot in _rotations(ed, tile, merge_rotations):
                    moves.append(dict(fields, type="upgrade", slot=slot, rotation=rot))
        elif action == "WALL":
            free = [p for p in wall_positions(ed) if hexkey(p) not in state["players"][seat]["walls"]]
            if not free:
                continue
            for slot, tile in _slots(state, "wall", via):
                rec = ed.TILES[tile]
                g, s = wall_cost(rec, via)
                if g > gold or s > stone:
                    continue
                rotations = _rotations(ed, tile, merge_rotations)
                for pos in free:
                    for rot in rotations:
                        moves.append(dict(fields, type="wall", slot=slot, position=list(pos), rotation=rot))
        elif action == "BUILDING":
            sites = legal_sites(state, ed)
            cdata = city(ed)["sites"]
            for slot, tile in _slots(state, "building", via):
                rec = ed.TILES[tile]
                cube_opts = (True, False) if rec.get("cube_space") and pl["cubes"] >= 1 else (False,)
                rotations = _rotations(ed, tile, merge_rotations)
                for site in sites:
                    g, s = building_cost(rec, cdata[site], via)
                    if g > gold or s > stone:
                        continue
                    for rot in rotations:
                        for cube in cube_opts:
                            moves.append(dict(fields, type="building", slot=slot, site=site, rotation=rot,
                                              cube=cube))
        elif action == "ROAD":
            if pl["road"] >= bridge_mod.ROAD_TOP:
                continue
            if pl["road"] + 1 >= 4 and pl["eggs"] < 1:
                continue
            moves.append(dict(fields, type="road"))
        if first and moves:
            return moves
    return moves


_ONE_ROTATION = (0,)


def _rotations(ed, tile, merge):
    """The rotations listed for `tile`: all, or with `merge` only 0 when they are all alike for the rules."""
    if merge and not rotation_matters(ed.TILES[tile]):
        return _ONE_ROTATION
    return ROTATIONS


def main_action_possible(state, seat):
    """OQ-55: may the main action of the taken tile be performed at all?"""
    from engine.praga.common import edition

    ed = edition(state["edition"])
    turn = state["turn"]
    for action in turn["tile_actions"]:
        if action_moves(state, seat, ed, action, only_via="main", first=True):
            return True
    return False


def _pending_moves(state, seat, ed):
    turn = state["turn"]
    pl = state["players"][seat]
    moves = []
    deferred_only = has_deferred(turn)
    first_deferred = next((i for i in turn["pending"] if i.get("deferred")), None)
    for item in turn["pending"]:
        k, iid = item["kind"], item["id"]
        if deferred_only and (not item.get("deferred") or item is not first_deferred):
            continue
        if k == "plaza":
            if item["both"]:
                moves.append({"type": "plaza_reward", "item": iid})
            else:
                moves.extend({"type": "plaza_reward", "item": iid, "choice": c} for c in (0, 1))
        elif turn["bonus_only"] and k not in ("choice", "tech", "token", "side", "arrow", "cathedral_v"):
            continue
        elif k == "side":
            moves.append({"type": "side", "item": iid})
        elif k == "choice":
            moves.extend({"type": "choose", "item": iid, "option": i} for i in range(len(item["options"])))
        elif k == "tech":
            moves.extend({"type": "tech", "item": iid, "tech": t} for t in item["drawn"])
        elif k == "token":
            moves.extend({"type": "token", "item": iid, "token": t} for t in sorted(set(state["river"])))
        elif k == "bridge":
            spaces = [None] if bridge_mod.complete(state) else bridge_mod.plank_spaces(state)
            for t in item["drawn"]:
                moves.extend({"type": "bridge", "item": iid, "tile": t, "space": s} for s in spaces)
        elif k == "cathedral_v":
            moves.extend({"type": "cathedral_v", "item": iid, "tile": t}
                         for t in item["options"] if t in state["v_cathedral"])
        elif k == "road_free":
            from engine.praga.actions import road_effect

            eff = road_effect(state, ed, item["space"])
            if eff["kind"] == "buy":
                cost = {}
                for atom in eff["pay"]:
                    n, code = parse_atom(atom)
                    cost[{"G": "gold", "S": "stone", "E": "eggs", "SW": "sw", "GW": "gw"}[code]] = n
                if not all(pl[r] >= n for r, n in cost.items()):
                    continue
            moves.append({"type": "road_effect", "item": iid})
        elif k == "road_egg":
            if pl["eggs"] >= 1:
                moves.append({"type": "road_effect", "item": iid})
        elif k == "retro":
            moves.append({"type": "retro", "item": iid})
        elif k == "arrow":
            st = item["structure"]
            gold, stone = entry_cost(state, ed, st, pl[st]["row"])
            if pl["gold"] >= gold and pl["stone"] >= stone:
                moves.append({"type": "arrow", "item": iid, "pay": True})
            moves.append({"type": "arrow", "item": iid, "pay": False})
    return moves


def _refresh_moves(state, seat, ed):
    turn = state["turn"]
    pl = state["players"][seat]
    pays = [r for r in ("gold", "stone") if pl[r] >= 1]
    if turn["refreshed"] or not pays:
        return []
    moves = []
    for row in ROWS:
        left = {}
        filled = []
        pending = {tuple(rs) for rs in turn["refill"] if rs[0] == row}
        for slot in range(4):
            if state["rows"][row][slot] is not None:
                filled.append(slot)
            elif (row, slot) in pending:
                key = stack_key(row, state["era"], slot_kind(slot))
                left.setdefault(key, len(state["stacks"][key]))
                if left[key] > 0:
                    left[key] -= 1
                    filled.append(slot)
        for i in range(len(filled)):
            for j in range(i + 1, len(filled)):
                for r in pays:
                    moves.append({"type": "refresh", "row": row, "slots": [filled[i], filled[j]], "pay": r})
    return moves


def _use_tech_moves(state, seat, ed):
    pl = state["players"][seat]
    moves = []
    for t in pl["techs"]:
        tid = t["id"]
        if tid not in USE_TECHS:
            continue
        if tid == "T3-1":
            if not bridge_mod.can_road(state, seat):
                moves.append({"type": "use_tech", "tech": tid})
        elif tid == "T3-2":
            moves.extend({"type": "use_tech", "tech": tid, "structure": st}
                         for st in ("hw", "ca") if can_move_up(state, ed, seat, st))
        elif tid == "T4-5":
            moves.extend({"type": "use_tech", "tech": tid, "plaza": p} for p in state["plaza_order"])
        elif tid == "T4-6":
            moves.extend({"type": "use_tech", "tech": tid, "track": a, "produce": b}
                         for a in ("mines", "quarries") for b in ("mines", "quarries"))
        else:
            moves.append({"type": "use_tech", "tech": tid})
    return moves


def legal_moves(state, seat, merge_rotations=False):
    """Every legal move of `seat`; with `merge_rotations` (the bots), a hex tile whose rotation does
    not matter for the rules (`rotation_matters`) is listed with rotation 0 only, in the same order."""
    from engine.praga.common import edition

    if seat not in to_act(state):
        return []
    ed = edition(state["edition"])
    turn = state["turn"]
    pl = state["players"][seat]
    moves = []
    regular = not turn["bonus_only"] and not has_deferred(turn)
    if regular:
        if turn["tile"] is None:
            for tid in sorted(state["wheel"]["at"]):
                gold, _vp = take_cost(state, ed, tid)
                if pl["gold"] >= gold:
                    moves.append({"type": "take", "tile": tid})
        wb = turn.get("wheel_bonus")
        if wb and not wb["used"] and (wb["kind"] == "gain" or pl[wb["pay"]] >= 1):
            moves.append({"type": "wheel_bonus"})
        sp = turn.get("special")
        if sp and sp["state"] == "open":
            moves.append({"type": "special_vp"})
        moves.extend(_refresh_moves(state, seat, ed))
        for row in ROWS:
            if any(rs[0] == row for rs in turn["refill"]):
                moves.append({"type": "refill", "row": row})
        if turn["extra"] is None:
            if pl["gw"] >= 2:
                moves.append({"type": "buy_extra", "pay": "gold"})
            if pl["gw"] >= 1 and pl["sw"] >= 1:
                moves.append({"type": "buy_extra", "pay": "mixed"})
        for st in ("hw", "ca"):
            if can_climb(state, ed, seat, st):
                moves.append({"type": "climb", "structure": st})
        for sid in sorted(state["seals"]):
            if can_claim_seal(state, ed, seat, sid):
                moves.append({"type": "seal", "seal": sid})
        moves.extend(_use_tech_moves(state, seat, ed))
        for action in ("MINES", "QUARRIES", "UPGRADE", "WALL", "BUILDING", "ROAD"):
            moves.extend(action_moves(state, seat, ed, action, merge_rotations=merge_rotations))
    moves.extend(_pending_moves(state, seat, ed))
    if end_turn_blockers(state, seat) is None:
        if turn["bonus_only"]:
            moves.append({"type": "end_turn"})
        else:
            for keep in keep_options(state):
                moves.append({"type": "end_turn"} if keep is None else {"type": "end_turn", "keep": keep})
    if undo.can_undo(state, seat):
        moves.append(dict(undo.UNDO_MOVE))
    return moves
