"""The board's places and entrances as the legal lists offer them (the actions' choices)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.core.state import COLONY, State, active_seat_id

Choices = dict[str, Any]


def _number(loc: dict[str, Any]) -> int:
    """A location's number, for ordering."""
    return int(loc["number"])


def places(st: State) -> list[str]:
    """The colony and every location id, in board order."""
    return [COLONY] + [loc["id"] for loc in sorted(st["locations"], key=_number)]


def entrances(st: State) -> list[tuple[str, dict[str, Any]]]:
    """Every entrance on the board: (place, entrance record), the colony's first."""
    out = [(COLONY, ent) for ent in st["colony"]["entrances"]]
    out += [(loc["id"], loc["entrance"]) for loc in sorted(st["locations"], key=_number)]
    return out


def target(place: str, ent: dict[str, Any]) -> dict[str, Any]:
    """An entrance as a choice: its place and number (None at a location's single entrance)."""
    return {"place": place, "entrance": ent["number"] if place == COLONY else None}


def targets(st: State, keep: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The entrances ``keep`` keeps, as choices."""
    return [target(p, e) for p, e in entrances(st) if keep(e)]


def offered(key: str, values: list[Any]) -> Choices | None:
    """``{key: values}``, or None (not open) when there is nothing to choose."""
    return {key: values} if values else None


def by_survivor(st: State, found: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Each of the active player's survivors with those of ``found`` (records with a
    ``place``) at its own location: what an action a survivor takes where it stands may target
    (a barricade, 002:1202), so a phone offers each survivor exactly its own; none between
    turns."""
    active = active_seat_id(st)
    return {
        s["id"]: [t for t in found if t["place"] == s["location"]]
        for s in st["survivors"]
        if active is not None and s["owner"] == active
    }
