"""Crossroads hints: when what the table records matches the drawn card's trigger, the holder's
phone (and only it) lights up with "this may trigger your card".

A crossroads card is drawn in secret by the player to the active player's right, who reveals
it when its trigger happens (002 "Resolving Crossroads Cards", 002:1464; 000:458). The
companion's own cards carry their trigger in structured form (``trigger_kind`` and
``trigger_params``, docs/card-sources.md). ``may_trigger`` matches one kind against the steps
an action made and the state after it; ``note_hint`` keeps the match in the holder's secrets
(``secrets[seat]["crossroads_hint"]``: the card id and the step kind or condition that matched),
so no public view ever carries it. It is a hint: the holder still reads the card and decides.

Kinds the table has no action for (``requests``: a card handed over on request) never light up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.core.state import COLONY, State, helpless_count
from companion.engine.words.steps import Step

Params = dict[str, Any]
Matcher = Callable[[Params, list[Step], State, str], str | None]
"""(trigger params, steps, state after, active seat) -> what matched, or None."""


def _owner(st: State, survivor_id: Any) -> str | None:
    """The seat controlling a survivor (None: nobody's, or not in play)."""
    found = next((s for s in st["survivors"] if s["id"] == survivor_id), None)
    return found["owner"] if found else None


def _first(
    steps: list[Step], kind: str, test: Callable[[Step], bool] = lambda s: True
) -> str | None:
    """``kind`` when one of the steps is of that kind and passes ``test``."""
    return kind if any(s.get("kind") == kind and test(s) for s in steps) else None


def _place(params: Params) -> str | None:
    """The location a trigger names (the colony as the state names it), or None for anywhere."""
    place = params.get("location")
    return COLONY if place in ("base.colony", COLONY) else place


def _at(params: Params, where: Any) -> bool:
    """Whether a step's place is the one the trigger names (any place when it names none)."""
    place = _place(params)
    return place is None or where == place


def _drawn(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    return _first(steps, "turn_started")


def _moves_to(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    return _first(
        steps,
        "survivor_moved",
        lambda s: _at(params, s.get("to")) and _owner(st, s.get("survivor")) == active,
    )


def _searches_at(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    def here(s: Step) -> bool:
        where = s.get("location", s.get("location_id", s.get("place")))
        return _at(params, where) and _owner(st, s.get("survivor")) in (active, None)

    return _first(steps, "searched", here)


def _kills_zombie(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    """A kill at the card's place; with ``outside_colony``, at any location but the colony."""
    outside = params.get("outside_colony") is True

    def here(s: Step) -> bool:
        return _at(params, s.get("where")) and not (outside and s.get("where") == COLONY)

    return _first(steps, "zombies_killed", here)


def _attacks_survivor(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    if _first(steps, "exposure_rolled") or _first(steps, "bite_roll"):
        return None  # a wound from the exposure die is no attack
    return _first(steps, "wound_added", lambda s: _owner(st, s.get("survivor")) != active)


def _barricades(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    return _first(steps, "barricade_added", lambda s: _at(params, s.get("where")))


def _by_active(kind: str) -> Matcher:
    """A step of ``kind`` made by the active player's seat."""

    def match(params: Params, steps: list[Step], st: State, active: str) -> str | None:
        return _first(steps, kind, lambda s: s.get("seat", active) == active)

    return match


def _calls_exile(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    return _first(steps, "exile_vote_called")


def _never(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    return None


def _exposure(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    def rolled(s: Step) -> bool:
        return s.get("result") == params.get("result") and _owner(st, s.get("survivor")) == active

    return _first(steps, "exposure_rolled", rolled) or _first(steps, "bite_roll", rolled)


def _active_survivors(st: State, active: str) -> list[dict[str, Any]]:
    return [s for s in st["survivors"] if s["owner"] == active]


def _controls(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    names = {s["name"] for s in _active_survivors(st, active)}
    return "controls" if params.get("survivor") in names else None


def _survivor_at(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    return (
        "survivor_at"
        if any(
            s["name"] == params.get("survivor") and _at(params, s["location"])
            for s in _active_survivors(st, active)
        )
        else None
    )


def _wounded(params: Params, steps: list[Step], st: State, active: str) -> str | None:
    hurt = any(
        any(s.get(w) for w in ("wounds", "frostbite")) for s in _active_survivors(st, active)
    )
    return "wounded" if hurt else None


def _colony_zombies(st: State) -> int:
    return sum(e["zombies"] for e in st["colony"]["entrances"])


def _threshold(read: Callable[[State], int], at_least: bool) -> Matcher:
    """A number of the state crossing the card's value: at least it, or at most it."""

    def match(params: Params, steps: list[Step], st: State, active: str) -> str | None:
        value, now = params.get("value"), read(st)
        if not isinstance(value, int):
            return None
        crossed = now >= value if at_least else now <= value
        return "threshold" if crossed else None

    return match


MATCHERS: dict[str, Matcher] = {
    "start-of-turn": _drawn,
    "any-time": _drawn,
    "moves-to": _moves_to,
    "searches-at": _searches_at,
    "kills-zombie": _kills_zombie,
    "attacks-survivor": _attacks_survivor,
    "barricades": _barricades,
    "cleans-waste": _by_active("waste_cleaned"),
    "adds-to-crisis": _by_active("crisis_card_added"),
    "plays-card": _by_active("cards_played"),  # the table records how many, not which symbol
    "spends-food": _by_active("food_spent"),
    "requests": _never,  # the table records no request
    "calls-exile-vote": _calls_exile,
    "exposure-result": _exposure,
    "controls-survivor": _controls,
    "survivor-at": _survivor_at,
    "wounded-survivor": _wounded,
    "morale-at-most": _threshold(lambda st: st["morale"], at_least=False),
    "food-at-most": _threshold(lambda st: st["food"], at_least=False),
    "waste-at-least": _threshold(lambda st: st["waste"], at_least=True),
    "helpless-at-least": _threshold(helpless_count, at_least=True),
    "colony-zombies-at-least": _threshold(_colony_zombies, at_least=True),
}
"""Every trigger kind of the card sources (companion/cards/schema.py TRIGGER_KINDS)."""


def may_trigger(card: dict[str, Any], steps: list[Step], st: State, active: str) -> str | None:
    """What in ``steps`` (or the state after them) matches the card's trigger, or None."""
    matcher = MATCHERS.get(card.get("trigger_kind", ""))
    params = card.get("trigger_params")
    if matcher is None:
        return None
    return matcher(params if isinstance(params, dict) else {}, steps, st, active)


def note_hint(st: State, steps: list[Step]) -> None:
    """After an action: when the turn's hidden crossroads card may have triggered, note it in
    its holder's secrets (kept until another card is held; the first match is kept)."""
    turn = st.get("turn")
    if not turn or turn.get("crossroads_revealed") or not turn.get("crossroads_drawer"):
        return
    secrets = st["secrets"][turn["crossroads_drawer"]]
    held = secrets.get("crossroads")
    if not held or (secrets.get("crossroads_hint") or {}).get("card") == held:
        return
    matched = may_trigger(st["cards"]["crossroads"].get(held, {}), steps, st, turn["seat"])
    if matched:
        secrets["crossroads_hint"] = {"card": held, "matched": matched}


def hint_for(st: State, seat_id: str) -> bool:
    """Whether this seat's held crossroads card may have triggered (its own phone only)."""
    secrets = st["secrets"][seat_id]
    held = secrets.get("crossroads")
    hint = secrets.get("crossroads_hint")
    turn = st.get("turn")
    return bool(
        held
        and isinstance(hint, dict)
        and hint.get("card") == held
        and turn
        and not turn.get("crossroads_revealed")
    )
