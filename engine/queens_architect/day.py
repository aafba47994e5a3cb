"""Day labourer (QA-DAY-01..04)."""

from itertools import combinations

from engine.core.text import _
from engine.queens_architect.checks import need
from engine.queens_architect.craftsmen import work


def bag_craftsmen(ed, player):
    return sorted(craftsman["tile"] for craftsman in player["craftsmen"] if ed.design(craftsman["tile"])["bag"])


def day_moves(ed, player):
    bags = bag_craftsmen(ed, player)
    return [{"type": "day", "workers": list(chosen)}
            for size in range(len(bags) + 1) for chosen in combinations(bags, size)]


def day_income(ed, player, workers):
    table = ed.data.DAY_LABOURER
    count = len(player["craftsmen"])
    base = -(-count // table["craftsmen_per_coin"])  # rounded up
    return base, table["coins_per_bag"] * len(workers)


def do_day(ctx, seat, move):
    workers = move.get("workers", [])
    player = ctx.s["players"][seat]
    bags = bag_craftsmen(ctx.ed, player)
    need(isinstance(workers, list) and all(worker in bags for worker in workers)
         and len(set(workers)) == len(workers),
         _("Only your own craftsmen with the money bag can work as day labourers, each once."))
    base, extra = day_income(ctx.ed, player, workers)
    player = ctx.player(seat)
    player["coins"] += base + extra
    left = work(player, set(workers))  # QA-DAY-02/03
    return {"coins": base + extra, "left": left}
