"""Morale and the ways the game ends at once."""

from __future__ import annotations

from typing import Any

from companion.engine.core.state import State
from companion.engine.words.steps import Step, step

END_REASONS = (
    "morale",
    "round_track",
    "main_objective",
    "two_exiled",
    "betrayer_revealed",
)


def end_game(st: State, steps: list[Step], reason: str) -> None:
    """End the game now; whatever step was running stops (base 002 "Winning and Losing")."""
    if st["ended"]:
        return
    if reason not in END_REASONS:
        raise ValueError(f"unknown end reason {reason!r}")
    st["ended"] = {"reason": reason, "winners": None}
    st["phase"] = "ended"
    st["pending"] = None
    if st["settings"].get("listed_only"):  # a game saved before replays as it was played
        st["turn"] = None  # null outside a turn and the colony phase (docs/state.md)
        st["colony_step"] = None
    steps.append(step("game_ended", reason=reason))


def change_morale(st: State, steps: list[Step], amount: int, reason: str, **details: Any) -> None:
    """Move the morale track; at 0 the game ends at once (base 002 "Winning and Losing").

    Morale never goes below 0. A change of 0 records nothing. ``reason`` is a code
    (docs/engine.md "Step codes"); ``details`` are the step fields it needs (a source, a name).
    """
    if amount == 0 or st["ended"]:
        return
    st["morale"] = max(0, st["morale"] + amount)
    steps.append(
        step("morale_changed", amount=amount, reason=reason, morale=st["morale"], **details)
    )
    if st["morale"] == 0:
        end_game(st, steps, "morale")
