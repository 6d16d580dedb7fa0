"""Every open decision has an id in the state; an answer names it, and a stale one is refused.

A decision is a question the game has open: one ``pending`` (a vote, a spreading bite, the
bandit leader's placement, a Raxxon choice), the survivors a seat keeps at setup, the crossroads
card its drawer may reveal and then the option the turn takes, a seat's cards in the crisis, a
survivor joining a seat, a seat's mark on its objective at the end. ``refreshed`` runs after
setup and after every action (actions.apply): a question still open as it was keeps its id; a
new one, or one that changed, gets a new id (the counter ``decisions.next`` and a digest of the
question, so a question asked again after an undo is never taken for another one).

A form answering a decision carries its id back as the action's ``decision``; ``check_answer``
refuses it when that id is no longer the open one (as boardgame.io's stateID, per question).
Seats answering one open question at once (everyone votes, everyone keeps survivors) all name
the same id, so all land, in any order, whatever else the game did meanwhile.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError, action_words
from companion.engine.core.state import State
from companion.engine.words.steps import N_

PENDING = act.PENDING
QUESTIONS = act.view(lambda d: d.question, lambda d: d.question is not None)
"""The question each answering action answers (every other action answers none): read from
the actions' declarations (``question``)."""
PER_SEAT = frozenset({"crossroads", "keep", "crisis", "survivor", "objective"})
"""Questions asked of each seat on its own: their key is ``<question>:<seat id>``."""
ANSWERS = ("votes", "choices")
"""A pending question's answers so far: not part of it, so an answer leaves its id as it was."""
STALE = N_("too late to {action}: that question was answered or changed meanwhile")
"""The refusal of an answer to a decision that is no longer the open one."""
DIGEST = 8


def open_questions(st: State) -> dict[str, Any]:
    """Every question open now, by key, with what makes it that question (its signature)."""
    out: dict[str, Any] = {}
    seats = [s["id"] for s in st["seats"]]
    ended = st.get("ended")
    if ended:
        if ended.get("winners") is None:
            for sid in seats:
                done = st["secrets"][sid].get("objective_complete")
                out[f"objective:{sid}"] = [ended.get("reason"), done]
        return out
    pending = st.get("pending")
    if isinstance(pending, dict):
        out[PENDING] = {k: v for k, v in pending.items() if k not in ANSWERS}
    if st.get("phase") == "setup":
        for sid in seats:
            hand = st["secrets"][sid].get("dealt_survivors")
            if hand:
                out[f"keep:{sid}"] = list(hand)
    turn = st.get("turn")
    drawer = turn.get("crossroads_drawer") if turn else None
    card = st["secrets"][drawer].get("crossroads") if drawer else None
    if turn and card:
        key = "crossroads_option" if turn.get("crossroads_revealed") else f"crossroads:{drawer}"
        out[key] = [st.get("round"), turn.get("seat"), card]
    crisis = st.get("crisis")
    if isinstance(crisis, dict):
        pile = crisis.get("contributions")
        pile = pile if isinstance(pile, list) else []
        for sid in seats:
            mine = sorted(c.get("symbol") for c in pile if c.get("seat") == sid)
            out[f"crisis:{sid}"] = [crisis.get("id"), st.get("round"), mine]
    for sid in seats:
        out[f"survivor:{sid}"] = sorted(s["id"] for s in st["survivors"] if s["owner"] == sid)
    return out


def _digest(key: str, asked: Any) -> str:
    """A short digest of one question: its key and signature."""
    text = json.dumps([key, asked], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST]


def refreshed(st: State) -> State:
    """The state with an id for every open question: a question still asked as it was keeps
    its id, a new or changed one gets the next number (a shallow copy; ``st`` is unchanged)."""
    record = st.get("decisions")
    record = record if isinstance(record, dict) else {}
    number = record.get("next", 1)
    number = number if isinstance(number, int) and number > 0 else 1
    known = record.get("open")
    known = known if isinstance(known, dict) else {}
    ids: dict[str, str] = {}
    for key, asked in open_questions(st).items():
        digest = _digest(key, asked)
        old = known.get(key)
        if isinstance(old, str) and old.endswith(f"-{digest}"):
            ids[key] = old
        else:
            ids[key] = f"{number}-{digest}"
            number += 1
    return {**st, "decisions": {"next": number, "open": ids}}


def question_key(kind: str, args: Mapping[str, Any]) -> str | None:
    """The key of the question the action ``kind`` answers (``args``' seat for a seat's own
    question), or None when it answers none."""
    question = QUESTIONS.get(kind)
    if question is None or question not in PER_SEAT:
        return question
    seat_id = args.get("seat_id")
    return f"{question}:{seat_id}" if isinstance(seat_id, str) else None


def open_id(st: State, key: str | None) -> str | None:
    """The id of the open question ``key`` (None when it is not open, or the state has none)."""
    record = st.get("decisions")
    known = record.get("open") if isinstance(record, dict) else None
    return known.get(key) if isinstance(known, dict) and key is not None else None


def check_answer(st: State, kind: str, args: Mapping[str, Any], sent: str) -> None:
    """Refuse an action whose ``decision`` is not the id of the question it answers now."""
    if sent != open_id(st, question_key(kind, args)):
        raise RuleError(STALE, action=action_words(kind))


def open_for(st: State, legal: Mapping[str, Any], seat_id: str | None) -> dict[str, str]:
    """The id of each open decision among one actor's ``legal`` actions, by action type (a
    seat's own questions for ``seat_id``; the table, None, has only the shared ones)."""
    out = {}
    for kind in legal:
        found = open_id(st, question_key(kind, {"seat_id": seat_id}))
        if found is not None:
            out[kind] = found
    return out
