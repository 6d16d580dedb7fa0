"""Survivors on the board: moving, wounds and healing, joining, group leaders, deaths by card."""

from __future__ import annotations

from typing import Any

from companion.engine.board.checks import active_seat, check_place, expose, exposures, require_room
from companion.engine.board.deaths import (
    WOUND_KEYS,
    add_wound,
    kill_survivor,
    promote_leader,
    remove_survivor,
)
from companion.engine.board.places import Choices, places
from companion.engine.core import declare as act
from companion.engine.core.dice import Randomness
from companion.engine.core.errors import RuleError, require_one_of, shown
from companion.engine.core.state import (
    COLONY,
    State,
    active_seat_id,
    begin,
    free_survivor_spaces,
    new_survivor,
    place_name,
    seat,
    survivor,
    survivors_of,
)
from companion.engine.core.vocabulary import EXPOSURE_RESULTS, WOUND_KINDS
from companion.engine.words.steps import (
    N_,
    Step,
    at_place,
    of_seat,
    of_survivor,
    step,
    step_place_name,
)

HEALABLE = ("wound", "frostbite")
NO_TOKEN = {
    "wound": N_("{name} has no wound token"),
    "frostbite": N_("{name} has no frostbite token"),
}
"""The refusal for healing a token the survivor does not have, per healable token."""


def move(st: State, steps: list[Step], survivor_id: str, to: str, *, free: bool) -> None:
    """Move a survivor to a place with an empty survivor space (base 002 "Move a Survivor").

    Each survivor moves once per turn (002:1378); a move that does not count (the exile move,
    002:1738, or a card) is ``free``. An exiled player's survivors never enter the colony
    (002 "Exile": they leave it and live elsewhere).
    """
    mover = survivor(st, survivor_id)
    check_place(st, to)
    if mover["location"] == to:
        raise RuleError(
            N_("{name} is already at {place}"), name=mover["name"], place=place_name(st, to)
        )
    owner = seat(st, mover["owner"]) if mover["owner"] else None
    if to == COLONY and owner and owner["exiled"]:
        raise RuleError(
            N_("{name} is exiled: their survivors may not enter the colony"), name=owner["name"]
        )
    turn = st["turn"]
    if turn and not free and survivor_id in turn["moved"]:
        raise RuleError(N_("{name} has already moved this turn"), name=mover["name"])
    require_room(st, to, mover["name"])
    came_from = mover["location"]
    mover["location"] = to
    if turn and not free:
        turn["moved"].append(survivor_id)
    steps.append(
        step(
            "survivor_moved",
            **of_survivor(mover),
            came_from=came_from,
            from_name=step_place_name(st, came_from),
            to=to,
            to_name=step_place_name(st, to),
            free=free,
        )
    )


def still_to_leave_colony(st: State) -> list[dict[str, Any]]:
    """Survivors an exiled player must still move out of the colony (002:1736).

    Only those still in play and still in the colony count; one that died meanwhile does not.
    """
    ids = set(st.get("must_leave_colony") or [])
    return [s for s in st["survivors"] if s["id"] in ids and s["location"] == COLONY]


def move_choices(st: State, actor: str) -> Choices | None:
    """Where each of the active player's survivors not yet moved this turn (002:1378), and each
    survivor an exiled player must still move out of the colony (for free, 002:1736), may go:
    a place with a free survivor space, never the colony for an exiled player's survivor."""
    active = active_seat_id(st)
    leaving = {s["id"] for s in still_to_leave_colony(st)}
    moved = set(st["turn"]["moved"])
    moves = {}
    for s in st["survivors"]:
        if s["id"] not in leaving and (s["owner"] != active or s["id"] in moved):
            continue
        exiled = any(x["id"] == s["owner"] and x["exiled"] for x in st["seats"])
        destinations = [
            place
            for place in places(st)
            if place != s["location"]
            and free_survivor_spaces(st, place) > 0
            and not (place == COLONY and exiled)
        ]
        if destinations:
            moves[s["id"]] = destinations
    if not moves:
        return None
    return {
        "survivor_id": moves,
        "free": sorted(leaving & set(moves)),
        "exposure": list(EXPOSURE_RESULTS),
    }


@act.rule(N_("move survivor"), "002:1378", who=act.TURN, about=act.SURVIVOR)
@act.takes(
    move_choices,
    to=act.keyed("survivor_id", "survivor_id"),
    free=act.flag("free", "survivor_id"),
    exposure=act.ROLL_OR_SKIP,
)
def move_survivor(
    state: State,
    survivor_id: str,
    to: str,
    exposure: str | None = None,
    rng: Randomness | None = None,
    *,
    free: bool = False,
) -> tuple[State, list[Step]]:
    """Move a survivor, then roll for exposure. Base 002 "Move a Survivor" (002:1378), "Exile".

    ``exposure``: the die face the table rolled, None or "roll" to roll it with rng, or "skip"
    when a card says not to roll (NOT_CHOSEN is refused: exposure.exposure_result).
    ``free=True`` for a move that does not use the survivor's move this turn.
    """
    st, steps = begin(state)
    faces = exposures(exposure, rng, 1)
    move(st, steps, survivor_id, to, free=free)
    expose(st, steps, survivor_id, faces, rng, "card_says_skip")
    return st, steps


def wound_choices(st: State, actor: str) -> Choices | None:
    """Any survivor, any kind of wound."""
    return _everyone(st, wound=list(WOUND_KINDS))


@act.rule(N_("wound survivor"), "000:536", who=act.TURN)
@act.takes(wound_choices)
def wound_survivor(
    state: State, survivor_id: str, wound: str = "wound"
) -> tuple[State, list[Step]]:
    """Give a survivor a wound, frostbite or despair token; 3 kill it (002, 000:536)."""
    st, steps = begin(state)
    survivor(st, survivor_id)
    add_wound(st, steps, survivor_id, wound, "card_or_attack")
    return st, steps


def heal(st: State, steps: list[Step], survivor_id: str, wound: str) -> None:
    """Remove one wound or frostbite token; despair never goes this way (000:682)."""
    if wound == "despair":
        raise RuleError(
            N_(
                "despair cannot be removed by an effect that removes wounds "
                "(only by an effect that removes despair)"
            )
        )
    require_one_of(wound, HEALABLE, N_("a wound to heal is one of {known}, not {wound}"), "wound")
    patient = survivor(st, survivor_id)
    key = WOUND_KEYS[wound]
    if patient[key] <= 0:
        raise RuleError(NO_TOKEN[wound], name=patient["name"])
    patient[key] -= 1
    steps.append(step("wound_healed", **of_survivor(patient), wound=wound))


def heal_choices(st: State, actor: str) -> dict[str, Any] | None:
    """The survivors with a wound or frostbite to heal, each with what it carries (000:682);
    None when nobody is hurt."""
    hurt = {
        s["id"]: [w for w, key in (("wound", "wounds"), ("frostbite", "frostbite")) if s[key]]
        for s in st["survivors"]
        if s["wounds"] or s["frostbite"]
    }
    return {"survivor_id": hurt} if hurt else None


@act.rule(N_("heal survivor"), "000:682", who=act.TURN)
@act.takes(heal_choices, wound=act.keyed("survivor_id", "survivor_id"))
def heal_survivor(state: State, survivor_id: str, wound: str = "wound") -> tuple[State, list[Step]]:
    """Remove a wound or frostbite token from a survivor (000:682)."""
    st, steps = begin(state)
    heal(st, steps, survivor_id, wound)
    return st, steps


def despair_choices(st: State, actor: str) -> dict[str, Any] | None:
    """The survivors carrying despair (000:682); None when none does."""
    despairing = [s["id"] for s in st["survivors"] if s["despair"]]
    return {"survivor_id": despairing} if despairing else None


@act.rule(N_("remove despair"), "000:682", who=act.TURN)
@act.takes(despair_choices)
def remove_despair(state: State, survivor_id: str) -> tuple[State, list[Step]]:
    """Remove a despair token, for effects that say so (000:682)."""
    st, steps = begin(state)
    patient = survivor(st, survivor_id)
    if patient["despair"] <= 0:
        raise RuleError(N_("{name} has no despair token"), name=patient["name"])
    patient["despair"] -= 1
    steps.append(step("despair_removed", **of_survivor(patient)))
    return st, steps


def join(st: State, steps: list[Step], player: dict[str, Any], card: dict, place: Any) -> None:
    """A new survivor joins a player's group (002:1720-1731, 002:1751, 002:1780).

    It goes to the colony, which needs an empty survivor space; an exiled player's new survivor
    goes to a non-colony location of their choice instead. A player who had lost every survivor
    (or has none) makes it their group leader.
    """
    if any(s["id"] == card["id"] for s in st["survivors"]):
        raise RuleError(N_("{name} is already in play"), name=card["name"])
    if player["exiled"]:
        if place in (None, COLONY):
            raise RuleError(
                N_(
                    "{name} is exiled: their new survivor goes to a location of their choice, "
                    "not the colony"
                ),
                name=player["name"],
            )
        check_place(st, place)
    else:
        if place not in (None, COLONY):
            raise RuleError(N_("a new survivor joins at the colony"))
        place = COLONY
    require_room(st, place, card["name"], "join")
    leader = player["needs_survivor"] or not survivors_of(st, player["id"])
    newcomer = new_survivor(card, player["id"], place=place)
    st["survivors"].append(newcomer)
    player["needs_survivor"] = False
    steps.append(
        step(
            "survivor_added",
            **of_survivor(newcomer),
            **of_seat(player),
            **at_place(st, place),
        )
    )
    if leader:
        promote_leader(st, steps, player, newcomer["id"])


def joining_places(st: State, player: dict[str, Any]) -> list[str]:
    """Where a new survivor of ``player`` may join: the colony, or for an exiled player a
    non-colony location of their choice with an empty survivor space (002:1751-1753)."""
    if not player["exiled"]:
        return [COLONY] if free_survivor_spaces(st, COLONY) > 0 else []
    return [p for p in places(st)[1:] if free_survivor_spaces(st, p) > 0]


def join_choices(st: State, seat_id: str) -> Choices | None:
    """A seat still in the game adds a survivor from the deck (listed by name, never in the
    deck's order) where one may join."""
    player = seat(st, seat_id)
    deck = st["decks"]["survivors"]
    where = joining_places(st, player)
    if not deck or player.get("eliminated") or not where:
        return None
    names = st["cards"]["survivors"]
    by_name = sorted(deck, key=lambda c: (names[c]["name"], c))
    return {"seat_id": [seat_id], "survivor_id": by_name, "place": where}


@act.rule(N_("add survivor"), "002:1751", who=act.OPEN, about="seat_id")
@act.answers("survivor")
@act.takes(join_choices)
def add_survivor(
    state: State, seat_id: str, survivor_id: str, place: str | None = None
) -> tuple[State, list[Step]]:
    """A new survivor joins a player's group, by card id (002 "Adding Survivors", 002:1751).

    The card comes from the game's survivor cards (``state["cards"]["survivors"]``) and leaves
    the survivor deck; one already in play or dead cannot join. A full colony refuses it.
    """
    st, steps = begin(state)
    player = active_seat(st, seat_id)
    card = st["cards"]["survivors"].get(survivor_id)
    if card is None:
        raise RuleError(N_("unknown survivor card {card}"), card=shown(survivor_id))
    if any(g["id"] == survivor_id for g in st["graveyard"]):
        raise RuleError(N_("{name} is dead and cannot join"), name=card["name"])
    join(st, steps, player, card, place)
    deck = st["decks"]["survivors"]
    if survivor_id in deck:
        deck.remove(survivor_id)
    return st, steps


def group_leader_choices(st: State, seat_id: str) -> dict[str, Any] | None:
    """Which of a seat's survivors it may make its group leader: any but the leader now
    (002:1777); None without one."""
    followers = [s["id"] for s in st["survivors"] if s["owner"] == seat_id and not s["leader"]]
    return {"seat_id": [seat_id], "survivor_id": followers} if followers else None


@act.rule(N_("set group leader"), "002:1777", who=act.OPEN, about="seat_id")
@act.takes(group_leader_choices)
def set_group_leader(state: State, seat_id: str, survivor_id: str) -> tuple[State, list[Step]]:
    """Make one of a player's followers their group leader (002:1777)."""
    st, steps = begin(state)
    player = active_seat(st, seat_id)
    chosen = survivor(st, survivor_id)
    if chosen["owner"] != seat_id:
        raise RuleError(
            N_("{name} is not in {player}'s group"), name=chosen["name"], player=player["name"]
        )
    if chosen["leader"]:
        raise RuleError(
            N_("{name} already leads {player}'s group"), name=chosen["name"], player=player["name"]
        )
    promote_leader(st, steps, player, survivor_id)
    return st, steps


def _everyone(st: State, actor: str = "", **more: list[Any]) -> Choices | None:
    """Any survivor on the board (and ``more`` choices), or None with none."""
    everyone = [s["id"] for s in st["survivors"]]
    return {"survivor_id": everyone, **more} if everyone else None


@act.rule(N_("kill survivor by card"), who=act.CORRECTION)
@act.takes(_everyone, cause=act.FREE)
def kill_survivor_by_card(
    state: State, survivor_id: str, cause: str = "card"
) -> tuple[State, list[Step]]:
    """A card kills a survivor: morale -1 unless its owner is exiled (002 "Killing Survivors").

    ``cause`` is the code "card" or the table's own words (shown as typed).
    """
    st, steps = begin(state)
    kill_survivor(st, steps, survivor_id, cause)
    return st, steps


@act.rule(N_("remove survivor by card"), "002:1790", who=act.CORRECTION)
@act.takes(_everyone, cause=act.FREE)
def remove_survivor_by_card(
    state: State, survivor_id: str, cause: str = "card"
) -> tuple[State, list[Step]]:
    """A card removes a survivor from the game: not a death, no morale (002:1790 note); ``cause``
    as ``kill_survivor_by_card`` has it."""
    st, steps = begin(state)
    remove_survivor(st, steps, survivor_id, cause)
    return st, steps
