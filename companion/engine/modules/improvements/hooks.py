"""The Improvements module's part in the core's hooks (core/hooks.py): its table corrections, its
sentences and its parts of the setup."""

from __future__ import annotations

from companion.engine.core import hooks
from companion.engine.modules.improvements import sentences
from companion.engine.modules.improvements.rules import improvement_choices

HOOKS = {
    "corrections": improvement_choices,
    "sentences": lambda: sentences,
    "setup_parts": lambda: {"improvements": sentences.SETUP_PARTS},
}
"""The hooks the module takes part in, registered as this file is imported (its one line in
engine/modules/__init__.py)."""

hooks.register("improvements", **HOOKS)
