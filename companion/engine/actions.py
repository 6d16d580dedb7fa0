"""The front door: an action is a JSON dict naming an entry point, its actor and its arguments.

``apply(state, {"type": name, "by": actor, **arguments, "seed": n})`` is how every screen, the
store's log and a replay drive the engine:

- the arguments are bound before the call: unknown, missing or private keys (``state``,
  ``rng``) are refused, and each value is checked strictly against the entry point's type hints
  (a bool is a bool, an int is a whole number from 0 to ``MAX_NUMBER``, text is at most
  ``MAX_TEXT`` characters, lists and maps are small);
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

import inspect
import random
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.engine import board, search
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
from companion.engine.core.dice import NO_ROLL, Randomness
from companion.engine.core.errors import Phrase, RuleError, action_words, shown
from companion.engine.core.state import SCHEMA, State
from companion.engine.modules.bandits import rules as bandits
from companion.engine.modules.improvements import rules as improvements
from companion.engine.modules.raxxon import rules as raxxon
from companion.engine.permissions import WHO, check_actor, check_by, seat_argument
from companion.engine.scenarios import named, special_exile
from companion.engine.setup import checklist
from companion.engine.setup import new_game as setup
from companion.engine.turns import crossroads, exile, votes
from companion.engine.turns import turn as turns
from companion.engine.turns.crossroads_hints import note_hint
from companion.engine.words.steps import N_, Step

EntryPoint = Callable[..., tuple[State, list[Step]]]

MAX_NUMBER = 999
"""The largest whole number an action argument may hold (no count in the game comes near)."""
MAX_TEXT = 200
MAX_ITEMS = 60
TOO_MANY = N_("{where} has more than {most} entries")
"""The refusal of a list or map longer than MAX_ITEMS."""
MAX_DEPTH = 8
MAX_SEED = 2**64
RESERVED = ("type", "by", "seed", "decision")
PRIVATE = ("state", "rng")


def _new_game(state: None, setup_dict: dict[str, Any], rng: Randomness) -> tuple[State, list[Step]]:
    """``new_game`` as an action: the first row of a log (setup.new_game)."""
    return setup.new_game(setup_dict, rng)


ACTIONS: dict[str, EntryPoint] = {
    fn.__name__: fn
    for fn in (
        # setup
        setup.keep_survivors,
        # player turns
        turns.start_turn,
        turns.end_turn,
        crossroads.reveal_crossroads,
        crossroads.trigger_crossroads,
        exile.call_exile_vote,
        votes.cast_vote,
        votes.record_votes,
        # the crisis
        crisis.reveal_crisis,
        crisis.contribute_to_crisis,
        crisis.withdraw_from_crisis,
        crisis.resolve_crisis,
        # the colony phase
        colony.start_colony_phase,
        colony.run_colony_phase,
        colony.run_colony_steps,
        colony.pay_food,
        colony.check_waste,
        colony.add_colony_phase_zombies,
        colony.check_main_objective,
        colony.move_round_track,
        colony.pass_first_player,
        # exposure and bites
        exposure.record_exposure,
        exposure.resolve_bite,
        choose.choose_survivor,
        choose.choose_for_card,
        # the board
        board.move_survivor,
        board.kill_zombies,
        board.attack_survivor,
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
        reveal.finish_reveal,
        # Improvements module
        improvements.place_improvement,
        improvements.remove_improvement,
        improvements.add_advancement,
        improvements.remove_advancement,
        # main objective progress
        objective_progress.add_objective_progress,
        objective_progress.remove_objective_progress,
        # searching, and the Raxxon module
        search.search_location,
        raxxon.place_raxxon_dice,
        raxxon.remove_raxxon_dice,
        raxxon.enter_experiment,
        raxxon.choose_containment_place,
        raxxon.place_special_zombies,
        raxxon.attack_special_zombie,
        raxxon.remove_special_zombie,
        raxxon.move_special_zombie,
        raxxon.equip_side_effect,
        # the end
        ending.mark_objective,
        ending.declare_winners,
        # the Bandits module
        bandits.lead_bandits,
        bandits.attack_bandit,
        bandits.take_from_hideout,
        bandits.set_hideout_cards,
        bandits.set_bandits,
        # Bandit Blitz: B2's special exile phase
        special_exile.call_special_exile_vote,
        special_exile.skip_special_exile_vote,
        special_exile.reveal_bandit_betrayal,
        special_exile.pass_betrayal_reveal,
        # the special scenarios: R1's completion steps (000:892-904)
        named.follow_r1_completion,
        # the setup checklist
        checklist.tick_setup_step,
    )
}
ACTIONS["new_game"] = _new_game


NO_DICE = NO_ROLL


def _parameters(fn: EntryPoint) -> dict[str, tuple[Any, bool]]:
    """An entry point's JSON parameters: name -> (type hint, required)."""
    hints = typing.get_type_hints(fn)
    out: dict[str, tuple[Any, bool]] = {}
    for name, param in inspect.signature(fn).parameters.items():
        if name in PRIVATE:
            continue
        out[name] = (hints.get(name, Any), param.default is inspect.Parameter.empty)
    return out


PARAMETERS: dict[str, dict[str, tuple[Any, bool]]] = {
    kind: _parameters(fn) for kind, fn in ACTIONS.items()
}
PARAMETERS["new_game"] = {"setup": (dict[str, Any], True)}


def _fail(where: str, value: Any, wanted: str) -> RuleError:
    """The refusal for a value of the wrong kind; ``wanted`` is an ``N_``-marked msgid or a
    ``Phrase``, ``where`` the argument's path (codes: "add_food: count")."""
    wanted = wanted if isinstance(wanted, Phrase) else Phrase(wanted)
    return RuleError(
        N_("{where} must be {wanted}, not {value}"), where=where, wanted=wanted, value=shown(value)
    )


def _json_like(value: Any, where: str, depth: int = 0) -> None:
    """Refuse anything but small JSON (dicts with text keys, lists, text, numbers, booleans)."""
    if depth > MAX_DEPTH:
        raise RuleError(N_("{where} is nested too deeply"), where=where)
    if value is None or isinstance(value, bool | str):
        if isinstance(value, str) and len(value) > 4 * MAX_TEXT:
            raise RuleError(N_("{where} is too long"), where=where)
        return
    if isinstance(value, int):
        if abs(value) > MAX_SEED:
            raise _fail(where, value, N_("a reasonable number"))
        return
    if isinstance(value, float):
        raise _fail(where, value, N_("a whole number"))
    if isinstance(value, list):
        for n, item in enumerate(value):
            _json_like(item, f"{where}[{n}]", depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise _fail(Phrase(N_("a key of {where}"), where=where), key, N_("text"))
            _json_like(item, f"{where}.{key}", depth + 1)
        return
    raise _fail(where, value, N_("plain JSON"))


def check_value(value: Any, hint: Any, where: str) -> None:
    """Raise RuleError unless ``value`` fits the type hint strictly (see the module notes)."""
    if hint is Any:
        _json_like(value, where)
        return
    if hint is type(None):
        if value is not None:
            raise _fail(where, value, N_("empty (null)"))
        return
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        problems: list[RuleError] = []
        for option in typing.get_args(hint):
            try:
                check_value(value, option, where)
                return
            except RuleError as exc:
                problems.append(exc)
        if len(problems) == 1:
            raise problems[0]
        raise RuleError(
            N_("{first} or {second}"), first=problems[0].phrase(), second=problems[1].phrase()
        )
    if hint is bool:
        if not isinstance(value, bool):
            raise _fail(where, value, N_("true or false"))
        return
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail(where, value, N_("a whole number"))
        if not 0 <= value <= MAX_NUMBER:
            raise _fail(
                where, value, Phrase(N_("a whole number from 0 to {most}"), most=MAX_NUMBER)
            )
        return
    if hint is str:
        if not isinstance(value, str) or not value:
            raise _fail(where, value, N_("a non-empty text"))
        if len(value) > MAX_TEXT:
            raise RuleError(
                N_("{where} is longer than {most} characters"), where=where, most=MAX_TEXT
            )
        return
    if origin in (list, tuple, Sequence) or hint in (list, tuple):
        if not isinstance(value, list):
            raise _fail(where, value, N_("a list"))
        if len(value) > MAX_ITEMS:
            raise RuleError(TOO_MANY, where=where, most=MAX_ITEMS)
        args = typing.get_args(hint)
        for n, item in enumerate(value):
            check_value(item, args[0] if args else Any, f"{where}[{n}]")
        return
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        if not isinstance(value, dict):
            raise _fail(where, value, N_("a map"))
        if len(value) > MAX_ITEMS:
            raise RuleError(TOO_MANY, where=where, most=MAX_ITEMS)
        args = typing.get_args(hint)
        for key, item in value.items():
            check_value(key, args[0] if args else str, Phrase(N_("a key of {where}"), where=where))
            check_value(item, args[1] if args else Any, f"{where}.{key}")
        return
    raise RuleError(N_("{where} cannot be given in an action"), where=where)  # pragma: no cover


def _accepts_none(hint: Any) -> bool:
    """Whether a parameter may be left empty (None)."""
    try:
        check_value(None, hint, "")
    except RuleError:
        return False
    return True


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
        elif _accepts_none(params[own][0]):
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
        raise _fail("seed", seed, N_("a whole number from 0 to 2**64 - 1"))
    return random.Random(seed)


def _check_decision(state: State, kind: str, args: dict[str, Any], action: dict[str, Any]) -> None:
    """Refuse an action naming a ``decision`` that is not the open one it answers."""
    if "decision" in action:
        check_value(action["decision"], str, "decision")
        decisions.check_answer(state, kind, args, action["decision"])


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
    if "rng" in inspect.signature(fn).parameters:
        args["rng"] = dice
    new_state, steps = fn(state if kind in reveal.SEES_THE_REVEAL else reveal.closed(state), **args)
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
