"""SQLite tables of cards.db and the conversion between source records and rows."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from companion.cards.schema import BOOL_COLUMNS, CARD_TABLES, FIELDS, JSON_COLUMNS, SET_FIELDS

INT_TYPES = frozenset({"int", "count", "bool"})


def columns(table: str) -> dict[str, type]:
    """The ordered columns of a card table: id, set, then the source fields."""
    cols: dict[str, type] = {"id": str, "set": str}
    for name, (ftype, _, _) in FIELDS[table].items():
        if name == "id":
            continue
        cols[name] = int if ftype in INT_TYPES else str
    return cols


def create_tables(db: Database) -> None:
    """Create the sets table, every card table and the capacity overrides (if missing)."""
    db["sets"].create(
        {**dict.fromkeys(SET_FIELDS, str), "shipped": int},
        pk="id",
        not_null={"name"},
        if_not_exists=True,
    )
    for table in CARD_TABLES:
        db[table].create(
            columns(table),
            pk="id",
            not_null={"set", "name"},
            foreign_keys=[("set", "sets", "id")],
            if_not_exists=True,
        )
        db[table].create_index(["set"], if_not_exists=True)
    db["capacity_overrides"].create(
        {"location_id": str, "entrance_spaces": int, "survivor_spaces": int},
        pk="location_id",
        if_not_exists=True,
    )


def dump_json(value: Any) -> str:
    """Compact JSON text for a nested column; validation has already fixed the key order."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def to_row(table: str, record: dict[str, Any], set_id: str) -> dict[str, Any]:
    """A normalised source record as a database row."""
    row: dict[str, Any] = {"id": record["id"], "set": set_id}
    for name in columns(table):
        if name in ("id", "set"):
            continue
        value = record.get(name)
        if name in JSON_COLUMNS:
            row[name] = dump_json(value)
        elif name in BOOL_COLUMNS:
            row[name] = 1 if value else 0
        else:
            row[name] = value
    return row


def from_row(table: str, row: dict[str, Any]) -> dict[str, Any]:
    """A database row as a plain record (nested columns decoded, flags as booleans)."""
    record: dict[str, Any] = {}
    for name in columns(table):
        value = row.get(name)
        if name in JSON_COLUMNS:
            record[name] = json.loads(value) if value else None
        elif name in BOOL_COLUMNS:
            # a column an older cards.db lacks takes the field's default (``human``: true)
            record[name] = FIELDS[table][name][2] if value is None else bool(value)
        else:
            record[name] = value
    return record


def source_record(table: str, row: dict[str, Any]) -> dict[str, Any]:
    """A row as a record of a source file or pack (no set column)."""
    record = from_row(table, row)
    record.pop("set", None)
    return record
