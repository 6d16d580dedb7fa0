"""The front door: an action is a JSON dict naming an entry point, its actor and its arguments.

``apply(state, {"type": name, "by": actor, **arguments, "seed": n})`` is how every screen, the
store's log and a replay drive the engine:

- the arguments are bound before the call: unknown, missing or private keys (``state``,
  ``rng``) are refused, and each value is checked strictly against the entry point's type hints
  by the one checker of action arguments (core/arguments.py: the form layer reads a form's
  text into JSON with it, and the JSON meets this check like any other action's);
- the actor is checked by ``permissions.check_actor`` (who may do what, in one place);
- an entry point that rolls or shuffles uses the given random source, or one seeded by the
  action's ``seed`` (the store records a seed with every action, so replaying a log gives the
  identical game); with neither it refuses to roll;
- an action answering an open decision may name it (``decision``: the id the views gave):
  one that is no longer open is refused (decisions.py), so a form answers only the question
  it was made for, however far the game moved on meanwhile;
- only ``RuleError`` leaves this function, and a refused action leaves the state unchanged.

``new_game`` is the first action of every log: ``apply(None, {"type": "new_game", "by":
"table", "setup": {...}, "seed": n})``.
"""

from __future__ import annotations

import copy
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.engine import board, legal, modules, search
from companion.engine.board import (
    choose,
    effects,
    exposure,
)
from companion.engine.colony import (
    crisis,
    ending,
    reveal,
)
from companion.engine.colony import steps as colony
from companion.engine.core import (
    decisions,
    objective_progress,
)
from companion.engine.core import declare as act
from companion.engine.core.arguments import (
    MAX_NUMBER,
    MAX_SEED,
    accepts_none,
    check_value,
    refusal,
)
from companion.engine.core.dice import NO_ROLL, Randomness
from companion.engine.core.errors import RuleError, action_words, shown
from companion.engine.core.state import SCHEMA, State, active_seat_id, seat
from companion.engine.permissions import WHO, actor_name, check_actor, check_by, seat_argument
from companion.engine.scenarios import named, special_exile
from companion.engine.setup import checklist
from companion.engine.setup import new_game as setup
from companion.engine.setup.new_game import new_game as set_up
from companion.engine.turns import crossroads, exile, votes
from companion.engine.turns import turn as turns
from companion.engine.turns.crossroads_hints import note_hint
from companion.engine.words.steps import N_, Step

EntryPoint = Callable[..., tuple[State, list[Step]]]

RESERVED = ("type", "by", "seed", "decision")
PRIVATE = ("state", "rng")


@act.rule(N_("start a new game"), who=act.TABLE, kind="new_game")
@act.takes(setup=act.FREE)
def _new_game(state: None, setup: dict[str, Any], rng: Randomness) -> tuple[State, list[Step]]:
    """``new_game`` as an action: the first row of a log (setup.new_game)."""
    return set_up(setup, rng)


RULES = (
    setup,
    turns,
    crossroads,
    exile,
    votes,
    crisis,
    colony,
    exposure,
    choose,
    board,
    effects,
    reveal,
    objective_progress,
    search,
    ending,
    special_exile,
    named,
    checklist,
    modules,
)
"""The modules whose declarations make the actions (imported, they have declared them); the
Long Night modules' own come with their registration (engine/modules/__init__.py)."""

ACTIONS: Mapping[str, EntryPoint] = act.view(lambda d: d.entry)
"""Every action type's entry point, read from the declarations (core/declare.py)."""


NO_DICE = NO_ROLL


PARAMETERS: Mapping[str, Mapping[str, tuple[Any, bool]]] = act.view(lambda d: d.parameters)
"""Every action's JSON parameters: name -> (type hint, required), from its declaration."""


def bind(kind: str, action: dict[str, Any], by: str) -> dict[str, Any]:
    """The arguments of an action, bound to its entry point's parameters and checked."""
    params = PARAMETERS[kind]
    given = {k: v for k, v in action.items() if k not in RESERVED}
    unknown = sorted(str(k) for k in given if k not in params)
    if unknown:
        raise RuleError(
            N_("{action} takes no argument(s) {names}"),
            action=action_words(kind),
            names=", ".join(unknown),
        )
    own = seat_argument(kind)
    if own and own in params and own not in given:
        if by != "table":
            given[own] = by
        elif accepts_none(params[own][0]):
            given[own] = None
    missing = [name for name, (_, required) in params.items() if required and name not in given]
    if missing:
        raise RuleError(
            N_("{action} needs {names}: choose or type it in, then send it again"),
            action=action_words(kind),
            names=", ".join(name.replace("_", " ") for name in missing),
        )
    for name, value in given.items():
        check_value(value, params[name][0], f"{kind}: {name}")
    return given


def random_source(action: dict[str, Any], rng: Randomness | None) -> Randomness:
    """The action's dice: the given source, else one seeded by its ``seed``, else none."""
    if rng is not None:
        return rng
    seed = action.get("seed")
    if seed is None:
        return NO_DICE
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise refusal("seed", seed, N_("a whole number from 0 to 2**64 - 1"))
    return random.Random(seed)


def _check_decision(state: State, kind: str, args: dict[str, Any], action: dict[str, Any]) -> None:
    """Refuse an action naming a ``decision`` that is not the open one it answers."""
    if "decision" in action:
        check_value(action["decision"], str, "decision")
        decisions.check_answer(state, kind, args, action["decision"])


def door(state: State, kind: str, by: str, args: dict[str, Any]) -> RuleError | None:
    """The refusal of an action the actor's legal list does not offer now (its type, or one
    of its arguments' values as its declaration's domains read the choices), else None."""
    listed = legal.legal_for(state, by)
    name = actor_name(state, by)
    if kind not in listed:
        return RuleError(
            N_("{name} may not {action} now: {why}"),
            name=name,
            action=action_words(kind),
            why=legal.closed_reason(state, kind),
        )
    found = act.outside(act.REGISTRY[kind], listed[kind], args)
    if found is None:
        return None
    arg, value = found
    survivor = next((s for s in state["survivors"] if s["id"] == value), None)
    player = by if by != "table" else active_seat_id(state)
    if survivor is not None and player is not None and survivor["owner"] != player:
        return RuleError(
            N_("{name} may not {action} with {survivor}: not a survivor {player} controls"),
            name=name,
            action=action_words(kind),
            survivor=survivor["name"],
            player=seat(state, player)["name"],
        )
    return RuleError(
        N_("{name} may not {action} with {argument} {value}: it is not among the choices now"),
        name=name,
        action=action_words(kind),
        argument=arg.replace("_", " "),
        value=survivor["name"] if survivor else shown(value),
    )


def apply(
    state: State | None, action: dict[str, Any], rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """Apply one action dict to a state (``None`` for ``new_game``); only RuleError escapes."""
    if not isinstance(action, dict):
        raise RuleError(N_("an action is a map with a type, an actor (by) and its arguments"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise RuleError(N_("unknown action {kind}"), kind=shown(kind))
    if "by" not in action:
        raise RuleError(
            N_("{action}: every action names its actor (by)"), action=action_words(kind)
        )
    if kind == "new_game":
        if state is not None:
            raise RuleError(N_("a new game starts from nothing, not from a game in progress"))
        if action["by"] != "table":
            raise RuleError(N_("only the table starts a new game"))
        args = bind(kind, action, "table")
        _check_decision({}, kind, args, action)  # a new game answers no question
        return _new_game(None, args["setup"], random_source(action, rng))
    if not isinstance(state, dict) or state.get("schema") != SCHEMA:
        raise RuleError(
            N_("{action}: not a game state of schema {schema}"),
            action=action_words(kind),
            schema=SCHEMA,
        )
    by = check_by(state, action["by"])
    args = bind(kind, action, by)
    dice = random_source(action, rng)
    check_actor(state, kind, by, args)
    _check_decision(state, kind, args, action)
    fn = ACTIONS[kind]
    shut = door(state, kind, by, args) if state["settings"].get("listed_only") else None
    if "rng" in inspect.signature(fn).parameters:
        args["rng"] = dice
    before = state if kind in reveal.SEES_THE_REVEAL else reveal.closed(state)
    if shut is not None:  # the rule's own refusal says more, where it has one
        trial = random.Random(0) if dice is NO_DICE else copy.deepcopy(dice)
        fn(before, **{**args, "rng": trial} if "rng" in args else args)
        raise shut
    new_state, steps = fn(before, **args)
    note_hint(new_state, steps)
    return decisions.refreshed(reveal.opened(new_state, kind, steps)), steps


def replay(log: Sequence[dict[str, Any]]) -> State:
    """Replay a whole log from its new_game action: the identical game, step for step."""
    if not log:
        raise RuleError(N_("an empty log holds no game"))
    state: State | None = None
    for action in log:
        state, _ = apply(state, action)
    assert state is not None
    return state


__all__ = ["ACTIONS", "MAX_NUMBER", "NO_DICE", "PARAMETERS", "WHO", "apply", "bind", "replay"]
