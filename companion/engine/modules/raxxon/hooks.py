"""The Raxxon module's part in the core's hooks (core/hooks.py): its record, its choices, the
containment check that opens the colony phase and the zombies a thumbs-down vote takes off."""

from __future__ import annotations

from typing import Any

from companion.engine.modules.raxxon.legal import (
    pending_choices,
    seat_pending_choices,
    table_choices,
    turn_choices,
)
from companion.engine.modules.raxxon.rules import (
    containment_check,
    containment_due,
    fewer_zombies_at,
    new_raxxon,
    reduced_count,
)


def record(settings: dict[str, Any], locations: Any) -> dict[str, Any] | None:
    """The module's record in a new game with the module (raxxon.new_raxxon)."""
    return {"raxxon": new_raxxon(locations)} if "raxxon" in settings["modules"] else None


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
}
"""The hooks the module takes part in (registered in engine/modules/__init__.py)."""
