"""The Bandits module's part in the core's hooks (core/hooks.py): its record, its choices,
its moments in the crisis and the colony phase, its Bandit Blitz chapters and its sentences."""

from __future__ import annotations

from typing import Any

from companion.engine.core import hooks
from companion.engine.core.state import State
from companion.engine.modules.bandits import sentences
from companion.engine.modules.bandits.rules import (
    CHAPTERS,
    HIDEOUT_ID,
    b1_reader,
    bandits_at_reveal,
    bandits_scavenge,
    board_view,
    hideout,
    hideout_has_no_search_deck,
    leader_choices,
    new_bandits,
    require_search_deck_not_hideout,
    reveal_choices,
    setup_chapter,
    table_choices,
    turn_choices,
)
from companion.engine.words.steps import Step


def record(settings: dict[str, Any], locations: Any) -> dict[str, Any] | None:
    """The module's record in a new game with the module (the Hideout's cards, its rules)."""
    return {"bandits": new_bandits()} if "bandits" in settings["modules"] else None


def table_pending(st: State) -> dict[str, Any] | None:
    """Nothing for the table while the bandit leader decides (the leader's phone does)."""
    return {} if (st.get("pending") or {}).get("kind") == "bandit_placement" else None


def seat_pending(st: State, seat_id: str) -> dict[str, Any] | None:
    """The bandit leader's decision while it is pending (000:759)."""
    if (st.get("pending") or {}).get("kind") != "bandit_placement":
        return None
    return leader_choices(st, seat_id)


def chapter_begins(st: State, steps: list[Step], code: str) -> None:
    """A Bandit Blitz chapter's rules and story as it begins (setup_chapter); not another's."""
    if code in CHAPTERS:
        setup_chapter(st, steps, code)


def chapter_reader(st: State, code: str) -> dict[str, Any] | None:
    """Who reads B1's completion aloud (b1_reader, 000:958); None for another chapter."""
    return b1_reader(st) if code == "B1" else None


def place(st: State, name: str) -> str | None:
    """The Bandits' Hideout's id when it is on the board and asked for by name."""
    return HIDEOUT_ID if name == "hideout" and hideout(st) is not None else None


HOOKS = {
    "record": record,
    "table_pending": table_pending,
    "seat_pending": seat_pending,
    "table_choices": table_choices,
    "turn_choices": turn_choices,
    "reveal_choices": reveal_choices,
    "crisis_revealed": bandits_at_reveal,
    "after_zombies": bandits_scavenge,
    "table_view": lambda shown: {"bandit_board": board_view(shown)},
    "no_search_deck": lambda st, place: hideout_has_no_search_deck(place),
    "search_refusal": lambda st, place, exposure: require_search_deck_not_hideout(place),
    "chapter_begins": chapter_begins,
    "chapter_reader": chapter_reader,
    "place": place,
    "sentences": lambda: sentences,
    "setup_parts": lambda: {"bandits": sentences.SETUP_PARTS},
}
"""The hooks the module takes part in, registered as this file is imported (its one line in
engine/modules/__init__.py)."""

hooks.register("bandits", **HOOKS)
