"""Read cards.db into plain JSON-able dicts for game setup (the rules engine filters them)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.cards.schema import (
    CARD_TABLES,
    LOCALES,
    NESTED_TEXTS,
    PROPER_NAMES,
    SOURCE_LOCALE,
    TRANSLATED_FIELDS,
    TRANSLATED_LOCALES,
    translated,
)
from companion.cards.tables import from_row

NESTED_TABLES = ("options", "fail_effects", "bonus_effects", "standard", "hardcore")
"""Fields holding nested tables (or lists of them) whose texts may be translated."""


def _pick(holder: dict[str, Any], name: str, locale: str) -> bool:
    """Put `name`'s text in `locale` into `holder[name]`, dropping every translation key.

    True when the text had to stay English (it is not empty and has no `locale` version).
    """
    wanted = holder.get(translated(name, locale)) if locale != SOURCE_LOCALE else None
    for other in TRANSLATED_LOCALES:
        holder.pop(translated(name, other), None)
    if wanted:
        holder[name] = wanted
        return False
    return locale != SOURCE_LOCALE and bool(holder.get(name))


def _pick_nested(value: Any, locale: str, path: str) -> list[str]:
    """Localise a nested table or list of them in place; the paths of texts left English."""
    if isinstance(value, list):
        return [
            p for n, item in enumerate(value, 1) for p in _pick_nested(item, locale, f"{path}[{n}]")
        ]
    if not isinstance(value, dict):
        return []
    missing = [
        f"{path}.{name}" for name in NESTED_TEXTS if name in value and _pick(value, name, locale)
    ]
    for key, item in value.items():
        missing += _pick_nested(item, locale, f"{path}.{key}")
    return missing


def _localised(table: str, record: dict[str, Any], locale: str) -> tuple[dict[str, Any], list[str]]:
    """The record in `locale` without translation keys, and the texts that stayed English."""
    if locale not in LOCALES:
        raise ValueError(f"unknown locale {locale!r}; known: {', '.join(LOCALES)}")
    out = json.loads(json.dumps(record))
    proper = PROPER_NAMES.get(table, ())
    missing = [
        name for name in TRANSLATED_FIELDS[table] if _pick(out, name, locale) and name not in proper
    ]
    for name in NESTED_TABLES:
        if name in out:
            missing += _pick_nested(out[name], locale, name)
    return out, missing


def localise(table: str, record: dict[str, Any], locale: str = SOURCE_LOCALE) -> dict[str, Any]:
    """A card record with every text in `locale`, English where a text has no translation.

    The `<field>_<locale>` keys are gone (top level and nested), so the record has the shape
    the rules engine takes, and `lang` says which language its texts are in: `locale`, or
    "en" when any text had to fall back to English (the page shows a small "EN" mark).
    """
    out, missing = _localised(table, record, locale)
    out["lang"] = SOURCE_LOCALE if missing else locale
    return out


def untranslated(table: str, record: dict[str, Any], locale: str) -> list[str]:
    """The texts of a card record (a source or cards.db record) that have no `locale` version.

    Field paths as problems name them: `goal`, `options[2].text`, `fail_effects[1].text`.
    """
    return _localised(table, record, locale)[1]


def untranslated_cards(
    db: Database, locale: str, *, sets: Iterable[str] | None = None
) -> list[tuple[str, str, list[str]]]:
    """(table, card id, texts without a `locale` version) of every card missing any, in order."""
    wanted = list(sets) if sets is not None else None
    out = []
    for table in CARD_TABLES:
        marks = ", ".join("?" for _ in wanted or [])
        where = f"[set] IN ({marks})" if wanted is not None else None
        for row in db[table].rows_where(where, wanted, order_by="[set], id"):
            missing = untranslated(table, from_row(table, row), locale)
            if missing:
                out.append((table, row["id"], missing))
    return out


def load_cards(
    db_path: str | Path, *, sets: Iterable[str] | None = None, locale: str | None = SOURCE_LOCALE
) -> dict[str, list[dict]]:
    """Every card per table (of `sets` only, if given), with flags, nested data decoded.

    Texts are in `locale` (English where a card has no translation; see `localise`), each
    card's `lang` saying which; `locale=None` keeps every language, English in the plain
    fields and each translation in its `<field>_<locale>` field (what a new game's catalogue
    keeps, so each device reads the cards in its own language). Locations carry the table's
    capacity overrides (`companion cards set-capacity`), and the result has a "sets" entry
    listing the sets present, their name and description in `locale` too.
    """
    wanted = list(sets) if sets is not None else None
    db = Database(db_path)
    try:
        out: dict[str, list[dict[str, Any]]] = {}
        marks = ", ".join("?" for _ in wanted or [])
        where, args = (f"[set] IN ({marks})", wanted) if wanted is not None else (None, None)
        for table in CARD_TABLES:
            rows = db[table].rows_where(where, args, order_by="[set], id")
            records = (from_row(table, row) for row in rows)
            out[table] = [r if locale is None else localise(table, r, locale) for r in records]
        overrides = {row["location_id"]: row for row in db["capacity_overrides"].rows_where()}
        for location in out["locations"]:
            override = overrides.get(location["id"])
            if override:
                for key in ("entrance_spaces", "survivor_spaces"):
                    if override[key] is not None:
                        location[key] = override[key]
        set_where = f"id IN ({marks})" if wanted is not None else None
        set_rows = db["sets"].rows_where(set_where, args, order_by="id")
        out["sets"] = [set_header(dict(r), locale or SOURCE_LOCALE) for r in set_rows]
        return out
    finally:
        db.close()


def set_header(row: dict[str, Any], locale: str) -> dict[str, Any]:
    """A row of the sets table with its name and description in `locale` (English fallback)."""
    out = dict(row)
    fell_back = [_pick(out, name, locale) for name in ("name", "description")]
    out["lang"] = SOURCE_LOCALE if any(fell_back) else locale
    return out


def card_text(
    db: Database, card_id: str, locale: str, *, table: str | None = None
) -> dict[str, Any] | None:
    """One card in `locale` (English fallback, `lang` saying which), or None if unknown.

    The whole record as `load_cards` gives it plus `table`; `table` narrows the lookup
    (ids are unique within a table). For the pages: `card_text(db, "companion.frozen-pipes",
    "pt_BR")["trigger"]` and show a small "EN" mark when `lang` is not the page's locale.
    """
    for name in [table] if table else CARD_TABLES:
        row = next(iter(db[name].rows_where("id = ?", [card_id])), None)
        if row is not None:
            return {"table": name, **localise(name, from_row(name, row), locale)}
    return None


def name_column(locale: str, column: str = "name") -> str:
    """SQL for a text column in `locale`, English when it is not translated: one column pick.

    E.g. ``db.query(f"SELECT id, {name_column('pt_BR')} AS name FROM crises")``.
    """
    if locale == SOURCE_LOCALE:
        return f"[{column}]"
    if locale not in TRANSLATED_LOCALES:
        raise ValueError(f"unknown locale {locale!r}")
    return f"COALESCE(NULLIF([{translated(column, locale)}], ''), [{column}])"


def card_names(db: Database, table: str, locale: str) -> dict[str, str]:
    """Every card name of `table` by id, in `locale` (English where not translated)."""
    sql = f"SELECT id, {name_column(locale)} AS name FROM [{table}] ORDER BY id"
    return {row["id"]: row["name"] for row in db.query(sql)}


def set_capacity(
    db_path: str | Path,
    location_id: str,
    *,
    entrance_spaces: int | None = None,
    survivor_spaces: int | None = None,
) -> dict[str, Any]:
    """Record this table's own capacities for a location (None keeps the card's number)."""
    db = Database(db_path)
    try:
        location = next(iter(db["locations"].rows_where("id = ?", [location_id])), None)
        if location is None:
            raise KeyError(location_id)
        with db.atomic():
            if entrance_spaces is None and survivor_spaces is None:
                db.execute("DELETE FROM capacity_overrides WHERE location_id = ?", [location_id])
            else:
                db["capacity_overrides"].upsert(
                    {
                        "location_id": location_id,
                        "entrance_spaces": entrance_spaces,
                        "survivor_spaces": survivor_spaces,
                    },
                    pk="location_id",
                )
        return dict(location)
    finally:
        db.close()
