"""Build cards.db from the text sources, deterministically (same sources, same bytes)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.cards.schema import (
    BOOL_COLUMNS,
    CARD_TABLES,
    FIELDS,
    SET_FIELDS,
    SHIPPED_SETS,
    CardProblems,
)
from companion.cards.search import INDEX, create_index, refresh_index
from companion.cards.sources import read_sources
from companion.cards.tables import columns, create_tables, source_record, to_row


def ensure_schema(db: Database) -> None:
    """Create whatever table of cards.db is missing (a no-op on a built database)."""
    wanted = {"sets", *CARD_TABLES, "capacity_overrides"}
    if not wanted <= set(db.table_names()):
        create_tables(db)
    add_missing_columns(db)
    if INDEX not in db.table_names():
        create_index(db)


def add_missing_columns(db: Database) -> None:
    """Give a card table of an older cards.db the columns added since (survivors' ``human``),
    each filled with its field's default."""
    for table in CARD_TABLES:
        have = set(db[table].columns_dict)
        for name, kind in columns(table).items():
            if name in have:
                continue
            default = FIELDS[table][name][2] if name in FIELDS[table] else None
            if name in BOOL_COLUMNS:
                default = 1 if default else 0
            db[table].add_column(name, kind, not_null_default=default)


def write_set(
    db: Database,
    header: dict[str, Any],
    tables: dict[str, list[dict[str, Any]]],
    *,
    only_tables: tuple[str, ...] | None = None,
) -> dict[str, int]:
    """Replace one set's cards (all tables, or `only_tables`) with `tables`; counts written."""
    set_id = header["id"]
    row = {key: header.get(key) or "" for key in SET_FIELDS}
    db["sets"].upsert(dict(row, shipped=int(bool(header.get("shipped")))), pk="id")
    counts: dict[str, int] = {}
    for table in only_tables or CARD_TABLES:
        db.execute(f"DELETE FROM [{table}] WHERE [set] = ?", [set_id])
        records = sorted(tables.get(table, []), key=lambda r: r["id"])
        db[table].insert_all([to_row(table, r, set_id) for r in records])
        counts[table] = len(records)
    refresh_index(db, set_id)
    return counts


def set_records(db: Database, set_id: str) -> dict[str, list[dict[str, Any]]]:
    """One set's cards as source records per table (tables without cards left out)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for table in CARD_TABLES:
        rows = db[table].rows_where("[set] = ?", [set_id], order_by="id")
        records = [source_record(table, row) for row in rows]
        if records:
            out[table] = records
    return out


def _kept_from(db_path: Path, source_ids: set[str]) -> tuple[list[Any], list[dict[str, Any]]]:
    """Imported packs (sets with no source folder) and capacity overrides of an old cards.db."""
    if not db_path.exists():
        return [], []
    old = Database(db_path)
    try:
        names = set(old.table_names())
        packs = []
        if "sets" in names:
            for row in old["sets"].rows_where(order_by="id"):
                if row["id"] not in source_ids and row["id"] not in SHIPPED_SETS:
                    packs.append((dict(row, shipped=0), set_records(old, row["id"])))
        overrides = []
        if "capacity_overrides" in names:
            overrides = list(old["capacity_overrides"].rows_where(order_by="location_id"))
        return packs, overrides
    finally:
        old.close()


def build(cards_dir: Path, db_path: Path, *, keep_packs: bool = True) -> dict[str, int]:
    """Write `db_path` from the sources in `cards_dir`; return the row count per table.

    Imported packs and capacity overrides of an existing database are carried over unless
    `keep_packs` is false. Raises CardProblems (and writes nothing) when a source is invalid.
    """
    sets, problems = read_sources(cards_dir)
    if problems:
        raise CardProblems(problems)
    packs, overrides = _kept_from(db_path, {s.id for s in sets}) if keep_packs else ([], [])
    tmp = db_path.with_name(f".{db_path.name}.building")
    tmp.unlink(missing_ok=True)
    db = Database(tmp)
    try:
        with db.atomic():
            create_tables(db)
        create_index(db)
        with db.atomic():
            for found in sets:
                header = {**found.header, "id": found.id, "shipped": found.id in SHIPPED_SETS}
                write_set(db, header, found.tables)
            for header, tables in packs:
                write_set(db, header, tables)
            db["capacity_overrides"].insert_all(overrides)
        db.vacuum()
        counts = {t: db[t].count for t in ("sets", *CARD_TABLES)}
    finally:
        db.close()
    os.replace(tmp, db_path)
    return counts
