"""Card packs: import and export a set as JSON, or one table of it as CSV."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.cards.build import ensure_schema, set_records, write_set
from companion.cards.schema import (
    CARD_TABLES,
    CSV_TABLES,
    FIELDS,
    JSON_COLUMNS,
    SET_FIELDS,
    SET_ID,
    SHIPPED_SETS,
    CardProblems,
    Problem,
    check_set,
    validate_records,
)
from companion.cards.sources import csv_columns, display_path, option_text_columns, parse_csv
from companion.cards.tables import dump_json


@dataclass
class Pack:
    """A validated pack: its set header and its records per table."""

    header: dict[str, Any]
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    only_tables: tuple[str, ...] | None = None


def table_from_name(path: Path) -> str | None:
    """Guess a CSV's table from its file name (e.g. my-box-crossroads.csv)."""
    stem = path.stem.lower()
    return next((t for t in CSV_TABLES if t in stem), None)


def _read_json_pack(data: Any, file: str, prefix: str) -> tuple[Pack | None, list[Problem]]:
    if not isinstance(data, dict):
        return None, [Problem(file, prefix or "file", "-", "a pack must be a JSON object")]
    where = f"{prefix}set" if prefix else "set"
    problems = check_set(data.get("set"), file, where)
    for key in data:
        if key != "set" and key not in CARD_TABLES:
            problems.append(Problem(file, prefix or "file", key, "is not a card table"))
    if problems:
        return None, problems
    header = dict(data["set"])
    pack = Pack(header)
    for table in CARD_TABLES:
        if table not in data:
            continue
        records = data[table]
        if not isinstance(records, list):
            problems.append(Problem(file, f"{prefix}{table}", table, "must be a list of records"))
            continue
        prepared = []
        for record in records:
            if isinstance(record, dict) and table == "crossroads" and "option" in record:
                record = {**record, "options": record["option"]}
                record.pop("option")
            prepared.append(record)
        wheres = [f"{prefix}{table} record {n}" for n in range(1, len(records) + 1)]
        clean, found = validate_records(table, prepared, header["id"], file, wheres)
        problems += found
        pack.tables[table] = clean
    return pack, problems


def read_json(path: Path) -> list[Pack]:
    """Read and validate a JSON pack (or {"packs": [...]}); raise CardProblems on any problem."""
    file = display_path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise CardProblems(
            [Problem(file, f"line {error.lineno}", "-", f"not valid JSON: {error.msg}")]
        ) from None
    problems: list[Problem] = []
    packs: list[Pack] = []
    if isinstance(data, dict) and "packs" in data and "set" not in data:
        items = data["packs"] if isinstance(data["packs"], list) else []
        if not items:
            problems.append(Problem(file, "file", "packs", "must be a non-empty list of packs"))
        entries = [(item, f"packs[{n}] ") for n, item in enumerate(items, start=1)]
    else:
        entries = [(data, "")]
    for item, prefix in entries:
        pack, found = _read_json_pack(item, file, prefix)
        problems += found
        if pack is not None:
            packs.append(pack)
    seen = set()
    for pack in packs:
        if pack.header["id"] in seen:
            problems.append(Problem(file, "file", "set.id", f"{pack.header['id']} comes twice"))
        seen.add(pack.header["id"])
    if problems:
        raise CardProblems(problems)
    return packs


def read_csv_pack(path: Path, set_id: str, set_name: str, table: str | None) -> Pack:
    """Read and validate one table of a set from CSV; raise CardProblems on any problem."""
    file = display_path(path)
    table = table or table_from_name(path)
    problems = []
    if table not in CSV_TABLES:
        problems.append(
            Problem(
                file, "file", "table", f"say which table with --table ({', '.join(CSV_TABLES)})"
            )
        )
    if not SET_ID.fullmatch(set_id or ""):
        problems.append(Problem(file, "file", "set", "give the set with --set (lowercase, _)"))
    if problems:
        raise CardProblems(problems)
    assert table is not None
    records, wheres, problems = parse_csv(path.read_text(encoding="utf-8-sig"), table, file)
    clean, found = validate_records(table, records, set_id, file, wheres)
    problems += found
    if problems:
        raise CardProblems(problems)
    return Pack({"id": set_id, "name": set_name or set_id}, {table: clean}, (table,))


def import_pack(
    db_path: Path,
    path: Path,
    *,
    set_id: str | None = None,
    set_name: str | None = None,
    table: str | None = None,
) -> dict[str, dict[str, int]]:
    """Import a pack file into `db_path` in one transaction; counts per set and table.

    A JSON pack replaces its whole set; a CSV replaces that set's cards of one table.
    Any problem raises CardProblems before the database is opened for writing.
    """
    path = Path(path)
    file = display_path(path)
    if path.suffix.lower() == ".csv":
        packs = [read_csv_pack(path, set_id or "", set_name or "", table)]
    else:
        packs = read_json(path)
    problems = [
        Problem(
            file,
            "set",
            "set.id",
            f"'{p.header['id']}' is shipped with the companion: edit cards/{p.header['id']}/ "
            "and run `companion cards build`, or import your cards under a set id of your own",
        )
        for p in packs
        if p.header["id"] in SHIPPED_SETS
    ]
    if not Path(db_path).exists():
        problems.append(
            Problem(str(db_path), "file", "-", "no card database; run `companion cards build`")
        )
    if problems:
        raise CardProblems(problems)
    db = Database(db_path)
    try:
        ensure_schema(db)
        shipped = {r["id"] for r in db["sets"].rows_where("shipped = 1")}
        refused = [p for p in packs if p.header["id"] in shipped]
        if refused:
            raise CardProblems(
                [
                    Problem(file, "set", "set.id", f"'{p.header['id']}' is a shipped set")
                    for p in refused
                ]
            )
        counts: dict[str, dict[str, int]] = {}
        with db.atomic():
            for pack in packs:
                header = dict(pack.header, shipped=False)
                existing = next(iter(db["sets"].rows_where("id = ?", [header["id"]])), None)
                if pack.only_tables and existing is not None and not set_name:
                    header.update({key: existing[key] for key in SET_FIELDS[1:]})
                counts[header["id"]] = write_set(
                    db, header, pack.tables, only_tables=pack.only_tables
                )
    finally:
        db.close()
    return counts


def pack_dict(db: Database, set_id: str) -> dict[str, Any]:
    """One set of the database as a JSON pack dictionary."""
    row = db["sets"].get(set_id)
    header = {"id": row["id"], "name": row["name"]}
    header.update({key: row[key] for key in SET_FIELDS[2:] if row.get(key)})
    return {"set": header, **set_records(db, set_id)}


def csv_text(records: list[dict[str, Any]], table: str) -> str:
    """Records of one table in its CSV layout."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    layout = csv_columns(table)
    writer.writerow(layout)
    for record in records:
        cells: dict[str, str] = {}
        for name, value in record.items():
            if name == "options":
                for n, option in enumerate(value or [], start=1):
                    for key, column in option_text_columns(n).items():
                        cells[column] = option.get(key, "")
                    cells[f"option{n}_effects"] = dump_json(option["effects"])
            elif name in JSON_COLUMNS:
                cells[name] = dump_json(value)
            elif FIELDS[table].get(name, ("",))[0] == "bool":
                cells[name] = "true" if value else "false"
            else:
                cells[name] = "" if value is None else str(value)
        writer.writerow([cells.get(col, "") for col in layout])
    return out.getvalue()


def export_pack(
    db_path: Path, path: Path, *, set_id: str | None = None, table: str | None = None
) -> int:
    """Write a set (or every set) as JSON, or one table of a set as CSV; count of cards."""
    path = Path(path)
    db = Database(db_path)
    try:
        known = [r["id"] for r in db["sets"].rows_where(order_by="id")]
        if set_id is not None and set_id not in known:
            raise CardProblems([Problem(str(db_path), "sets", "set", f"no set '{set_id}'")])
        if path.suffix.lower() == ".csv":
            table = table or table_from_name(path)
            if table not in CSV_TABLES:
                raise CardProblems(
                    [
                        Problem(
                            display_path(path),
                            "file",
                            "table",
                            f"use --table ({', '.join(CSV_TABLES)})",
                        )
                    ]
                )
            if set_id is None:
                raise CardProblems(
                    [Problem(display_path(path), "file", "set", "give --set for CSV")]
                )
            records = set_records(db, set_id).get(table, [])
            path.write_text(csv_text(records, table), encoding="utf-8")
            return len(records)
        packs = [pack_dict(db, s) for s in ([set_id] if set_id else known)]
        data: Any = packs[0] if set_id else {"packs": packs}
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        return sum(len(v) for p in packs for k, v in p.items() if k != "set")
    finally:
        db.close()
