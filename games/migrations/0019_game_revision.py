"""`Game.revision`: a counter PostgreSQL raises on every change of a game row or of its seats.

A move submit reads the game and its seats without a lock, decides the move, and writes it in
one statement only if the revision is still the one it read (games/move_write.py): no
transaction, no lock held while the engine runs. That is safe only if nothing that move relied
on can change without the revision changing, so the database keeps it, not the site's code:

- a BEFORE UPDATE trigger on the games table sets every new row version's revision to the old
  one's plus one, whoever writes it (the ORM, a queryset update, a hand-written statement);
- an AFTER trigger on the seats (insert, update, delete) touches its game's row, which raises the
  revision through the first trigger, unless this transaction has already written that game row
  (its xmin is this transaction: the revision was raised already, and one new row version per
  move is enough).

- AFTER UPDATE triggers on the game's invitation (its timeout policy), and on the columns a move
  reads of a player's account and profile (games/locked_read.USER_FIELDS and PROFILE_FIELDS: the
  name, whether the account is active, the email settings, a vacation), touch the games they
  belong to (a profile's: its player's running games).

So a web process may also keep the game it last wrote a move to and decide the next move on it
without reading it again (games/move_cache.py): anything a fresh read would show differently
has raised the revision, and the guarded write then writes nothing.

Elsewhere than PostgreSQL (SQLite: the embedded site) there are no triggers and the column stays
0: there a move always takes the locked way (games/moves.py).
"""

from django.db import migrations, models

# One statement per item: a statement with parameters (as the schema editor sends them) cannot hold two.
CREATE = ["""
CREATE FUNCTION games_game_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.revision := OLD.revision + 1;
    RETURN NEW;
END
$$""", """
CREATE TRIGGER games_game_revision BEFORE UPDATE ON games_game
    FOR EACH ROW EXECUTE FUNCTION games_game_next_revision()""", """
CREATE FUNCTION games_seat_touch_game() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    game bigint;
BEGIN
    IF TG_OP = 'DELETE' THEN
        game := OLD.game_id;
    ELSE
        game := NEW.game_id;
    END IF;
    UPDATE games_game SET revision = revision WHERE id = game AND xmin <> pg_current_xact_id()::xid;
    IF TG_OP = 'UPDATE' AND OLD.game_id <> NEW.game_id THEN
        UPDATE games_game SET revision = revision WHERE id = OLD.game_id AND xmin <> pg_current_xact_id()::xid;
    END IF;
    RETURN NULL;
END
$$""", """
CREATE TRIGGER games_seat_touch_game AFTER INSERT OR UPDATE OR DELETE ON games_seat
    FOR EACH ROW EXECUTE FUNCTION games_seat_touch_game()"""]

# What a move reads of a player (games/locked_read.py); tests/correspondence/test_guarded_moves.py
# checks that these lists cover it.
USER_COLUMNS = ("username", "is_active")
PROFILE_COLUMNS = ("display_name", "notify_turn", "turn_digest", "vacation_since")


CREATE += ["""
CREATE FUNCTION games_invitation_touch_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games_game SET revision = revision
        WHERE invitation_id = NEW.id AND xmin <> pg_current_xact_id()::xid;
    RETURN NULL;
END
$$""", """
CREATE TRIGGER games_invitation_touch_game AFTER UPDATE ON games_invitation
    FOR EACH ROW EXECUTE FUNCTION games_invitation_touch_game()"""]


def _touch_running_games(table, user_column, columns):
    """A trigger on `table` whose rows hold a player (`user_column`): when one of `columns` changes,
    that player's running games are touched."""
    name = f"games_{table.split('_')[-1]}_touch_games"
    changed = " OR ".join(f"OLD.{column} IS DISTINCT FROM NEW.{column}" for column in columns)
    return [f"""
CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games_game g SET revision = g.revision FROM games_seat s
        WHERE s.game_id = g.id AND s.user_id = NEW.{user_column} AND g.status = 'running'
        AND g.xmin <> pg_current_xact_id()::xid;
    RETURN NULL;
END
$$""", f"CREATE TRIGGER {name} AFTER UPDATE OF {', '.join(columns)} ON {table} FOR EACH ROW "
       f"WHEN ({changed}) EXECUTE FUNCTION {name}()"]


CREATE += _touch_running_games("auth_user", "id", USER_COLUMNS)
CREATE += _touch_running_games("accounts_profile", "user_id", PROFILE_COLUMNS)

DROP = ["DROP TRIGGER IF EXISTS games_profile_touch_games ON accounts_profile",
        "DROP FUNCTION IF EXISTS games_profile_touch_games()",
        "DROP TRIGGER IF EXISTS games_user_touch_games ON auth_user",
        "DROP FUNCTION IF EXISTS games_user_touch_games()",
        "DROP TRIGGER IF EXISTS games_invitation_touch_game ON games_invitation",
        "DROP FUNCTION IF EXISTS games_invitation_touch_game()",
        "DROP TRIGGER IF EXISTS games_seat_touch_game ON games_seat",
        "DROP FUNCTION IF EXISTS games_seat_touch_game()",
        "DROP TRIGGER IF EXISTS games_game_revision ON games_game",
        "DROP FUNCTION IF EXISTS games_game_next_revision()"]


def run_on_postgresql(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for sql in statements:
                schema_editor.execute(sql)
    return run


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0018_game_running_day"),
        ("accounts", "0005_tick_indexes"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="revision",
            field=models.BigIntegerField(default=0, editable=False),
        ),
        migrations.RunPython(run_on_postgresql(CREATE), run_on_postgresql(DROP)),
    ]
