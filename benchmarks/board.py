"""Server-side render time of a late 4-player game page of every game with its own board.

    .venv/bin/python benchmarks/board.py [--runs 20] [--game praga|queens_architect|catan_ck]

Praga and Queen's Architect: a recorded greedy 4-player game (benchmarks/games/praga-4p-greedy-3.json,
qa-4p-greedy-1.json) is replayed through the site's move submission into a scratch SQLite
database until round 16. Catan: four greedy bots (engine.catan_ck.bots.greedy_move, seeded) play
through the site's move submission until the action phase of turn 80 (or the game's end,
stopping one move before). Then each page is rendered for the player to act and for a
spectator. Prints the median time of the whole page (GET through Django's test client), of the
board view-model alone and of the board template alone; for Catan also the first render after
a move (the engine's reasons for illegal clicks are computed then, and cached) and CPU times
(on a loaded machine the wall time counts other processes too). Goal: the page under 50 ms.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
DB = os.path.join(tempfile.mkdtemp(prefix="praga-bench-"), "bench.sqlite3")
os.environ["DATABASE_URL"] = "sqlite:///" + DB
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "praga_site.settings")
os.environ.setdefault("DEBUG", "False")
os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.template.loader import render_to_string  # noqa: E402
from django.test import Client  # noqa: E402

from engine import registry  # noqa: E402
from games import boards, engines, invitations, presenters  # noqa: E402
from games.models import Game  # noqa: E402
from games.moves import submit_move  # noqa: E402

# game id: (recorded game, the board template)
RECORDED = {
    "praga": (os.path.join(HERE, "games", "praga-4p-greedy-3.json"), "games/boards/praga.html"),
    "queens_architect": (os.path.join(HERE, "games", "qa-4p-greedy-1.json"), "games/boards/queens_architect.html"),
}
ROUND = 16


def median_ms(fn, runs):
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def median_cpu_ms(fn, runs):
    """The process's CPU time per call: on a shared, loaded machine the wall time also counts
    the time other processes held the cores."""
    fn()
    times = []
    for _ in range(runs):
        t = time.process_time()
        fn()
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def make_users():
    from django.contrib.auth import get_user_model

    # Tables straight from the current models (a scratch database, no migration history needed).
    from django.apps import apps

    settings.MIGRATION_MODULES = {app.label: None for app in apps.get_app_configs()}
    call_command("migrate", verbosity=0, run_syncdb=True)
    User = get_user_model()
    return [User.objects.create_user(name, f"{name}@example.org", "pw-" + name) for name in
            ("alice", "bob", "carol", "dave")]


def setup_game(game_id, users):
    rules = registry.get(game_id)
    with open(RECORDED[game_id][0]) as f:
        record = json.load(f)
    invitation = invitations.create_invitation(users[0], game_id, 4, record.get("options", {}), users[1:],
                                               fixed_order=True)
    for user in users[1:]:
        invitations.join(invitation, user)
    game = Game.objects.get(invitation__pk=invitation.pk)
    game.seed = record["seed"]
    game.options = engines.normalize(game_id, record.get("options", {}), 4)
    game.state = rules.new(game.options, 4, record["seed"])
    game.save()
    seats = {seat.position: seat.user for seat in game.seat_list()}
    for seat, move in record["moves"]:
        game.refresh_from_db()
        if rules.view(game.state, None)["round"] >= ROUND:
            break
        submit_move(game.pk, seats[seat], move, game.version)
    game.refresh_from_db()
    return game, seats


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--game", choices=sorted(RECORDED) + ["catan_ck"], default=None)
    args = parser.parse_args()
    settings.ALLOWED_HOSTS = ["*"]
    settings.STORAGES = dict(settings.STORAGES, staticfiles={
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"})
    users = make_users()
    for game_id in [args.game] if args.game else sorted(RECORDED) + ["catan_ck"]:
        if game_id == "catan_ck":
            catan(args)  # no recorded game: bots play it up to a late turn
        else:
            measure(game_id, users, args.runs)


def measure(game_id, users, runs):
    rules = registry.get(game_id)
    game, seats = setup_game(game_id, users)
    acting = next(seat for seat in game.seat_list() if seat.to_act)
    view = rules.view(game.state, acting.position)
    print(f"{game_id}: 4 players, round {view['round']}, {game.version} moves, "
          f"{len(rules.legal_moves(game.state, acting.position))} legal moves for the player to act")
    player = Client()
    player.force_login(acting.user)
    spectator = Client()
    url = f"/games/{game.pk}/"
    first = player.get(url, secure=True)
    assert first.status_code == 200, first.status_code
    page = median_ms(lambda: player.get(url, secure=True), runs)
    live = median_ms(lambda: player.get(url + "live/", secure=True), runs)
    watch = median_ms(lambda: spectator.get(url, secure=True), runs) if game.visibility == "public" else None
    legal = presenters.legal_moves(game, acting)
    ctx = {}

    def model():
        ctx.update(boards.context(game, acting, rules.view(game.state, acting.position), legal))

    vm = median_ms(model, runs)
    template = median_ms(lambda: render_to_string(RECORDED[game_id][1], ctx), runs)
    print(f"  game page, player to act:     {page:7.1f} ms (median of {runs})")
    print(f"  live part (htmx refresh):     {live:7.1f} ms")
    if watch is not None:
        print(f"  game page, spectator:         {watch:7.1f} ms")
    print(f"  board view-model only:        {vm:7.1f} ms")
    print(f"  board template only:          {template:7.1f} ms")
    print("  goal: game page under 50 ms:", "yes" if page < 50 else "no")


CATAN_TURNS = 80


def catan_game():
    """Four greedy bots play Catan through the site until turn CATAN_TURNS."""
    import random

    from django.contrib.auth import get_user_model

    from engine.catan_ck import apply, bots, to_act
    from engine.core.rng import Rng

    User = get_user_model()
    users = [User.objects.create_user(name, f"{name}@example.org", "pw-" + name) for name in
             ("karl", "lena", "mira", "nils")]
    invitation = invitations.create_invitation(users[0], "catan_ck", 4, {}, users[1:], fixed_order=True)
    for user in users[1:]:
        invitations.join(invitation, user)
    game = Game.objects.get(invitation__pk=invitation.pk)
    seats = {seat.position: seat.user for seat in game.seat_list()}
    rng = random.Random(7)
    while True:
        game.refresh_from_db()
        state = game.state
        turn = state.get("turn") or {}
        if turn.get("number", 0) >= CATAN_TURNS and turn.get("stage") == "action" and not state["decisions"]:
            break  # the active player's action phase: the most choices on the page
        acting = sorted(to_act(state))
        seat = acting[rng.randrange(len(acting))]
        move = bots.greedy_move(state, seat, Rng.from_seed(rng.getrandbits(62)))
        if apply(state, seat, move)["phase"] == "over":
            break  # keep the game running: a late position, not a finished one
        submit_move(game.pk, seats[seat], move, game.version)
    game.refresh_from_db()
    return game


def catan(args):
    from django.core.cache import cache

    import engine.catan_ck as C

    game = catan_game()
    acting = next(seat for seat in game.seat_list() if seat.to_act and seat.position == game.state["active"])
    state = game.state
    pieces = len(state["buildings"]) + len(state["roads"]) + len(state["knights"])
    print(f"catan: 4 players, turn {state['turn']['number']}, {game.version} moves, {pieces} pieces on the island, "
          f"{len(C.legal_moves(state, acting.position))} legal moves for the player to act")
    player = Client()
    player.force_login(acting.user)
    spectator = Client()
    url = f"/games/{game.pk}/"
    assert player.get(url, secure=True).status_code == 200

    def first_render():
        cache.clear()  # the reasons for illegal clicks are computed once per move and seat
        player.get(url, secure=True)

    cold = median_ms(first_render, max(3, args.runs // 4))
    cold_cpu = median_cpu_ms(first_render, max(3, args.runs // 4))
    page = median_ms(lambda: player.get(url, secure=True), args.runs)
    page_cpu = median_cpu_ms(lambda: player.get(url, secure=True), args.runs)
    live = median_ms(lambda: player.get(url + "live/", secure=True), args.runs)
    watch = median_ms(lambda: spectator.get(url, secure=True), args.runs) if game.visibility == "public" else None
    legal = presenters.legal_moves(game, acting)
    ctx = {}

    def model():
        ctx.update(boards.context(game, acting, C.view(game.state, acting.position), legal))

    vm = median_ms(model, args.runs)
    template = median_ms(lambda: render_to_string("games/boards/catan_ck.html", ctx), args.runs)
    print(f"catan page, player to act:    {page:7.1f} ms (median of {args.runs}); CPU {page_cpu:.1f} ms")
    print(f"  first render after a move:  {cold:7.1f} ms (reasons, log, island computed, then cached); "
          f"CPU {cold_cpu:.1f} ms")
    print(f"live part (htmx refresh):     {live:7.1f} ms")
    if watch is not None:
        print(f"catan page, spectator:        {watch:7.1f} ms")
    print(f"board view-model only:        {vm:7.1f} ms")
    print(f"board template only:          {template:7.1f} ms")
    print("goal: catan page under 50 ms:", "yes" if page < 50 else "no",
          "(CPU time: %s)" % ("yes" if page_cpu < 50 else "no"))


if __name__ == "__main__":
    main()
