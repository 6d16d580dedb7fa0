"""Adding zombies one at a time: entrances, barricades, explosive traps and overruns."""

from __future__ import annotations

from typing import Any

from companion.engine.board.deaths import kill_helpless, kill_survivor, lowest_influence
from companion.engine.core.state import (
    COLONY,
    State,
    entrance,
    free_spaces,
    location,
    one_per_two_colonists,
    survivors_at,
)
from companion.engine.words.steps import Step, at_place, of_location, step, step_place_name

COLONY_ENTRANCES = 6


def colony_entrance_for(k: int) -> int:
    """The entrance the k-th zombie of one addition goes to: 1, 2, ... 6, 1, 2 ...

    Base 002 "Adding Zombies": the first zombie always goes to entrance 1, the seventh to
    entrance 1 again; every addition starts over at entrance 1.
    """
    return (k - 1) % COLONY_ENTRANCES + 1


def zombies_for_colony(st: State) -> int:
    """Zombies the colony draws: 1 per 2 colonists, rounded up (002 "Add Zombies", 000:490)."""
    return one_per_two_colonists(st)


def zombies_for_location(st: State, location_id: str) -> int:
    """Zombies a location draws: 1 per survivor there, +1 per bandit (Bandits module, 000:745)."""
    return len(survivors_at(st, location_id)) + bandits_drawing_zombies(st, location_id)


def bandits_drawing_zombies(st: State, location_id: str) -> int:
    """The bandits at a location, each counting as a survivor for Add Zombies (000:745); none
    without the Bandits module."""
    loc = location(st, location_id)
    return loc["bandits"] if "bandits" in st["settings"]["modules"] else 0


def place_zombie(
    st: State,
    steps: list[Step],
    place: str,
    number: int | None,
    k: int,
    zombie: str | None = None,
) -> None:
    """Place one zombie at an entrance (base 002 "Adding Zombies", Long Night "Explosive Traps").

    An empty space takes it. A full entrance loses a barricade instead, or fires an explosive
    trap that also removes every zombie already there (000:696); the zombie is not placed. Which
    of the two goes first when both stand there is a table setting (ruling: barricade first).
    Otherwise the entrance is overrun. ``zombie`` names a special zombie that found no room
    (000:801): the steps name it instead of numbering it.
    """
    ent = entrance(st, place, number)
    where = {"where": place, "entrance": ent.get("number", 1), "k": k}
    where["location_name"] = step_place_name(st, place)
    if zombie:
        where["zombie"] = zombie
    if free_spaces(ent) > 0:
        ent["zombies"] += 1
        steps.append(step("zombie_placed", **where))
        return
    order = (
        ("barricade", "trap")
        if st["settings"]["barricade_before_trap"]
        else (
            "trap",
            "barricade",
        )
    )
    for defence in order:
        if defence == "barricade" and ent["barricades"] > 0:
            ent["barricades"] -= 1
            steps.append(step("barricade_broken", **where))
            return
        if defence == "trap" and ent["traps"] > 0:
            ent["traps"] -= 1
            cleared, ent["zombies"] = ent["zombies"], 0
            steps.append(step("trap_fired", cleared=cleared, **where))
            return
    steps.append(step("overrun", **where))
    overrun(st, steps, place)


def overrun(st: State, steps: list[Step], place: str) -> None:
    """An overrun kills the survivor there with the lowest influence (base 002 "Adding Zombies").

    Only when no survivor card is there does a helpless survivor die (colony only); when nobody
    is there nothing happens, except that bandits at an empty location are removed (000:745).
    """
    there = survivors_at(st, place)
    if there:
        victim = lowest_influence(st, there, steps)
        kill_survivor(
            st, steps, victim["id"], "overrun", place=place, place_name=step_place_name(st, place)
        )
        return
    if place == COLONY and kill_helpless(st, steps, "overrun", place=COLONY):
        return
    if place != COLONY and location(st, place)["bandits"] > 0:
        loc = location(st, place)
        steps.append(step("bandits_removed", **of_location(loc), count=loc["bandits"]))
        loc["bandits"] = 0
        return
    steps.append(step("overrun_nobody", where=place))


def add_zombies(
    st: State, steps: list[Step], place: str, count: int, reason: str, **details: Any
) -> None:
    """Add zombies to a place one at a time; colony zombies go round the entrances from 1.

    ``reason`` is a code (setup, colony_phase, card with a ``source`` in ``details``,
    card_or_action) or words the table typed.

    The count is fixed before the first one is placed: deaths on the way do not reduce it
    (the rulebook example places 7 for 14 colonists though one dies, 002:1675). Stops at once
    if the game ends.
    """
    if count <= 0 or st["ended"]:
        return
    steps.append(
        step(
            "zombies_to_add",
            **at_place(st, place),
            count=count,
            reason=reason,
            **details,
        )
    )
    for k in range(1, count + 1):
        number = colony_entrance_for(k) if place == COLONY else None
        place_zombie(st, steps, place, number, k)
        if st["ended"]:
            return
