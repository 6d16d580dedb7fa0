"""A card effect each player aims at a survivor of their own: the question every phone answers.

A crisis that fails (or any card) may say "each player puts 1 frostbite on a survivor they
control in the colony": the effect's target is one of ``EACH_PLAYER_TARGETS``. Each player who
may vote (in play and not exiled, as the crisis counts them: 002:1748) and controls a survivor
there is asked on their own phone; the table may answer for a seat without one. Like a vote
(votes.py) the question waits in ``state["pending"]`` (kind "survivor_choice") until every
asked seat has answered, and nobody sees another seat's pick before then (views show only who
has chosen). Rulings: a player with no such survivor is passed over (a step says so); a player
with exactly one is not asked, that one is taken. choose.py takes the answers and applies them.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core.errors import RuleError
from companion.engine.core.state import COLONY, State, around_from, seat, survivor, voters
from companion.engine.words.steps import N_, Step, of_seat, of_survivor, step

EACH_PLAYER_TARGETS: dict[str, str | None] = {
    "each_player_chooses": None,
    "each_player_chooses_in_colony": COLONY,
}
"""Targets a player picks among their own survivors: anywhere (None) or at one place."""
KIND = "survivor_choice"


def candidates(st: State, target: str, seat_id: str) -> list[str]:
    """The survivors a seat may pick for an each-player target, in the order it holds them."""
    where = EACH_PLAYER_TARGETS[target]
    return [
        s["id"]
        for s in st["survivors"]
        if s["owner"] == seat_id and (where is None or s["location"] == where)
    ]


def _asked_in_order(st: State) -> list[dict[str, Any]]:
    """The seats an each-player effect asks, from the first player around the table."""
    eligible = {s["id"]: s for s in voters(st)}
    return [eligible[sid] for sid in around_from(st, st["first_player"]) if sid in eligible]


def ask_each_player(
    st: State,
    steps: list[Step],
    effect: dict[str, Any],
    later: list[dict[str, Any]],
    source: str,
    source_card: str | None,
    context: dict[str, Any],
) -> list[str] | None:
    """Ask each player for their survivor; the picks already known when nobody has a choice.

    Returns the survivors picked (one per seat with exactly one candidate) when no seat has
    two or more to choose from; otherwise opens the question in ``state["pending"]`` with the
    ``later`` effects of the card (applied once every answer is in) and returns None.
    """
    asked: dict[str, list[str]] = {}
    picks: dict[str, str] = {}
    for who in _asked_in_order(st):
        ids = candidates(st, effect["target"], who["id"])
        if not ids:
            steps.append(step("survivor_choice_none", **of_seat(who), source=source))
        elif len(ids) == 1:
            picks[who["id"]] = ids[0]
            steps.append(_only_one(st, who, ids[0], source))
        else:
            asked[who["id"]] = ids
    if not asked:
        return list(picks.values())
    st["pending"] = {
        "kind": KIND,
        "seat": None,
        "effect": dict(effect),
        "asked": asked,
        "choices": picks,
        "later": [dict(e) for e in later],
        "source": source,
        "source_card": source_card,
        "context": dict(context),
    }
    steps.append(
        step(
            "survivor_choice_opened",
            seats=list(asked),
            seat_names=", ".join(seat(st, sid)["name"] for sid in asked),
            target=effect["target"],
            source=source,
        )
    )
    return None


def _only_one(st: State, who: dict[str, Any], survivor_id: str, source: str) -> Step:
    """The step of a seat not asked: its one survivor there is the one."""
    return step(
        "survivor_choice_only",
        **of_seat(who),
        **of_survivor(survivor(st, survivor_id)),
        source=source,
    )


def open_choice(st: State) -> dict[str, Any] | None:
    """The open survivor choice (``state["pending"]``), or None."""
    pending = st.get("pending")
    return pending if isinstance(pending, dict) and pending.get("kind") == KIND else None


def pending_choice(st: State) -> dict[str, Any]:
    """The open survivor choice, or raise."""
    pending = open_choice(st)
    if pending is None:
        raise RuleError(N_("no player is choosing a survivor now"))
    return pending


def still_choosing(st: State) -> dict[str, list[str]]:
    """Each seat that has yet to pick, with the survivors it picks from ({} when none)."""
    pending = open_choice(st)
    if pending is None:
        return {}
    return {
        sid: list(ids) for sid, ids in pending["asked"].items() if sid not in pending["choices"]
    }


def question_code(effect: dict[str, Any]) -> str:
    """What the effect does to the survivor picked: its wound kind, "kill", "leave" or
    "exposure"."""
    return effect.get("wound", "wound") if effect["kind"] == "wound" else effect["kind"]


def public_choice(pending: dict[str, Any]) -> dict[str, Any]:
    """The open question as every device may see it: who is asked, who has chosen, not what;
    ``ask`` says what the pick means (labels.CHOICE_QUESTIONS)."""
    shown = {k: v for k, v in pending.items() if k != "choices"}
    shown["ask"] = question_code(pending["effect"])
    shown["chosen_by"] = [sid for sid in pending["asked"] if sid in pending["choices"]]
    shown["waiting"] = [sid for sid in pending["asked"] if sid not in pending["choices"]]
    return shown


def own_choice(st: State, seat_id: str) -> dict[str, Any] | None:
    """One seat's part of the open question (its own phone only): the survivors it picks from,
    whether it must still pick, its pick, and ``ask``: what the pick means (labels'
    ``choice_questions``); None when the question does not ask it."""
    pending = open_choice(st)
    if pending is None or seat_id not in pending["asked"]:
        return None
    picked = pending["choices"].get(seat_id)
    return {
        "must_choose": picked is None,
        "survivors": list(pending["asked"][seat_id]),
        "chosen": picked,
        "ask": question_code(pending["effect"]),
        "effect": dict(pending["effect"]),
        "source": pending["source"],
        "source_card": pending["source_card"],
    }
