"""Small builders of game states and setups for engine tests (test data, not card data)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, MutableSequence
from typing import Any

from companion.engine.core import catalogue
from companion.engine.core.state import State, new_state, new_survivor

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


# --- whole setups for the engine's new_game, from test cards ------------------------------

# The base rulebook's first main objective (002 "Game Setup" 3, facts only).
SAMPLES = {
    "id": "base.we-need-more-samples",
    "name": "We Need More Samples",
    "time": "short",
    "goal": "Collect killed zombies on the card.",
    "standard": {
        "morale": 6,
        "round_track": 6,
        "zombies_per_location": 1,
        "colony_zombies": 0,
        "food": 0,
        "helpless": 0,
        "extra": "",
    },
    "hardcore": {
        "morale": 6,
        "round_track": 5,
        "zombies_per_location": 3,
        "colony_zombies": 0,
        "food": 0,
        "helpless": 0,
        "extra": "",
    },
}

COLONY_CARD = {
    "id": "base.colony",
    "name": "Colony",
    "number": 0,
    "entrances": 6,
    "entrance_spaces": 3,
    "survivor_spaces": 30,
}

# (id, name, influence) of 15 test survivors; influences are all different.
SURVIVORS = [
    {"id": f"t.surv-{i}", "name": f"Survivor {i}", "influence": infl, "attack": 3, "search": 3}
    for i, infl in enumerate([32, 10, 64, 20, 58, 44, 60, 38, 66, 24, 52, 40, 46, 36, 28])
]

NAMES = ["Ana", "Bruno", "Carla", "Davi", "Elis"]


def objective_cards(normal: int = 12, betrayal: int = 3, exiled: int = 3) -> list[dict]:
    """Test objective cards of each kind."""
    cards = []
    for kind, count in (("normal", normal), ("betrayal", betrayal), ("exiled", exiled)):
        cards += [
            {"id": f"t.{kind}-{i}", "name": f"{kind.title()} Goal {i}", "kind": kind, "goal": "-"}
            for i in range(count)
        ]
    return cards


def crossroads_cards() -> list[dict]:
    """Crossroads test cards: plain, mature, non-co-op, and of each module."""
    flags = [
        ("t.plain-1", "Plain 1", False, False, ""),
        ("t.plain-2", "Plain 2", False, False, ""),
        ("t.mature", "Mature", True, False, ""),
        ("t.noncoop", "Non-coop", False, True, ""),
        ("t.bandit", "Bandit", False, False, "bandits"),
        ("t.raxxon", "Raxxon", False, False, "raxxon"),
    ]
    return [
        {
            "id": card_id,
            "name": name,
            "mature": mature,
            "non_coop": non_coop,
            "module": module,
            "options": [{"text": "Gain 1 morale.", "effects": [{"kind": "morale", "amount": 1}]}],
        }
        for card_id, name, mature, non_coop, module in flags
    ]


def crisis_cards() -> list[dict]:
    """Crisis test cards."""
    return [
        {"id": "t.crisis-1", "name": "Crisis 1", "module": "", "prevent": ["food"]},
        {"id": "t.crisis-2", "name": "Crisis 2", "module": "", "prevent": ["fuel"]},
        {"id": "t.crisis-bandit", "name": "Crisis B", "module": "bandits", "prevent": ["weapon"]},
    ]


def make_setup(players: int = 3, *, variant: str = "standard", **extra) -> dict:
    """A complete setup dict for `players` seats; survivors dealt in order from SURVIVORS."""
    keep = 3 if variant == "two_player" else 2
    seats = [
        {"name": NAMES[n], "survivors": copy.deepcopy(SURVIVORS[n * keep : (n + 1) * keep])}
        for n in range(players)
    ]
    setup = {
        "ruleset": "base",
        "variant": variant,
        "seats": seats,
        "locations": copy.deepcopy([COLONY_CARD, *LOCATIONS]),
        "main_objective": copy.deepcopy(SAMPLES),
        "objectives": objective_cards(),
        "crossroads": crossroads_cards(),
        "crises": crisis_cards(),
    }
    setup.update(extra)
    return setup
