"""A small deterministic stand-in for the rules engine, for the store's tests."""

from __future__ import annotations

import json
import random

from companion.engine.core.errors import RuleError as EngineRuleError


class RuleError(EngineRuleError):
    """The stand-in engine's refusal: a RuleError, as the engine's (a write lets it through;
    importing a save file refuses the file with it)."""


def toy_apply(state, action):
    """A tiny rules stand-in: new_game, add (refuses negatives), roll (uses the seed), next."""
    kind = action.get("type")
    if state is None:
        if kind != "new_game":
            raise RuleError("a game starts with new_game")
        seats = [{"id": f"s{i + 1}", "name": n} for i, n in enumerate(action["names"])]
        start = {"seats": seats, "round": 1, "phase": "setup", "total": 0, "rolls": []}
        return start, [{"kind": "setup", "seats": len(seats)}]
    st = json.loads(json.dumps(state))
    if kind == "add":
        if action["n"] < 0:
            raise RuleError("cannot add a negative number")
        st["total"] += action["n"]
        st["phase"] = "player_turns"
        return st, [{"kind": "added", "n": action["n"]}]
    if kind == "roll":
        face = random.Random(action["seed"]).randint(1, 6)
        st["rolls"].append(face)
        return st, [{"kind": "rolled", "face": face, "private": "s1"}]
    if kind == "next_round":
        st["round"] += 1
        return st, [{"kind": "round", "round": st["round"]}]
    raise RuleError(f"unknown action {kind!r}")


NEW = {"type": "new_game", "by": "table", "names": ["Ana", "Bea", "Caio"]}


def dump(db):
    """Every stored row of both tables, to prove a refused write changed nothing."""
    return (
        db.execute("select * from games order by id").fetchall(),
        db.execute("select * from actions order by game_id, seq").fetchall(),
    )
