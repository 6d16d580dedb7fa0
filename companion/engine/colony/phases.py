"""The colony phase as a phase: its seven steps, entering it, and the step that is due.

Shared by the colony steps (colony.py) and the crisis resolution (crisis.py), so neither imports
the other. Base 002 "Colony Phase" (002:1578-1632): "During the colony phase, resolve the
following 7 effects in order": 1 Pay Food (002:1581), 2 Check Waste (002:1596), 3 Resolve Crisis
(002:1598), 4 Add Zombies (002:1613), 5 Check Main Objective (002:1621), 6 Move Round Tracker
(002:1625), 7 Pass First Player Token (002:1628); The Long Night keeps the same seven (000:472-500).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.core import hooks
from companion.engine.core.dice import noise_face_names, noise_faces
from companion.engine.core.errors import RuleError, words
from companion.engine.core.objective_progress import objective_asks_the_table
from companion.engine.core.state import State, begin, locations_in_order
from companion.engine.turns.turn import return_crossroads
from companion.engine.words.labels import COLONY_STEP_NAMES, PHASE_WORDS
from companion.engine.words.steps import N_, Step, step

COLONY_STEPS = (
    "pay_food",
    "check_waste",
    "resolve_crisis",
    "add_zombies",
    "check_main_objective",
    "move_round_track",
    "pass_first_player",
)
"""The colony phase's steps, in the rulebook's order (002:1579)."""
STEP_ACTIONS = {
    "pay_food": "pay_food",
    "check_waste": "check_waste",
    "resolve_crisis": "resolve_crisis",
    "add_zombies": "add_colony_phase_zombies",
    "check_main_objective": "check_main_objective",
    "move_round_track": "move_round_track",
    "pass_first_player": "pass_first_player",
}
"""Each step's own action at the front door (actions.ACTIONS), which runs that step alone."""
ASKS_THE_TABLE = frozenset({"check_main_objective"})
"""Steps that cannot run before the table answers: whether the main objective's goal has been
achieved (002:1621); the companion cannot see the board. The Long Night first player vote of
step 7 (000:660) is optional: without it the token passes. A main objective that counts is
checked from its count and asks nothing, unless its last word is the table's
(objective_progress.objective_asks_the_table)."""


def due_step(st: State) -> dict[str, Any]:
    """The colony step that is due (the first while the phase has not begun): its name, its
    number of seven, the action that runs it and whether it needs the table's answer."""
    begun = st["phase"] == "colony"
    name = (st["colony_step"] if begun else None) or COLONY_STEPS[0]
    return {
        "step": name,
        "number": COLONY_STEPS.index(name) + 1,
        "of": len(COLONY_STEPS),
        "action": STEP_ACTIONS[name],
        "asks": asks_the_table(st, name),
        "begun": begun,
        "noise": noise_to_enter(st) if name == "add_zombies" else None,
    }


def noise_entered(st: State) -> bool:
    """Whether this table enters its noise dice from its own roll (setting ``noise_dice``)."""
    return st["settings"].get("noise_dice") == "entered"


def noise_to_enter(st: State) -> dict[str, Any] | None:
    """The noise dice the table enters for Add Zombies now, when it enters them: ``places``,
    the location of each token in the order they are resolved (002:1613-1617, 000:490: place by
    place in number order), ``faces``, what a token may show (dice.noise_faces), and ``names``,
    what each face shows, in the same order (dice.noise_face_names: a number, or a coin's side)."""
    if not noise_entered(st):
        return None
    places = [loc["id"] for loc in locations_in_order(st) for _ in range(loc["noise"])]
    rules = st["ruleset"]
    return {"places": places, "faces": list(noise_faces(rules)), "names": noise_face_names(rules)}


def asks_the_table(st: State, name: str) -> bool:
    """Whether a colony step cannot run before the table answers (``ASKS_THE_TABLE``; a main
    objective that counts asks nothing, unless its last word is the table's:
    objective_progress.objective_asks_the_table)."""
    return name in ASKS_THE_TABLE and objective_asks_the_table(st)


def steps_to_run(st: State) -> list[str]:
    """The colony steps one Confirm runs (``run_colony_steps``): the step that is due, then each
    following one up to the next that asks the table (002:1579: the steps keep their order;
    only a question of the table's stops them). A table that enters its noise dice begins Add
    Zombies with a Confirm of its own, so the tokens it rolls for are the ones on the board
    then. A pending decision or the game's end may stop them earlier."""
    start = COLONY_STEPS.index(due_step(st)["step"])
    names = [COLONY_STEPS[start]]
    for name in COLONY_STEPS[start + 1 :]:
        if asks_the_table(st, name) or (name == "add_zombies" and noise_entered(st)):
            break
        names.append(name)
    return names


def step_choices(name: str) -> Callable[[State, str], dict[str, Any] | None]:
    """The choices of the action that runs the colony step ``name`` on its own: open from the
    step due on (``begin_step``: a table entering the phase by hand may start at a later step;
    an earlier one is done), and not before a module's opening check (Raxxon's containment,
    ``start_colony_phase``)."""

    def choices(st: State, actor: str) -> dict[str, Any] | None:
        """``{"step": name}`` while the step may run on its own, else None."""
        if st["phase"] != "colony" and hooks.any_of("colony_opening_due", st):
            return None
        due = COLONY_STEPS.index(due_step(st)["step"])
        return {"step": name} if COLONY_STEPS.index(name) >= due else None

    return choices


def enter_colony_phase(st: State, steps: list[Step]) -> None:
    """Move into the colony phase (mutating helper); a game already in it is left as it is.

    A turn still open ends first: its untriggered crossroads card goes under the deck (000:458).
    """
    if st["phase"] == "colony":
        return
    if st["phase"] != "player_turns":
        raise RuleError(
            N_("the colony phase cannot begin now ({phase})"),
            phase=words(PHASE_WORDS, st["phase"]),
        )
    st["phase"] = "colony"
    if st["turn"]:
        return_crossroads(st, steps, st["turn"])
    st["turn"] = None
    st["colony_step"] = COLONY_STEPS[0]
    steps.append(step("colony_phase_began", round=st["round"]))
    hooks.each("colony_opening", st, steps)  # Raxxon's containment check (000:792)


def colony_step_done(st: State, name: str) -> None:
    """Record that a colony step has run (mutating helper): the next one is due."""
    if st["ended"] or name == COLONY_STEPS[-1]:
        return
    st["colony_step"] = COLONY_STEPS[COLONY_STEPS.index(name) + 1]


def begin_step(st: State, steps: list[Step], name: str) -> None:
    """Enter the colony phase for one of its steps; refuse it during a turn or a second time.

    Base 002 "Colony Phase": the steps run in ``COLONY_STEPS`` order, once each. A step may be
    run on its own once every turn is over; one that has already run this colony phase is
    refused (the table goes back with undo). Ruling: a table entering the phase by hand may
    start at a later step (its earlier steps were done at the table).
    """
    if st["phase"] == "player_turns" and st.get("turn"):
        raise RuleError(N_("a player's turn is still in progress: end it before the colony phase"))
    if st["phase"] == "colony":
        due = st["colony_step"] or COLONY_STEPS[0]
        if COLONY_STEPS.index(name) < COLONY_STEPS.index(due):
            raise RuleError(
                N_("{step} has already been done this colony phase (undo to go back)"),
                step=words(COLONY_STEP_NAMES, name),
            )
    elif hooks.any_of("colony_opening_due", st):
        raise RuleError(
            N_("the colony phase begins with Raxxon's containment check: start the colony phase")
        )
    enter_colony_phase(st, steps)


def run_colony_step(
    state: State, name: str, do: Callable[..., None], *args: Any
) -> tuple[State, list[Step]]:
    """Run one colony step on its own: enter it (``begin_step``), ``do`` it, mark it done."""
    st, steps = begin(state)
    begin_step(st, steps, name)
    do(st, steps, *args)
    colony_step_done(st, name)
    return st, steps
