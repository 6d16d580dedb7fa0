"""Checks the board actions share: places, entrances, survivor room, whose turn, exposure faces."""

from __future__ import annotations

from typing import Any

from companion.engine.board.exposure import ROLL, SKIP, exposure_result, roll_for_exposure
from companion.engine.core.dice import Randomness
from companion.engine.core.errors import Phrase, RuleError, shown
from companion.engine.core.state import (
    COLONY,
    State,
    entrance,
    free_survivor_spaces,
    location,
    place_name,
    seat,
    survivor,
)
from companion.engine.core.vocabulary import NOT_CHOSEN
from companion.engine.words.steps import N_, Step, step


def check_place(st: State, place: Any) -> str:
    """Return the place if it is the colony or a known location, else raise."""
    if place != COLONY:
        location(st, place)
    return place


def entrance_at(st: State, place: Any, number: Any) -> dict[str, Any]:
    """The entrance a player names: a colony entrance must be given (1-6), a location has one."""
    check_place(st, place)
    if place == COLONY and number is None:
        raise RuleError(N_("say which colony entrance (1-6)"))
    return entrance(st, place, number)


def entrance_label(st: State, place: str, ent: dict[str, Any]) -> Phrase:
    """'entrance 2 of the colony' or 'the entrance of the Police Station' (for refusals)."""
    if place == COLONY:
        return Phrase(N_("entrance {number} of the colony"), number=ent["number"])
    return Phrase(N_("the entrance of the {location}"), location=place_name(st, place))


NO_ROOM = {
    "move": N_("{place} has no empty survivor space for {name}: choose another place"),
    "join": N_("{place} has no empty survivor space for {name}"),
}
"""The refusal for a survivor moved to a full place (002 "Move a Survivor"), or joining or
placed there by a card or a scenario (002:1727)."""


def require_room(st: State, place: str, name: str, how: str = "move") -> None:
    """Raise unless the place has an empty survivor space for the survivor ``name``, who comes
    there by a move or (``how`` "join") by joining or being placed (``NO_ROOM``)."""
    if free_survivor_spaces(st, place) <= 0:
        raise RuleError(NO_ROOM[how], place=place_name(st, place), name=name)


def active_seat(st: State, seat_id: Any) -> dict[str, Any]:
    """A seat still in the game, or raise."""
    s = seat(st, seat_id)
    if s.get("eliminated"):
        raise RuleError(N_("{name} is out of the game"), name=s["name"])
    return s


def require_own_turn(st: State, player: dict[str, Any], what: str) -> None:
    """Raise if another player's turn is in progress: actions belong to one's own turn.

    ``what`` is the action in words of ours, an ``N_``-marked msgid ("play cards").

    Base 002 "Actions that do not require an Action Die" (002:1340-1360: a player plays cards,
    adds cards to the crisis and spends food during his turn). Between turns the table may
    still enter an action by hand (a correction).
    """
    turn = st.get("turn")
    if turn and turn["seat"] != player["id"]:
        active = seat(st, turn["seat"])["name"]
        raise RuleError(
            N_("{name} cannot {action} during {active}'s turn"),
            name=player["name"],
            action=Phrase(what),
            active=active,
        )


def require_long_night(st: State, what: str) -> None:
    """Raise unless the game uses the Long Night rules; ``what`` is an ``N_``-marked msgid."""
    if st["ruleset"] != "long_night":
        raise RuleError(
            N_("{what} belong to the Long Night rules; this game uses the base rules"),
            what=Phrase(what),
        )


def exposures(exposure: Any, rng: Randomness | None, count: int) -> list[tuple[str, bool]] | None:
    """The exposure faces for `count` rolls: None when a card says not to roll ("skip").

    ``exposure`` is None or ROLL (each face is rolled later with rng, marked "?"), one face
    (only for a single roll), or a list with one face per roll; empty is refused. Every face is
    checked before anything moves.
    """
    if exposure == NOT_CHOSEN:
        exposure_result(exposure, rng)  # raises: choose a face or "roll it here for me"
    if exposure == SKIP:
        return None
    if exposure is None or exposure == ROLL:
        if rng is None:
            exposure_result(None, None)  # raises: enter the result or give a random source
        return [("?", True)] * count
    if isinstance(exposure, str):
        exposure = [exposure]
    if not isinstance(exposure, (list, tuple)) or len(exposure) != count:
        raise RuleError(
            N_("give one exposure result per roll ({count}), not {given}"),
            count=count,
            given=shown(exposure),
        )
    return [exposure_result(face, None) for face in exposure]


def expose(
    st: State,
    steps: list[Step],
    survivor_id: str,
    faces: list[tuple[str, bool]] | None,
    rng: Randomness | None,
    reason: str,
) -> None:
    """Roll for exposure once per face (base 002 "Rolling for Exposure"); stop if it dies.

    A face of "?" is rolled now with rng. ``faces`` None records that a card said not to roll.
    """
    if faces is None:
        name = survivor(st, survivor_id)["name"]
        steps.append(step("exposure_skipped", survivor=survivor_id, name=name, reason=reason))
        return
    for face, rolled in faces:
        if st["ended"] or st["pending"] or survivor_id not in [s["id"] for s in st["survivors"]]:
            return
        if face == "?":
            face, rolled = exposure_result(None, rng)
        roll_for_exposure(st, steps, survivor_id, face, rolled=rolled)
