"""Steps: what the engine did, as plain data; the sentences are written at the edge.

A step is a plain dict: ``{"kind": "zombie_placed", ...fields}``. Its fields are codes (short
snake_case words from the closed sets in docs/engine.md "Step codes"), ids, names (of players,
survivors, locations and cards: data), card-authored text and numbers; never an English phrase
of ours. Steps are public (the table screen shows them) unless they carry ``"private": seat_id``,
in which case only that seat's phone may see them. Public steps never name a secret.

Making a step needs no sentence: ``sentences.render_step`` writes one when the step is shown
(tests/test_engine_steps.py holds every kind the engine makes to a renderer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.words.labels import N_

Step = dict[str, Any]


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


__all__ = ["N_", "Step", "step", "step_place_name"]
