"""Game id -> rules implementation. The site offers exactly the games listed here."""

GAMES = {}


def _register():
    import engine.praga

    GAMES["praga"] = engine.praga


_register()


def get(game_id):
    return GAMES[game_id]
