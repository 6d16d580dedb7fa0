"""Drive whole games through the front door: real setups from cards.db, legal actions picked at
random from the engine's own ``legal`` lists and built from each action's declared argument
domains, every action a JSON dict with its actor and seed."""

from __future__ import annotations

import random
import typing
from pathlib import Path
from typing import Any

import companion.engine as engine
from companion.cards.game import game_setup
from companion.engine.core import declare as act

CARDS_DB = Path(__file__).resolve().parent.parent / "cards.db"
SURVIVORS = [
    ["base.brian-lee", "base.sparky"],
    ["base.daniel-smith", "base.andrew-evans"],
    ["base.thomas-heart", "base.forest-plum"],
    ["base.olivia-brown", "base.john-price"],
    ["base.alexis-grey", "base.harman-brooks"],
]
NAMES = ["Ana", "Bruno", "Carla", "Davi", "Elis"]


def setup_for(players: int = 3, *, deal: bool = False, **kw: Any) -> dict[str, Any]:
    """A setup for `players` seats from cards.db: We Need More Samples, or `main_objective`."""
    seats = [{"name": NAMES[i], "survivors": SURVIVORS[i]} for i in range(players)]
    kw.setdefault("main_objective", "base.we-need-more-samples")
    return game_setup(CARDS_DB, seats=seats, deal_survivors=deal, **kw)


def start(
    players: int = 3, seed: int = 1, *, scenario: dict | None = None, **kw: Any
) -> tuple[dict, list[dict]]:
    """A new game through the front door (a special ``scenario`` too); returns (state, log)."""
    setup = setup_for(players, **kw)
    if scenario is not None:
        setup["scenario"] = scenario
    action = {"type": "new_game", "by": "table", "setup": setup, "seed": seed}
    state, _ = engine.apply(None, action)
    return state, [action]


FREE_VALUES = {
    "count": lambda rng: rng.randint(1, 3),
    "value": lambda rng: rng.randint(0, 5),
    "name": lambda rng: f"Improvement {rng.randrange(10**9)}",
    "zombies": lambda rng: ["Hunter"],
    "answer": lambda rng: f"Side effect {rng.randrange(10**9)}",  # a typed card question
}
"""Values the table types where a declaration says ``FREE`` and the argument is required (or
worth giving): what no domain lists."""
SIZES = {
    ("keep_survivors", "survivors"): lambda c: c["keep"],
    ("lead_bandits", "locations"): lambda c: c["count"],
    ("enter_experiment", "code"): lambda c: 2,
    ("place_special_zombies", "places"): lambda c: len(c["zombies"]),
    ("contribute_to_crisis", "symbols"): lambda c: 1,
    ("place_raxxon_dice", "faces"): lambda c: 1,
}
"""How many items a list argument takes, where the rule fixes it (not a domain's)."""
GIVEN_FREE = {("play_cards", "count"), ("add_food", "count"), ("add_waste", "count")}
"""Optional FREE arguments the random player gives anyway, to move the game."""
NEEDS = ("chosen", "location")
"""A crossroads option's conditional arguments: given only when the option needs them."""


def _pool(listed: Any) -> list[Any]:
    """The values a choices entry lists (a map lists its keys)."""
    return list(listed) if isinstance(listed, dict | list | tuple) else []


def _is_map(hint: Any) -> bool:
    """Whether an argument's type hint is a map (``dict[...]``, or one or None)."""
    hints = [hint, *typing.get_args(hint)]
    return any(h is dict or typing.get_origin(h) is dict for h in hints)


def build(kind: str, choices: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A concrete action (without type/by) from an entry of the legal list, read from the
    action's declared argument domains (core/declare.py); None when it cannot be built now."""
    declared = act.REGISTRY[kind]
    out: dict[str, Any] = {}
    later = []
    for arg, (_, required) in declared.parameters.items():
        dom = declared.domain(arg)
        key = dom.key or arg
        if kind == "trigger_crossroads" and arg in NEEDS:
            continue  # given below, once the option is chosen
        if dom.kind in ("keyed", "flag", "within"):
            later.append((arg, dom))
            continue
        if dom.kind == "free":
            offered = _pool(choices.get(key))
            if offered:  # a free argument the list still offers values for (a card's answers)
                out[arg] = rng.choice(offered)
                continue
            if required or (kind, arg) in GIVEN_FREE:
                if arg not in FREE_VALUES:
                    return None
                out[arg] = FREE_VALUES[arg](rng)
            continue
        if dom.kind == "part" or key not in choices:
            if required and arg != declared.about:
                return None
            continue
        listed = choices[key]
        if dom.kind == "dice":
            out[arg] = [rng.choice(listed["faces"]) for _ in listed["places"]]
            continue
        if dom.kind == "range":
            out[arg] = rng.randint(listed[0], listed[1])
        elif dom.kind in ("entrance", "record"):
            if not listed:
                return None
            picked = rng.choice(listed)
            if dom.kind == "entrance":
                out[dom.by[0]] = picked["place"]
                if picked["entrance"] is not None:
                    out[dom.by[1]] = picked["entrance"]
            else:
                for pair in dom.by:
                    field, name = pair.split("=", 1)
                    out[name] = picked[field]
        elif dom.kind == "each":
            pool = _pool(listed)
            if isinstance(listed, dict) and kind == "lead_bandits":
                pool = [loc for loc, room in listed.items() for _ in range(room)]
            if _is_map(declared.parameters[arg][0]):
                if required or rng.random() < 0.3:  # a vote: one from each listed voter
                    out[arg] = {voter: rng.random() < 0.5 for voter in pool}
                continue
            sized = SIZES.get((kind, arg))
            size = sized(choices) if sized else rng.randint(0, len(pool))
            if size > len(pool) and kind != "enter_experiment":
                return None
            out[arg] = (
                [rng.choice(pool) for _ in range(size)]
                if kind
                in (
                    "enter_experiment",
                    "place_special_zombies",
                    "place_raxxon_dice",
                    "contribute_to_crisis",
                )
                else rng.sample(pool, size)
            )
        else:
            pool = _pool(listed)
            if not pool:
                if required:
                    return None
                continue
            if required or rng.random() < 0.7:
                out[arg] = rng.choice(pool)
    for arg, dom in later:
        if dom.kind == "within":
            if out.get(dom.by[0]) and rng.random() < 0.5:
                out[arg] = rng.choice(out[dom.by[0]])
            continue
        if dom.kind == "flag":
            if out.get(dom.by[0]) in _pool(choices.get(dom.key)) and rng.random() < 0.8:
                out[arg] = True
            continue
        listed = choices.get(dom.key)
        at = listed.get(out.get(dom.by[0])) if isinstance(listed, dict) else listed
        if dom.sub is not None:
            at = at.get(dom.sub) if isinstance(at, dict) else None
        pool = _pool(at)
        if pool:
            out[arg] = rng.choice(pool)
        elif declared.parameters[arg][1]:
            return None
    if kind == "trigger_crossroads":
        option = out.get("option")
        needs = (
            set().union(*choices["needs"])
            if choices.get("vote")
            else set(choices["needs"][option - 1] if isinstance(option, int) else [])
        )
        if not choices.get("vote") and "option" not in out:
            return None
        for arg in NEEDS:
            if arg in needs:
                if not choices[arg]:
                    return None
                out[arg] = rng.choice(choices[arg])
    # what one argument's domain cannot say: arguments that go only with another's value
    if kind == "place_improvement" and "improvement" in out:
        out.pop("needs", None)
    if kind == "place_improvement" and "improvement" not in out:
        out.update(name=FREE_VALUES["name"](rng), needs=out.get("needs", 1))
    if kind == "resolve_bite" and out.get("choice") != "roll":
        out.pop("result", None)
    if kind == "kill_zombies":
        key = f"{out['place']}:{out.get('entrance')}"
        attackers = choices.get("killers", {}).get(key, [])
        out.pop("survivor_id", None)
        if out.get("attack", True) and attackers:
            out["survivor_id"] = rng.choice(attackers)
        elif not out.get("attack", True) and choices.get("card_killers"):
            out["survivor_id"] = rng.choice(choices["card_killers"])
        if "survivor_id" not in out:
            out.pop("exposure", None)
            out["attack"] = False
    if kind == "run_colony_phase":
        out["objective_met"] = out.get("objective_met", False) and rng.random() < 0.1
    for keep, votes in (("keep_first_player", "first_player_votes"), ("keep", "votes")):
        if out.get(votes) is not None and kind in ("run_colony_phase", "pass_first_player"):
            out.pop(keep, None)  # the vote's result, or its votes: not both
    if kind == "declare_winners":
        out.pop("completed", None)
    return out


FLOW = (
    "keep_survivors",
    "cast_vote",
    "record_votes",
    "resolve_bite",
    "choose_survivor",
    "choose_for_card",
    "mark_objective",
    "declare_winners",
    "reveal_crisis",
    "finish_reveal",
    "start_turn",
    "end_turn",
    "run_colony_phase",
    "run_colony_steps",
    "reveal_crossroads",
    "trigger_crossroads",
    "lead_bandits",
    "call_special_exile_vote",
    "skip_special_exile_vote",
    "reveal_bandit_betrayal",
    "pass_betrayal_reveal",
)
RAXXON_ANSWERS = ("enter_experiment", "choose_containment_place", "place_special_zombies")
"""Raxxon's answers, played only while the game waits for one (the containment check)."""
BOARD = (
    "contribute_to_crisis",
    "move_survivor",
    "kill_zombies",
    "add_barricade",
    "add_trap",
    "add_noise",
    "play_cards",
    "clean_waste",
    "spend_food",
    "add_food",
    "add_waste",
    "wound_survivor",
    "heal_survivor",
    "record_exposure",
    "call_exile_vote",
    "calm_unruly",
    "withdraw_from_crisis",
    "place_improvement",
    "add_advancement",
)


def legal_by_actor(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every actor's legal actions, from the views a device would receive (the phones' views
    built on the one table view, as the web layer builds them)."""
    table = engine.table_view(state)
    out = {"table": table["legal"]["table"]}
    for s in state["seats"]:
        out[s["id"]] = engine.seat_view(state, s["id"], table)["legal"][s["id"]]
    return out


def next_action(state: dict[str, Any], rng: random.Random, busy: float = 0.6) -> dict[str, Any]:
    """A random legal action: board actions with probability `busy`, else the game's flow."""
    legal = legal_by_actor(state)
    answering = RAXXON_ANSWERS if state.get("pending") else ()
    options = []
    for actor, kinds in legal.items():
        for kind, choices in kinds.items():
            if kind in BOARD or kind in FLOW or kind in answering:
                options.append((actor, kind, choices))
    board = [o for o in options if o[1] in BOARD]
    flow = [o for o in options if o[1] in FLOW or o[1] in answering]
    first, then = (board, flow) if board and (rng.random() < busy or not flow) else (flow, board)
    rng.shuffle(first)
    rng.shuffle(then)
    for actor, kind, choices in first + then:
        args = build(kind, choices, rng)
        if args is not None:
            return {"type": kind, "by": actor, **args, "seed": rng.randrange(2**63)}
    raise AssertionError(f"no action can be built from {sorted(k for _, k, _ in options)}")


def play(
    players: int = 3, seed: int = 1, *, limit: int = 600, busy: float = 0.6, **kw: Any
) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """Play a random game through the front door until it is over or `limit` actions are
    tried; returns (state, log of accepted actions, refused count)."""
    rng = random.Random(seed)
    state, log = start(players, seed, **kw)
    refused = 0
    for _ in range(limit):
        if state.get("ended") and state["ended"]["winners"] is not None:
            break
        action = next_action(state, rng, busy)
        try:
            state, _ = engine.apply(state, action)
        except engine.RuleError:
            refused += 1
            continue
        log.append(action)
    return state, log, refused
