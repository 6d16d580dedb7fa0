"""One door into the engine: an action is a JSON dict naming an entry point and its arguments.

The store logs actions like ``{"type": "add_barricade", "place": "colony", "entrance": 2}``
and keeps the state each one produced, so undo is going back one state and redo is forward
again; replaying a log with the same random source gives the same game.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from companion.engine import (
    board,
    colony,
    crisis,
    crossroads,
    effects,
    ending,
    exile,
    exposure,
    turns,
)
from companion.engine.dice import Randomness
from companion.engine.errors import RuleError
from companion.engine.state import State
from companion.engine.steps import Step

EntryPoint = Callable[..., tuple[State, list[Step]]]

ACTIONS: dict[str, EntryPoint] = {
    fn.__name__: fn
    for fn in (
        # player turns
        turns.start_turn,
        turns.end_turn,
        crossroads.trigger_crossroads,
        exile.call_exile_vote,
        # the crisis
        crisis.reveal_crisis,
        crisis.contribute_to_crisis,
        crisis.resolve_crisis,
        # the colony phase
        colony.start_colony_phase,
        colony.run_colony_phase,
        colony.pay_food,
        colony.check_waste,
        colony.add_colony_phase_zombies,
        colony.check_main_objective,
        colony.move_round_track,
        colony.pass_first_player,
        # exposure and bites
        exposure.record_exposure,
        exposure.resolve_bite,
        # the board
        board.move_survivor,
        board.kill_zombies,
        board.add_barricade,
        board.remove_barricade,
        board.add_trap,
        board.remove_trap,
        board.add_zombies_by_hand,
        board.attract_zombies,
        board.add_noise,
        board.remove_noise,
        board.play_cards,
        board.clean_waste,
        board.add_waste,
        board.set_waste,
        board.spend_food,
        board.add_food,
        board.add_helpless,
        board.calm_unruly,
        board.kill_helpless_by_card,
        board.wound_survivor,
        board.heal_survivor,
        board.remove_despair,
        board.add_survivor,
        board.set_group_leader,
        board.kill_survivor_by_card,
        board.remove_survivor_by_card,
        board.set_counter,
        board.set_capacity,
        effects.apply_card_effects,
        # the end
        ending.declare_winners,
    )
}


def apply(
    state: State, action: dict[str, Any], rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """Apply one action dict to a state; unknown actions and arguments raise RuleError."""
    if not isinstance(action, dict) or "type" not in action:
        raise RuleError("an action is a dict with a 'type'")
    kind = action["type"]
    if kind == "new_game":
        raise RuleError("a game is created with new_game, not applied to a state")
    fn = ACTIONS.get(kind)
    if fn is None:
        raise RuleError(f"unknown action {kind!r}")
    params = inspect.signature(fn).parameters
    kwargs = {k: v for k, v in action.items() if k != "type"}
    unknown = sorted(set(kwargs) - set(params))
    if unknown:
        raise RuleError(f"{kind} takes no argument(s) {', '.join(unknown)}")
    if "rng" in params and "rng" not in kwargs:
        kwargs["rng"] = rng
    try:
        return fn(state, **kwargs)
    except TypeError as exc:
        raise RuleError(f"{kind}: {exc}") from exc
