"""Read the text sources: cards/sets.toml and cards/<set>/<table>.toml or .csv."""

from __future__ import annotations

import csv
import io
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.cards.schema import (
    CARD_TABLES,
    FIELDS,
    JSON_COLUMNS,
    SET_FIELDS,
    SHIPPED_SETS,
    TRANSLATED_LOCALES,
    Problem,
    translated,
    validate_records,
)

TOML_KEYS = {"locations": ("location", "card")}
MAX_OPTIONS = 3
TRUE_WORDS = {"true", "1", "yes", "y"}
FALSE_WORDS = {"false", "0", "no", "n", ""}


@dataclass
class SetSources:
    """One set read from the sources: its header (SET_FIELDS but id) and records per table."""

    id: str
    header: dict[str, str]
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


def display_path(path: Path) -> str:
    """A path as shown in problems: relative to the cwd when it can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def option_text_columns(n: int) -> dict[str, str]:
    """Option `n`'s text columns in CSV, by the option's key: text and its translations."""
    return {
        key: f"option{n}_{key}"
        for key in ("text", *(translated("text", loc) for loc in TRANSLATED_LOCALES))
    }


def csv_columns(table: str) -> list[str]:
    """The CSV column layout of a table (options spread over option<n>_text, _effects, ...)."""
    cols: list[str] = []
    for name in FIELDS[table]:
        if name == "options":
            for n in range(1, MAX_OPTIONS + 1):
                texts = list(option_text_columns(n).values())
                cols += [texts[0], f"option{n}_effects", *texts[1:]]
        else:
            cols.append(name)
    return cols


def _toml_record_lines(text: str, key: str) -> list[int]:
    """Line numbers of each `[[key]]` header, in order."""
    pattern = re.compile(rf"^\s*\[\[\s*{re.escape(key)}\s*\]\]")
    return [n for n, line in enumerate(text.splitlines(), start=1) if pattern.match(line)]


def read_toml(path: Path, table: str, set_id: str) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Read and validate one TOML source of `table`."""
    file = display_path(path)
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        where = f"line {match.group(1)}" if match else "file"
        return [], [Problem(file, where, "-", f"not valid TOML: {error}")]
    keys = TOML_KEYS.get(table, ("card",))
    key = next((k for k in keys if k in data), keys[0])
    records = data.get(key, [])
    problems = [
        Problem(file, "file", name, f"unexpected top-level key (use [[{key}]])")
        for name in data
        if name != key
    ]
    if not isinstance(records, list):
        return [], [*problems, Problem(file, "file", key, f"must be an array of [[{key}]]")]
    lines = _toml_record_lines(text, key)
    wheres = [
        f"line {lines[n]} ({key} {n + 1})" if n < len(lines) else f"{key} {n + 1}"
        for n in range(len(records))
    ]
    prepared = []
    for record in records:
        if isinstance(record, dict) and table == "crossroads" and "option" in record:
            record = dict(record)
            if "options" in record:
                problems.append(
                    Problem(file, record_where(record), "option", "give option or options")
                )
            record["options"] = record.pop("option")
        prepared.append(record)
    clean, found = validate_records(table, prepared, set_id, file, wheres)
    return clean, problems + found


def record_where(record: dict[str, Any]) -> str:
    """Name a record by id for a problem found before its position is known."""
    return str(record.get("id", "record"))


def _cell(table: str, name: str, raw: str) -> tuple[bool, Any, str | None]:
    """Convert one CSV cell: (present, value, parse problem)."""
    ftype = FIELDS[table][name][0]
    required = FIELDS[table][name][1]
    if raw == "" and not required:
        return False, None, None
    if name in JSON_COLUMNS:
        try:
            return True, json.loads(raw), None
        except json.JSONDecodeError as error:
            return True, None, f"not valid JSON: {error.msg}"
    if ftype in ("int", "count"):
        try:
            return True, int(raw.strip()), None
        except ValueError:
            return True, raw, None
    if ftype == "bool":
        word = raw.strip().lower()
        if word in TRUE_WORDS:
            return True, True, None
        if word in FALSE_WORDS:
            return True, False, None
        return True, raw, None
    return True, raw, None


def parse_csv(
    text: str, table: str, file: str
) -> tuple[list[dict[str, Any]], list[str], list[Problem]]:
    """Records, their locations ("line N") and parse problems of a CSV in the table's layout."""
    problems: list[Problem] = []
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        return [], [], [Problem(file, "line 1", "-", "the file is empty")]
    header = [h.strip() for h in header]
    layout = csv_columns(table)
    for name in header:
        if name not in layout:
            problems.append(Problem(file, "line 1", name, f"is not a column of {table}"))
    records: list[dict[str, Any]] = []
    wheres: list[str] = []
    line = reader.line_num
    for row in reader:
        start, line = line + 1, reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        where = f"line {start}"
        if len(row) != len(header):
            problems.append(
                Problem(file, where, "-", f"has {len(row)} cells, header has {len(header)}")
            )
            continue
        cells = dict(zip(header, row, strict=True))
        record: dict[str, Any] = {}
        options: list[dict[str, Any]] = []
        for n in range(1, MAX_OPTIONS + 1):
            texts = {key: cells.pop(col, "") for key, col in option_text_columns(n).items()}
            effects_cell = cells.pop(f"option{n}_effects", "")
            if not any(texts.values()) and not effects_cell:
                continue
            option: dict[str, Any] = {k: v for k, v in texts.items() if k == "text" or v}
            option["effects"] = []
            if effects_cell.strip():
                try:
                    option["effects"] = json.loads(effects_cell)
                except json.JSONDecodeError as error:
                    problems.append(
                        Problem(file, where, f"option{n}_effects", f"not valid JSON: {error.msg}")
                    )
            options.append(option)
        if table == "crossroads":
            record["options"] = options
        for name, raw in cells.items():
            if name not in FIELDS[table]:
                continue
            present, value, problem = _cell(table, name, raw)
            if problem:
                problems.append(Problem(file, where, name, problem))
            elif present:
                record[name] = value
        records.append(record)
        wheres.append(where)
    return records, wheres, problems


def read_csv(path: Path, table: str, set_id: str) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Read and validate one CSV source of `table`."""
    file = display_path(path)
    records, wheres, problems = parse_csv(path.read_text(encoding="utf-8-sig"), table, file)
    clean, found = validate_records(table, records, set_id, file, wheres)
    return clean, problems + found


def set_header(set_id: str, name: str) -> dict[str, str]:
    """A set header with only a name: every other field of SET_FIELDS empty."""
    return {key: name if key == "name" else "" for key in SET_FIELDS[1:]}


def read_set_headers(cards_dir: Path) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    """The set headers of cards/sets.toml (id -> {name, description})."""
    path = cards_dir / "sets.toml"
    headers = {k: set_header(k, v) for k, v in SHIPPED_SETS.items()}
    if not path.exists():
        return headers, []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        return headers, [Problem(display_path(path), "file", "-", f"not valid TOML: {error}")]
    for entry in data.get("set", []):
        headers[entry["id"]] = {
            key: entry.get(key, entry["id"] if key == "name" else "") for key in SET_FIELDS[1:]
        }
    return headers, []


def read_sources(cards_dir: Path) -> tuple[list[SetSources], list[Problem]]:
    """Read every set folder under `cards_dir`, sorted by set id; all problems found."""
    headers, problems = read_set_headers(cards_dir)
    sets: list[SetSources] = []
    for folder in sorted(p for p in cards_dir.iterdir() if p.is_dir()):
        set_id = folder.name
        found = SetSources(set_id, headers.get(set_id, set_header(set_id, set_id)))
        for table in CARD_TABLES:
            toml_path, csv_path = folder / f"{table}.toml", folder / f"{table}.csv"
            if toml_path.exists() and csv_path.exists():
                problems.append(
                    Problem(
                        display_path(csv_path), "file", "-", f"{table}.toml exists too; keep one"
                    )
                )
            if toml_path.exists():
                records, more = read_toml(toml_path, table, set_id)
            elif csv_path.exists():
                records, more = read_csv(csv_path, table, set_id)
            else:
                continue
            problems += more
            found.tables[table] = records
        sets.append(found)
    return sets, problems
