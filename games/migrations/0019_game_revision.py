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

A player's profile (a vacation, the email settings) is read by a move as before, without being
guarded: a move under the game's lock read it the same way.

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

DROP = ["DROP TRIGGER IF EXISTS games_seat_touch_game ON games_seat",
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
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="revision",
            field=models.BigIntegerField(default=0, editable=False),
        ),
        migrations.RunPython(run_on_postgresql(CREATE), run_on_postgresql(DROP)),
    ]
