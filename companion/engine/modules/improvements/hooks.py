"""The Improvements module's part in the core's hooks (core/hooks.py): its table corrections and
its sentences."""

from __future__ import annotations

from companion.engine.core import hooks
from companion.engine.modules.improvements import sentences
from companion.engine.modules.improvements.rules import improvement_choices

HOOKS = {"corrections": improvement_choices, "sentences": lambda: sentences}
"""The hooks the module takes part in, registered as this file is imported (its one line in
engine/modules/__init__.py)."""

hooks.register("improvements", **HOOKS)
