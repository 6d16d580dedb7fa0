"""Main objective progress: what a counting main objective counts, its target and its counter.

Some main objectives are met by a number: cards or zombies set on the card, survivors gathered
in the colony, so many for each player who started the game. Such a card carries ``counts``
(``{"what": ..., "per_player": n}``, vocabulary.COUNTED_THINGS); the table keeps the number of
cards or zombies on the card with a counter (``main_objective.progress``), survivors gathered are
counted from the board, and colony step 5 checks the number instead of asking the table
(002:1621, 000:494). An objective without ``counts`` is still asked yes or no.

A count may come with more the goal needs (``counts.also``, vocabulary.OBJECTIVE_CONDITIONS):
what the board shows, the engine checks (no wounded survivor in the colony, so many helpless
tokens or barricades there); what it does not track (cards equipped, the symbols of the cards
on the card) the table confirms, asked only once everything else holds. A count may also start
from a number before the players' share (``counts.base``: one card of each of six symbols).
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError
from companion.engine.core.state import (
    COLONY,
    State,
    begin,
    colony_occupancy,
    require_count,
    survivors_at,
    wound_total,
)
from companion.engine.core.vocabulary import (
    CONDITIONS_WITH_A_NUMBER,
    COUNTED_THINGS,
    OBJECTIVE_CONDITIONS,
)
from companion.engine.words.steps import N_, Step, step

ON_THE_CARD = ("cards", "zombies")
"""What the table sets on the card and counts with the counter (the rest the engine counts)."""


def objective_counts(st: State) -> dict[str, Any] | None:
    """The main objective's ``counts`` (what it counts, how many per player), or None."""
    main = st.get("main_objective") or {}
    counts = main.get("counts")
    return counts if isinstance(counts, dict) else None


def counter_kept(st: State) -> bool:
    """Whether the table keeps the main objective's counter (cards or zombies on the card)."""
    counts = objective_counts(st)
    return counts is not None and counts["what"] in ON_THE_CARD


def objective_target(st: State) -> int | None:
    """How many the objective needs: so many for each player who started the game (every seat,
    exiled or eliminated ones included) after its ``base``, or None for an objective that does
    not count."""
    counts = objective_counts(st)
    if counts is None:
        return None
    return counts.get("base", 0) + counts["per_player"] * len(st["seats"])


def objective_count(st: State) -> int | None:
    """How many the objective has now: the table's counter, or survivors gathered in the colony
    (survivor cards and helpless tokens, a token counting once); None when it does not count."""
    counts = objective_counts(st)
    if counts is None:
        return None
    if counts["what"] == "survivors":
        return colony_occupancy(st)
    return int(st["main_objective"].get("progress", 0))


def objective_met_by_count(st: State) -> bool | None:
    """Whether the count has reached the target and every condition the board shows holds
    (None for an objective that does not count). The table's own condition is left out."""
    target = objective_target(st)
    count = objective_count(st)
    if target is None or count is None:
        return None
    return count >= target and all(c["met"] for c in objective_conditions(st) if c["seen"])


def objective_conditions(st: State) -> list[dict[str, Any]]:
    """What the objective needs besides its count, each with what the board shows now:
    ``check``, ``at_least``, ``have`` and ``met`` (None for the table's condition, ``seen``
    False)."""
    counts = objective_counts(st) or {}
    out = []
    for cond in counts.get("also", []):
        check, at_least = cond["check"], cond.get("at_least", 0)
        if check == "table":
            out.append({"check": check, "at_least": 0, "have": None, "met": None, "seen": False})
            continue
        have = _board_shows(st, check)
        met = have == 0 if check == "colony_unhurt" else have >= at_least
        out.append({"check": check, "at_least": at_least, "have": have, "met": met, "seen": True})
    return out


def _board_shows(st: State, check: str) -> int:
    """How many of what a condition looks at: survivors in the colony with a wound, frostbite
    or despair token; helpless survivor tokens (an unruly one counts once); barricades at the
    colony's entrances."""
    if check == "colony_unhurt":
        return sum(1 for s in survivors_at(st, COLONY) if wound_total(s))
    if check == "helpless_in_colony":
        return st["helpless"]["normal"] + st["helpless"]["unruly"]
    return sum(ent["barricades"] for ent in st["colony"]["entrances"])


def table_has_a_say(st: State) -> bool:
    """Whether the table may answer colony step 5 at all: an objective that does not count, or
    one that needs the table's word besides its count."""
    counts = objective_counts(st)
    return counts is None or any(c["check"] == "table" for c in counts.get("also", []))


def objective_asks_the_table(st: State) -> bool:
    """Whether colony step 5 needs the table's yes or no now: an objective that does not count,
    or one whose count and board conditions hold and whose last word is the table's."""
    if objective_counts(st) is None:
        return True
    return table_has_a_say(st) and bool(objective_met_by_count(st))


def check_counts(raw: Any) -> dict[str, Any] | None:
    """A main objective card's ``counts``, checked: None, or what it counts and how many per
    player (a whole number, at least 1)."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("what") not in COUNTED_THINGS:
        raise RuleError(
            N_("a main objective counts one of {known}"), known=", ".join(COUNTED_THINGS)
        )
    per_player = require_count(
        raw.get("per_player"), N_("how many the main objective needs per player"), minimum=1
    )
    out: dict[str, Any] = {"what": raw["what"], "per_player": per_player}
    if raw.get("base"):
        out["base"] = require_count(raw["base"], N_("how many the main objective needs first"))
    if raw.get("also"):
        out["also"] = [_check_condition(c) for c in raw["also"]]
    return out


def _check_condition(raw: Any) -> dict[str, Any]:
    """One thing a counting main objective needs besides its count, checked."""
    if not isinstance(raw, dict) or raw.get("check") not in OBJECTIVE_CONDITIONS:
        raise RuleError(
            N_("a main objective's condition is one of {known}"),
            known=", ".join(OBJECTIVE_CONDITIONS),
        )
    if raw["check"] not in CONDITIONS_WITH_A_NUMBER:
        return {"check": raw["check"]}
    at_least = require_count(raw.get("at_least"), N_("how many the condition needs"), minimum=1)
    return {"check": raw["check"], "at_least": at_least}


@act.rule(N_("add to main objective count"), who=act.TURN)
@act.takes(count=act.FREE)
def add_objective_progress(state: State, count: int = 1) -> tuple[State, list[Step]]:
    """Count cards or zombies set on the main objective card: a zombie killed during a turn goes
    on it on a lucky roll (002:42-44), so the active player or the table counts it."""
    return _change(state, require_count(count, N_("how many"), minimum=1))


@act.rule(N_("take off main objective count"), who=act.TURN)
@act.takes(count=act.FREE)
def remove_objective_progress(state: State, count: int = 1) -> tuple[State, list[Step]]:
    """Take cards or zombies off the main objective's counter (one counted by mistake)."""
    return _change(state, -require_count(count, N_("how many"), minimum=1))


def _change(state: State, amount: int) -> tuple[State, list[Step]]:
    """Move the main objective's counter by ``amount``, never below 0."""
    st, steps = begin(state)
    if not counter_kept(st):
        raise RuleError(N_("this main objective keeps no count of cards or zombies on its card"))
    main = st["main_objective"]
    progress = int(main.get("progress", 0))
    if progress + amount < 0:
        raise RuleError(
            N_("the main objective holds {progress}; {count} cannot be taken off"),
            progress=progress,
            count=-amount,
        )
    main["progress"] = progress + amount
    steps.append(
        step(
            "objective_progress_changed",
            what=main["counts"]["what"],
            amount=amount,
            progress=main["progress"],
            target=objective_target(st),
        )
    )
    return st, steps


def progress_choices(st: State) -> dict[str, dict[str, Any]]:
    """The table's legal counter actions now (legal.py lists them)."""
    if not counter_kept(st):
        return {}
    out: dict[str, dict[str, Any]] = {"add_objective_progress": {}}
    if st["main_objective"].get("progress", 0) > 0:
        out["remove_objective_progress"] = {}
    return out
