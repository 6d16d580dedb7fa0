"""The Long Night's points where the companion and the box parted ways, each held to its
rulebook lines (000 English, 001 Portuguese): R1's sealed Raxxon and its completion, the next
experiment asked for at once, the chapter card after a won game, the containment check in a
Confirm's list, the Hideout's take, an attract that names its zombies, one name per zombie.
"""

from __future__ import annotations

import pytest
from test_engine_special_scenarios import (
    RAXXON,
    act,
    chimp_and_code,
    follow_r1,
    kinds,
    new,
    raxxon_card,
    to_step_five,
)

from companion.engine.core.state import free_survivor_spaces


def test_r1_barricades_every_entrance_space_of_raxxon_and_no_setup_zombie_goes_there():
    """000:873 "Place barricades on every entrance and survivor space on the Raxxon location":
    Raxxon's 3 entrance spaces hold 3 barricades and no zombie, though every other location
    takes its setup zombie."""
    setup = chimp_and_code()
    setup["main_objective"]["standard"] = {
        **setup["main_objective"]["standard"],
        "zombies_per_location": 1,
    }
    st, steps = new(setup)
    gate = raxxon_card(st)["entrance"]
    assert (gate["spaces"], gate["barricades"], gate["zombies"]) == (3, 3, 0)
    assert free_survivor_spaces(st, RAXXON["id"]) == 0
    others = [loc for loc in st["locations"] if loc["id"] != RAXXON["id"]]
    assert others and all(loc["entrance"]["zombies"] == 1 for loc in others)
    sealed = next(s for s in steps if s["kind"] == "raxxon_sealed")
    assert sealed["barricades"] == 3


def test_r1_completion_puts_3_colony_zombies_at_raxxon_without_an_overrun():
    """000:892 in its order: "Remove all barricades from the Raxxon location card. Place a
    survivor you control at Raxxon. ... Remove any 3 zombies from the colony and place them at
    Raxxon." Raxxon was sealed empty (000:873), so its 3 entrance spaces take the 3 zombies and
    the survivor just placed lives."""
    st, _ = new(chimp_and_code())
    st = to_step_five(st)
    for ent in st["colony"]["entrances"]:
        ent["zombies"] = 1
    assert raxxon_card(st)["entrance"]["zombies"] == 0
    st, steps = act(st, {"type": "check_main_objective", "met": True})
    assert raxxon_card(st)["entrance"]["barricades"] == 0
    assert kinds(steps).index("raxxon_opened") < kinds(steps).index("r1_completion_asked")
    alive = len(st["survivors"])
    st, steps = follow_r1(st)
    gate = raxxon_card(st)["entrance"]
    assert gate["zombies"] == 3
    assert "overrun" not in " ".join(kinds(steps))
    assert not [s for s in steps if s["kind"] == "survivor_killed"]
    assert len(st["survivors"]) == alive + 1  # Blue joined; nobody died
    placed = next(s for s in steps if s["kind"] == "scenario_placed")
    assert kinds(steps).index("scenario_placed") < kinds(steps).index("scenario_zombies_moved")
    assert next(v for v in st["survivors"] if v["id"] == placed["survivor"])["location"] == (
        RAXXON["id"]
    )
