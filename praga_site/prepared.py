"""Reads that a hot path runs on every request, with their SQL written once per process.

Django's ORM builds a queryset's SQL anew on every request. For a move submit (issue 10) that
building, for the locked game with its invitation, seats, users and profiles, cost more CPU than
PostgreSQL spent answering. Here a model's columns are listed once (`Columns`), the SQL is plain
text, and each row becomes model instances through `Model.from_db` with the same converters the
ORM applies (JSON fields are parsed, log lines unpacked), so the instances are the ORM's own.
"""

from django.db import connection


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
