"""Read cards.db into plain JSON-able dicts for game setup (the rules engine filters them)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.cards.schema import CARD_TABLES, SOURCE_LOCALE, TRANSLATED_LOCALES, translated
from companion.cards.tables import from_row
from companion.engine.words.card_texts import TRANSLATION_SUFFIXES, untranslated, words


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
            missing = untranslated(from_row(table, row), locale)
            if missing:
                out.append((table, row["id"], missing))
    return out


def load_cards(db_path: str | Path, *, sets: Iterable[str] | None = None) -> dict[str, list[dict]]:
    """Every card per table (of `sets` only, if given), with flags, nested data decoded.

    Each card keeps every language: English in the plain fields, each translation beside it
    in its `<field>_<locale>` field (engine/words/card_texts.py reads a text in a reader's
    language). Locations carry the table's capacity overrides (`companion cards
    set-capacity`), and the result has a "sets" entry listing the sets present.
    """
    wanted = list(sets) if sets is not None else None
    db = Database(db_path)
    try:
        out: dict[str, list[dict[str, Any]]] = {}
        marks = ", ".join("?" for _ in wanted or [])
        where, args = (f"[set] IN ({marks})", wanted) if wanted is not None else (None, None)
        for table in CARD_TABLES:
            rows = db[table].rows_where(where, args, order_by="[set], id")
            out[table] = [from_row(table, row) for row in rows]
        overrides = {row["location_id"]: row for row in db["capacity_overrides"].rows_where()}
        for location in out["locations"]:
            override = overrides.get(location["id"])
            if override:
                for key in ("entrance_spaces", "survivor_spaces"):
                    if override[key] is not None:
                        location[key] = override[key]
        set_where = f"id IN ({marks})" if wanted is not None else None
        out["sets"] = [dict(r) for r in db["sets"].rows_where(set_where, args, order_by="id")]
        return out
    finally:
        db.close()


def set_header(row: dict[str, Any], locale: str) -> dict[str, Any]:
    """A row of the sets table with its name and description in `locale` (English where it has
    no translation, `lang` then saying "en")."""
    fields = ("name", "description")
    out = {key: value for key, value in row.items() if not key.endswith(TRANSLATION_SUFFIXES)}
    out.update({field: words(row, field, locale) for field in fields})
    whole = all(not row.get(f) or row.get(translated(f, locale)) for f in fields)
    out["lang"] = locale if locale == SOURCE_LOCALE or whole else SOURCE_LOCALE
    return out


def name_column(locale: str, column: str = "name") -> str:
    """SQL for a text column in `locale`, English when it is not translated: one column pick.

    E.g. ``db.query(f"SELECT id, {name_column('pt_BR')} AS name FROM crises")``.
    """
    if locale == SOURCE_LOCALE:
        return f"[{column}]"
    if locale not in TRANSLATED_LOCALES:
        raise ValueError(f"unknown locale {locale!r}")
    return f"COALESCE(NULLIF([{translated(column, locale)}], ''), [{column}])"


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
