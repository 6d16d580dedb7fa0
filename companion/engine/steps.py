"""Steps: what the engine did, machine-readable, and one sentence for each to read aloud.

A step is a plain dict: ``{"kind": "zombie_placed", ...fields}``. Steps are public (the table
screen shows them) unless they carry ``"private": seat_id``, in which case only that seat's phone
may see them. Public steps never name a secret (an objective, a crossroads card before it
triggers, who contributed which crisis card).

Every sentence lives in ``TEXTS`` below, one entry per kind, so a translation can replace the
catalogue without touching the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Step = dict[str, Any]


def step(kind: str, **fields: Any) -> Step:
    """Make a step of the given kind."""
    if kind not in TEXTS:
        raise KeyError(f"no text for step kind {kind!r}")
    return {"kind": kind, **fields}


def _plural(n: int, one: str, many: str | None = None) -> str:
    """'1 zombie', '3 zombies'."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _signed(n: int) -> str:
    """'+1', '-2'."""
    return f"{n:+d}"


def _where(s: Step) -> str:
    """'entrance 3 of the colony' or 'the Police Station'."""
    if s.get("where") == "colony":
        return f"colony entrance {s['entrance']}"
    return str(s.get("location_name") or s.get("where"))


Text = str | Callable[[Step], str]

TEXTS: dict[str, Text] = {
    # --- tracks, deaths and the end of the game (core) ---
    "morale_changed": lambda s: (
        f"Morale {_signed(s['amount'])} ({s['reason']}): now {s['morale']}."
    ),
    "survivor_died": lambda s: (
        f"{s['name']} dies ({s['cause']})"
        + ("." if s["costs_morale"] else f"; {s['owner_name']} is exiled, so no morale is lost.")
    ),
    "survivor_removed": "{name} is removed from the game ({cause}); this is not a death.",
    "helpless_died": lambda s: (
        f"An {'unruly ' if s['unruly'] else ''}helpless survivor dies ({s['cause']})."
        if s["unruly"]
        else f"A helpless survivor dies ({s['cause']})."
    ),
    "wound_added": lambda s: (
        f"{s['name']} takes a {s['wound']} token ({_plural(s['total'], 'wound')} in all)."
    ),
    "leader_promoted": "{seat_name} makes {name} the new group leader.",
    "last_survivor_lost": (
        "{seat_name} has lost their last survivor: remove every card in their hand from the "
        "game, draw a new survivor, put it in the colony and make it their group leader."
    ),
    "player_eliminated": (
        "{seat_name} has lost their last survivor and is out of the game (player elimination); "
        "remove every card in their hand from the game."
    ),
    "tie_broken": (
        "{names} tie on influence {influence}; the first player chooses. Taken: {chosen}."
    ),
    "game_ended": lambda s: {
        "morale": "Morale has reached 0: the game ends now.",
        "round_track": "The round track has reached 0: the game ends now.",
        "main_objective": "The main objective is complete: the game ends now.",
        "two_exiled": (
            "Two players are exiled and neither held a betrayal objective: morale drops to 0 "
            "and the game ends now."
        ),
    }[s["reason"]],
    # --- adding zombies (core) ---
    "zombies_to_add": lambda s: (
        f"{_plural(s['count'], 'zombie')} to add at {s['location_name']} ({s['reason']})."
    ),
    "zombie_placed": lambda s: f"Zombie {s['k']} → {_where(s)}: placed.",
    "barricade_broken": lambda s: (
        f"Zombie {s['k']} → {_where(s)} is full: destroy its barricade; the zombie is not placed."
    ),
    "trap_fired": lambda s: (
        f"Zombie {s['k']} → {_where(s)} is full: the explosive trap goes off and removes "
        f"{_plural(s['cleared'], 'zombie')} there; the zombie is not placed."
    ),
    "overrun": lambda s: f"Zombie {s['k']} → {_where(s)} is full and unprotected: overrun!",
    "overrun_nobody": "Nobody is there to be killed; the zombie is not placed.",
    "bandits_removed": "The overrun drives off {count} bandit(s) at {location_name}.",
}


def render_step(s: Step) -> str:
    """Render any step as a plain sentence a person can read aloud."""
    text = TEXTS[s["kind"]]
    if callable(text):
        return text(s)
    return text.format_map(s)


def render_steps(steps: list[Step]) -> list[str]:
    """Render a list of steps."""
    return [render_step(s) for s in steps]
