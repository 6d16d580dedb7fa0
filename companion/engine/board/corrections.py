"""Table corrections: counters and capacities set by hand (each an ordinary, logged change)."""

from __future__ import annotations

from companion.engine.board.checks import check_place, entrance_at, entrance_label
from companion.engine.board.places import Choices, places
from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError, counted, require_one_of, words
from companion.engine.core.morale import end_game
from companion.engine.core.state import (
    COLONY,
    State,
    begin,
    free_spaces,
    free_survivor_spaces,
    location,
    place_name,
    require_count,
)
from companion.engine.words.labels import COUNTER_NAMES
from companion.engine.words.steps import N_, Step, at_place, step

COUNTERS = ("morale", "round_track", "food", "starvation", "waste")


@act.rule(N_("set waste"), who=act.CORRECTION)
@act.takes(value=act.FREE)
def set_waste(state: State, value: int) -> tuple[State, list[Step]]:
    """Set the waste pile's size (a table correction)."""
    return set_counter(state, "waste", value)


def counter_choices(st: State, actor: str) -> Choices:
    """Any of the counters."""
    return {"name": list(COUNTERS)}


@act.rule(N_("set counter"), who=act.CORRECTION)
@act.takes(counter_choices, value=act.FREE)
def set_counter(state: State, name: str, value: int) -> tuple[State, list[Step]]:
    """Correct a public counter: morale, round_track, food, starvation or waste.

    **Ruling:** a correction is an ordinary change: morale or the round track set to 0 ends the
    game at once, as any loss to 0 would (002 "Winning and Losing").
    """
    st, steps = begin(state)
    require_one_of(name, COUNTERS, N_("a counter is one of {known}, not {name}"), "name")
    value = require_count(value, words(COUNTER_NAMES, name))
    old = st[name]
    st[name] = value
    steps.append(step("counter_set", counter=name, old=old, value=value))
    if value == 0 and name in ("morale", "round_track"):
        end_game(st, steps, name)
    return st, steps


def capacity_choices(st: State, actor: str) -> Choices:
    """Any place on the board."""
    return {"place": places(st)}


@act.rule(N_("set capacity"), who=act.CORRECTION)
@act.takes(capacity_choices, survivor_spaces=act.FREE, entrance_spaces=act.FREE, entrance=act.FREE)
def set_capacity(
    state: State,
    place: str,
    survivor_spaces: int | None = None,
    entrance_spaces: int | None = None,
    entrance: int | None = None,
) -> tuple[State, list[Step]]:
    """Change a place's survivor or entrance spaces (capacities are data, editable per table).

    At the colony ``entrance_spaces`` applies to every entrance, or to ``entrance`` alone. A
    capacity below what already stands there is refused.
    """
    st, steps = begin(state)
    check_place(st, place)
    if survivor_spaces is None and entrance_spaces is None:
        raise RuleError(N_("give survivor spaces, entrance spaces, or both"))
    name = place_name(st, place)
    if survivor_spaces is not None:
        survivor_spaces = require_count(survivor_spaces, N_("survivor spaces"), minimum=1)
        holder = st["colony"] if place == COLONY else location(st, place)
        taken = holder["survivor_spaces"] - free_survivor_spaces(st, place)
        if survivor_spaces < taken:
            raise RuleError(
                N_("{place} already holds {taken}: {spaces} is too few"),
                place=name,
                taken=counted("{n} survivor", "{n} survivors", taken, n=taken),
                spaces=survivor_spaces,
            )
        holder["survivor_spaces"] = survivor_spaces
        _capacity_set(st, steps, place, "survivor_spaces", survivor_spaces)
    if entrance_spaces is not None:
        entrance_spaces = require_count(entrance_spaces, N_("entrance spaces"), minimum=1)
        if place == COLONY:
            ents = (
                st["colony"]["entrances"]
                if entrance is None
                else [entrance_at(st, place, entrance)]
            )
        else:
            ents = [entrance_at(st, place, entrance)]
        for ent in ents:
            taken = ent["spaces"] - free_spaces(ent)
            if entrance_spaces < taken:
                raise RuleError(
                    N_("{entrance} already holds {taken}: {spaces} spaces are too few"),
                    entrance=entrance_label(st, place, ent),
                    taken=counted("{n} token", "{n} tokens", taken, n=taken),
                    spaces=entrance_spaces,
                )
            ent["spaces"] = entrance_spaces
        _capacity_set(st, steps, place, "entrance_spaces", entrance_spaces, entrance=entrance)
    return st, steps


def _capacity_set(
    st: State, steps: list[Step], place: str, what: str, value: int, **entrance: int | None
) -> None:
    """Say a place's survivor or entrance spaces were set (``entrance``: which one, if given)."""
    steps.append(step("capacity_set", **at_place(st, place), what=what, **entrance, value=value))
