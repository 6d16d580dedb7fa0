"""The colony's supply during turns: cards played and wasted, food spent, helpless survivors."""

from __future__ import annotations

from typing import Any

from companion.engine.board.checks import active_seat, require_long_night, require_own_turn
from companion.engine.board.deaths import kill_helpless
from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError, counted
from companion.engine.core.state import (
    COLONY,
    State,
    active_seat_id,
    begin,
    free_survivor_spaces,
    require_count,
    survivors_of,
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


act.declare(
    play_cards,
    who=act.TURN,
    about="seat_id",
    label=N_("play cards"),
    lines=("000:385", "002:1798"),
    count=act.FREE,
)


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


act.declare(
    clean_waste,
    who=act.TURN,
    about="seat_id",
    label=N_("clean waste"),
    lines=("002:1216-1219",),
)


def _add_to(state: State, pile: str, count: int, what: str) -> tuple[State, list[Step], int]:
    """Begin a change that adds ``count`` (``what``, at least 1) to the waste pile or the food
    supply; the checked count is returned for the step."""
    st, steps = begin(state)
    count = require_count(count, what, minimum=1)
    st[pile] += count
    return st, steps, count


def add_waste(state: State, count: int) -> tuple[State, list[Step]]:
    """Put cards on the waste pile (a discard effect or a correction)."""
    st, steps, count = _add_to(state, "waste", count, N_("the number of cards"))
    steps.append(step("waste_added", count=count, waste=st["waste"]))
    return st, steps


act.declare(
    add_waste,
    who=act.TURN,
    label=N_("add waste"),
    count=act.FREE,
)


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


def spend_food(state: State, seat_id: str, count: int) -> tuple[State, list[Step]]:
    """Spend food tokens from the supply to raise an action die. Base 002 (002:1388)."""
    st, steps = begin(state)
    count = require_count(count, N_("the number of food tokens"), minimum=1)
    player = active_seat(st, seat_id)
    require_own_turn(st, player, N_("spend food tokens"))
    spend(st, steps, player, count)
    return st, steps


act.declare(
    spend_food,
    who=act.TURN,
    about="seat_id",
    label=N_("spend food"),
    lines=("002:1388",),
)


def add_food(state: State, count: int) -> tuple[State, list[Step]]:
    """Add food tokens to the supply (a food card played, or another effect)."""
    st, steps, count = _add_to(state, "food", count, N_("the number of food tokens"))
    steps.append(step("food_added", count=count, food=st["food"]))
    return st, steps


act.declare(
    add_food,
    who=act.TURN,
    label=N_("add food"),
    count=act.FREE,
)


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


act.declare(
    add_helpless,
    who=act.TURN,
    about="seat_id",
    label=N_("add helpless"),
    lines=("000:690", "002:1727", "002:1749"),
    count=act.FREE,
)


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


act.declare(
    calm_unruly,
    who=act.TURN,
    about="seat_id",
    label=N_("calm unruly"),
    lines=("000:692", "002:1798"),
)


def kill_helpless_by_card(state: State, unruly: bool | None = None) -> tuple[State, list[Step]]:
    """A card kills a helpless survivor: morale -1 (002:1786; an unruly token is one, 000:546)."""
    st, steps = begin(state)
    if not kill_helpless(st, steps, "card", unruly=unruly):
        raise RuleError(NO_HELPLESS[unruly])
    return st, steps


act.declare(
    kill_helpless_by_card,
    who=act.CORRECTION,
    label=N_("kill helpless by card"),
    lines=("002:1786", "000:546"),
    unruly=act.FREE,
)
