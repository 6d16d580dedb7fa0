"""Turn a table's choices and cards.db into the setup dict the rules engine's new_game takes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from companion.cards.load import load_cards

RULES_ON = {
    "end_waits_for_crossroads": True,
    "listed_only": True,
    "end_checks_objectives": True,
    "replaces_last_survivor": True,
}
"""Rules a game the companion makes keeps (old saves replay without them: state.py)."""


def game_setup(
    db_path: str | Path,
    *,
    seats: Iterable[dict[str, Any]],
    main_objective: str | Mapping[str, Any],
    ruleset: str = "base",
    variant: str = "standard",
    settings: dict[str, Any] | None = None,
    deal_survivors: bool = False,
) -> dict[str, Any]:
    """Build a new_game setup: seats name their survivors by id; cards come from cards.db.

    With ``deal_survivors`` the seats name none and the engine deals each 4 to keep from.
    ``main_objective`` is the id of a card in the database, or a card made by the engine's
    ``setup.chosen.typed_main_objective``.

    Card texts keep every language (``load_cards``): the game's catalogue holds them, and
    each device reads its own. The decks hold every set in ``settings["sets"]``
    (default: all sets in the database); the engine's dealing then filters by modules, mature
    cards and the co-op variant. Locations of a module not in play are left off the board.
    Set-aside survivors (Blue, Emma Han) never enter the deck: they go as ``set_aside``, for the
    scenario that puts them in play (engine scenarios/named.py, 000:874). A turn waits for its
    revealed crossroads card's option (``end_waits_for_crossroads``), the front door takes only
    listed actions (``listed_only``), the end refuses a normal objective at a morale or
    round-track end (``end_checks_objectives``) and a lost last survivor is replaced from the
    companion's deck (``replaces_last_survivor``), unless the settings say not.
    """
    chosen = {**RULES_ON, **(settings or {})}
    cards = load_cards(db_path)
    if not chosen.get("sets"):
        chosen["sets"] = [s["id"] for s in cards["sets"]]
    modules = set(chosen.get("modules", []))
    survivors = {s["id"]: s for s in cards["survivors"]}
    objectives = {m["id"]: m for m in cards["main_objectives"]}
    if isinstance(main_objective, Mapping):
        main = dict(main_objective)
    elif main_objective in objectives:
        main = objectives[main_objective]
    else:
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
        "main_objective": main,
        "objectives": cards["objectives"],
        "crossroads": cards["crossroads"],
        "crises": cards["crises"],
        "survivors": [
            s
            for s in cards["survivors"]
            if not s.get("set_aside") and (not s["module"] or s["module"] in modules)
        ],
        "set_aside": [s for s in cards["survivors"] if s.get("set_aside")],
        "deal_survivors": deal_survivors,
        "improvements": cards["improvements"],
    }
