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

import json
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import JSONField, Model
from django.db.models.base import ModelState
from django.db.models.query_utils import DeferredAttribute
from django.db.models.signals import post_init, pre_init

from praga_site import fast_json

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


def database():
    """This thread's default connection itself: `django.db.connection` is a proxy that looks it up
    again on every attribute (dozens of times per submit otherwise)."""
    return connections[DEFAULT_DB_ALIAS]


def preparing(db):
    """True where statements can be prepared: PostgreSQL, unless the settings turned it off (a
    connection pooler in transaction mode, docs/deploy.md)."""
    options = db.settings_dict.get("OPTIONS", {})
    return db.vendor == "postgresql" and options.get("prepare_threshold") is not None


@contextmanager
def cursor(db=None):
    """A cursor for the hot statements: prepared where possible, else Django's usual one. It is
    wrapped as Django wraps its own, so query logging and counting see its statements. `db`:
    this thread's default connection (`database()`) where the caller has it already."""
    db = database() if db is None else db
    if not preparing(db):
        with db.cursor() as plain:
            yield plain
        return
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    with db.wrap_database_errors:
        raw = PreparingCursor(db.connection)
    wrapped = LoggedCursor(raw, db) if db.queries_logged else db.make_cursor(raw)
    with wrapped:
        yield wrapped


class Columns:
    """Every concrete column of `model` under table alias `alias`, in a SELECT list; or only the
    fields named in `only` (and the key), as `QuerySet.only()`: the others load on first use."""

    def __init__(self, model, alias, only=None):
        self.model, self.alias = model, alias
        wanted = None if only is None else {model._meta.get_field(name).attname for name in only}
        # In the model's order: Model.from_db fills the deferred ones in between.
        self.fields = [field for field in model._meta.concrete_fields
                       if wanted is None or field.attname in wanted or field.primary_key]
        self.sql = ", ".join(f'{alias}."{field.column}"' for field in self.fields)
        self.names = [field.attname for field in self.fields]
        self.key = self.fields.index(model._meta.pk)
        self._converters = None
        # Model.__init__ sets each value through its class attribute; for these fields that only
        # stores it in the instance's __dict__ (a fresh instance has no related object cached
        # to forget), which `instance` then does itself: a tenth of a submit's web CPU was
        # spent in from_db and __init__ for the nine rows it reads (benchmarks/submit_cpu.py).
        # A field with another descriptor (a file, a custom one), or a model with its own __init__
        # or from_db, takes the ORM's way.
        self.plain = (model.__init__ is Model.__init__ and model.from_db.__func__ is Model.from_db.__func__
                      and all(isinstance(model.__dict__.get(field.attname), DeferredAttribute)
                              for field in self.fields))

    def __len__(self):
        return len(self.fields)

    def converters(self, db):
        if self._converters is None:  # as the ORM's compiler finds them: the backend's, then the field's
            converters = []
            for index, field in enumerate(self.fields):
                column = field.get_col(self.alias)
                found = db.ops.get_db_converters(column) + [_faster(converter) for converter in
                                                            column.get_db_converters(db)]
                if found:
                    converters.append((index, column, found))
            # Set once complete: another thread of the worker must never see a half-built list
            # (a game's state was once read as its JSON text that way, under benchmarks/load.py).
            self._converters = converters
        return self._converters

    def instance(self, values, db=None):
        """The model instance of `values` (this model's slice of a row), or None if it is all NULL
        (the missing side of an outer join). `db`: the connection read from (`database()`), where
        the caller has it: looking it up costs more than a small instance's other work."""
        if values[self.key] is None:
            return None
        db = database() if db is None else db
        values = list(values)
        for index, column, converters in self.converters(db):
            for convert in converters:
                values[index] = convert(values[index], column, db)
        model = self.model
        if not self.plain or pre_init.has_listeners(model):  # pre_init's arguments are __init__'s
            return model.from_db(db.alias, self.names, values)
        # What Model.from_db gives for these columns (the others deferred: they load on first use).
        instance = model.__new__(model)
        instance._state = ModelState()
        instance.__dict__.update(zip(self.names, values))
        post_init.send(sender=model, instance=instance)
        instance._state.adding, instance._state.db = False, db.alias
        return instance


def _json_from_db(value, expression, connection):
    """`JSONField.from_db_value` with praga_site.fast_json (a submit reads the game's state, ~10 KB
    of JSON); as Django's, a text that is not JSON is returned as it is."""
    if value is None:
        return None
    try:
        return fast_json.loads(value)
    except json.JSONDecodeError:
        return value


def _faster(converter):
    """The converter, or `_json_from_db` where it is a plain JSONField's own (no custom decoder)."""
    field = getattr(converter, "__self__", None)
    if (type(field) is JSONField and field.decoder is None
            and converter.__func__ is JSONField.from_db_value):
        return _json_from_db
    return converter


def split(row, *parts):
    """`row` cut into consecutive slices, one per Columns of `parts`."""
    start, out = 0, []
    for part in parts:
        out.append(row[start:start + len(part)])
        start += len(part)
    return out
