"""Saved states: a state as JSON text, and text saved by any version read back and upgraded."""

from __future__ import annotations

import json
from typing import Any

from companion.engine.core.errors import RuleError
from companion.engine.core.state import State
from companion.engine.core.upgrades import Catalogue, upgrade
from companion.engine.words.steps import N_


def to_json(state: State) -> str:
    """Serialise a state (also the save-file format)."""
    return json.dumps(state, sort_keys=True, ensure_ascii=False)


def from_json(text: str, known: Catalogue | None = None) -> State:
    """Load a state saved by ``to_json`` by any version, upgraded to the current schema.

    ``known`` (optional) is a card catalogue like ``state["cards"]`` that fills in the facts of
    cards an old save names only by id (upgrades.schema_1_to_2).
    """
    try:
        state: Any = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise RuleError(N_("not a saved game: {problem}"), problem=str(exc)) from exc
    if not isinstance(state, dict) or not isinstance(state.get("schema"), int):
        raise RuleError(N_("not a saved game: it has no schema number"))
    return upgrade(state, known)
