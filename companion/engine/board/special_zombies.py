"""Special zombies on the board (the Raxxon module, 000:799-807): where they stand, that an
attack takes them first, and that no effect but their own encounter card moves them."""

from __future__ import annotations

from typing import Any

from companion.engine.core.errors import RuleError
from companion.engine.core.state import COLONY, State, location, place_name
from companion.engine.words.steps import N_


def specials_at(st: State, place: str) -> list[str]:
    """The special zombies at a place, over all its entrances."""
    ents = st["colony"]["entrances"] if place == COLONY else [location(st, place)["entrance"]]
    return [name for ent in ents for name in ent.get("special", [])]


def special_zombies(st: State) -> list[dict[str, Any]]:
    """Every special zombie on the board: its name, place and entrance."""
    out = []
    ents = [(COLONY, e) for e in st["colony"]["entrances"]]
    ents += [(loc["id"], loc["entrance"]) for loc in st["locations"]]
    for place, ent in ents:
        for name in ent.get("special", []):
            out.append(
                {
                    "zombie": name,
                    "place": place,
                    "entrance": ent["number"] if place == COLONY else None,
                }
            )
    return out


def special_zombies_first(st: State, place: str) -> list[str]:
    """The special zombies an attacker at ``place`` must target before anything else (000:805).

    "When performing an attack, you must target a special zombie before you may target a
    standard zombie, survivor, or bandit" if the attacker shares a location with one. Only an
    attack is bound: a card effect that kills without attacking may take a standard zombie
    there (it never takes the special one). [] where none stands, or without the module.
    """
    if not isinstance(st.get("raxxon"), dict):
        return []
    return specials_at(st, place)


def require_special_zombies_first(st: State, place: str) -> None:
    """Refuse an attack at ``place`` on anything but the special zombie there (000:805)."""
    there = special_zombies_first(st, place)
    if there:
        raise RuleError(
            N_("{place} holds the special zombie {zombie}: attack it first (000:805)"),
            place=place_name(st, place),
            zombie=there[0],
        )


def special_zombies_cannot_be_moved(st: State, place: str, ent: dict[str, Any], count: int) -> None:
    """Refuse an effect that would move special zombies: only their own encounter card moves
    them (000:805), so an attract or move effect takes the standard zombies at ``ent`` only."""
    special = ent.get("special", [])
    if special and count > ent["zombies"]:
        raise RuleError(
            N_(
                "only standard zombies can be moved: the special zombie {zombie} at {place} "
                "moves only by its own encounter card (000:805)"
            ),
            zombie=", ".join(special),
            place=place_name(st, place),
        )
