"""Votes: thumbs up or down from every player who may vote, ties settled by the first player.

Base 002 "Voting" (002:1821), 002:1413 and 000:156 (the first player breaks all ties), 002:1764
(an exiled player cannot vote).

API: ``tally_vote(st, votes, subject=...)`` only reads the state and returns ``(passed, steps)``;
the rule that holds the vote (exile, a crossroads vote card, the Long Night first-player vote,
the Raxxon containment vote) calls it on its working copy, adds the steps to its own and acts on
the result. Nothing about a vote is stored in the state: the steps are the record.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import RuleError
from companion.engine.state import State, seat, voters
from companion.engine.steps import Step, step


def tie_breaker(st: State) -> tuple[str, bool]:
    """Who settles a tied vote: the first player (002:1413, 000:156).

    Ruling (RULES.md "Votes"): when the first player cannot vote (exiled, or out of the game),
    the nearest player to their left who can vote settles it. Returns (seat id, ruling used).
    """
    can_vote = {s["id"] for s in voters(st)}
    if not can_vote:
        raise RuleError("nobody is left who may vote")
    ids = [s["id"] for s in st["seats"]]
    first = st["first_player"]
    start = ids.index(first) if first in ids else 0
    for sid in ids[start:] + ids[:start]:
        if sid in can_vote:
            return sid, sid != first
    raise AssertionError("unreachable: a voter was found above")  # pragma: no cover


def check_votes(st: State, votes: Any) -> dict[str, bool]:
    """Every player who may vote votes exactly once, thumbs up (True) or down (False).

    An exiled player cannot vote (002:1764); nor can a player out of the game. A seat missing
    from ``votes``, an unknown seat or a vote that is not True/False is refused.
    """
    if not isinstance(votes, dict):
        raise RuleError("votes must map each voting seat to True (up) or False (down)")
    for sid, vote in votes.items():
        who = seat(st, sid)
        if who.get("eliminated"):
            raise RuleError(f"{who['name']} is out of the game and cannot vote")
        if who["exiled"]:
            raise RuleError(f"{who['name']} is exiled and cannot vote")
        if not isinstance(vote, bool):
            raise RuleError(f"{who['name']}'s vote must be up (True) or down (False), not {vote!r}")
    missing = [s["name"] for s in voters(st) if s["id"] not in votes]
    if missing:
        raise RuleError(f"still waiting for the vote of {', '.join(missing)}")
    return votes


def tally_vote(st: State, votes: dict[str, bool], *, subject: str) -> tuple[bool, list[Step]]:
    """Count a vote: more up than down passes; a tie goes the tie breaker's way (002:1413).

    The tie breaker's own vote settles a tie (``tie_breaker``: the first player, or by ruling
    the nearest voter to their left). Reads the state only; returns (passed, steps).
    """
    check_votes(st, votes)
    up = sum(1 for v in votes.values() if v)
    down = len(votes) - up
    steps: list[Step] = []
    if up != down:
        passed = up > down
        steps.append(step("vote_tally", subject=subject, up=up, down=down, passed=passed))
        return passed, steps
    breaker, ruling = tie_breaker(st)
    passed = votes[breaker]
    steps.append(step("vote_tally", subject=subject, up=up, down=down, passed=passed))
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
