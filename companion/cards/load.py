"""Read cards.db into plain JSON-able dicts for game setup (the rules engine filters them)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.cards.schema import CARD_TABLES
from companion.cards.tables import from_row


def load_cards(db_path: str | Path, *, sets: Iterable[str] | None = None) -> dict[str, list[dict]]:
    """Every card per table (of `sets` only, if given), with flags, nested data decoded.

    Locations carry the table's capacity overrides (`companion cards set-capacity`), and
    the result has a "sets" entry listing the sets present.
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
