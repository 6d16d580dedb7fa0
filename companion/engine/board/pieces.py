"""Pieces at the entrances and locations: zombies killed or attracted, barricades, traps, noise."""

from __future__ import annotations

from typing import Any

from companion.engine.board.checks import (
    check_place,
    entrance_at,
    entrance_label,
    expose,
    exposures,
    require_long_night,
)
from companion.engine.board.exposure import SKIP
from companion.engine.board.places import Choices, by_survivor, offered, places, targets
from companion.engine.board.special_zombies import (
    require_special_zombies_first,
    special_zombies_cannot_be_moved,
    special_zombies_first,
)
from companion.engine.board.zombies import add_zombies
from companion.engine.core import declare as act
from companion.engine.core.dice import Randomness
from companion.engine.core.errors import RuleError, counted, shown
from companion.engine.core.state import (
    COLONY,
    State,
    active_seat_id,
    begin,
    entrance,
    free_spaces,
    location,
    place_name,
    require_count,
    survivor,
    survivors_at,
)
from companion.engine.core.vocabulary import EXPOSURE_RESULTS
from companion.engine.words.card_texts import card_text
from companion.engine.words.steps import (
    N_,
    Step,
    at_entrance,
    of_location,
    step,
    step_place_name,
)

MAX_NOISE = 4
ATTRACT_MAX = 2
STANDARD_ZOMBIE = "zombie"
"""An attract's name for a standard zombie (``attract_zombies``' ``zombies``)."""

FULL = {
    "barricade": N_("{entrance} is full: no room for a barricade"),
    "trap": N_("{entrance} is full: no room for a trap"),
}
"""The refusal for a token put on a full entrance, per token."""
NONE_TO_REMOVE = {
    "barricade": N_("{entrance} has no barricade to remove"),
    "trap": N_("{entrance} has no trap to remove"),
}
"""The refusal for a token taken off an entrance that has none, per token."""


def kill_choices(st: State, actor: str) -> Choices | None:
    """The entrances with zombies; during a turn the active player's survivors there kill
    (none where a special zombie comes first, 000:805) and their cards may; between turns a
    correction names no killer. ``killers`` by entrance, ``by_survivor`` the entrances each
    survivor may attack."""
    with_zombies = targets(st, lambda e: e["zombies"] > 0)
    if not with_zombies:
        return None
    active = active_seat_id(st) if st.get("turn") else None
    killers = {
        f"{t['place']}:{t['entrance']}": [
            s["id"]
            for s in survivors_at(st, t["place"])
            if s["owner"] == active and not special_zombies_first(st, t["place"])
        ]
        for t in with_zombies
    }
    return {
        "targets": with_zombies,
        "killers": killers,
        "by_survivor": {
            sid: [t for t in with_zombies if sid in killers[f"{t['place']}:{t['entrance']}"]]
            for sid in {sid: None for ids in killers.values() for sid in ids}
        },
        "card_killers": [s["id"] for s in st["survivors"] if s["owner"] == active],
        "attack": [True, False] if active else [False],
        "exposure": list(EXPOSURE_RESULTS),
    }


@act.rule(N_("kill zombies"), "000:511 002:1007 000:805", who=act.TURN, about=act.SURVIVOR)
@act.takes(
    kill_choices,
    place=act.entrance("targets"),
    count=act.FREE,
    survivor_id=act.among("card_killers"),
    exposure=act.ROLL_OR_SKIP,
)
def kill_zombies(
    state: State,
    place: str,
    count: int = 1,
    entrance: int | None = None,
    survivor_id: str | None = None,
    exposure: str | list[str] | None = None,
    rng: Randomness | None = None,
    attack: bool = True,
) -> tuple[State, list[Step]]:
    """Kill standard zombies at one entrance; the survivor who killed them rolls for exposure
    per kill, after an attack or a card effect alike (000:511).

    ``attack``: the survivor attacks (base 002 "Attack", 002:1007: the target shares the
    survivor's location, and a special zombie there is targeted first, 000:805). False: a card
    effect (an item, an ability) killed them, which the card places, and which special zombies
    do not bind. ``exposure``: one face per kill (a list, or one face for one kill), None to
    roll with rng, or "skip" when a card says not to roll. Without a survivor nobody rolls.
    """
    st, steps = begin(state)
    count = require_count(count, N_("the number of zombies killed"), minimum=1)
    ent = entrance_at(st, place, entrance)
    if ent["zombies"] < count:
        raise RuleError(
            N_("{entrance} holds {zombies}, not {count}"),
            entrance=entrance_label(st, place, ent),
            zombies=counted("{n} zombie", "{n} zombies", ent["zombies"], n=ent["zombies"]),
            count=count,
        )
    killer = None
    faces = None
    if survivor_id is not None:
        killer = survivor(st, survivor_id)
        if attack and killer["location"] != place:
            raise RuleError(
                N_("{name} is at {place}, not at {other}"),
                name=killer["name"],
                place=place_name(st, killer["location"]),
                other=place_name(st, place),
            )
        if attack:
            require_special_zombies_first(st, place)
        faces = exposures(exposure, rng, count)
    elif exposure not in (None, SKIP):
        raise RuleError(N_("an exposure result needs the survivor who killed the zombies"))
    ent["zombies"] -= count
    steps.append(
        step(
            "zombies_killed",
            count=count,
            by=killer["name"] if killer else "",
            **at_entrance(st, place, ent),
        )
    )
    if killer:
        expose(st, steps, killer["id"], faces, rng, "card_says_skip")
    return st, steps


def add_token(st: State, steps: list[Step], place: str, number: Any, token: str) -> None:
    """Put a barricade or an explosive trap on an empty entrance space (002 "Barricade", 000:694).

    Zombies, barricades and traps each fill one space, so a full entrance takes none.
    """
    ent = entrance_at(st, place, number)
    if free_spaces(ent) <= 0:
        raise RuleError(FULL[token], entrance=entrance_label(st, place, ent))
    ent[token + "s"] += 1
    steps.append(step(f"{token}_added", **at_entrance(st, place, ent)))


def remove_token(st: State, steps: list[Step], place: str, number: Any, token: str) -> None:
    """Take a barricade or trap off an entrance (a card, or a table correction)."""
    ent = entrance_at(st, place, number)
    if ent[token + "s"] <= 0:
        raise RuleError(NONE_TO_REMOVE[token], entrance=entrance_label(st, place, ent))
    ent[token + "s"] -= 1
    steps.append(step(f"{token}_removed", **at_entrance(st, place, ent)))


def room_choices(st: State, actor: str) -> Choices | None:
    """The entrances with a free space (a card may put a barricade anywhere); ``by_survivor``
    those at each of the active player's survivors' location, where its barricade action puts
    one (002:1202; an explosive trap works exactly like a barricade, 000:696)."""
    room = targets(st, lambda e: free_spaces(e) > 0)
    return {"targets": room, "by_survivor": by_survivor(st, room)} if room else None


@act.rule(N_("add barricade"), "002:1202", who=act.TURN)
@act.takes(room_choices, place=act.entrance("targets"))
def add_barricade(
    state: State, place: str, entrance: int | None = None
) -> tuple[State, list[Step]]:
    """Place a barricade on an empty entrance space. Base 002 "Barricade" (002:1202)."""
    st, steps = begin(state)
    add_token(st, steps, place, entrance, "barricade")
    return st, steps


def barricaded_choices(st: State, actor: str) -> Choices | None:
    """The entrances with a barricade."""
    return offered("targets", targets(st, lambda e: e["barricades"] > 0))


@act.rule(N_("remove barricade"), who=act.CORRECTION)
@act.takes(barricaded_choices, place=act.entrance("targets"))
def remove_barricade(
    state: State, place: str, entrance: int | None = None
) -> tuple[State, list[Step]]:
    """Remove a barricade from an entrance (a card effect or a correction)."""
    st, steps = begin(state)
    remove_token(st, steps, place, entrance, "barricade")
    return st, steps


def trap_choices(st: State, actor: str) -> Choices | None:
    """The entrances with a free space, in The Long Night (000:694)."""
    return room_choices(st, actor) if st["ruleset"] == "long_night" else None


@act.rule(N_("add trap"), "000:694 000:224", who=act.TURN)
@act.takes(trap_choices, place=act.entrance("targets"))
def add_trap(state: State, place: str, entrance: int | None = None) -> tuple[State, list[Step]]:
    """Place an explosive trap on an empty entrance space (000:694; at locations too, 000:224)."""
    st, steps = begin(state)
    require_long_night(st, N_("explosive traps"))
    add_token(st, steps, place, entrance, "trap")
    return st, steps


def trapped_choices(st: State, actor: str) -> Choices | None:
    """The entrances with a trap."""
    return offered("targets", targets(st, lambda e: e["traps"] > 0))


@act.rule(N_("remove trap"), who=act.CORRECTION)
@act.takes(trapped_choices, place=act.entrance("targets"))
def remove_trap(state: State, place: str, entrance: int | None = None) -> tuple[State, list[Step]]:
    """Remove an explosive trap from an entrance without firing it (a correction)."""
    st, steps = begin(state)
    remove_token(st, steps, place, entrance, "trap")
    return st, steps


def hand_choices(st: State, actor: str) -> Choices:
    """Any place on the board."""
    return {"place": places(st)}


@act.rule(N_("add zombies by hand"), who=act.CORRECTION)
@act.takes(hand_choices, count=act.FREE, reason=act.FREE)
def add_zombies_by_hand(
    state: State, place: str, count: int, reason: str = "card_or_action"
) -> tuple[State, list[Step]]:
    """Add zombies by a card or action with the usual placement (base 002 "Adding Zombies")."""
    st, steps = begin(state)
    count = require_count(count, N_("the number of zombies"), minimum=1)
    check_place(st, place)
    add_zombies(st, steps, place, count, reason)
    return st, steps


def attract(
    st: State,
    steps: list[Step],
    from_place: str,
    to_place: str,
    count: int,
    from_entrance: Any,
    to_entrance: Any,
) -> None:
    """Move up to 2 standard zombies into empty entrance spaces at the survivor's place
    (002:1253); special zombies are never moved so (000:805).

    The zombies come from any one entrance elsewhere and only fill empty spaces: a barricade or
    trap is never broken by them. At the colony the player picks the entrance for each zombie.
    """
    source = entrance_at(st, from_place, from_entrance)
    check_place(st, to_place)
    if from_place == to_place:
        raise RuleError(N_("attracted zombies come from another place"))
    special_zombies_cannot_be_moved(st, from_place, source, count)
    staying = list(source.get("special", []))
    if source["zombies"] < count:
        raise RuleError(
            N_("{entrance} holds {zombies}, not {count}"),
            entrance=entrance_label(st, from_place, source),
            zombies=counted("{n} zombie", "{n} zombies", source["zombies"], n=source["zombies"]),
            count=count,
        )
    if to_place == COLONY:
        if to_entrance is None:
            raise RuleError(N_("say which colony entrance each attracted zombie goes to"))
        targets = list(to_entrance) if isinstance(to_entrance, (list, tuple)) else [to_entrance]
        if len(targets) == 1:
            targets = targets * count
        if len(targets) != count:
            raise RuleError(
                N_("give one colony entrance per attracted zombie ({count})"), count=count
            )
    else:
        if to_entrance not in (None, 1):
            raise RuleError(
                N_("a location has a single entrance, not entrance {number}"),
                number=shown(to_entrance),
            )
        targets = [None] * count
    for number in targets:
        target = entrance(st, to_place, number)
        if free_spaces(target) <= 0:
            raise RuleError(
                N_("{entrance} has no empty space for an attracted zombie"),
                entrance=entrance_label(st, to_place, target),
            )
        source["zombies"] -= 1
        target["zombies"] += 1
        steps.append(
            step(
                "zombie_attracted",
                from_where=from_place,
                from_entrance=source["number"],
                from_location_name=step_place_name(st, from_place),
                **at_entrance(st, to_place, target),
            )
        )
    if staying:
        steps.append(
            step("special_zombies_stay", zombies=staying, **at_entrance(st, from_place, source))
        )


def attracted_count(st: State, place: str, ent: Any, count: int, zombies: Any) -> int:
    """How many zombies an attract takes: ``count``, or as many as ``zombies`` names, each
    ``STANDARD_ZOMBIE`` or a special zombie standing at that entrance; a special zombie named
    is refused, by name, since only its own encounter card moves it (000:805)."""
    if zombies is None:
        return count
    if not isinstance(zombies, list) or not all(isinstance(z, str) for z in zombies):
        raise RuleError(N_("name each attracted zombie: a standard zombie or a special one"))
    specials = [z for z in zombies if z != STANDARD_ZOMBIE]
    unknown = [z for z in specials if z not in ent.get("special", [])]
    if unknown:
        raise RuleError(
            N_("no special zombie {zombie} stands at {place}"),
            zombie=shown(unknown[0]),
            place=place_name(st, place),
        )
    if specials:
        raise RuleError(
            N_(
                "{zombies} cannot be attracted: a special zombie moves only by its own "
                "encounter card (000:805)"
            ),
            zombies=", ".join(specials),
        )
    return len(zombies)


def attract_choices(st: State, actor: str) -> Choices | None:
    """From an entrance with zombies to one with room, by the active player's survivor;
    ``by_survivor`` what each may attract (``survivor_attracts``)."""
    with_zombies = targets(st, lambda e: e["zombies"] > 0)
    room = targets(st, lambda e: free_spaces(e) > 0)
    if not with_zombies or not room:
        return None
    active = active_seat_id(st)
    mine = [s for s in st["survivors"] if s["owner"] == active]
    each = {s["id"]: survivor_attracts(st, s, with_zombies, room) for s in mine}
    return {
        "from": with_zombies,
        "to": room,
        "count": [1, ATTRACT_MAX],
        "survivor_id": [s["id"] for s in mine],
        "by_survivor": {sid: pull for sid, pull in each.items() if pull},
    }


def survivor_attracts(
    st: State, who: dict[str, Any], with_zombies: list[Choices], room: list[Choices]
) -> Choices | None:
    """What the survivor ``who`` may attract (002:1253): to an entrance with room at its own
    location (``to``, each with its ``room``: its empty spaces, at most ``ATTRACT_MAX``), from
    an entrance with standard zombies elsewhere (``from``, each with its ``count``, a range: as
    many as stand there and fit at one of those entrances, at most ``ATTRACT_MAX``; special
    zombies are never attracted, 000:805); None when nothing can come."""
    here = who["location"]
    to = [
        {**t, "room": min(ATTRACT_MAX, free_spaces(entrance(st, here, t["entrance"])))}
        for t in room
        if t["place"] == here
    ]
    if not to:
        return None
    most = max(t["room"] for t in to)
    away = [
        {**t, "count": [1, min(most, entrance(st, t["place"], t["entrance"])["zombies"])]}
        for t in with_zombies
        if t["place"] != here
    ]
    return {"to": to, "from": away} if away else None


@act.rule(N_("attract zombies"), "002:1253", who=act.TURN, about=act.SURVIVOR)
@act.takes(
    attract_choices,
    from_place=act.entrance("from", "from_place", "from_entrance"),
    to_place=act.entrance("to", "to_place", "to_entrance"),
    count=act.number(),
)
def attract_zombies(
    state: State,
    from_place: str,
    to_place: str,
    count: int = 2,
    from_entrance: int | None = None,
    to_entrance: int | list[int] | None = None,
    survivor_id: str | None = None,
    zombies: list[str] | None = None,
) -> tuple[State, list[Step]]:
    """Attract 1 or 2 zombies to a survivor's place. Base 002 "Attract" (002:1253).

    ``survivor_id`` (optional) is the survivor who attracts them; it must stand at to_place.
    ``zombies`` (optional) names the zombies taken, in place of ``count`` (``attracted_count``).
    """
    st, steps = begin(state)
    if zombies is not None:
        source = entrance_at(st, from_place, from_entrance)
        count = attracted_count(st, from_place, source, count, zombies)
    count = require_count(count, N_("the number of zombies attracted"), minimum=1)
    if count > ATTRACT_MAX:
        raise RuleError(
            N_("an attract action moves at most {most} zombies, not {count}"),
            most=ATTRACT_MAX,
            count=count,
        )
    if survivor_id is not None:
        who = survivor(st, survivor_id)
        if who["location"] != to_place:
            raise RuleError(
                N_("{name} is not at {place}"),
                name=who["name"],
                place=place_name(st, check_place(st, to_place)),
            )
    attract(st, steps, from_place, to_place, count, from_entrance, to_entrance)
    return st, steps


def make_noise(st: State, steps: list[Step], location_id: str, count: int) -> None:
    """Noise tokens go on a location's noise spaces: 4 at most (002 "Location Cards", 000:224).

    The colony has no noise spaces.
    """
    if location_id == COLONY:
        raise RuleError(N_("the colony has no noise spaces: noise is made at a location"))
    loc = location(st, location_id)
    if loc["noise"] + count > MAX_NOISE:
        raise RuleError(
            N_("the {location} has {noise}: at most {most} fit there"),
            location=card_text(loc),
            noise=counted("{n} noise token", "{n} noise tokens", loc["noise"], n=loc["noise"]),
            most=MAX_NOISE,
        )
    loc["noise"] += count
    steps.append(step("noise_added", count=count, **of_location(loc), noise=loc["noise"]))


def quiet_choices(st: State, actor: str) -> Choices | None:
    """The locations with room for noise; ``by_survivor`` the one each of the active player's
    survivors stands at, where it makes noise (002:1183), if there is room."""
    quiet = [x["id"] for x in st["locations"] if x["noise"] < MAX_NOISE]
    if not quiet:
        return None
    here = by_survivor(st, [{"place": x} for x in quiet])
    return {
        "location_id": quiet,
        "by_survivor": {k: [t["place"] for t in v] for k, v in here.items()},
    }


@act.rule(N_("add noise"), who=act.TURN)
@act.takes(quiet_choices, count=act.FREE)
def add_noise(state: State, location_id: str, count: int = 1) -> tuple[State, list[Step]]:
    """Place noise tokens at a location. Base 002 "Location Cards" 5 and "Search"."""
    st, steps = begin(state)
    count = require_count(count, N_("the number of noise tokens"), minimum=1)
    make_noise(st, steps, location_id, count)
    return st, steps


def noisy_choices(st: State, actor: str) -> Choices | None:
    """The locations with noise."""
    return offered("location_id", [x["id"] for x in st["locations"] if x["noise"] > 0])


@act.rule(N_("remove noise"), who=act.CORRECTION)
@act.takes(noisy_choices, count=act.FREE)
def remove_noise(state: State, location_id: str, count: int = 1) -> tuple[State, list[Step]]:
    """Take noise tokens off a location (a card effect or a correction)."""
    st, steps = begin(state)
    count = require_count(count, N_("the number of noise tokens"), minimum=1)
    loc = location(st, check_place(st, location_id)) if location_id != COLONY else None
    if loc is None or loc["noise"] < count:
        have = loc["noise"] if loc else 0
        raise RuleError(
            N_("{place} has {noise}, not {count}"),
            place=place_name(st, location_id),
            noise=counted("{n} noise token", "{n} noise tokens", have, n=have),
            count=count,
        )
    loc["noise"] -= count
    steps.append(step("noise_removed", count=count, **of_location(loc), noise=loc["noise"]))
    return st, steps
