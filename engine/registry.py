"""Game id -> rules implementation. The site offers exactly the games listed here."""

GAMES = {}


def _register():
    import engine.catan_ck
    import engine.praga

    GAMES["praga"] = engine.praga
    # Played over days: every decision owed off turn has its own deadline and a default
    # (timeout_move), card choices are drawn from their constraints on the move card.
    GAMES["catan_ck"] = engine.catan_ck


_register()


def get(game_id):
    return GAMES[game_id]
