"""Small builders of game states for engine tests (test data, not card data)."""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from typing import Any

from companion.engine import catalogue
from companion.engine.state import State, new_state, new_survivor

LOCATIONS = [
    {
        "id": "police",
        "name": "Police Station",
        "number": 1,
        "entrance_spaces": 3,
        "survivor_spaces": 3,
    },
    {
        "id": "grocery",
        "name": "Grocery Store",
        "number": 2,
        "entrance_spaces": 3,
        "survivor_spaces": 3,
    },
    {"id": "school", "name": "School", "number": 3, "entrance_spaces": 4, "survivor_spaces": 4},
    {"id": "library", "name": "Library", "number": 4, "entrance_spaces": 3, "survivor_spaces": 3},
    {"id": "hospital", "name": "Hospital", "number": 5, "entrance_spaces": 4, "survivor_spaces": 4},
    {"id": "gas", "name": "Gas Station", "number": 6, "entrance_spaces": 2, "survivor_spaces": 2},
]


FUEL_SHORTAGE = {
    "id": "test.fuel-shortage",
    "name": "Fuel Shortage",
    "prevent": ["fuel"],
    "fail_text": "Lose 2 morale.",
    "fail_effects": [{"kind": "morale", "amount": -2}],
    "bonus_text": "Gain 1 morale.",
    "bonus_effects": [{"kind": "morale", "amount": 1}],
    "bandits": [2, 9],
}
"""The crisis of the base rulebook's "Example: Resolving a Crisis" (facts only, our words)."""


def make_state(seats: int = 3, *, ruleset: str = "base", **settings) -> State:
    """A state with `seats` players, the six test locations and nobody on the board."""
    names = ["Ana", "Bruno", "Carla", "Davi", "Elis", "Fabio"][:seats]
    return new_state(ruleset=ruleset, seat_names=names, locations=LOCATIONS, settings=settings)


def with_cards(
    st: State,
    *,
    crises: Iterable[dict[str, Any]] = (),
    crossroads: Iterable[dict[str, Any]] = (),
    objectives: Iterable[dict[str, Any]] = (),
    survivors: Iterable[dict[str, Any]] = (),
) -> State:
    """Put card facts into a hand-built state's catalogue, checked as ``new_game`` checks them.

    Changes ``st`` in place and returns it. Decks and secrets are left alone: a test that wants
    a card in a deck or a hand puts its id there itself.
    """
    for kind, records in (
        ("crises", crises),
        ("crossroads", crossroads),
        ("objectives", objectives),
        ("survivors", survivors),
    ):
        catalogue.add_cards(st["cards"], kind, list(records))
    return st


def put_survivors(
    st: State, influences: Iterable[int], *, owner: str = "s1", place: str = "colony"
) -> list[str]:
    """Add survivors with these influences for one seat; the first one added leads. Returns ids."""
    ids = []
    for influence in influences:
        sid = f"surv-{influence}-{len(st['survivors'])}"
        leader = not any(s["owner"] == owner for s in st["survivors"])
        card = {"id": sid, "name": f"Survivor {influence}", "influence": influence}
        st["survivors"].append(new_survivor(card, owner, leader=leader, place=place))
        ids.append(sid)
    return ids


class Scripted:
    """A random source that gives exactly the scripted ``randint`` results, in order.

    Running out of results is a test bug: it raises AssertionError instead of making a number
    up. ``shuffle`` leaves a list in the order it is in, so a scripted test knows that order.
    """

    def __init__(self, results: Iterable[int] = ()) -> None:
        self.results = list(results)

    def randint(self, a: int, b: int) -> int:
        """The next scripted result, checked against the range asked for."""
        if not self.results:
            raise AssertionError(f"Scripted ran out of results: randint({a}, {b}) was asked for")
        value = self.results.pop(0)
        assert a <= value <= b, f"scripted {value} outside {a}..{b}"
        return value

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Keep the list's order (a scripted test names the order it expects)."""
