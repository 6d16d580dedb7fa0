"""How log rows hold JSON: plain text, with a game's card catalogue kept apart, once per game.

A game's card catalogue (the state's ``cards``) and the card lists of its ``new_game`` setup
never change during a game, so games.db keeps them once, in ``game_cards``, and not in every
state or in the ``new_game`` action's row. ``split_*`` take them out before a row is written;
``join_*`` put them back when it is read, so every reader gets states and actions whole.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

State = dict[str, Any]
Action = dict[str, Any]

CATALOGUE = "cards"
"""The state's field that is kept once per game (the engine's card catalogue)."""
SETUP_CARDS = ("survivors", "objectives", "crossroads", "crises")
"""The lists of cards in a ``new_game`` action's ``setup`` that are kept once per game."""


def dumps(value: Any) -> str:
    """Compact JSON text with sorted keys."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


@lru_cache(maxsize=8)
def catalogue_from(text: str) -> Any:
    """A game's catalogue parsed from its stored text, once per process: it never changes
    during a game, and parsing it (about 170 kB) was most of every read of a state."""
    return json.loads(text)


def split_state(state: State, catalogue: Any) -> State:
    """The state as stored: without its ``cards`` when they are the game's catalogue."""
    cards = state.get(CATALOGUE)
    if catalogue is None or (cards is not catalogue and cards != catalogue):
        return state
    return {key: value for key, value in state.items() if key != CATALOGUE}


def join_state(stored: State, catalogue: Any) -> State:
    """A stored state whole again: the game's catalogue put back when the row left it out."""
    if catalogue is not None and CATALOGUE not in stored:
        stored[CATALOGUE] = catalogue
    return stored


def setup_cards(action: Action) -> dict[str, Any]:
    """The card lists of a ``new_game`` action's setup (empty for any other action)."""
    setup = action.get("setup")
    if action.get("type") != "new_game" or not isinstance(setup, dict):
        return {}
    return {key: setup[key] for key in SETUP_CARDS if key in setup}


def split_action(action: Action) -> Action:
    """The action as stored: a ``new_game`` setup without its card lists."""
    cards = setup_cards(action)
    if not cards:
        return action
    setup = {key: value for key, value in action["setup"].items() if key not in cards}
    return {**action, "setup": setup}


def join_action(stored: Action, cards: dict[str, Any]) -> Action:
    """A stored action whole again: a ``new_game`` setup gets its card lists back."""
    if not cards or stored.get("type") != "new_game" or not isinstance(stored.get("setup"), dict):
        return stored
    return {**stored, "setup": {**stored["setup"], **cards}}
