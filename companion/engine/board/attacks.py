"""Attacking a survivor: one survivor attacks another who shares its location (base 002
"Attack (zombie or survivor)", 002:1007-1024; Long Night 000:320-322, 000:343-354).

Attacking a zombie is ``pieces.kill_zombies``; attacking a bandit, which follows these rules
with attack value 4, is the Bandits module's ``attack_bandit`` (000:741).
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.deaths import add_wound
from companion.engine.board.special_zombies import (
    require_special_zombies_first,
    special_zombies_first,
)
from companion.engine.core import declare as act
from companion.engine.core.dice import ACTION_DIE_FACES, Randomness, spent_die
from companion.engine.core.errors import RuleError
from companion.engine.core.state import State, begin, place_name, seat, survivor
from companion.engine.words.steps import N_, Step, of_seat, of_survivor, step, step_place_name


def attack_hits(roll: int, attack: int) -> bool:
    """Whether an attack on a survivor hits: "If the result is equal to or less than the chosen
    survivor's attack value" (000:320; 002:1017-1018); a bandit's attack value is 4 (000:741)."""
    return roll <= attack


def may_attack_survivor(attacker: dict[str, Any], target: dict[str, Any]) -> bool:
    """Whether ``attacker`` may attack ``target`` (000:320, 000:354): another survivor at the
    same location (the colony is one), not one its own player controls. Helpless survivors are
    tokens, never a target (000:354)."""
    return (
        attacker["id"] != target["id"]
        and attacker["location"] == target["location"]
        and attacker["owner"] != target["owner"]
    )


def survivor_attack_choices(st: State, active: str) -> dict[str, Any] | None:
    """During a turn: each of the active player's survivors may attack the other players'
    survivors beside it (000:320, 000:354), unless a special zombie stands there (000:805).
    ``targets`` maps an attacker to the survivors it may attack."""
    targets = {
        s["id"]: [
            t["id"]
            for t in st["survivors"]
            if may_attack_survivor(s, t) and t["attack"] is not None
        ]
        for s in st["survivors"]
        if s["owner"] == active and not special_zombies_first(st, s["location"])
    }
    targets = {sid: found for sid, found in targets.items() if found}
    if not targets:
        return None
    return {"survivor_id": sorted(targets), "targets": targets, "roll": list(ACTION_DIE_FACES)}


@act.rule(
    N_("attack a survivor"), "000:320-322 000:343-354 000:805", who=act.TURN, about=act.SURVIVOR
)
@act.takes(survivor_attack_choices, target_id=act.keyed("targets", "survivor_id"), roll=act.die())
def attack_survivor(
    state: State,
    survivor_id: str,
    target_id: str,
    roll: int | str | None = None,
    rng: Randomness | None = None,
) -> tuple[State, list[Step]]:
    """A survivor attacks another survivor at its location (000:320-322, 000:343-354).

    The player spends an action die and rolls it: a result equal to or less than the target's
    attack value places a wound on the target, and the attacker's player takes a card at random
    from the hand of the target's player (the step says so: the companion does not hold hands).
    No exposure die is rolled (000:322). A special zombie there is attacked first (000:805).
    ``roll``: the face the table rolled with the spent die, or None or "roll" to roll it here
    (``core.dice.spent_die``; left unchosen, refused).
    """
    st, steps = begin(state)
    attacker = survivor(st, survivor_id)
    target = survivor(st, target_id)
    _require_target(st, attacker, target)
    require_special_zombies_first(st, attacker["location"])
    roll = spent_die(roll, rng)
    hit = attack_hits(roll, target["attack"])
    player = seat(st, attacker["owner"])
    victim = seat(st, target["owner"])
    steps.append(
        step(
            "survivor_attacked",
            **of_survivor(attacker),
            target=target["id"],
            target_survivor=target["name"],
            location=attacker["location"],
            location_name=step_place_name(st, attacker["location"]),
            roll=roll,
            attack=target["attack"],
            hit=hit,
            **of_seat(player),
            owner=victim["id"],
            owner_name=victim["name"],
        )
    )
    if hit:
        add_wound(st, steps, target["id"], "wound", "attack")
    return st, steps


def _require_target(st: State, attacker: dict[str, Any], target: dict[str, Any]) -> None:
    """Refuse a target the rules do not allow (000:320, 000:354), saying why."""
    if attacker["id"] == target["id"]:
        raise RuleError(N_("{name} cannot attack themselves"), name=attacker["name"])
    if attacker["owner"] == target["owner"]:
        raise RuleError(
            N_("{name} and {target} are in the same group: a player never attacks their own"),
            name=attacker["name"],
            target=target["name"],
        )
    if attacker["location"] != target["location"]:
        raise RuleError(
            N_("{target} is not where {name} is ({place}): the target shares the attacker's place"),
            target=target["name"],
            place=place_name(st, attacker["location"]),
            name=attacker["name"],
        )
    if target["attack"] is None:
        raise RuleError(
            N_("{target}'s card gives no attack value: the attack cannot be rolled against it"),
            target=target["name"],
        )
