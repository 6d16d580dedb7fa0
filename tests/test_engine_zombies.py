"""Adding zombies: entrances in order, barricades, explosive traps, overruns."""

from __future__ import annotations

from factory import make_state, put_survivors
from hypothesis import given
from hypothesis import strategies as st_

from companion.engine.board.zombies import add_zombies, colony_entrance_for, zombies_for_colony
from companion.engine.core.state import COLONY, free_spaces


def entrances(st):
    return st["colony"]["entrances"]


def test_rulebook_example_adding_zombies():
    """002/000 "Example: Adding Zombies": 14 colonists, entrance 3 full, 7 zombies."""
    st = make_state(3)
    put_survivors(st, [12, 20, 30, 40, 50], owner="s1")
    put_survivors(st, [14, 22, 32, 42, 52], owner="s2")
    put_survivors(st, [16, 24, 34, 44], owner="s3")
    entrances(st)[2]["zombies"] = 3
    assert zombies_for_colony(st) == 7
    morale = st["morale"]
    steps = []
    add_zombies(st, steps, COLONY, zombies_for_colony(st), "colony phase")
    kinds = [s["kind"] for s in steps]
    assert kinds[0] == "zombies_to_add"
    placed = [(s["kind"], s.get("entrance")) for s in steps if s["kind"] != "zombies_to_add"]
    assert placed[:3] == [("zombie_placed", 1), ("zombie_placed", 2), ("overrun", 3)]
    dead = [s for s in steps if s["kind"] == "survivor_died"]
    assert [d["name"] for d in dead] == ["Survivor 12"]
    assert [e["zombies"] for e in entrances(st)] == [2, 1, 3, 1, 1, 1]
    assert st["morale"] == morale - 1
    assert len(st["survivors"]) == 13


def test_barricade_breaks_instead_of_overrun():
    st = make_state(2)
    put_survivors(st, [30])
    entrances(st)[0].update(zombies=2, barricades=1)
    steps = []
    add_zombies(st, steps, COLONY, 1, "test")
    assert steps[-1]["kind"] == "barricade_broken"
    assert entrances(st)[0] == {"number": 1, "spaces": 3, "zombies": 2, "barricades": 0, "traps": 0}


def test_trap_clears_entrance_and_setting_orders_defences():
    st = make_state(2, barricade_before_trap=False)
    put_survivors(st, [30])
    entrances(st)[0].update(zombies=1, barricades=1, traps=1)
    steps = []
    add_zombies(st, steps, COLONY, 1, "test")
    assert steps[-1]["kind"] == "trap_fired" and steps[-1]["cleared"] == 1
    assert entrances(st)[0]["zombies"] == 0 and entrances(st)[0]["barricades"] == 1


def test_overrun_kills_helpless_only_when_no_survivor_card():
    st = make_state(2)
    st["helpless"]["normal"] = 1
    entrances(st)[0]["zombies"] = 3
    steps = []
    add_zombies(st, steps, COLONY, 1, "test")
    assert [s["kind"] for s in steps][-2:] == ["helpless_died", "morale_changed"]
    assert st["helpless"]["normal"] == 0


def test_overrun_of_empty_place_does_nothing():
    st = make_state(2)
    entrances(st)[0]["zombies"] = 3
    morale = st["morale"]
    steps = []
    add_zombies(st, steps, COLONY, 1, "test")
    assert steps[-1]["kind"] == "overrun_nobody"
    assert st["morale"] == morale


def test_exiled_survivor_dies_without_morale_loss():
    st = make_state(2)
    put_survivors(st, [30], owner="s2", place="police")
    st["seats"][1]["exiled"] = True
    st["locations"][0]["entrance"]["zombies"] = 3
    morale = st["morale"]
    steps = []
    add_zombies(st, steps, "police", 1, "test")
    died = [s for s in steps if s["kind"] == "survivor_died"]
    assert len(died) == 1 and not died[0]["costs_morale"]
    assert steps[-1]["kind"] == "last_survivor_lost"
    assert st["morale"] == morale


def test_game_ends_mid_placement_at_morale_zero():
    st = make_state(2)
    put_survivors(st, [10, 20, 30])
    st["morale"] = 1
    for e in entrances(st):
        e["zombies"] = 3
    steps = []
    add_zombies(st, steps, COLONY, 6, "test")
    assert st["ended"] == {"reason": "morale", "winners": None}
    assert len(st["survivors"]) == 2
    assert steps[-1]["kind"] == "game_ended"


def test_entrance_cycle():
    assert [colony_entrance_for(k) for k in range(1, 9)] == [1, 2, 3, 4, 5, 6, 1, 2]


@given(
    st_.lists(
        st_.tuples(st_.integers(0, 3), st_.integers(0, 3), st_.integers(0, 3)),
        min_size=6,
        max_size=6,
    ),
    st_.integers(0, 30),
    st_.integers(0, 8),
)
def test_every_zombie_is_accounted_for(fill, count, people):
    """placed + barricades broken + traps fired + overruns = zombies to add; spaces never exceed."""
    st = make_state(2)
    put_survivors(st, [10 + 2 * i for i in range(people)])
    st["morale"] = 99
    for e, (z, b, t) in zip(entrances(st), fill, strict=True):
        b = min(b, 3 - z)
        e.update(zombies=z, barricades=b, traps=min(t, 3 - z - b))
    steps = []
    add_zombies(st, steps, COLONY, count, "test")
    outcomes = [
        s
        for s in steps
        if s["kind"] in ("zombie_placed", "barricade_broken", "trap_fired", "overrun")
    ]
    assert len(outcomes) == count
    for e in entrances(st):
        assert free_spaces(e) >= 0
