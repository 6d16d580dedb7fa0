"""The Improvements module (000:708-719): the face-up improvements and their advancement tokens.

At setup 4 improvement cards are laid face up in a row near the colony (000:713). Items and other
effects let players put advancement tokens on them; once an improvement holds at least as many
tokens as its card's number, its ongoing effects are active and it moves to the centre of the
colony board (000:717). The cards lie on the real table, so the companion keeps only their facts
(a name and the number of tokens needed) in ``state["improvements"]``.

The rulebook names no improvement and lists no effect: each card's effect is its own text. So
the engine tracks activation only and leaves every effect to the table (ruling, shown in the
``improvement_built`` step).
"""

from __future__ import annotations

import re
from typing import Any

from companion.engine.core import declare as act
from companion.engine.core.catalogue import IMPROVEMENT_TOKENS
from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import State, begin, require_count
from companion.engine.words.steps import N_, Step, of_card, step

MODULE = "improvements"
FACE_UP = 4
"""Improvement cards drawn and laid face up at the start of the game (000:713)."""
TYPED_PREFIX = "typed."
MAX_NEEDED = IMPROVEMENT_TOKENS
"""The most advancement tokens one improvement can need (catalogue.IMPROVEMENT_TOKENS)."""


def improvements_in_play(st: State) -> bool:
    """Whether the table plays with the Improvements module (000:708)."""
    return MODULE in st["settings"].get("modules", [])


def face_up(st: State) -> list[dict[str, Any]]:
    """The improvements in the row, not yet active (000:713)."""
    return [imp for imp in st.get("improvements") or [] if not imp["active"]]


def room_to_lay(st: State) -> int:
    """How many improvements the table may still lay face up: the 4 drawn at the start of the
    game (000:713). A built one moves to the centre of the colony board (000:717) and still
    counts: the rulebook draws no card to take its place, so only a card taken
    off the row as a mistake (``remove_improvement``) makes room again."""
    return max(0, FACE_UP - len(st.get("improvements") or []))


def improvement(st: State, improvement_id: Any) -> dict[str, Any]:
    """The improvement on the table with this id, or raise."""
    for imp in st.get("improvements") or []:
        if imp["id"] == improvement_id:
            return imp
    raise RuleError(N_("unknown improvement {improvement}"), improvement=shown(improvement_id))


def is_active(imp: dict[str, Any]) -> bool:
    """An improvement is active once its tokens reach its number (000:717: "equal to or
    greater than the number indicated on the card")."""
    return imp["tokens"] >= imp["needs"]


def lay_choices(st: State, actor: str) -> dict[str, Any] | None:
    """An improvement not yet laid and what it needs, while the module is in play with room."""
    if not improvements_in_play(st) or not room_to_lay(st):
        return None
    placed = {imp["id"] for imp in st.get("improvements") or []}
    cards = st["cards"].get("improvements") or {}
    return {"improvement": sorted(c for c in cards if c not in placed), "needs": [1, MAX_NEEDED]}


@act.rule(N_("place improvement"), "000:713", who=act.CORRECTION)
@act.takes(lay_choices, name=act.FREE, needs=act.number())
def place_improvement(
    state: State,
    improvement: str | None = None,
    name: str | None = None,
    needs: int | None = None,
) -> tuple[State, list[Step]]:
    """Lay an improvement face up in the row (000:713): a card of the game's catalogue by id,
    or one the table types in by its name and the number of tokens it needs."""
    st, steps = begin(state)
    if not improvements_in_play(st):
        raise RuleError(N_("this game is played without the Improvements module"))
    if not room_to_lay(st):
        if len(face_up(st)) >= FACE_UP:
            raise RuleError(
                N_("{count} improvements already lie face up, as many as the row holds"),
                count=FACE_UP,
            )
        raise RuleError(
            N_(
                "the {count} improvements of the game are laid: a built one moves to the colony "
                "board and no new card takes its place (000:713-717)"
            ),
            count=FACE_UP,
        )
    if improvement is not None:
        if name is not None or needs is not None:
            raise RuleError(N_("pick an improvement card or type one in, not both"))
        card = (st["cards"].get("improvements") or {}).get(improvement)
        if card is None:
            raise RuleError(N_("unknown improvement {improvement}"), improvement=shown(improvement))
        record = {"id": card["id"], "name": card["name"], "needs": card["needs"]}
    else:
        if name is None or needs is None:
            raise RuleError(N_("a typed-in improvement needs its name and its number"))
        clean = " ".join(name.split())
        if not clean:
            raise RuleError(N_("a typed-in improvement needs its name and its number"))
        record = {"id": _typed_id(clean), "name": clean, "needs": _needs(needs)}
    if any(imp["id"] == record["id"] for imp in st.get("improvements") or []):
        raise RuleError(
            N_("{improvement} is already on the table"), improvement=shown(record["name"])
        )
    st.setdefault("improvements", []).append({**record, "tokens": 0, "active": False})
    steps.append(
        step(
            "improvement_placed",
            **of_card("improvement", record),
            needs=record["needs"],
        )
    )
    return st, steps


def _typed_id(name: str) -> str:
    """The id of a typed-in improvement, made from its name."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "improvement"
    return f"{TYPED_PREFIX}{slug}"[:120]


def _needs(value: Any) -> int:
    """The number of advancement tokens an improvement needs, checked (1 to MAX_NEEDED)."""
    needs = require_count(value, N_("the advancement tokens an improvement needs"), minimum=1)
    if needs > MAX_NEEDED:
        raise RuleError(
            N_("an improvement needs at most {most} advancement tokens, not {value}"),
            most=MAX_NEEDED,
            value=needs,
        )
    return needs


def row_choices(st: State, actor: str) -> dict[str, Any] | None:
    """Any improvement face up, while the module is in play."""
    row = face_up(st) if improvements_in_play(st) else []
    return {"improvement": [imp["id"] for imp in row]} if row else None


@act.rule(N_("remove improvement"), "000:717", who=act.CORRECTION)
@act.takes(row_choices)
def remove_improvement(state: State, improvement: str) -> tuple[State, list[Step]]:
    """Take a face-up improvement off the row (a correction: it was entered by mistake).

    An active one stays: it is built in the colony (000:717).
    """
    st, steps = begin(state)
    imp = _not_built(st, improvement)
    st["improvements"].remove(imp)
    steps.append(step("improvement_removed", **of_card("improvement", imp)))
    return st, steps


def advance(steps: list[Step], imp: dict[str, Any], count: int) -> None:
    """Put advancement tokens on an improvement; it is built, active, once they reach its
    number (000:717)."""
    imp["tokens"] += count
    steps.append(_tokens_step(imp, count))
    if is_active(imp):
        imp["active"] = True
        steps.append(
            step(
                "improvement_built",
                **of_card("improvement", imp),
                tokens=imp["tokens"],
                needs=imp["needs"],
            )
        )


@act.rule(N_("add advancement token"), "000:717", who=act.TURN)
@act.takes(row_choices, count=act.FREE)
def add_advancement(state: State, improvement: str, count: int = 1) -> tuple[State, list[Step]]:
    """Put advancement tokens on a face-up improvement (000:717); it becomes active exactly
    when its tokens reach its number."""
    st, steps = begin(state)
    count = require_count(count, N_("how many advancement tokens"), minimum=1)
    advance(steps, _not_built(st, improvement), count)
    return st, steps


def holding_choices(st: State, actor: str) -> dict[str, Any] | None:
    """Any improvement face up with an advancement token on it."""
    row = face_up(st) if improvements_in_play(st) else []
    holding = [imp["id"] for imp in row if imp["tokens"] > 0]
    return {"improvement": holding} if holding else None


@act.rule(N_("remove advancement token"), who=act.CORRECTION)
@act.takes(holding_choices, count=act.FREE)
def remove_advancement(state: State, improvement: str, count: int = 1) -> tuple[State, list[Step]]:
    """Take advancement tokens off a face-up improvement (a card or a correction)."""
    st, steps = begin(state)
    count = require_count(count, N_("how many advancement tokens"), minimum=1)
    imp = _not_built(st, improvement)
    if count > imp["tokens"]:
        raise RuleError(
            N_("{improvement} holds {tokens} advancement tokens, not {count}"),
            improvement=imp["name"],
            tokens=imp["tokens"],
            count=count,
        )
    imp["tokens"] -= count
    steps.append(_tokens_step(imp, -count))
    return st, steps


def _not_built(st: State, improvement_id: Any) -> dict[str, Any]:
    """A face-up improvement, refusing an active one: it is built and stays active.

    Ruling (000:717, 001:2053 "efeitos permanentes"): once active, the card or its token moves
    to the centre of the colony board and no longer takes or loses advancement tokens.
    """
    imp = improvement(st, improvement_id)
    if imp["active"]:
        raise RuleError(
            N_("{improvement} is built and stays active: its advancement tokens no longer change"),
            improvement=imp["name"],
        )
    return imp


def _tokens_step(imp: dict[str, Any], amount: int) -> Step:
    """The step of advancement tokens put on or taken off an improvement."""
    return step(
        "advancement_changed",
        **of_card("improvement", imp),
        amount=amount,
        tokens=imp["tokens"],
        needs=imp["needs"],
    )


def improvement_choices(st: State) -> dict[str, dict[str, Any]]:
    """The table's improvement actions open now, with their choices (legal.py lists them)."""
    kinds = ("place_improvement", "add_advancement", "remove_improvement", "remove_advancement")
    return act.open_now(st, act.TABLE_ACTOR, *kinds)
