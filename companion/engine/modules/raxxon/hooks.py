"""The Raxxon module's part in the core's hooks (core/hooks.py): its record, its choices, the
containment check that opens the colony phase, the zombies a thumbs-down vote takes off, its
Raxxon scenario chapters and its sentences."""

from __future__ import annotations

from typing import Any

from companion.engine.core import declare as act
from companion.engine.core import hooks
from companion.engine.core.errors import RuleError
from companion.engine.core.state import State
from companion.engine.modules.raxxon import sentences
from companion.engine.modules.raxxon.rules import (
    CHAPTERS,
    TOP_EXPERIMENT,
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


Choices = dict[str, Any]


PENDING = {
    "containment_place": "choose_containment_place",
    "special_zombies": "place_special_zombies",
    TOP_EXPERIMENT: "enter_experiment",
}
"""The module's pending decisions, each with the one action that answers it."""


def pending_choices(st: State) -> dict[str, Choices] | None:
    """The table's one action while a Raxxon decision is pending, or None for another kind."""
    kind = PENDING.get((st.get("pending") or {}).get("kind"))
    return act.open_now(st, act.TABLE_ACTOR, kind) if kind else None


def seat_pending_choices(st: State, seat_id: str) -> dict[str, Choices] | None:
    """A phone's action while a Raxxon decision is pending (the first player's choice)."""
    kind = PENDING.get((st.get("pending") or {}).get("kind"))
    if kind is None:
        return None
    return (
        act.open_now(st, seat_id, "choose_containment_place")
        if kind == PENDING["containment_place"]
        else {}
    )


def table_choices(st: State) -> dict[str, Choices]:
    """The Raxxon table entries open whatever the turn: the experiment, dice corrections, and
    the immediate experiment's special zombies."""
    rec = st.get("raxxon")
    if not isinstance(rec, dict):
        return {}
    out = act.open_now(st, act.TABLE_ACTOR, "enter_experiment", "remove_raxxon_dice")
    if rec["immediate"] > 0 and rec["experiment"]:
        out.update(act.open_now(st, act.TABLE_ACTOR, "place_special_zombies"))
    return out


def turn_choices(st: State, active: str) -> dict[str, Choices]:
    """During a turn: dice on Raxxon, special zombies, side effects."""
    if not isinstance(st.get("raxxon"), dict):
        return {}
    return act.open_now(
        st,
        active,
        "place_raxxon_dice",
        "attack_special_zombie",
        "remove_special_zombie",
        "move_special_zombie",
        "equip_side_effect",
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
    "turn_choices": turn_choices,
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
