"""The Improvements module's part in the core's hooks (core/hooks.py): its table corrections,
and the advancement tokens a player's items put on an improvement during their turn."""

from __future__ import annotations

from typing import Any

from companion.engine.core.state import State
from companion.engine.modules.improvements.rules import improvement_choices


def turn_choices(st: State, active: str) -> dict[str, dict[str, Any]]:
    """Advancement tokens put on a face-up improvement during a turn (000:717: items let
    players place them), open to the active player as to the table."""
    return {k: v for k, v in improvement_choices(st).items() if k == "add_advancement"}


HOOKS = {"corrections": improvement_choices, "turn_choices": turn_choices}
"""The hooks the module takes part in (registered in engine/modules/__init__.py)."""
