"""End of a turn, end of the game, ranking with its tie-breaks (QA-TURN-01, QA-END-01..07)."""

def end_turn(ctx, seat):
    state = ctx.s
    ctx.player(seat)["turns"] += 1
    state["turn_no"] += 1
    order = state["order"]
    if state["final_turns"] is not None:  # QA-END-01/02: the last round after a palace build
        if not state["final_turns"]:
            finish(ctx, by_limit=False)
            return
        final = list(state["final_turns"])
        following = final.pop(0)
        if order.index(following) < order.index(seat):  # option one_more_turn_each crosses into a new round
            state["round"] += 1
        state["turn"] = {"seat": following, "stage": "move"}
        state["final_turns"] = final
        return
    position = order.index(seat) + 1
    if position == len(order):
        if state["round"] >= state["options"]["max_rounds"]:  # QA-END-07: the site's safety limit
            finish(ctx, by_limit=True)
            return
        state["round"] += 1
        position = 0
    state["turn"] = {"seat": order[position], "stage": "move"}


def finish(ctx, by_limit):
    ctx.s["phase"] = "over"
    ctx.s["turn"] = None
    ctx.s["final_turns"] = None
    ctx.s["ended_by_limit"] = by_limit
    ctx.s["result"] = outcome_of(ctx.s)


def ranking_key(player):
    """QA-END-04/06: palace builders by palace appreciation, then the others by track position."""
    if player["palace"] is not None:
        return (1, player["palace"])
    return (0, player["track_position"])


def outcome_of(state):
    players = state["players"]
    keys = {player["seat"]: ranking_key(player) for player in players}
    ranking = []
    for key in sorted(set(keys.values()), reverse=True):  # equal values share a rank
        group = sorted(seat for seat, value in keys.items() if value == key)
        ranking.append(group[0] if len(group) == 1 else group)
    first = ranking[0] if isinstance(ranking[0], list) else [ranking[0]]
    builders = [player["seat"] for player in players if player["palace"] is not None]
    locations = state["map"]["locations"]
    breakdown = []
    for player in players:
        breakdown.append({
            "palace": player["palace"], "track_position": player["track_position"],
            "buildings": sum(1 for spot in locations.values() if player["seat"] in spot["lots"]),
            "coins": player["coins"], "bonds": player["bonds"], "trust": player["trust"],
            "turns": player["turns"],
        })
    return {
        "ranking": ranking,
        # the number each rank rests on: palace appreciation for builders, else the track position
        "scores": [player["palace"] if player["palace"] is not None else player["track_position"]
                   for player in players],
        "winners": first if builders else [],
        "winner": first[0] if builders and len(first) == 1 else None,
        "palace_builders": builders,
        "ended_by_round_limit": bool(state["ended_by_limit"]),
        "rounds": state["round"],
        "breakdown": breakdown,
    }
