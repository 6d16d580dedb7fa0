"""The reveal on the table: while the table turns the crisis cards or the zombies over one at a
time, every device shows the game as it was before (no spoilers).

The colony steps whose outcome the table screen turns over line by line (the crisis cards of
step 3, the zombies of step 4, or the whole phase at once) open a reveal: ``state["reveal"]``
names the action. It stays open until the table finishes it (``finish_reveal``) or makes any
other action its legal list offers (which closes it first; no colony step is offered until the
reveal is finished, legal.py). While it is open, ``views.table_view`` is made from the
state before that action for everything public (the board, the tracks, the numbers), so no
phone's header or log and none of the table's own tracks shows the result before the table
has turned it over; what the game waits for and the legal actions are the current ones.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError
from companion.engine.core.state import State, begin
from companion.engine.words.steps import N_, Step

REVEALED = frozenset(
    {"add_colony_phase_zombies", "resolve_crisis", "run_colony_phase", "run_colony_steps"}
)
"""Actions whose steps the table screen turns over one at a time (they open a reveal)."""
SEES_THE_REVEAL = frozenset({"finish_reveal", "mark_objective"})
"""Actions handed the state with its reveal still open (any other closes it first): finishing
it, and a phone's mark of its objective, refused until the table has shown the end."""
TURNED_OVER = frozenset({"crisis_prevented", "crisis_failed", "zombies_to_add"})
"""Steps that make ``run_colony_steps`` open a reveal: it resolved the crisis or added the
zombies (its other steps, food, waste, the round track, are told on the Confirm's screen)."""


def revealing(state: State | None) -> dict[str, Any] | None:
    """The open reveal (``{"action": kind}``), or None."""
    reveal = state.get("reveal") if isinstance(state, dict) else None
    return reveal if isinstance(reveal, dict) else None


def closed(state: State) -> State:
    """The state with no reveal open (a shallow copy when one was; the state itself else)."""
    if "reveal" not in state:
        return state
    return {k: v for k, v in state.items() if k != "reveal"}


def opened(state: State, kind: str, steps: list[Step] = ()) -> State:
    """After the action ``kind``: the state with its reveal open when ``kind`` opens one
    (``run_colony_steps`` only when its ``steps`` turned the crisis or the zombies over)."""
    if kind == "run_colony_steps" and not any(s["kind"] in TURNED_OVER for s in steps):
        return state
    if kind in REVEALED:
        state["reveal"] = {"action": kind}
    return state


@act.rule(N_("finish the reveal"), who=act.TABLE)
def finish_reveal(state: State) -> tuple[State, list[Step]]:
    """The table has turned everything over (or skipped it): every device shows the outcome."""
    if not revealing(state):
        raise RuleError(N_("nothing is being turned over on the table: carry on with the game"))
    st, steps = begin(closed(state), allow_pending=True, allow_ended=True)
    return st, steps


def shown_state(state: State, before: State | None) -> State:
    """What the devices show: the state before the reveal while one is open (when known)."""
    return before if before is not None and revealing(state) else state
