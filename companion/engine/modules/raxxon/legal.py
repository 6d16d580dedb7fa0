"""The legal choices of the Raxxon module's actions (its hooks, core/hooks.py)."""

from __future__ import annotations

from typing import Any

from companion.engine.board.special_zombies import special_zombies
from companion.engine.core.state import COLONY, State, active_seat_id, free_spaces, location
from companion.engine.core.vocabulary import EXPOSURE_RESULTS
from companion.engine.modules.raxxon.rules import (
    FACES,
    KILL_WAYS,
    MAX_SPECIAL,
    TOP_EXPERIMENT,
    is_raxxon,
    special_zombie_attacked,
)

Choices = dict[str, Any]


def _places(st: State) -> list[str]:
    """The colony and every location id, in number order."""
    return [COLONY] + [loc["id"] for loc in sorted(st["locations"], key=lambda x: x["number"])]


def _has_room(st: State, place: str) -> bool:
    """Whether a zombie may be moved to ``place``: an entrance there has a free space."""
    if place == COLONY:
        return any(free_spaces(e) > 0 for e in st["colony"]["entrances"])
    return free_spaces(location(st, place)["entrance"]) > 0


def pending_choices(st: State) -> dict[str, Choices] | None:
    """The table's one action while a Raxxon decision is pending, or None for another kind."""
    pending = st.get("pending") or {}
    if pending.get("kind") == "containment_place":
        return {"choose_containment_place": {"place": _places(st)}}
    if pending.get("kind") == "special_zombies":
        return {"place_special_zombies": _placing(st)}
    if pending.get("kind") == TOP_EXPERIMENT:
        return {"enter_experiment": _experiment_choices()}
    return None


def seat_pending_choices(st: State, seat_id: str) -> dict[str, Choices] | None:
    """A phone's action while a Raxxon decision is pending (the first player's choice)."""
    pending = st.get("pending") or {}
    if pending.get("kind") == "containment_place":
        if pending.get("seat") == seat_id:
            return {"choose_containment_place": {"place": _places(st)}}
        return {}
    if pending.get("kind") in ("special_zombies", TOP_EXPERIMENT):
        return {}
    return None


def _placing(st: State) -> Choices:
    """Where the top experiment's zombies may be placed: rolled, or one place each."""
    experiment = st["raxxon"]["experiment"] or {"zombies": []}
    return {"places": _places(st), "zombies": list(experiment["zombies"])}


def _experiment_choices() -> Choices:
    """The top experiment's code faces and how many special zombies it may list."""
    return {"faces": list(FACES), "most": MAX_SPECIAL}


def table_choices(st: State) -> dict[str, Choices]:
    """The Raxxon table entries open whatever the turn: the experiment, dice corrections."""
    rec = st.get("raxxon")
    if not isinstance(rec, dict):
        return {}
    out: dict[str, Choices] = {
        "enter_experiment": _experiment_choices(),
    }
    if rec["dice"]:
        out["remove_raxxon_dice"] = {}
    if rec["immediate"] > 0 and rec["experiment"]:
        out["place_special_zombies"] = _placing(st)
    return out


def turn_choices(st: State) -> dict[str, Choices]:
    """During a turn: dice on Raxxon, special zombies, side effects."""
    active = active_seat_id(st)
    mine = [s for s in st["survivors"] if s["owner"] == active]
    out: dict[str, Choices] = {}
    rec = st.get("raxxon")
    if not isinstance(rec, dict):
        return out
    aimed = rec["experiment"] is not None and rec["containment_from"] is not None
    if aimed and any(is_raxxon(st, s["location"]) for s in mine):
        out["place_raxxon_dice"] = {"seat_id": [active], "faces": list(FACES)}
    specials = special_zombies(st)
    targets = {
        s["id"]: sorted({z["zombie"] for z in specials if z["place"] == s["location"]})
        for s in mine
    }
    targets = {k: v for k, v in targets.items() if v}
    if targets:
        out["attack_special_zombie"] = {
            "survivor_id": targets,
            "exposure": list(EXPOSURE_RESULTS),
            "encounter": list(FACES),
        }
    attacked = [z for z in specials if special_zombie_attacked(st, z["place"], z["zombie"])]
    if attacked:
        out["remove_special_zombie"] = {"targets": attacked, "how": [KILL_WAYS[0]]}
    roomy = [p for p in _places(st) if _has_room(st, p)]
    if specials and roomy:
        out["move_special_zombie"] = {"targets": specials, "to": roomy}
    if mine:
        out["equip_side_effect"] = {"survivor_id": [s["id"] for s in mine]}
    return out
