"""Drive whole games through the front door: real setups from cards.db, legal actions picked at
random from the engine's own ``legal`` lists, every action a JSON dict with its actor and seed."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import companion.engine as engine
from companion.cards.game import game_setup

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


def start(players: int = 3, seed: int = 1, **kw: Any) -> tuple[dict, list[dict]]:
    """A new game through the front door; returns (state, log)."""
    action = {"type": "new_game", "by": "table", "setup": setup_for(players, **kw), "seed": seed}
    state, _ = engine.apply(None, action)
    return state, [action]


def _entrance_args(target: dict[str, Any]) -> dict[str, Any]:
    """Arguments naming an entrance choice."""
    out = {"place": target["place"]}
    if target["entrance"] is not None:
        out["entrance"] = target["entrance"]
    return out


def build(kind: str, choices: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A concrete action (without type/by) from an entry of the legal list, or None to skip."""
    pick = rng.choice
    if kind in ("add_barricade", "add_trap", "remove_barricade", "remove_trap"):
        return _entrance_args(pick(choices["targets"]))
    if kind == "kill_zombies":
        return _entrance_args(pick(choices["targets"]))
    if kind == "move_survivor":
        sid = pick(sorted(choices["survivor_id"]))
        out = {
            "survivor_id": sid,
            "to": pick(choices["survivor_id"][sid]),
            "exposure": pick(["blank", "blank", "wound", "frostbite", "bite"]),
        }
        if sid in choices["free"]:
            out["free"] = True
        return out
    if kind == "heal_survivor":
        sid = pick(sorted(choices["survivor_id"]))
        return {"survivor_id": sid, "wound": pick(choices["survivor_id"][sid])}
    if kind == "add_noise":
        return {"location_id": pick(choices["location_id"])}
    if kind in ("play_cards", "clean_waste", "calm_unruly"):
        out = {"seat_id": choices["seat_id"][0]}
        if kind == "play_cards":
            out.update(count=rng.randint(1, 3), event=pick([False, True]))
        return out
    if kind == "spend_food":
        return {"seat_id": choices["seat_id"][0], "count": 1}
    if kind in ("add_food", "add_waste"):
        return {"count": rng.randint(1, 3)}
    if kind == "add_helpless":
        return {"count": 1, "seat_id": choices["seat_id"][0]}
    if kind in ("wound_survivor", "heal_survivor", "remove_despair", "record_exposure"):
        if not choices["survivor_id"]:
            return None
        out = {"survivor_id": pick(choices["survivor_id"])}
        if kind == "record_exposure":
            out["result"] = pick(["blank", "wound", "bite"])
        return out
    if kind == "trigger_crossroads":
        takeable = [  # an option naming a survivor needs one of the active player's
            n
            for n in choices.get("option", [])
            if choices["chosen"] or "chosen" not in choices["needs"][n]
        ]
        if not choices.get("vote") and not takeable:
            return None
        out = {} if choices.get("vote") else {"option": pick(takeable)}
        needs = (
            set().union(*choices["needs"].values())
            if choices.get("vote")
            else set(choices["needs"][out["option"]])
        )
        if "chosen" in needs:
            if not choices["chosen"]:
                return None
            out["chosen"] = pick(choices["chosen"])
        if "location" in needs:
            out["location"] = pick(choices["location"])
        return out
    if kind == "call_exile_vote":
        return {"caller": choices["caller"][0], "target": pick(choices["target"])}
    if kind == "contribute_to_crisis":
        seat_id = choices["seat_id"][0]
        return {"seat_id": seat_id, "symbols": [pick(choices["symbols"])]}
    if kind == "cast_vote":
        return {"up": pick([True, False])}
    if kind == "record_votes":
        return {"votes": {sid: pick([True, False]) for sid in choices["voters"]}}
    if kind == "resolve_bite":
        return {"choice": pick(choices["choice"])}
    if kind == "keep_survivors":
        return {"survivors": choices["survivors"][:2]}
    if kind == "reveal_crisis":
        return {}
    if kind in ("start_turn", "end_turn", "reveal_crossroads", "withdraw_from_crisis"):
        return {}
    if kind == "run_colony_phase":
        met = rng.random() < 0.05
        return {"objective_met": met and True in choices.get("objective_met", [True])}
    if kind == "place_improvement":
        return {"name": f"Improvement {rng.randrange(10**9)}", "needs": rng.randint(1, 3)}
    if kind == "add_advancement":
        return {"improvement": pick(choices["improvement"])}
    if kind == "mark_objective":
        return {"complete": pick([True, False])}
    if kind == "declare_winners":
        return {}
    if kind == "enter_experiment":
        return {"code": [pick(choices["faces"]), pick(choices["faces"])], "zombies": ["Hunter"]}
    if kind == "choose_containment_place":
        return {"place": pick(choices["place"])}
    if kind == "place_special_zombies":
        return {}
    if kind == "choose_survivor":
        if isinstance(choices["survivor_id"], dict):  # the table answers for a seat
            seat_id = pick(choices["seat_id"])
            return {"seat_id": seat_id, "survivor_id": pick(choices["survivor_id"][seat_id])}
        return {"survivor_id": pick(choices["survivor_id"])}
    if kind == "choose_for_card":  # the table answers with the seat it answers for
        seat_id = {"seat_id": choices["seat_id"][0]} if "seat_id" in choices else {}
        return {**seat_id, "answer": pick(choices["answer"])}
    if kind == "lead_bandits":
        room = [loc for loc, free in choices["room"].items() for _ in range(free)]
        return {"locations": rng.sample(room, choices["count"])}
    if kind == "call_special_exile_vote":
        return {"caller": choices["caller"][0], "target": pick(choices["target"])}
    if kind == "skip_special_exile_vote":
        return {"caller": choices["caller"][0]}
    if kind in ("reveal_bandit_betrayal", "pass_betrayal_reveal"):
        return {}
    return None


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
    "start_turn",
    "end_turn",
    "run_colony_phase",
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
    pool = board if board and (rng.random() < busy or not flow) else flow
    rng.shuffle(pool)
    for actor, kind, choices in pool:
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
