"""Game id -> rules implementation. The site offers exactly the games listed here."""

GAMES = {}


def _register():
    import engine.catan_ck
    import engine.praga

    GAMES["praga"] = engine.praga
    # Played over days: every decision owed off turn has its own deadline and a default
    # (timeout_move), card choices are drawn from their constraints on the move card.
    GAMES["catan_ck"] = engine.catan_ck
    # engine.queens_architect is complete as rules (issue 13, docs/queens_architect.md) but not
    # listed yet: its board (map, action stars, black board, tavern, tracks) and the site part
    # (move card, leak tests of pages, replays and emails) come later. Listing it earlier would
    # offer a game nobody can see on a page.


_register()


def get(game_id):
    return GAMES[game_id]
