"""Game id -> rules implementation. The site offers exactly the games listed here."""

GAMES = {}


def _register():
    import engine.catan_ck
    import engine.praga
    import engine.queens_architect

    GAMES["praga"] = engine.praga
    # Played over days: every decision owed off turn has its own deadline and a default
    # (timeout_move), card choices are drawn from their constraints on the move card.
    GAMES["catan_ck"] = engine.catan_ck
    # Every decision is owed on the seat's own turn (timeout_move is None: the timeout policy);
    # its board is games/boards/queens_architect/.
    GAMES["queens_architect"] = engine.queens_architect


_register()


def get(game_id):
    return GAMES[game_id]
