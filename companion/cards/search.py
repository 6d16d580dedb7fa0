"""Full-text search over every card's name and sentences (SQLite FTS5 via sqlite-utils)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlite_utils import Database

from companion.cards.load import name_column
from companion.cards.schema import (
    CARD_TABLES,
    SECRET_TABLES,
    SOURCE_LOCALE,
    TRANSLATED_LOCALES,
    translated,
)
from companion.cards.tables import from_row
from companion.engine.words.card_texts import untranslated, words
from companion.engine.words.labels import SYMBOL_NAMES
from companion.engine.words.steps import N_
from companion.engine.words.translation import translator

INDEX = "card_index"
TOKENIZE = "porter unicode61 remove_diacritics 2"
"""Accents folded (colonia finds colônia); porter folds plurals in both languages."""
CARD_WORDS: dict[str, str] = {
    "crossroads": N_("crossroads"),
    "objectives": N_("secret objective"),
    "crises": N_("crisis"),
    "main_objectives": N_("main objective"),
    "survivors": N_("survivor"),
    "locations": N_("location"),
    "betrayal": N_("betrayal traitor"),
    "exiled": N_("exiled exile"),
    "bandit_betrayal": N_("bandit betrayal traitor"),
    "vote": N_("vote"),
}
"""What a card is, as the words a search finds it by, each language's from the catalogue
(the Portuguese rulebook's terms): "encruzilhada" finds the crossroads cards and "traidor"
the betrayal objectives."""
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


def _effect_texts(effects: list[dict[str, Any]] | None, locale: str) -> list[str]:
    return [words(e, "text", locale) for e in effects or [] if e.get("kind") == "manual"]


def _symbols(codes: list[str] | None, locale: str) -> str:
    """Item symbols as the catalogue words them (labels.SYMBOL_NAMES)."""
    tr = translator(locale)
    return " ".join(tr.gettext(SYMBOL_NAMES[c]) if c in SYMBOL_NAMES else c for c in codes or [])


def searchable_text(table: str, record: dict[str, Any], locale: str = SOURCE_LOCALE) -> str:
    """Every searchable sentence and word of one card in `locale`, joined by newlines."""
    parts: list[str] = []
    if table == "crossroads":
        parts += [words(record, "trigger", locale), words(record, "story", locale)]
        for option in record.get("options") or []:
            parts.append(words(option, "text", locale))
            parts += _effect_texts(option.get("effects"), locale)
    elif table == "objectives":
        parts.append(words(record, "goal", locale))
    elif table == "crises":
        parts += [words(record, "fail_text", locale), words(record, "bonus_text", locale)]
        parts += _effect_texts(record.get("fail_effects"), locale)
        parts += _effect_texts(record.get("bonus_effects"), locale)
        parts.append(_symbols(record.get("prevent"), locale))
    elif table == "main_objectives":
        parts += [words(record, "goal", locale), words(record, "story", locale)]
        for side in ("standard", "hardcore"):
            parts.append(words(record.get(side), "extra", locale))
    elif table == "survivors":
        parts += [words(record, "occupation", locale), words(record, "ability_location", locale)]
    elif table == "locations":
        parts.append(_symbols(record.get("symbols"), locale))
    tr = translator(locale)
    kinds = (CARD_WORDS.get(w) for w in (table, card_kind(table, record)))
    parts.append(" ".join(tr.gettext(k) if k else "" for k in kinds))
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
                whole = not untranslated(record, locale)
                texts[translated("name", locale)] = words(record, "name", locale) if whole else ""
                texts[translated("text", locale)] = (
                    searchable_text(table, record, locale) if whole else ""
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
