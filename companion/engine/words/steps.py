"""Steps: what the engine did, as plain data; the sentences are written at the edge.

A step is a plain dict: ``{"kind": "zombie_placed", ...fields}``. Its fields are codes (short
snake_case words from the closed sets in docs/engine.md "Step codes"), ids, names (of players,
survivors, locations and cards: data), card-authored text and numbers; never an English phrase
of ours. Steps are public (the table screen shows them) unless they carry ``"private": seat_id``,
in which case only that seat's phone may see them. Public steps never name a secret.

Making a step needs no sentence: ``sentences.render_step`` writes one when the step is shown
(tests/test_engine_steps.py holds every kind the engine makes to a renderer).

A step that names a piece carries its id and its name side by side; the small functions below
give those fields, so a call reads ``step("exposure_rolled", **of_survivor(target), result=r)``:

- ``of_survivor``: ``survivor``, ``name``;
- ``of_seat``: ``seat``, ``seat_name``;
- ``of_location``: ``location``, ``location_name``;
- ``of_card``: the card's own field (``crisis``, ``improvement``, ``card``, ...), ``name``;
- ``at_place``: ``where``, ``location_name`` (a location or the colony);
- ``at_entrance``: ``where``, ``entrance``, ``location_name``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.words.labels import N_

Step = dict[str, Any]
Fields = dict[str, Any]
"""Some of a step's fields, to spread into ``step``."""
Piece = Mapping[str, Any]
"""A survivor, seat, location or card record: it has an ``id`` and a ``name``."""


def step(kind: str, **fields: Any) -> Step:
    """Make a step of the given kind."""
    return {"kind": kind, **fields}


def step_place_name(st: Mapping[str, Any], place: Any) -> str:
    """The name a step carries for a place: a location's name, "" for the colony.

    The colony's name is words of ours, so it is written in the reader's language when the
    step is rendered (``Names.place``).
    """
    for loc in st.get("locations") or []:
        if loc["id"] == place:
            return str(loc["name"])
    return ""


def of_survivor(person: Piece) -> Fields:
    """The fields a step names a survivor by: ``survivor`` (its id) and ``name``."""
    return {"survivor": person["id"], "name": person["name"]}


def of_seat(player: Piece) -> Fields:
    """The fields a step names a seat by: ``seat`` (its id) and ``seat_name``."""
    return {"seat": player["id"], "seat_name": player["name"]}


def of_location(loc: Piece) -> Fields:
    """The fields a step names a location by: ``location`` (its id) and ``location_name``."""
    return {"location": loc["id"], "location_name": loc["name"]}


def of_card(field: str, card: Piece) -> Fields:
    """The fields a step names a card by: its id under ``field`` (``crisis``, ...) and ``name``."""
    return {field: card["id"], "name": card["name"]}


def at_place(st: Mapping[str, Any], place: Any) -> Fields:
    """The fields a step names a place by: ``where`` (its id) and ``location_name``."""
    return {"where": place, "location_name": step_place_name(st, place)}


def at_entrance(st: Mapping[str, Any], place: Any, ent: Mapping[str, Any]) -> Fields:
    """The fields a step names an entrance by: ``where``, ``entrance`` (its number), the name."""
    return {"where": place, "entrance": ent["number"], "location_name": step_place_name(st, place)}


__all__ = [
    "N_",
    "Fields",
    "Piece",
    "Step",
    "at_entrance",
    "at_place",
    "of_card",
    "of_location",
    "of_seat",
    "of_survivor",
    "step",
    "step_place_name",
]
