"""Hooks for everything that happens after a game changes (emails, timeouts, live updates).

Each is sent only after the transaction that wrote the change has committed, so a
receiver (a Celery task, say) always finds the row it is told about.

    game_started(sender=Game, game)
    move_applied(sender=Game, game, move)      move: the new Move row
    game_finished(sender=Game, game)
"""

from django.dispatch import Signal

game_started = Signal()
move_applied = Signal()
game_finished = Signal()
