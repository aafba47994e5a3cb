"""Reads that a hot path runs on every request, with their SQL written once per process.

Django's ORM builds a queryset's SQL anew on every request. For a move submit (issue 10) that
building, for the locked game with its invitation, seats, users and profiles, cost more CPU than
PostgreSQL spent answering. Here a model's columns are listed once (`Columns`), the SQL is plain
text, and each row becomes model instances through `Model.from_db` with the same converters the
ORM applies (JSON fields are parsed, log lines unpacked), so the instances are the ORM's own.

On PostgreSQL they also run as prepared statements (`cursor()`): PostgreSQL plans a statement
on every execution otherwise, and for the joins of a move submit that planning cost more of the
database's CPU than running them (benchmarks/load.py, docs/performance.md).
"""

from contextlib import contextmanager

from django.conf import settings
from django.db import connection

try:
    import psycopg
    from django.db.backends.postgresql.base import CursorDebugWrapper
    from django.db.backends.utils import CursorWrapper
except ImportError:  # SQLite only (the embedded site)
    psycopg = None


if psycopg is not None:
    class LoggedCursor(CursorDebugWrapper):
        """Django's query log (DEBUG, tests counting queries) for a prepared statement: psycopg
        keeps no text of a statement it ran by name, so the logged SQL is composed here."""

        def execute(self, sql, params=None):
            with self.debug_sql(self.db.ops.compose_sql(sql, params)):
                return CursorWrapper.execute(self, sql, params)  # the execute wrappers, not the log again

    class PreparingCursor(psycopg.Cursor):
        """Server-side binding, and every statement prepared on first use in this connection
        (psycopg keeps the 100 most recent per connection). Django's own queries keep its
        client-side binding cursor, which never prepares."""

        def execute(self, query, params=None, *, prepare=True, binary=None):
            return super().execute(query, params, prepare=prepare, binary=binary)


def preparing():
    """True where statements can be prepared: PostgreSQL, unless the settings turned it off (a
    connection pooler in transaction mode, docs/deploy.md)."""
    return connection.vendor == "postgresql" and settings.DATABASES[connection.alias].get(
        "OPTIONS", {}).get("prepare_threshold") is not None


@contextmanager
def cursor():
    """A cursor for the hot statements: prepared where possible, else Django's usual one. It is
    wrapped as Django wraps its own, so query logging and counting see its statements."""
    if not preparing():
        with connection.cursor() as plain:
            yield plain
        return
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    with connection.wrap_database_errors:
        raw = PreparingCursor(connection.connection)
    wrapped = LoggedCursor(raw, connection) if connection.queries_logged else connection.make_cursor(raw)
    with wrapped:
        yield wrapped


class Columns:
    """Every concrete column of `model` under table alias `alias`, in a SELECT list."""

    def __init__(self, model, alias):
        self.model, self.alias = model, alias
        self.fields = list(model._meta.concrete_fields)
        self.sql = ", ".join(f'{alias}."{field.column}"' for field in self.fields)
        self.names = [field.attname for field in self.fields]
        self.key = self.fields.index(model._meta.pk)
        self._converters = None

    def __len__(self):
        return len(self.fields)

    def converters(self):
        if self._converters is None:  # as the ORM's compiler finds them: the backend's, then the field's
            self._converters = []
            for index, field in enumerate(self.fields):
                column = field.get_col(self.alias)
                found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
                if found:
                    self._converters.append((index, column, found))
        return self._converters

    def instance(self, values):
        """The model instance of `values` (this model's slice of a row), or None if it is all NULL
        (the missing side of an outer join)."""
        if values[self.key] is None:
            return None
        values = list(values)
        for index, column, converters in self.converters():
            for convert in converters:
                values[index] = convert(values[index], column, connection)
        return self.model.from_db(connection.alias, self.names, values)


def split(row, *parts):
    """`row` cut into consecutive slices, one per Columns of `parts`."""
    start, out = 0, []
    for part in parts:
        out.append(row[start:start + len(part)])
        start += len(part)
    return out
