"""Turn a table's choices and cards.db into the setup dict the rules engine's new_game takes."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion.cards.load import load_cards


def game_setup(
    db_path: str | Path,
    *,
    seats: Iterable[dict[str, Any]],
    main_objective: str,
    ruleset: str = "base",
    variant: str = "standard",
    settings: dict[str, Any] | None = None,
    deal_survivors: bool = False,
) -> dict[str, Any]:
    """Build a new_game setup: seats name their survivors by id; cards come from cards.db.

    With ``deal_survivors`` the seats name none and the engine deals each 4 to keep from.

    The decks hold every set in ``settings["sets"]`` (default: all sets in the database); the
    engine's dealing then filters by modules, mature cards and the co-op variant. Locations of a
    module not in play are left off the board.
    """
    chosen = dict(settings or {})
    cards = load_cards(db_path)
    if not chosen.get("sets"):
        chosen["sets"] = [s["id"] for s in cards["sets"]]
    modules = set(chosen.get("modules", []))
    survivors = {s["id"]: s for s in cards["survivors"]}
    objectives = {m["id"]: m for m in cards["main_objectives"]}
    if main_objective not in objectives:
        raise KeyError(f"unknown main objective {main_objective!r}")
    table = []
    for entry in seats:
        picked = [] if deal_survivors else list(entry.get("survivors", []))
        missing = [sid for sid in picked if sid not in survivors]
        if missing:
            raise KeyError(f"unknown survivor(s) {', '.join(missing)}")
        table.append({"name": entry["name"], "survivors": picked})
    return {
        "ruleset": ruleset,
        "variant": variant,
        "settings": chosen,
        "seats": table,
        "locations": [
            loc for loc in cards["locations"] if not loc["module"] or loc["module"] in modules
        ],
        "main_objective": objectives[main_objective],
        "objectives": cards["objectives"],
        "crossroads": cards["crossroads"],
        "crises": cards["crises"],
        "survivors": [
            s for s in cards["survivors"] if not s["module"] or s["module"] in modules
        ],
        "deal_survivors": deal_survivors,
    }
