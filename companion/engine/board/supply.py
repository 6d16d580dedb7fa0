"""The colony's supply during turns: cards played and wasted, food spent, helpless survivors."""

from __future__ import annotations

from typing import Any

from companion.engine.board.checks import active_seat, require_long_night, require_own_turn
from companion.engine.board.deaths import kill_helpless
from companion.engine.board.places import Choices
from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError, counted
from companion.engine.core.state import (
    COLONY,
    State,
    active_seat_id,
    begin,
    free_survivor_spaces,
    require_count,
    seat,
    survivors_of,
    unruly_rule,
)
from companion.engine.words.steps import N_, Step, of_seat, step

CLEAN_WASTE_CARDS = 3

NO_HELPLESS = {
    None: N_("there is no helpless survivor in the colony"),
    True: N_("there is no unruly helpless survivor in the colony"),
    False: N_("there is no normal helpless survivor in the colony"),
}
"""The refusal for a card killing a helpless survivor the colony lacks (either kind, unruly,
normal)."""


def play(st: State, steps: list[Step], player: dict[str, Any], count: int, event: bool) -> None:
    """Played cards go on the waste pile (002:1798, 000:385).

    An event card leaves the game instead, and so does any card an exiled player plays.
    """
    if player["exiled"]:
        removed = "exiled"
    elif event:
        removed = "event"
    else:
        removed = ""
        st["waste"] += count
    steps.append(
        step(
            "cards_played",
            **of_seat(player),
            count=count,
            removed=removed,
            waste=st["waste"],
        )
    )


def play_choices(st: State, actor: str) -> Choices:
    """The active player plays cards, as an event or not."""
    return {"seat_id": [active_seat_id(st)], "event": [False, True]}


@act.rule(N_("play cards"), "000:385 002:1798", who=act.TURN, about="seat_id")
@act.takes(play_choices, count=act.FREE)
def play_cards(
    state: State, seat_id: str, count: int = 1, event: bool = False
) -> tuple[State, list[Step]]:
    """Record cards a player plays: waste pile, or out of the game (000:385, 002:1798)."""
    st, steps = begin(state)
    count = require_count(count, N_("the number of cards"), minimum=1)
    player = active_seat(st, seat_id)
    require_own_turn(st, player, N_("play cards"))
    play(st, steps, player, count, bool(event))
    return st, steps


def waste_choices(st: State, actor: str) -> Choices | None:
    """The active player with a survivor in the colony, while there is waste."""
    active = active_seat_id(st)
    here = any(s["location"] == COLONY for s in survivors_of(st, active)) if active else False
    return {"seat_id": [active]} if st["waste"] > 0 and here else None


@act.rule(N_("clean waste"), "002:1216-1219", who=act.TURN, about="seat_id")
@act.takes(waste_choices)
def clean_waste(state: State, seat_id: str) -> tuple[State, list[Step]]:
    """Clean Waste: remove the top 3 cards of the waste pile from the game (002:1216-1219).

    The player needs a survivor in the colony. A pile with fewer cards loses what it has; an
    empty pile cannot be cleaned.
    """
    st, steps = begin(state)
    player = active_seat(st, seat_id)
    require_own_turn(st, player, N_("clean the waste"))
    if not any(s["location"] == COLONY for s in survivors_of(st, seat_id)):
        raise RuleError(
            N_("{name} has no survivor in the colony to clean the waste"), name=player["name"]
        )
    if st["waste"] == 0:
        raise RuleError(N_("the waste pile is empty"))
    removed = min(CLEAN_WASTE_CARDS, st["waste"])
    st["waste"] -= removed
    steps.append(
        step(
            "waste_cleaned",
            **of_seat(player),
            removed=removed,
            waste=st["waste"],
        )
    )
    return st, steps


def _add_to(state: State, pile: str, count: int, what: str) -> tuple[State, list[Step], int]:
    """Begin a change that adds ``count`` (``what``, at least 1) to the waste pile or the food
    supply; the checked count is returned for the step."""
    st, steps = begin(state)
    count = require_count(count, what, minimum=1)
    st[pile] += count
    return st, steps, count


@act.rule(N_("add waste"), who=act.TURN)
@act.takes(count=act.FREE)
def add_waste(state: State, count: int) -> tuple[State, list[Step]]:
    """Put cards on the waste pile (a discard effect or a correction)."""
    st, steps, count = _add_to(state, "waste", count, N_("the number of cards"))
    steps.append(step("waste_added", count=count, waste=st["waste"]))
    return st, steps


def spend(st: State, steps: list[Step], player: dict[str, Any], count: int) -> None:
    """Spend food tokens: +1 on one unused action die per token (002 "Spend Food Tokens").

    Exiled players cannot spend food tokens (002:1757).
    """
    if player["exiled"]:
        raise RuleError(N_("{name} is exiled and cannot spend food tokens"), name=player["name"])
    if count > st["food"]:
        raise RuleError(
            N_("the food supply holds {food}, not {count}"),
            food=counted("{n} food token", "{n} food tokens", st["food"], n=st["food"]),
            count=count,
        )
    st["food"] -= count
    steps.append(step("food_spent", **of_seat(player), count=count, food=st["food"]))


def food_choices(st: State, actor: str) -> Choices | None:
    """The active player, not exiled, spends 1 to all the food in the supply."""
    active = active_seat_id(st)
    if st["food"] <= 0 or active is None or seat(st, active)["exiled"]:
        return None
    return {"seat_id": [active], "count": list(range(1, st["food"] + 1))}


@act.rule(N_("spend food"), "002:1388", who=act.TURN, about="seat_id")
@act.takes(food_choices)
def spend_food(state: State, seat_id: str, count: int) -> tuple[State, list[Step]]:
    """Spend food tokens from the supply to raise an action die. Base 002 (002:1388)."""
    st, steps = begin(state)
    count = require_count(count, N_("the number of food tokens"), minimum=1)
    player = active_seat(st, seat_id)
    require_own_turn(st, player, N_("spend food tokens"))
    spend(st, steps, player, count)
    return st, steps


@act.rule(N_("add food"), who=act.TURN)
@act.takes(count=act.FREE)
def add_food(state: State, count: int) -> tuple[State, list[Step]]:
    """Add food tokens to the supply (a food card played, or another effect)."""
    st, steps, count = _add_to(state, "food", count, N_("the number of food tokens"))
    steps.append(step("food_added", count=count, food=st["food"]))
    return st, steps


def add_helpless_tokens(
    st: State, steps: list[Step], count: int, unruly: bool, player: dict[str, Any] | None
) -> None:
    """Helpless survivors join the colony (002:1727, 002:1749).

    An exiled player's helpless are not added. A full colony takes none, so the effect cannot be
    used (002:1727). **Ruling:** when only some fit, those are added and the rest are not.
    """
    if player and player["exiled"]:
        steps.append(step("helpless_not_added", **of_seat(player), count=count))
        return
    room = free_survivor_spaces(st, COLONY)
    if room <= 0:
        raise RuleError(N_("the colony has no empty survivor space for helpless survivors"))
    added = min(room, count)
    st["helpless"]["unruly" if unruly else "normal"] += added
    steps.append(step("helpless_added", count=added, unruly=unruly, left_out=count - added))


def helpless_choices(st: State, actor: str) -> Choices | None:
    """During a turn the active player's (an exiled one's wherever there is room), between
    turns the table's, while the colony has a free survivor space."""
    active = active_seat_id(st) if st.get("turn") else None
    exiled = active is not None and seat(st, active)["exiled"]
    if free_survivor_spaces(st, COLONY) <= 0 and not exiled:
        return None
    return {"seat_id": [active], "unruly": [False, True] if unruly_rule(st) else [False]}


@act.rule(N_("add helpless"), "000:690 002:1727 002:1749", who=act.TURN, about="seat_id")
@act.takes(helpless_choices, count=act.FREE)
def add_helpless(
    state: State, count: int, unruly: bool = False, seat_id: str | None = None
) -> tuple[State, list[Step]]:
    """Add helpless (or unruly, 000:690) survivor tokens to the colony (002:1727, 002:1749)."""
    st, steps = begin(state)
    count = require_count(count, N_("the number of helpless survivors"), minimum=1)
    if unruly:
        require_long_night(st, N_("unruly helpless survivors"))
    player = active_seat(st, seat_id) if seat_id is not None else None
    add_helpless_tokens(st, steps, count, bool(unruly), player)
    return st, steps


def calm_choices(st: State, actor: str) -> Choices | None:
    """The active player, while an unruly helpless survivor is in the colony."""
    return {"seat_id": [active_seat_id(st)]} if st["helpless"]["unruly"] > 0 else None


@act.rule(N_("calm unruly"), "000:692 002:1798", who=act.TURN, about="seat_id")
@act.takes(calm_choices)
def calm_unruly(state: State, seat_id: str) -> tuple[State, list[Step]]:
    """The active player turns an unruly token back to normal with a medicine card (000:692).

    The medicine card goes on the waste pile; played by an exiled player it leaves the game
    instead (002:1798).
    """
    st, steps = begin(state)
    player = active_seat(st, seat_id)
    if active_seat_id(st) != seat_id:
        raise RuleError(
            N_("only the active player may calm an unruly survivor, not {name}"),
            name=player["name"],
        )
    if st["helpless"]["unruly"] <= 0:
        raise RuleError(N_("there is no unruly helpless survivor in the colony"))
    st["helpless"]["unruly"] -= 1
    st["helpless"]["normal"] += 1
    if not player["exiled"]:
        st["waste"] += 1
    steps.append(
        step(
            "unruly_calmed",
            **of_seat(player),
            wasted=not player["exiled"],
            waste=st["waste"],
        )
    )
    return st, steps


def helpless_left_choices(st: State, actor: str) -> Choices | None:
    """Open while a helpless survivor is in the colony, listing the kinds of token it holds
    (``unruly`` False: a normal one, True: an unruly one); left out, the ruling picks."""
    helpless = st["helpless"]
    kinds = [unruly for unruly in (False, True) if helpless["unruly" if unruly else "normal"]]
    return {"unruly": kinds} if kinds else None


@act.rule(N_("kill helpless by card"), "002:1786 000:546", who=act.CORRECTION)
@act.takes(helpless_left_choices)
def kill_helpless_by_card(state: State, unruly: bool | None = None) -> tuple[State, list[Step]]:
    """A card kills a helpless survivor: morale -1 (002:1786; an unruly token is one, 000:546)."""
    st, steps = begin(state)
    if not kill_helpless(st, steps, "card", unruly=unruly):
        raise RuleError(NO_HELPLESS[unruly])
    return st, steps
