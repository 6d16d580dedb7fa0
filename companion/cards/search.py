"""Full-text search over every card's name and sentences (SQLite FTS5 via sqlite-utils)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlite_utils import Database

from companion.cards.load import localise, name_column
from companion.cards.schema import (
    CARD_TABLES,
    SECRET_TABLES,
    SOURCE_LOCALE,
    TRANSLATED_LOCALES,
    translated,
)
from companion.cards.tables import from_row

INDEX = "card_index"
TOKENIZE = "porter unicode61 remove_diacritics 2"
"""Accents folded (colonia finds colônia); porter folds plurals in both languages."""
SYMBOL_WORDS: dict[str, dict[str, str]] = {
    "pt_BR": {
        "food": "comida",
        "fuel": "combustível",
        "medicine": "medicamento",
        "tool": "ferramenta",
        "weapon": "arma",
        "education": "conhecimento",
        "survivor": "sobrevivente",
    }
}
"""Item symbols in words of each translation (the Portuguese rulebook's item names)."""
CARD_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "crossroads": "crossroads",
        "objectives": "secret objective",
        "crises": "crisis",
        "main_objectives": "main objective",
        "survivors": "survivor",
        "locations": "location",
        "betrayal": "betrayal traitor",
        "exiled": "exiled exile",
        "bandit_betrayal": "bandit betrayal traitor",
        "vote": "vote",
    },
    "pt_BR": {
        "crossroads": "encruzilhada",
        "objectives": "objetivo secreto",
        "crises": "crise",
        "main_objectives": "objetivo principal",
        "survivors": "sobrevivente",
        "locations": "local",
        "betrayal": "traição traidor",
        "exiled": "exilado exílio",
        "bandit_betrayal": "bandido traição traidor",
        "vote": "votação",
    },
}
"""What a card is, in words of each language (the Portuguese rulebook's terms), so that
"encruzilhada" finds the crossroads cards and "traidor" the betrayal objectives."""
TEXT_COLUMNS: tuple[str, ...] = tuple(
    translated(column, locale)
    for locale in (SOURCE_LOCALE, *TRANSLATED_LOCALES)
    for column in ("name", "text")
)


def create_index(db: Database) -> None:
    """Create the search index table and its FTS5 table, kept in sync by triggers."""
    if INDEX in db.table_names():
        return
    db[INDEX].create(
        {
            "table_name": str,
            "card_id": str,
            "set": str,
            **dict.fromkeys(TEXT_COLUMNS, str),
            "kind": str,
            "mature": int,
            "non_coop": int,
            "module": str,
            "secret": int,
        },
        pk=("table_name", "card_id"),
    )
    db[INDEX].enable_fts(list(TEXT_COLUMNS), create_triggers=True, tokenize=TOKENIZE)


def _effect_texts(effects: list[dict[str, Any]] | None) -> list[str]:
    return [e["text"] for e in effects or [] if e.get("kind") == "manual" and e.get("text")]


def searchable_text(table: str, record: dict[str, Any], locale: str = SOURCE_LOCALE) -> str:
    """Every searchable sentence and word of one localised card, joined by newlines."""
    symbols = SYMBOL_WORDS.get(locale, {})
    parts: list[str] = []
    if table == "crossroads":
        parts += [record["trigger"], record.get("story") or ""]
        for option in record.get("options") or []:
            parts.append(option.get("text") or "")
            parts += _effect_texts(option.get("effects"))
    elif table == "objectives":
        parts.append(record["goal"])
    elif table == "crises":
        parts += [record["fail_text"], record.get("bonus_text") or ""]
        parts += _effect_texts(record.get("fail_effects"))
        parts += _effect_texts(record.get("bonus_effects"))
        parts.append(" ".join(symbols.get(s, s) for s in record.get("prevent") or []))
    elif table == "main_objectives":
        parts += [record["goal"], record.get("story") or ""]
        for side in ("standard", "hardcore"):
            parts.append((record.get(side) or {}).get("extra") or "")
    elif table == "survivors":
        parts += [record["occupation"], record["ability_location"]]
    elif table == "locations":
        parts.append(" ".join(symbols.get(s, s) for s in record.get("symbols") or []))
    words = CARD_WORDS.get(locale, {})
    parts.append(" ".join(words.get(w, "") for w in (table, card_kind(table, record))))
    return "\n".join(p for p in parts if p.strip())


def card_kind(table: str, record: dict[str, Any]) -> str:
    """The kind shown and filtered on: objective kind, objective time, or vote/choice."""
    if table == "objectives":
        return record["kind"]
    if table == "main_objectives":
        return record["time"]
    if table == "crossroads":
        return "vote" if record.get("vote") else "choice"
    return ""


def refresh_index(db: Database, set_id: str | None = None) -> None:
    """Rebuild the index rows of one set (or of every set) from the card tables."""
    create_index(db)
    if set_id is None:
        db.execute(f"DELETE FROM {INDEX}")
    else:
        db.execute(f"DELETE FROM {INDEX} WHERE [set] = ?", [set_id])
    rows = []
    for table in CARD_TABLES:
        where, args = ("[set] = ?", [set_id]) if set_id is not None else (None, None)
        for row in db[table].rows_where(where, args, order_by="[set], id"):
            record = from_row(table, row)
            texts = {}
            for locale in (SOURCE_LOCALE, *TRANSLATED_LOCALES):
                local = localise(table, record, locale)
                whole = local["lang"] == locale
                texts[translated("name", locale)] = local["name"] if whole else ""
                texts[translated("text", locale)] = (
                    searchable_text(table, local, locale) if whole else ""
                )
            rows.append(
                {
                    "table_name": table,
                    "card_id": record["id"],
                    "set": record["set"],
                    **texts,
                    "kind": card_kind(table, record),
                    "mature": int(record["mature"]),
                    "non_coop": int(record["non_coop"]),
                    "module": record["module"],
                    "secret": int(table in SECRET_TABLES),
                }
            )
    db[INDEX].insert_all(rows)


def fts_query(text: str) -> str:
    """Turn what a person typed into an FTS5 query: every word, each as a prefix."""
    words = [w for w in "".join(c if c.isalnum() else " " for c in text).split() if w]
    return " ".join(f'"{w}"*' for w in words)


def search_cards(
    db: Database,
    query: str = "",
    *,
    tables: Iterable[str] | None = None,
    sets: Iterable[str] | None = None,
    kind: str | None = None,
    mature: bool | None = None,
    non_coop: bool | None = None,
    module: str | None = None,
    limit: int = 200,
    locale: str = SOURCE_LOCALE,
) -> list[dict[str, Any]]:
    """Cards whose name or text (in any language) holds every word of `query`, filtered.

    Accents do not matter ("colonia" finds "colônia"). Each row's `name` and `text` are in
    `locale`, English for a card without that translation, `lang` saying which.
    """
    clauses: list[str] = []
    args: list[Any] = []
    match = fts_query(query)
    if match:
        clauses.append(f"i.rowid IN (SELECT rowid FROM {INDEX}_fts WHERE {INDEX}_fts MATCH ?)")
        args.append(match)
    for column, values in (("table_name", tables), ("set", sets)):
        if values is not None:
            values = list(values)
            clauses.append(f"i.[{column}] IN ({', '.join('?' for _ in values)})" if values else "0")
            args += values
    if kind:
        clauses.append("i.kind = ?")
        args.append(kind)
    for column, wanted in (("mature", mature), ("non_coop", non_coop)):
        if wanted is not None:
            clauses.append(f"i.{column} = ?")
            args.append(int(wanted))
    if module is not None:
        clauses.append("i.module = ?")
        args.append(module)
    where = " AND ".join(clauses) or "1"
    sql = (
        f"SELECT i.* FROM {INDEX} i WHERE {where} "
        f"ORDER BY i.table_name, i.[set], {name_column(locale)}, i.card_id LIMIT ?"
    )
    return [_in_locale(row, locale) for row in db.query(sql, [*args, limit])]


def _in_locale(row: dict[str, Any], locale: str) -> dict[str, Any]:
    """An index row with `name` and `text` in `locale` when it has them, and `lang`."""
    out = {key: value for key, value in row.items() if key not in TEXT_COLUMNS}
    has = locale != SOURCE_LOCALE and bool(row[translated("name", locale)])
    shown = locale if has else SOURCE_LOCALE
    out.update(name=row[translated("name", shown)], text=row[translated("text", shown)], lang=shown)
    return out


def kinds(db: Database, tables: Iterable[str]) -> list[str]:
    """The distinct non-empty kinds among the given tables."""
    tables = list(tables)
    if not tables or INDEX not in db.table_names():
        return []
    marks = ", ".join("?" for _ in tables)
    sql = (
        f"SELECT DISTINCT kind FROM {INDEX} "
        f"WHERE kind != '' AND table_name IN ({marks}) ORDER BY kind"
    )
    return [row["kind"] for row in db.query(sql, tables)]
