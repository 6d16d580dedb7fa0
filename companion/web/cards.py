"""The card browser: search and filter cards.db; secret decks only on the laptop itself."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request

from companion.cards.load import set_header
from companion.cards.schema import CARD_TABLES, MODULES, SECRET_TABLES
from companion.cards.search import kinds, search_cards
from companion.i18n import locale
from companion.web.auth import from_loopback
from companion.web.cardsdb import open_cards_db
from companion.web.responses import page

bp = Blueprint("cards", __name__)

FLAG_CHOICES = ("any", "only", "out")


def visible_tables() -> list[str]:
    """The tables this device may browse: all on the laptop, the public ones elsewhere."""
    if from_loopback():
        return list(CARD_TABLES)
    return [t for t in CARD_TABLES if t not in SECRET_TABLES]


def _flag(value: str | None) -> bool | None:
    return {"only": True, "out": False}.get(value or "any")


def read_filters(tables: list[str], sets: list[str]) -> dict[str, Any]:
    """The filters of the query string, anything unknown ignored."""
    args = request.args
    table = args.get("table", "")
    chosen_set = args.get("set", "")
    module = args.get("module", "")
    return {
        "q": args.get("q", "").strip()[:200],
        "table": table if table in tables else "",
        "set": chosen_set if chosen_set in sets else "",
        "kind": args.get("kind", "")[:40],
        "mature": args.get("mature", "any") if args.get("mature") in FLAG_CHOICES else "any",
        "non_coop": args.get("non_coop", "any") if args.get("non_coop") in FLAG_CHOICES else "any",
        "module": module if module in (*MODULES[1:], "none") else "",
    }


@bp.get("/cards")
def index() -> Any:
    """The card browser: full page, or only the results when htmx asks."""
    tables = visible_tables()
    lang = locale()
    db = open_cards_db()
    sets: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    kind_choices: list[str] = []
    try:
        if db is not None:
            sets = [set_header(dict(r), lang) for r in db["sets"].rows_where(order_by="id")]
        filters = read_filters(tables, [s["id"] for s in sets])
        if db is not None:
            kind_choices = kinds(db, [filters["table"]] if filters["table"] else tables)
            results = search_cards(
                db,
                filters["q"],
                tables=[filters["table"]] if filters["table"] else tables,
                sets=[filters["set"]] if filters["set"] else None,
                kind=filters["kind"] or None,
                mature=_flag(filters["mature"]),
                non_coop=_flag(filters["non_coop"]),
                module={"": None, "none": ""}.get(filters["module"], filters["module"]),
                locale=lang,
            )
    finally:
        if db is not None:
            db.close()
    context = {
        "results": results,
        "filters": filters,
        "tables": tables,
        "sets": sets,
        "set_names": {s["id"]: s["name"] for s in sets},
        "kind_choices": kind_choices,
        "modules": MODULES[1:],
        "laptop": from_loopback(),
        "built": db is not None,
    }
    return page("cards/index.html", "partials/card_results.html", context)
