"""The Raxxon module's part in the core's hooks (core/hooks.py): its record, its choices, the
containment check that opens the colony phase, the zombies a thumbs-down vote takes off, its
Raxxon scenario chapters and its sentences."""

from __future__ import annotations

from typing import Any

from companion.engine.core import hooks
from companion.engine.core.errors import RuleError
from companion.engine.core.state import State
from companion.engine.modules.raxxon import sentences
from companion.engine.modules.raxxon.legal import (
    pending_choices,
    seat_pending_choices,
    table_choices,
    turn_choices,
)
from companion.engine.modules.raxxon.rules import (
    CHAPTERS,
    containment_check,
    containment_due,
    experiments_to_draw,
    fewer_zombies_at,
    is_raxxon,
    new_raxxon,
    raxxon_location,
    raxxon_search_exposure_active,
    reduced_count,
    sealed_at_setup,
    setup_chapter,
    side_effects_shown,
)
from companion.engine.words.labels import N_
from companion.engine.words.steps import Step


def record(settings: dict[str, Any], locations: Any) -> dict[str, Any] | None:
    """The module's record in a new game with the module (raxxon.new_raxxon)."""
    return {"raxxon": new_raxxon(locations)} if "raxxon" in settings["modules"] else None


def search_refusal(st: State, place: str, exposure: str | None) -> None:
    """Refuse an exposure face for a search at Raxxon during R1, which rolls none (000:892)."""
    at_raxxon = exposure is not None and is_raxxon(st, place)
    if at_raxxon and not raxxon_search_exposure_active(st, place):
        raise RuleError(
            N_(
                "during R1 a search at Raxxon rolls no exposure: that rule applies once R1 is "
                "completed (000:892)"
            )
        )


def waiting(st: State) -> dict[str, Any] | None:
    """R3's immediate experiment draws as the table's task now (experiments_to_draw)."""
    drawing = experiments_to_draw(st)
    return {"kind": "draw_experiment", **drawing} if drawing else None


def chapter_begins(st: State, steps: list[Step], code: str) -> None:
    """A Raxxon chapter's changes to Raxxon as it begins (setup_chapter); not another's."""
    if code in CHAPTERS:
        setup_chapter(st, steps, code)


HOOKS = {
    "record": record,
    "table_pending": pending_choices,
    "seat_pending": seat_pending_choices,
    "table_choices": table_choices,
    "turn_choices": lambda st, active: turn_choices(st),
    "colony_opening_due": containment_due,
    "colony_opening": containment_check,
    "zombie_count": reduced_count,
    "fewer_zombies": fewer_zombies_at,
    "waiting": waiting,
    "search_refusal": search_refusal,
    "search_exposure": raxxon_search_exposure_active,
    "table_view": lambda shown: {"side_effects": side_effects_shown(shown)},
    "chapter_begins": chapter_begins,
    "sealed_at_setup": sealed_at_setup,
    "place": lambda st, name: raxxon_location(st) if name == "raxxon" else None,
    "sentences": lambda: sentences,
    "setup_parts": lambda: {"raxxon": sentences.SETUP_PARTS},
}
"""The hooks the module takes part in, registered as this file is imported (its one line in
engine/modules/__init__.py)."""

hooks.register("raxxon", **HOOKS)
