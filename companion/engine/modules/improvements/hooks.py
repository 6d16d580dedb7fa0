"""The Improvements module's part in the core's hooks (core/hooks.py): its table corrections, the
advancement tokens a player's items put on an improvement during their turn, its sentences and
its parts of the setup."""

from __future__ import annotations

from typing import Any

from companion.engine.core import declare as act
from companion.engine.core import hooks
from companion.engine.core.state import State
from companion.engine.modules.improvements import sentences
from companion.engine.modules.improvements.rules import improvement_choices


def turn_choices(st: State, active: str) -> dict[str, dict[str, Any]]:
    """Advancement tokens put on a face-up improvement during a turn (000:717: items let
    players place them), open to the active player as to the table."""
    return act.open_now(st, active, "add_advancement")


HOOKS = {
    "corrections": improvement_choices,
    "turn_choices": turn_choices,
    "sentences": lambda: sentences,
    "setup_parts": lambda: {"improvements": sentences.SETUP_PARTS},
}
"""The hooks the module takes part in, registered as this file is imported (its one line in
engine/modules/__init__.py)."""

hooks.register("improvements", **HOOKS)
