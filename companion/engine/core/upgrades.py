"""Saved games survive upgrades: an ordered list of functions, each lifting one schema.

``upgrade(state)`` runs every function from the state's schema up to ``state.SCHEMA`` in order
(the way llm orders its migrations). A function takes the old document and returns the next
one; it never changes a rule's outcome, only the shape of the document.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import SCHEMA, State, new_secrets
from companion.engine.words.steps import N_

Catalogue = Mapping[str, Mapping[str, Mapping[str, Any]]]
Upgrade = Callable[[State, Catalogue], State]


def _card_name(card_id: str) -> str:
    """A readable stand-in name from a card id ("companion.the-quiet-one" -> "The Quiet One")."""
    slug = card_id.split(".", 1)[-1]
    return " ".join(word.capitalize() for word in slug.split("-")) or card_id


def _facts(kind: str, card_id: str, known: Catalogue) -> dict[str, Any]:
    """The facts of a card for the catalogue: from ``known`` when given, else a stand-in."""
    card = known.get(kind, {}).get(card_id)
    if card is not None:
        return dict(card)
    return {"id": card_id, "name": _card_name(card_id), "missing": True}


def schema_1_to_2(old: State, known: Catalogue) -> State:
    """Schema 2: secrets hold card ids, the state carries a card catalogue, no active_player.

    Schema 1 kept the objective as ``{"id", "name", "kind"}`` and crossroads as bare ids with
    no facts. Facts come from ``known`` (the shell passes cards.db's) or a stand-in named
    after the id; the table can still play on.
    """
    st = copy.deepcopy(old)
    st.pop("active_player", None)
    cards: dict[str, dict[str, Any]] = {
        "crossroads": {},
        "objectives": {},
        "crises": {},
        "survivors": {},
    }
    for sid, mine in st.get("secrets", {}).items():
        fresh = new_secrets()
        for key in ("objective", "exiled_objective"):
            held = mine.get(key)
            if isinstance(held, dict):
                card = _facts("objectives", held["id"], known)
                card.setdefault("kind", held.get("kind", "normal"))
                card.setdefault("name", held.get("name", held["id"]))
                cards["objectives"][held["id"]] = card
                fresh[key] = held["id"]
            elif isinstance(held, str):
                cards["objectives"][held] = _facts("objectives", held, known)
                fresh[key] = held
        if isinstance(mine.get("crossroads"), str):
            fresh["crossroads"] = mine["crossroads"]
        st["secrets"][sid] = fresh
    decks = st.setdefault("decks", {})
    decks.setdefault("survivors", [])
    for card_id in decks.get("crossroads", []) + [
        m["crossroads"] for m in st["secrets"].values() if m["crossroads"]
    ]:
        cards["crossroads"][card_id] = _facts("crossroads", card_id, known)
    for card_id in decks.get("exiled_objectives", []):
        cards["objectives"][card_id] = _facts("objectives", card_id, known)
    for card_id in decks.get("crises", []):
        cards["crises"][card_id] = _facts("crises", card_id, known)
    for surv in st.get("survivors", []):
        cards["survivors"][surv["id"]] = {
            k: surv.get(k) for k in ("id", "name", "influence", "attack", "search")
        }
    st["cards"] = cards
    pending = st.get("pending")
    if isinstance(pending, dict):
        pending.pop("prompt", None)
    if isinstance(st.get("turn"), dict):
        st["turn"].setdefault("crossroads_revealed", False)
    st["schema"] = 2
    return st


UPGRADES: list[tuple[int, Upgrade]] = [(1, schema_1_to_2)]
"""(schema it upgrades from, function), in order."""


def upgrade(state: State, known: Catalogue | None = None) -> State:
    """Lift a saved state to the current schema, one step at a time; refuse unknown schemas."""
    schema = state.get("schema")
    if schema == SCHEMA:
        return state
    if not isinstance(schema, int) or not 1 <= schema < SCHEMA:
        raise RuleError(
            N_("a saved game of schema {schema} cannot be read (this is {current})"),
            schema=shown(schema),
            current=SCHEMA,
        )
    for start, fn in UPGRADES:
        if state["schema"] == start:
            state = fn(state, known or {})
    return state
