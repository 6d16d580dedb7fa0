"""The end of the game: who wins once it is over.

Base 002 "Winning and Losing the Game" (002:1806): when the game ends for any reason, each player
whose secret objective is complete wins and every other player loses; several players, or
nobody, may win. Co-op and 2-player games (002 "Co-op Variant", 000:614) have no secret
objectives: everyone wins if the main objective was completed, else everyone loses.

How the game ends is morale.end_game's business (reasons: morale, round_track, main_objective,
two_exiled); whether a secret objective is complete is the table's judgement, told to
``declare_winners``.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import declare as act
from companion.engine.core.dealing import is_coop
from companion.engine.core.errors import RuleError
from companion.engine.core.state import State, begin, seat
from companion.engine.words.steps import N_, Step, of_seat, step


def game_over_reason(state: State) -> str | None:
    """Why the game ended ("morale", "round_track", "main_objective", "two_exiled"), or None."""
    ended = state.get("ended")
    return ended["reason"] if ended else None


def winners_by_objectives(st: State, completed: Any) -> list[str]:
    """Players whose secret objective is complete win, the rest lose (002:1806).

    Ruling: a player out of the game (player elimination, 000:638) cannot win.
    """
    if not isinstance(completed, list | tuple | set | frozenset):
        raise RuleError(N_("completed must list the seats whose secret objective is complete"))
    completed = list(completed)
    for sid in completed:
        who = seat(st, sid)
        if completed.count(sid) > 1:
            raise RuleError(N_("{name} is listed more than once"), name=who["name"])
        if who.get("eliminated"):
            raise RuleError(N_("{name} is out of the game and cannot win"), name=who["name"])
    return [s["id"] for s in st["seats"] if s["id"] in completed]


def winners_coop(st: State) -> list[str]:
    """Co-op and 2-player: all win iff the main objective ended the game (002 "Co-op Variant").

    Ruling: a player out of the game (player elimination) does not share the win.
    """
    if st["ended"]["reason"] != "main_objective":
        return []
    return [s["id"] for s in st["seats"] if not s.get("eliminated")]


def declare_winners(state: State, completed: list[str] | None = None) -> tuple[State, list[Step]]:
    """Record who won a finished game from whose secret objectives are complete (002:1806).

    ``completed``: the seats whose secret objective (with its exiled objective, for an exiled
    player) the table finds complete; omitted, the players' own marks (``mark_objective``).
    Co-op and 2-player games take none: the main objective decides. May be called again to
    correct the table's answer. Sets ``ended["winners"]``.
    """
    st, steps = begin(state, allow_ended=True)
    if not st["ended"]:
        raise RuleError(N_("the game has not ended yet"))
    if is_coop(st["variant"]):
        if completed:
            raise RuleError(
                N_("a co-op game has no secret objectives: the main objective decides who wins")
            )
        finish_winners(st, steps, [])
        return st, steps
    if completed is None:
        completed = [
            s["id"] for s in st["seats"] if st["secrets"][s["id"]].get("objective_complete")
        ]
    finish_winners(st, steps, completed)
    return st, steps


act.declare(
    declare_winners,
    who=act.TABLE,
    label=N_("declare winners"),
    lines=("002:1806",),
    completed=act.each(),
)


def mark_objective(state: State, seat_id: str, complete: bool) -> tuple[State, list[Step]]:
    """A player says whether their secret objective is complete, once the game is over (002:1806).

    The answer stays private until every player still in the game has answered; then the
    winners are declared (``declare_winners``) and every objective is shown. A player may change
    their answer until then; the table may correct the result with ``declare_winners``.
    """
    st, steps = begin(state, allow_ended=True)
    if not st["ended"]:
        raise RuleError(N_("objectives are marked once the game has ended"))
    if is_coop(st["variant"]):
        raise RuleError(N_("a co-op game has no secret objectives: the main objective decides"))
    who = seat(st, seat_id)
    if who.get("eliminated"):
        raise RuleError(N_("{name} is out of the game and cannot win"), name=who["name"])
    if st["ended"]["winners"] is not None:
        raise RuleError(N_("the winners are already declared"))
    st["secrets"][seat_id]["objective_complete"] = complete
    steps.append(step("objective_marked", **of_seat(who)))
    in_play = [s["id"] for s in st["seats"] if not s.get("eliminated")]
    marks = {sid: st["secrets"][sid]["objective_complete"] for sid in in_play}
    if any(mark is None for mark in marks.values()):
        return st, steps
    finish_winners(st, steps, [sid for sid, mark in marks.items() if mark])
    return st, steps


act.declare(
    mark_objective,
    who=act.OPEN,
    about="seat_id",
    question="objective",
    label=N_("mark objective"),
    lines=("002:1806",),
)


def finish_winners(st: State, steps: list[Step], completed: list[str]) -> None:
    """Record the winners of a finished game and say who they are (mutating helper)."""
    coop = is_coop(st["variant"])
    winners = winners_coop(st) if coop else winners_by_objectives(st, completed)
    st["ended"]["winners"] = winners
    names = {s["id"]: s["name"] for s in st["seats"]}
    steps.append(
        step(
            "winners_declared",
            coop=coop,
            reason=st["ended"]["reason"],
            winners=winners,
            winner_names=[names[sid] for sid in winners],
            loser_names=[names[sid] for sid in names if sid not in winners],
        )
    )
