"""The game's cached state as JSON text (PostgreSQL's `json`), not `jsonb`.

Every move writes the whole state (6–14 KB of JSON) and every submit reads it back. As `jsonb`
PostgreSQL parsed the text into its binary form on each write and printed it back to text on
each read; as `json` it only checks the text and keeps it as sent. benchmarks/state_column.py
(4-player Praga states after 40, 120 and 300 moves): a locked read and a write of the state
cost 0.52–0.69 times the database's CPU of jsonb, and the state, written compactly by
praga_site.fast_json, packs to 2.6–2.9 KB instead of 3.5–4.2 KB (lz4; docs/performance.md). Nothing queries inside the state (no `state__…` lookups,
which `json` would not all offer), so only its values matter, and those are the same: the text
decodes to what `jsonb` gave, with the keys in the engine's own order (a replay's order) rather
than jsonb's.

On PostgreSQL psycopg hands the column over as text (games.apps registers that for `json`, as
Django does for `jsonb`) and it is decoded here by praga_site.fast_json; values are written by
fast_json too. Other databases (SQLite: the embedded site) keep Django's JSONField as it is.
"""

import json

from django.db import models

from praga_site import fast_json

try:
    from psycopg.types.json import Json
except ImportError:  # SQLite only
    Json = None


class StateField(models.JSONField):
    def db_type(self, connection):
        if connection.vendor == "postgresql":
            return "json"
        return super().db_type(connection)

    def from_db_value(self, value, expression, connection):
        if not isinstance(value, str):  # NULL, or a value the backend decoded itself (SQLite's key lookups)
            return value
        try:
            return fast_json.loads(value)
        except json.JSONDecodeError:
            return value  # as Django's JSONField: a text that is not JSON is returned as it is

    def get_db_prep_value(self, value, connection, prepared=False):
        if connection.vendor != "postgresql" or Json is None:
            return super().get_db_prep_value(value, connection, prepared)
        if not prepared:
            value = self.get_prep_value(value)
        return Json(value, dumps=fast_json.dumps)
