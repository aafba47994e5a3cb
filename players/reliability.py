"""How reliably a player moves by correspondence, from their last games' move log.

- time to move: from the moment a wait began (the previous move was another seat's, or the
  game started) to the player's first move in it; the median over the recent games;
- timeouts: waits whose time ran out (the timeout lines of the log, or a move the site made
  for the seat when its time ran out);
- dropped: games left to a bot by a timeout; abandoned: games resigned;
- percent: the waits answered in time, of all waits that ended in a move, a timeout or a
  resignation. Stored per user (refreshed when a game of theirs ends or they resign), so the
  profile and the lobby read one row.
"""

import statistics

from django.utils import timezone

from games import move_log
from games.models import GameEvent, Seat
from players.models import Reliability, Resignation

RECENT_GAMES = 30
# The log lines of games/clocks.py (and players/resign.py) that end a wait without a move.
TIMEOUT_LINES = {
    "{player} ran out of time; a bot plays this seat to the end.",
    "{player} ran out of time; the game is cancelled.",
}
LEFT_LINES = TIMEOUT_LINES | {
    "{player} resigned; a bot plays this seat to the end.",
    "{player} resigned; the game is cancelled.",
    "{player} resigned; nobody is left to play, so the game is cancelled.",
}


def measure(user_id):
    """The figures of a Reliability row for this user, computed from the log."""
    seats = {seat.game_id: seat for seat in Seat.objects.filter(user_id=user_id).select_related("game")
             .order_by("-game__created", "-game_id")[:RECENT_GAMES]}
    left_at, timeouts = {}, 0
    events = GameEvent.objects.filter(game_id__in=seats, text__msg__in=sorted(LEFT_LINES)).values_list(
        "game_id", "after_seq", "text")
    for game_id, after_seq, line in events:
        if (line.get("args") or {}).get("player") == seats[game_id].position:
            left_at[game_id] = min(after_seq, left_at.get(game_id, after_seq))
            timeouts += line["msg"] in TIMEOUT_LINES
    # Running games' moves are rows, finished games' are archives: read both alike.
    logs = move_log.of_games([seat.game for seat in seats.values()])
    timeouts += sum(1 for game_id, log in logs.items() for move in log
                    if isinstance(move.payload, dict) and move.payload.get("timeout") is True
                    and move.seat == seats[game_id].position and move.seq <= left_at.get(game_id, move.seq))
    delays = []
    for game_id, log in logs.items():
        mine = seats[game_id]
        for previous, move in zip([None] + log, log):
            if move.seat != mine.position or (previous is not None and previous.seat == move.seat) \
                    or move.seq > left_at.get(game_id, move.seq):
                continue  # another seat's move, a later move of the same wait, or a bot's
            began = previous.created_at if previous is not None else mine.game.created
            delays.append(max((move.created_at - began).total_seconds(), 0))
    resigned = Resignation.objects.filter(seat__user_id=user_id)
    abandoned = resigned.count()
    recent_resigned = resigned.filter(seat__game_id__in=seats).count()
    dropped = Seat.objects.filter(user_id=user_id, dropped=True).count() - abandoned
    ended = len(delays) + timeouts + recent_resigned
    return {
        "median_seconds": round(statistics.median(delays)) if delays else None,
        "moves": len(delays), "timeouts": timeouts, "dropped": max(dropped, 0), "abandoned": abandoned,
        "percent": round(100 * len(delays) / ended) if ended else None,
    }


def refresh(user_id):
    figures = measure(user_id)
    Reliability.objects.update_or_create(user_id=user_id, defaults={**figures, "updated": timezone.now()})


def of(user):
    """The stored reliability of `user`, measured now if there is none yet."""
    row = Reliability.objects.filter(user=user).first()
    if row is None:
        refresh(user.pk)
        row = Reliability.objects.get(user=user)
    return row
