"""A game's history in numbers: morale, food and colonists at the end of every round.

Only public numbers are read, each from ``engine.table_view`` of a stored state: the state a
game started from (once its setup was done), the state after each colony phase (the log row
that began the next round), and the last state when the game ended mid-round.
"""

from __future__ import annotations

from typing import Any

from sqlite_utils import Database

import companion.engine as engine
from companion.store import log
from companion.store.games import log_row

ROUND_END_STEPS = frozenset({"round_began", "game_ended"})
"""Step kinds that close a round (the next one begins, or the game is over)."""


def point(state: dict[str, Any], round_number: int) -> dict[str, int]:
    """One chart point: a round number and the public morale, food and colonists of a state."""
    view = engine.table_view(state)
    return {
        "round": round_number,
        "morale": view["morale"],
        "food": view["food"],
        "colonists": view["numbers"]["colonists"],
    }


def start_state(db: Database, game_id: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The state round 1 starts from: the first one past the setup (once the players have kept
    their dealt survivors, the colonists are on the board), else the first one stored."""
    first = log_row(db, game_id, rows[0]["seq"])["state"]
    for row in rows:
        state = first if row is rows[0] else log_row(db, game_id, row["seq"])["state"]
        if state.get("phase") != "setup":
            return state
    return first


def round_points(db: Database, game_id: str) -> list[dict[str, int]]:
    """The chart's points, oldest first: round 0 (the setup), then the end of each round."""
    rows = log(db, game_id)
    points = [point(start_state(db, game_id, rows), 0)]
    for row in rows[1:]:
        kinds = {step.get("kind") for step in row["steps"]}
        if not kinds & ROUND_END_STEPS:
            continue
        state = log_row(db, game_id, row["seq"])["state"]
        ended = "game_ended" in kinds
        number = state["round"] if ended else state["round"] - 1
        entry = point(state, number)
        if points and points[-1]["round"] == number:
            points[-1] = entry
        else:
            points.append(entry)
    return points
