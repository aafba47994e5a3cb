"""Click flows for Catan: each legal move as the sequence of clicks that picks it.

A move becomes a list of step keys, as on Praga's board (games/boards/praga/flow.py). A key
names a thing on the island whose SVG element carries it in `data-k` (`int:<intersection>`,
`path:<path>`, `hex:<hex>`), a card of the reader's own hand (`hand:<card type>`, in its player panel) or a
button of the prompt bar (`act:city`, `victim:2`, `white:3`, `card:spy-1`, ...) whose text is
in `labels`. The page keeps the moves whose keys
include every click so far and highlights their next keys: what is highlighted always comes
from `legal_moves`, never from rules. Card choices (`{"choose": {...}}`, a discard on a 7)
are picked in the prompt with a live count (`picks`).
"""

from django.utils.translation import gettext as _

from engine.catan_ck import apply as engine_apply
from engine.catan_ck.board import GEOMETRY
from engine.catan_ck.data.improvements import TRACKS
from engine.catan_ck.data.progress_cards import DECK_NAMES, card_record
from engine.catan_ck.data.terrains import CARD_NAMES
from engine.catan_ck.trade import trade_rate
from games.boards.catan_ck.look import translated
from games.boards.reasons import refusals

# The actions of the action phase (the first click), in the order of the prompt bar.
ACTIONS = {
    "build_road": "road", "build_settlement": "settlement", "build_city": "city", "build_wall": "wall",
    "build_knight": "knight", "activate_knight": "activate", "promote_knight": "promote",
    "move_knight": "move_knight", "displace_knight": "displace", "chase_robber": "chase",
    "buy_improvement": "improve", "maritime_trade": "trade",
}
# Moves whose card field is a choice described by its constraints: picked with a live count.
PICKS = ("discard", "give_cards", "take_cards")
# Moves this flow draws; any other legal move stays on the generic move card.
DRAWN = set(ACTIONS) | set(PICKS) | {
    "setup_place", "roll", "move_robber", "end_turn", "undo", "play_progress", "take_progress",
    "place_deserter", "desert_knight", "retreat_knight", "lose_city", "choose_deck", "discard_progress",
    "take_aqueduct", "harbor_offer", "harbor_commodity",
}
# Keys drawn as buttons of the prompt bar (every other key is a spot on the island).
BUTTONS = ["act", "btn", "victim", "white", "red", "card", "target", "ctype", "track", "crane",
           "give", "take", "pick", "deck", "pcard", "res", "commodity", "none", "done", "harbor"]
# Keys of things beside the island that the flow names itself (not by their titles).
NAMED = BUTTONS + ["hand"]
TURN_BUTTONS = ["btn:end_turn", "btn:undo"]
# Keys that are the only choice left are taken without asking (the one victim at a robber hex).
AUTO = ["victim"]


def steps(move):
    """The click keys of a legal move, in the order they are asked for."""
    kind = move["type"]
    if kind in ACTIONS:
        return ["act:%s" % ACTIONS[kind]] + action_steps(move)
    if kind == "setup_place":
        return ["int:%s" % move["intersection"], "path:%s" % move["path"]]
    if kind == "move_robber":
        return ["hex:%s" % move["hex"], victim(move)]
    if kind in ("roll", "end_turn", "undo"):
        return ["btn:%s" % kind]
    if kind == "play_progress":
        return ["card:%s" % move["card"]] + card_steps(move)
    if kind == "take_progress":
        return ["pick:%s" % move["card"]]
    if kind == "place_deserter":
        return ["int:%s" % move["intersection"]] if move.get("intersection") else ["none:deserter"]
    if kind in ("desert_knight", "retreat_knight", "lose_city"):
        return ["int:%s" % move["intersection"]]
    if kind == "choose_deck":
        return ["deck:%s" % move["deck"]]
    if kind == "discard_progress":
        return ["pcard:%s" % move["card"]]
    if kind == "take_aqueduct":
        return ["res:%s" % (move.get("resource") or "none")]
    if kind == "harbor_offer":  # one opponent, then the resource handed over, from the hand
        (other, resource), = move["offers"].items()
        return ["harbor:%s" % other, "hand:%s" % resource]
    if kind == "harbor_commodity":  # the commodity handed back, from the hand
        return ["hand:%s" % move["commodity"]]
    return ["btn:%s" % kind]  # a card choice (PICKS): its button opens the picker


def victim(move):
    return "victim:%s" % ("none" if move.get("victim") is None else move["victim"])


def action_steps(move):
    kind = move["type"]
    if kind == "build_road":
        return ["path:%s" % move["path"]]
    if kind in ("move_knight", "displace_knight"):
        return ["int:%s" % move["knight"], "int:%s" % move["intersection"]]
    if kind == "chase_robber":
        return ["int:%s" % move["knight"], "hex:%s" % move["hex"], victim(move)]
    if kind == "buy_improvement":
        out = ["track:%s" % move["track"]]
        if move.get("metropolis"):
            out.append("int:%s" % move["metropolis"])  # the city that becomes the metropolis, on the island
        if move.get("crane"):
            out.append("crane:%s" % move["crane"])
        return out
    if kind == "maritime_trade":
        return ["give:%s" % move["give"], "take:%s" % move["take"]]
    return ["int:%s" % move["intersection"]]


def card_steps(move):
    """The targets of a progress card, in the order the card asks for them."""
    out = []
    if "white" in move:
        out += ["white:%d" % move["white"], "red:%d" % move["red"]]
    for key in ("hexes",):
        out += ["hex:%s" % h for h in move.get(key) or []]
    for key in ("paths",):
        out += ["path:%s" % p for p in move.get(key) or []]
    for key in ("knights",):
        out += ["int:%s" % k for k in move.get(key) or []]
    if move.get("hex"):
        out.append("hex:%s" % move["hex"])
    if move.get("path"):
        out.append("path:%s" % move["path"])
    if move.get("intersection"):
        out.append("int:%s" % move["intersection"])
    if "target" in move:
        out.append("target:%d" % move["target"])
    if move.get("card_type"):
        out.append("ctype:%s" % move["card_type"])
    return out


def draws(move):
    return isinstance(move, dict) and move.get("type") in DRAWN


def flow(view, legal, names, reasons):
    entries, keys, picks = [], set(), []
    for move in legal:
        if not draws(move):
            continue
        if move["type"] in PICKS and isinstance(move.get("cards"), dict) and "choose" in move["cards"]:
            picks.append(pick(move))
        s = steps(move)
        keys.update(s)
        entries.append({"m": move, "s": s})
    return {
        "moves": entries,
        # buttons of the legal moves, and of the actions refused now (drawn greyed, with the reason)
        "labels": {key: label(view, key, names) for key in sorted(keys | {k for k in reasons if " " not in k})
                   if key.split(":", 1)[0] in NAMED},
        "reasons": reasons,
        "places": places(),
        "buttons": BUTTONS,
        "turn_buttons": TURN_BUTTONS,
        "auto": AUTO,
        "picks": picks,
    }


def pick(move):
    """A card choice by count: which cards, how many of each at most, how many in all."""
    choose = move["cards"]["choose"]
    return {"key": "btn:%s" % move["type"], "move": move, "count": choose["count"],
            "cards": [{"type": card, "most": most, "name": translated(CARD_NAMES[card])}
                      for card, most in choose["from"].items()]}


def places():
    """Where the highlighted spots are, said as the prompt's instruction."""
    return {
        "int": _("Choose a highlighted intersection on the island."),
        "path": _("Choose a highlighted path on the island."),
        "hex": _("Choose a highlighted hex on the island."),
        "hand": _("Choose a highlighted card in your hand."),
    }


def label(view, key, names):
    """The button text of a key, in the reader's language."""
    kind, _sep, value = key.partition(":")
    seat = view.get("seat")
    if kind == "act":
        return {
            "road": _("Road"), "settlement": _("Settlement"), "city": _("City"), "wall": _("City wall"),
            "knight": _("New knight"), "activate": _("Activate a knight"), "promote": _("Promote a knight"),
            "move_knight": _("Move a knight"), "displace": _("Displace a knight"),
            "chase": _("Chase the robber"), "improve": _("City improvement"), "trade": _("Trade with the bank"),
        }[value]
    if kind == "btn":
        return {"roll": _("Roll the dice"), "end_turn": _("End the turn"), "undo": _("Undo"),
                "discard": _("Discard cards"), "give_cards": _("Give cards"),
                "take_cards": _("Take cards")}.get(value, value)
    if kind == "victim":
        return _("Take no card") if value == "none" else _("Take a card from %s") % names[int(value)]
    if kind in ("white", "red"):
        return (_("white die: %s") if kind == "white" else _("red die: %s")) % value
    if kind in ("card", "pick", "pcard"):
        record = card_record(value)
        return translated(record["name"])
    if kind == "target":
        return names[int(value)]
    if kind in ("ctype", "res", "commodity"):
        return _("nothing") if value == "none" else translated(CARD_NAMES[value])
    if kind == "track":
        track = TRACKS[value]
        level = view["players"][seat]["levels"][value] if seat is not None else 0
        name = translated(track["levels"][level]) if level < len(track["levels"]) else ""
        return _("%(track)s: %(improvement)s (%(count)d %(commodity)s)") % {
            "track": translated(track["name"]), "improvement": name, "count": level + 1,
            "commodity": translated(CARD_NAMES[track["commodity"]])}
    if kind == "crane":
        return _("Use the Crane")
    if kind == "give":
        rate = trade_rate(view, seat, value) if seat is not None else 4
        return _("Give %(rate)d %(card)s") % {"rate": rate, "card": translated(CARD_NAMES[value])}
    if kind == "take":
        return _("Take 1 %s") % translated(CARD_NAMES[value])
    if kind == "deck":
        return translated(DECK_NAMES[value])
    if kind == "none":
        return _("Place no knight")
    if kind == "harbor":
        return _("Commercial Harbor: trade with %s") % names[int(value)]
    if kind == "hand":
        name = translated(CARD_NAMES[value])
        return _("%s from your hand") % (name[:1].upper() + name[1:])
    return key


# ------------------------------------------------------------------ why not?

PROBED_ACTIONS = {  # action key -> (move type, the spots it is tried on)
    "road": ("build_road", "path"), "settlement": ("build_settlement", "int"), "city": ("build_city", "int"),
    "wall": ("build_wall", "int"), "knight": ("build_knight", "int"), "activate": ("activate_knight", "int"),
    "promote": ("promote_knight", "int"),
}


def reasons_for(state, seat, legal):
    """The engine's reason for things the player might click but may not use now: an action
    none of whose moves is legal (said on its button), and each spot of an action that the
    engine refuses there ("act:city int:<x>", looked up with the keys chosen so far)."""
    from engine.catan_ck.moves import to_act
    from engine.catan_ck.turn import harbor_wait

    # the active player waiting for Commercial Harbor answers may still address other opponents
    waiting = state["phase"] == "play" and seat == state["active"] and harbor_wait(state)
    if seat is None or (seat not in to_act(state) and not waiting):
        return {}
    legal_keys = set()
    for move in legal:
        if draws(move):
            keys = steps(move)
            legal_keys.update(keys)
            legal_keys.update("%s %s" % (keys[0], key) for key in keys[1:])  # a legal spot of an action
    probes = {}
    if state["phase"] == "setup":
        for intersection in GEOMETRY.intersections:
            path = GEOMETRY.intersection_paths[intersection][0]
            probes["int:%s" % intersection] = {"type": "setup_place", "intersection": intersection, "path": path}
    elif state["turn"]["stage"] == "robber":
        for name in GEOMETRY.land_names:
            probes["hex:%s" % name] = {"type": "move_robber", "hex": name, "victim": None}
    elif state["turn"]["stage"] == "action" and not state.get("card_step") and seat == state["active"]:
        # (another seat acts now only to answer a decision: its refused actions would be noise)
        for action, (kind, place) in PROBED_ACTIONS.items():
            spots = GEOMETRY.paths if place == "path" else GEOMETRY.intersections
            field = "path" if place == "path" else "intersection"
            if "act:%s" % action not in legal_keys:
                # the action's button: the reason most of the player's own likely spots get
                probes["act:%s" % action] = [{"type": kind, field: name}
                                             for name in own_spots(state, seat, action, spots, place)]
                continue
            for name in spots:
                probes["act:%s %s:%s" % (action, place, name)] = {"type": kind, field: name}
        probes["act:improve"] = {"type": "buy_improvement", "track": "science"}
        probes["act:trade"] = {"type": "maritime_trade", "give": "brick", "take": "ore"}
    if state["phase"] == "play":
        probes.update(hand_probes(state, seat))
    several = {key: moves for key, moves in probes.items() if isinstance(moves, list)}
    found = refusals(engine_apply, state, seat, {k: m for k, m in probes.items() if k not in several}, legal_keys)
    for key, moves in several.items():
        said = [refusals(engine_apply, state, seat, {key: move}, legal_keys).get(key) for move in moves]
        said = [reason for reason in said if reason]
        if said:
            found[key] = max(said, key=said.count)
    return found


def hand_probes(state, seat):
    """Commercial Harbor (D-10): each card of the own hand, handed over to each opponent the
    player may still address, or handed back to answer; the engine says why one may not go."""
    held = [card for card, count in state["players"][seat]["hand"].items() if count]
    probes = {}
    addressed = state["turn"].get("harbor")
    if seat == state["active"] and addressed is not None:
        for other in range(state["players_count"]):
            if other != seat and other not in addressed:
                for card in held:
                    probes["harbor:%d hand:%s" % (other, card)] = {"type": "harbor_offer", "offers": {str(other): card}}
    for decision in state["decisions"]:
        if decision["seat"] == seat and decision["kind"] == "harbor_commodity":
            probes.update({"hand:%s" % card: {"type": "harbor_commodity", "decision": decision["id"], "commodity": card}
                           for card in held})
    return probes


def own_spots(state, seat, action, spots, place):
    """Where the player would try an action: next to its roads and buildings, or on its own
    pieces (a city on a settlement, a knight to activate); at most six, else the first free spot."""
    pieces = {"city": ("buildings", "settlement"), "wall": ("buildings", "city"),
              "activate": ("knights", None), "promote": ("knights", None)}
    if action in pieces:
        where, kind = pieces[action]
        own = [name for name, piece in sorted(state[where].items())
               if piece["owner"] == seat and (kind is None or piece.get("kind") == kind)]
    else:
        ends = {end for path, owner in state["roads"].items() if owner == seat for end in GEOMETRY.path_ends[path]}
        ends |= {name for name, b in state["buildings"].items() if b["owner"] == seat}
        if place == "path":
            own = sorted({p for end in ends for p in GEOMETRY.intersection_paths[end] if p not in state["roads"]})
        else:
            taken = {**state["buildings"], **state["knights"]}
            own = sorted(end for end in ends if end not in taken)
    if own:
        return own[:6]
    taken = state["roads"] if place == "path" else {**state["buildings"], **state["knights"]}
    return [next((name for name in spots if name not in taken), spots[0])]
