"""The end of the game: who wins once it is over.

Base 002 "Winning and Losing the Game" (002:1806): when the game ends for any reason, each player
whose secret objective is complete wins and every other player loses; several players, or
nobody, may win. Co-op and 2-player games (002 "Co-op Variant", 000:614) have no secret
objectives: everyone wins if the main objective was completed, else everyone loses.

How the game ends is morale.end_game's business (reasons: morale, round_track, main_objective,
two_exiled); whether a secret objective is complete is the table's judgement, told to
``declare_winners``, except what the companion knows: at a morale or round-track end the main
objective is not checked (002:1813-1818), so a normal secret objective, which needs it
completed, cannot be complete; nor can one whose card's parts the board shows unmet (morale,
survivors, tracked counts: objective_needs.py). Either is not asked, and its "Yes" is refused
(``objective_completable``).
"""

from __future__ import annotations

from typing import Any

from companion.engine.colony.reveal import closed, revealing
from companion.engine.core import declare as act
from companion.engine.core.dealing import is_coop
from companion.engine.core.errors import Phrase, RuleError
from companion.engine.core.objective_needs import unmet_need, unmet_words
from companion.engine.core.state import State, begin, seat
from companion.engine.words.steps import N_, Step, of_seat, step


def objective_completable(st: State, seat_id: str) -> bool:
    """Whether this seat's secret objective can be complete at the game's end (002:1806-1818):
    every part of it the companion knows holds (``objective_needs.unmet_need``). A normal
    objective needs the main objective, which a morale or round-track end never completes;
    a card's ``requires`` add what the board shows (morale, survivors, tracked counts). What the
    companion does not know (a card dealt from the box, cards in a hand) is the player's to
    judge. Only in a game with the setting ``end_checks_objectives``."""
    return _why_not(st, seat_id) is None


def _why_not(st: State, seat_id: str) -> dict[str, Any] | None:
    """The first part of this seat's objective the board shows unmet at the end, or None."""
    if not st["settings"].get("end_checks_objectives"):
        return None  # a game saved before this rule replays as it was played
    if not st.get("ended"):
        return None
    return unmet_need(st, seat_id)


def objective_out(st: State, seat_id: str) -> Phrase | None:
    """Why this seat's objective cannot be complete, as its phone says it instead of asking
    (None when it may be complete)."""
    part = _why_not(st, seat_id)
    if part is None:
        return None
    if part["check"] == "main_objective":
        return Phrase(
            N_(
                "It needs the main objective completed, and a game that ends by morale or the "
                "round track never completes it: it cannot be complete, so there is nothing "
                "to mark."
            )
        )
    return Phrase(
        N_("It needs {part}, so it cannot be complete and there is nothing to mark."),
        part=unmet_words(st, part),
    )


def _refuse_uncompletable(st: State, who: dict[str, Any]) -> None:
    """Refuse a mark or a win for an objective that cannot be complete at this end, naming the
    part the board shows unmet."""
    part = _why_not(st, who["id"])
    if part is None:
        return
    if part["check"] == "main_objective":
        raise RuleError(
            N_(
                "{name}'s secret objective needs the main objective completed, and a game "
                "that ends by morale or the round track never completes it: it cannot be "
                "complete"
            ),
            name=who["name"],
        )
    raise RuleError(
        N_("{name}'s secret objective needs {part}, so it cannot be complete"),
        name=who["name"],
        part=unmet_words(st, part),
    )


def game_over_reason(state: State) -> str | None:
    """Why the game ended ("morale", "round_track", "main_objective", "two_exiled"), or None."""
    ended = state.get("ended")
    return ended["reason"] if ended else None


def winners_by_objectives(st: State, completed: Any) -> list[str]:
    """Players whose secret objective is complete win, the rest lose (002:1806).

    Ruling: a player out of the game (player elimination, 000:638) cannot win. An objective
    the board shows out (``objective_completable``: a normal one at a morale or round-track
    end, 002:1813-1818, or a part unmet) does not win though the table ticks it: the table
    lists every seat, since which one is out is its owner's secret until now.
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
    return [
        s["id"] for s in st["seats"] if s["id"] in completed and objective_completable(st, s["id"])
    ]


def winners_coop(st: State) -> list[str]:
    """Co-op and 2-player: all win iff the main objective ended the game (002 "Co-op Variant").

    Ruling: a player out of the game (player elimination) does not share the win.
    """
    if st["ended"]["reason"] != "main_objective":
        return []
    return [s["id"] for s in st["seats"] if not s.get("eliminated")]


@act.rule(N_("declare winners"), "002:1806", who=act.TABLE)
@act.takes(completed=act.each())
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
            s["id"]
            for s in st["seats"]
            if st["secrets"][s["id"]].get("objective_complete")
            and objective_completable(st, s["id"])
        ]
    finish_winners(st, steps, completed)
    return st, steps


@act.rule(N_("mark objective"), "002:1806", who=act.OPEN, about="seat_id")
@act.answers("objective")
def mark_objective(state: State, seat_id: str, complete: bool) -> tuple[State, list[Step]]:
    """A player says whether their secret objective is complete, once the game is over (002:1806).

    The answer stays private until every player still in the game whose objective can be
    complete (``objective_completable``) has answered; then the winners are declared
    (``declare_winners``) and every objective is shown. A player may change their answer until
    then; the table may correct the result with ``declare_winners``. An objective that cannot
    be complete (a normal one at a morale or round-track end, 002:1813-1818) is not asked, and
    its mark is refused; so is any mark while the table still turns the end over (reveal.py).
    """
    if revealing(state):
        if not state["settings"].get("end_checks_objectives"):
            state = closed(state)  # a game saved before the rule replays as it was played
        else:
            raise RuleError(
                N_(
                    "the table is still turning the end over: mark your objective once it has "
                    "shown it"
                )
            )
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
    _refuse_uncompletable(st, who)
    st["secrets"][seat_id]["objective_complete"] = complete
    steps.append(step("objective_marked", **of_seat(who)))
    in_play = [
        s["id"]
        for s in st["seats"]
        if not s.get("eliminated") and objective_completable(st, s["id"])
    ]
    marks = {sid: st["secrets"][sid]["objective_complete"] for sid in in_play}
    if any(mark is None for mark in marks.values()):
        return st, steps
    finish_winners(st, steps, [sid for sid, mark in marks.items() if mark])
    return st, steps


def finish_winners(st: State, steps: list[Step], completed: list[str]) -> None:
    """Record the winners of a finished game and say who they are (mutating helper)."""
    coop = is_coop(st["variant"])
    winners = winners_coop(st) if coop else winners_by_objectives(st, completed)
    st["ended"]["winners"] = winners
    names = {s["id"]: s["name"] for s in st["seats"]}
    for sid in [] if coop else completed:
        if sid not in winners:  # ticked, and the board shows a part unmet: said once public
            steps.append(step("objective_not_counted", **of_seat(seat(st, sid))))
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
