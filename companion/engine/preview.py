"""What the next Confirm of the colony phase would do, worked out in memory and not stored.

The table screen shows it before the table confirms: the steps that Confirm runs
(``run_colony_steps``: the due one and each following one that asks nothing, the view's
``waiting.run``), their headings, and what they do with one seed. The Confirm form carries the
same seed, so what is confirmed is exactly what was shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.actions import apply
from companion.engine.colony.phases import STEP_ACTIONS
from companion.engine.colony.reveal import REVEALED
from companion.engine.core.errors import RuleError
from companion.engine.core.state import State

RUN = "run_colony_steps"
"""The one action a colony-phase Confirm takes."""


def colony_preview(
    state: State, view: Mapping[str, Any], seed: Callable[[], int]
) -> dict[str, Any] | None:
    """The preview of the next Confirm of ``view`` (``table_view(state)``), or None when the
    table has none to take: the waiting step's fields, ``kind``, its ``choices``, whether a
    step turns its lines over one at a time (``revealed``) and each step's ``headings`` (the
    containment check's first when it opens the Confirm, 000:792); for a
    step that asks nothing, the ``seed`` drawn once from ``seed()`` with the ``steps`` and the
    state ``after`` they make, or the RuleError as ``refused``."""
    due = view["waiting"]
    legal = view["legal"]["table"]
    if due["kind"] != "colony_phase" or RUN not in legal:
        return None
    preview: dict[str, Any] = {
        **due,
        "kind": RUN,
        "choices": legal[RUN],
        "revealed": any(STEP_ACTIONS[name] in REVEALED for name in due["run"]),
        "headings": [
            *([{**due, "step": "containment_check"}] if due.get("containment") else []),
            *(
                {**due, "step": name, "number": due["number"] + n}
                for n, name in enumerate(due["run"])
            ),
        ],
    }
    if due["asks"] or (due.get("noise") and due["noise"]["places"]):
        return preview  # the table answers first (the faces it rolled, when it enters them)
    drawn = seed()
    try:
        after, steps = apply(state, {"type": RUN, "by": "table", "seed": drawn})
    except RuleError as exc:
        preview["refused"] = exc
        return preview
    preview.update(seed=drawn, steps=steps, after=after)
    return preview
