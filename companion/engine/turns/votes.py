"""Votes: thumbs up or down from every player who may vote, ties settled by the first player.

Base 002 "Voting" (002:1821), 002:1413 and 000:156 (the first player breaks all ties), 002:1764
(an exiled player cannot vote).

API: ``tally_vote(st, votes, subject=...)`` only reads the state and returns ``(passed, steps)``;
the rule that holds the vote (exile, a crossroads vote card, the Long Night first-player vote,
the Raxxon containment vote) calls it on its working copy, adds the steps to its own and acts on
the result. Nothing about a vote is stored in the state: the steps are the record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.board.places import Choices
from companion.engine.core import declare as act
from companion.engine.core.dice import NO_ROLL, Randomness
from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import State, around_from, begin, seat, voters
from companion.engine.words.steps import N_, Step, of_seat, step


def tie_breaker(st: State) -> tuple[str, bool]:
    """Who settles a tied vote: the first player (002:1413, 000:156).

    Ruling (RULES.md "Votes"): when the first player cannot vote (exiled, or out of the game),
    the nearest player to their left who can vote settles it. Returns (seat id, ruling used).
    """
    can_vote = {s["id"] for s in voters(st)}
    if not can_vote:
        raise RuleError(N_("nobody is left who may vote"))
    first = st["first_player"]
    for sid in around_from(st, first):
        if sid in can_vote:
            return sid, sid != first
    raise AssertionError("unreachable: a voter was found above")  # pragma: no cover


def check_votes(st: State, votes: Any) -> dict[str, bool]:
    """Every player who may vote votes exactly once, thumbs up (True) or down (False).

    An exiled player cannot vote (002:1764); nor can a player out of the game. A seat missing
    from ``votes``, an unknown seat or a vote that is not True/False is refused.
    """
    if not isinstance(votes, dict):
        raise RuleError(N_("votes must map each voting seat to True (up) or False (down)"))
    for sid, vote in votes.items():
        who = seat(st, sid)
        if who.get("eliminated"):
            raise RuleError(N_("{name} is out of the game and cannot vote"), name=who["name"])
        if who["exiled"]:
            raise RuleError(N_("{name} is exiled and cannot vote"), name=who["name"])
        if not isinstance(vote, bool):
            raise RuleError(
                N_("{name}'s vote must be up (True) or down (False), not {vote}"),
                name=who["name"],
                vote=shown(vote),
            )
    missing = [s["name"] for s in voters(st) if s["id"] not in votes]
    if missing:
        raise RuleError(N_("still waiting for the vote of {names}"), names=", ".join(missing))
    return votes


def tally_vote(
    st: State, votes: dict[str, bool], *, subject: str, **about: Any
) -> tuple[bool, list[Step]]:
    """Count a vote: more up than down passes; a tie goes the tie breaker's way (002:1413).

    The tie breaker's own vote settles a tie (``tie_breaker``: the first player, or by ruling
    the nearest voter to their left). ``about`` names what was voted on (``target``, ``card``)
    for the tally step. Reads the state only; returns (passed, steps).
    """
    check_votes(st, votes)
    up = sum(1 for v in votes.values() if v)
    down = len(votes) - up
    steps: list[Step] = []
    if up != down:
        passed = up > down
        steps.append(step("vote_tally", subject=subject, up=up, down=down, passed=passed, **about))
        return passed, steps
    breaker, ruling = tie_breaker(st)
    passed = votes[breaker]
    steps.append(step("vote_tally", subject=subject, up=up, down=down, passed=passed, **about))
    steps.append(
        step(
            "vote_tie_broken",
            breaker=breaker,
            breaker_name=seat(st, breaker)["name"],
            ruling=ruling,
            passed=passed,
        )
    )
    return passed, steps


# --- votes held on the phones: opened by a rule, cast one by one, settled when all are in ---

Outcome = Callable[[State, list[Step], dict[str, Any], bool, Randomness], None]
OUTCOMES: dict[str, Outcome] = {}
"""What a settled vote does, by subject ("exile", "crossroads", "first_player"); each rule
that holds a vote registers its own outcome here (exile.py, crossroads.py, colony.py)."""


def outcome(subject: str) -> Callable[[Outcome], Outcome]:
    """Register the function that acts on a settled vote of this subject."""

    def register(fn: Outcome) -> Outcome:
        OUTCOMES[subject] = fn
        return fn

    return register


Afterwards = Callable[[State, list[Step], dict[str, Any], bool], None]
AFTERWARDS: dict[str, Afterwards] = {}
"""What comes after a settled vote's outcome, by the vote's ``then`` field: the rule that
opened it goes on (B2's special exile phase: the next caller, scenarios/special_exile.py)."""


def afterwards(name: str) -> Callable[[Afterwards], Afterwards]:
    """Register what a vote opened with ``then=name`` leads to once its outcome has acted."""

    def register(fn: Afterwards) -> Afterwards:
        AFTERWARDS[name] = fn
        return fn

    return register


def open_vote(st: State, steps: list[Step], subject: str, **fields: Any) -> None:
    """Open a vote every player who may vote answers on their own phone (002:1821).

    The vote waits in ``state["pending"]`` (kind "vote"); nothing else happens until it is
    settled. The ballots are secret until every vote is in (views show only who has voted).
    """
    eligible = [s["id"] for s in voters(st)]
    if not eligible:
        raise RuleError(N_("nobody is left who may vote"))
    st["pending"] = {"kind": "vote", "seat": None, "subject": subject, "votes": {}, **fields}
    steps.append(step("vote_opened", subject=subject, voters=eligible, **fields))


def pending_vote(st: State) -> dict[str, Any]:
    """The open vote, or raise."""
    pending = st.get("pending")
    if not isinstance(pending, dict) or pending.get("kind") != "vote":
        raise RuleError(N_("no vote is open"))
    return pending


def settle_vote(st: State, steps: list[Step], ballots: dict[str, bool], rng: Randomness) -> None:
    """Tally a complete vote, close it and let its rule act on the result."""
    vote = pending_vote(st)
    fields = {k: v for k, v in vote.items() if k not in ("kind", "seat", "subject", "votes")}
    about = {k: vote[k] for k in ("target", "card") if k in vote}
    passed, tally = tally_vote(st, ballots, subject=vote["subject"], **about)
    steps.extend(tally)
    st["pending"] = None
    OUTCOMES[vote["subject"]](st, steps, fields, passed, rng)
    if fields.get("then") in AFTERWARDS:
        AFTERWARDS[fields["then"]](st, steps, fields, passed)


def ballot_choices(st: State, seat_id: str) -> Choices | None:
    """Thumbs up or down, for a voter who has not voted yet while a vote is open."""
    pending = st.get("pending") or {}
    if pending.get("kind") != "vote" or seat_id in pending["votes"]:
        return None
    return {"up": [True, False]} if any(s["id"] == seat_id for s in voters(st)) else None


@act.rule(N_("cast vote"), "002:1821 002:1764", who=act.OWN, about="seat_id")
@act.answers(act.PENDING)
@act.takes(ballot_choices)
def cast_vote(
    state: State, seat_id: str, up: bool, rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """A player's own thumbs up (True) or down (False) on the open vote (002:1821, 002:1764).

    Each player who may vote votes once; exiled players cannot. The public step says who has
    voted, never how. The last vote in settles it (ties: the first player, ``tie_breaker``).
    """
    st, steps = begin(state, allow_pending=True)
    vote = pending_vote(st)
    who = seat(st, seat_id)
    if not any(s["id"] == seat_id for s in voters(st)):
        raise RuleError(N_("{name} may not vote (exiled or out of the game)"), name=who["name"])
    if seat_id in vote["votes"]:
        raise RuleError(N_("{name} has already voted: wait for the other votes"), name=who["name"])
    vote["votes"][seat_id] = up
    steps.append(step("vote_cast", **of_seat(who), subject=vote["subject"]))
    if all(s["id"] in vote["votes"] for s in voters(st)):
        settle_vote(st, steps, dict(vote["votes"]), rng or NO_ROLL)
    return st, steps


def voters_choices(st: State, actor: str) -> Choices | None:
    """While a vote is open, the players who vote."""
    pending = st.get("pending") or {}
    return {"voters": [s["id"] for s in voters(st)]} if pending.get("kind") == "vote" else None


@act.rule(N_("record votes"), who=act.TABLE)
@act.answers(act.PENDING)
@act.takes(voters_choices, votes=act.each("voters"))
def record_votes(
    state: State, votes: dict[str, bool], rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """The table enters the whole open vote at once, as the thumbs were shown around it."""
    st, steps = begin(state, allow_pending=True)
    pending_vote(st)
    check_votes(st, votes)
    settle_vote(st, steps, votes, rng or NO_ROLL)
    return st, steps
