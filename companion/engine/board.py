"""Board actions the table records during player turns, and table corrections.

The players act with the pieces in the box; these entry points keep the companion's numbers in
step with the board and refuse what the rules forbid. Every entry point takes the state first and
returns ``(new_state, steps)``; on a RuleError the caller's state is untouched.
"""

from __future__ import annotations

from typing import Any

from companion.engine.deaths import add_wound, kill_helpless, kill_survivor, remove_survivor
from companion.engine.dice import Randomness
from companion.engine.errors import RuleError
from companion.engine.exposure import SKIP, exposure_result, roll_for_exposure
from companion.engine.morale import end_game
from companion.engine.state import (
    COLONY,
    State,
    active_seat_id,
    begin,
    entrance,
    free_spaces,
    free_survivor_spaces,
    location,
    new_survivor,
    place_name,
    require_count,
    seat,
    survivor,
    survivors_of,
)
from companion.engine.steps import Step, step, step_place_name
from companion.engine.zombies import add_zombies

MAX_NOISE = 4
CLEAN_WASTE_CARDS = 3
ATTRACT_MAX = 2
COUNTERS = ("morale", "round_track", "food", "starvation", "waste")
HEALABLE = ("wound", "frostbite")
WOUND_KEYS = {"wound": "wounds", "frostbite": "frostbite", "despair": "despair"}


# --- shared checks ---


def check_place(st: State, place: Any) -> str:
    """Return the place if it is the colony or a known location, else raise."""
    if place != COLONY:
        location(st, place)
    return place


def entrance_at(st: State, place: Any, number: Any) -> dict[str, Any]:
    """The entrance a player names: a colony entrance must be given (1-6), a location has one."""
    check_place(st, place)
    if place == COLONY and number is None:
        raise RuleError("say which colony entrance (1-6)")
    return entrance(st, place, number)


def entrance_label(st: State, place: str, ent: dict[str, Any]) -> str:
    """'entrance 2 of the colony' or 'the entrance of the Police Station'."""
    if place == COLONY:
        return f"entrance {ent['number']} of the colony"
    return f"the entrance of the {place_name(st, place)}"


def where_fields(st: State, place: str, ent: dict[str, Any]) -> dict[str, Any]:
    """The fields steps use to name an entrance (see steps._where)."""
    return {"where": place, "entrance": ent["number"], "location_name": step_place_name(st, place)}


def require_room(st: State, place: str, what: str) -> None:
    """Raise unless the place has an empty survivor space (base 002 "Move a Survivor")."""
    if free_survivor_spaces(st, place) <= 0:
        raise RuleError(f"{place_name(st, place)} has no empty survivor space for {what}")


def active_seat(st: State, seat_id: Any) -> dict[str, Any]:
    """A seat still in the game, or raise."""
    s = seat(st, seat_id)
    if s.get("eliminated"):
        raise RuleError(f"{s['name']} is out of the game")
    return s


def require_own_turn(st: State, player: dict[str, Any], what: str) -> None:
    """Raise if another player's turn is in progress: actions belong to one's own turn.

    Base 002 "Actions that do not require an Action Die" (002:1340-1360: a player plays cards,
    adds cards to the crisis and spends food during his turn). Between turns the table may
    still enter an action by hand (a correction).
    """
    turn = st.get("turn")
    if turn and turn["seat"] != player["id"]:
        active = seat(st, turn["seat"])["name"]
        raise RuleError(f"{player['name']} cannot {what} during {active}'s turn")


def exposures(exposure: Any, rng: Randomness | None, count: int) -> list[tuple[str, bool]] | None:
    """The exposure faces for `count` rolls: None when a card says not to roll ("skip").

    ``exposure`` is None (each face is rolled later with rng, marked "?"), one face (only for a
    single roll), or a list with one face per roll. Every face is checked before anything moves.
    """
    if exposure == SKIP:
        return None
    if exposure is None:
        if rng is None:
            exposure_result(None, None)  # raises: enter the result or give a random source
        return [("?", True)] * count
    if isinstance(exposure, str):
        exposure = [exposure]
    if not isinstance(exposure, (list, tuple)) or len(exposure) != count:
        raise RuleError(f"give one exposure result per roll ({count}), not {exposure!r}")
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


# --- moving survivors ---


def move(st: State, steps: list[Step], survivor_id: str, to: str, *, free: bool) -> None:
    """Move a survivor to a place with an empty survivor space (base 002 "Move a Survivor").

    Each survivor moves once per turn (002:1378); a move that does not count (the exile move,
    002:1738, or a card) is ``free``. An exiled player's survivors never enter the colony
    (002 "Exile": they leave it and live elsewhere).
    """
    mover = survivor(st, survivor_id)
    check_place(st, to)
    if mover["location"] == to:
        raise RuleError(f"{mover['name']} is already at {place_name(st, to)}")
    owner = seat(st, mover["owner"]) if mover["owner"] else None
    if to == COLONY and owner and owner["exiled"]:
        raise RuleError(f"{owner['name']} is exiled: their survivors may not enter the colony")
    turn = st["turn"]
    if turn and not free and survivor_id in turn["moved"]:
        raise RuleError(f"{mover['name']} has already moved this turn")
    require_room(st, to, mover["name"])
    came_from = mover["location"]
    mover["location"] = to
    if turn and not free:
        turn["moved"].append(survivor_id)
    steps.append(
        step(
            "survivor_moved",
            survivor=survivor_id,
            name=mover["name"],
            came_from=came_from,
            from_name=step_place_name(st, came_from),
            to=to,
            to_name=step_place_name(st, to),
            free=free,
        )
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

    ``exposure``: the die face the table rolled, None to roll it with rng, or "skip" when a card
    says not to roll. ``free=True`` for a move that does not use the survivor's move this turn.
    """
    st, steps = begin(state)
    faces = exposures(exposure, rng, 1)
    move(st, steps, survivor_id, to, free=free)
    expose(st, steps, survivor_id, faces, rng, "card_says_skip")
    return st, steps


# --- zombies, barricades, traps, noise ---


def kill_zombies(
    state: State,
    place: str,
    count: int = 1,
    entrance: int | None = None,
    survivor_id: str | None = None,
    exposure: str | list[str] | None = None,
    rng: Randomness | None = None,
) -> tuple[State, list[Step]]:
    """Kill zombies at one entrance; a survivor who killed them rolls for exposure per kill.

    Base 002 "Attack" (002:1007: the target shares the survivor's location; exposure after a
    zombie kill, 002:1416). ``exposure``: one face per kill (a list, or one face for one kill),
    None to roll with rng, or "skip" when a card says not to roll.
    """
    st, steps = begin(state)
    count = require_count(count, "the number of zombies killed", minimum=1)
    ent = entrance_at(st, place, entrance)
    if ent["zombies"] < count:
        raise RuleError(
            f"{entrance_label(st, place, ent)} holds {ent['zombies']} zombie(s), not {count}"
        )
    killer = None
    faces = None
    if survivor_id is not None:
        killer = survivor(st, survivor_id)
        if killer["location"] != place:
            raise RuleError(
                f"{killer['name']} is at {place_name(st, killer['location'])}, "
                f"not at {place_name(st, place)}"
            )
        faces = exposures(exposure, rng, count)
    elif exposure not in (None, SKIP):
        raise RuleError("an exposure result needs the survivor who killed the zombies")
    ent["zombies"] -= count
    steps.append(
        step(
            "zombies_killed",
            count=count,
            by=killer["name"] if killer else "",
            **where_fields(st, place, ent),
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
        raise RuleError(f"{entrance_label(st, place, ent)} is full: no room for a {token}")
    ent[token + "s"] += 1
    steps.append(step(f"{token}_added", **where_fields(st, place, ent)))


def remove_token(st: State, steps: list[Step], place: str, number: Any, token: str) -> None:
    """Take a barricade or trap off an entrance (a card, or a table correction)."""
    ent = entrance_at(st, place, number)
    if ent[token + "s"] <= 0:
        raise RuleError(f"{entrance_label(st, place, ent)} has no {token} to remove")
    ent[token + "s"] -= 1
    steps.append(step(f"{token}_removed", **where_fields(st, place, ent)))


def add_barricade(
    state: State, place: str, entrance: int | None = None
) -> tuple[State, list[Step]]:
    """Place a barricade on an empty entrance space. Base 002 "Barricade" (002:1202)."""
    st, steps = begin(state)
    add_token(st, steps, place, entrance, "barricade")
    return st, steps


def remove_barricade(
    state: State, place: str, entrance: int | None = None
) -> tuple[State, list[Step]]:
    """Remove a barricade from an entrance (a card effect or a correction)."""
    st, steps = begin(state)
    remove_token(st, steps, place, entrance, "barricade")
    return st, steps


def require_long_night(st: State, what: str) -> None:
    """Raise unless the game uses the Long Night rules."""
    if st["ruleset"] != "long_night":
        raise RuleError(f"{what} belong to the Long Night rules; this game uses the base rules")


def add_trap(state: State, place: str, entrance: int | None = None) -> tuple[State, list[Step]]:
    """Place an explosive trap on an empty entrance space (000:694; at locations too, 000:224)."""
    st, steps = begin(state)
    require_long_night(st, "explosive traps")
    add_token(st, steps, place, entrance, "trap")
    return st, steps


def remove_trap(state: State, place: str, entrance: int | None = None) -> tuple[State, list[Step]]:
    """Remove an explosive trap from an entrance without firing it (a correction)."""
    st, steps = begin(state)
    remove_token(st, steps, place, entrance, "trap")
    return st, steps


def add_zombies_by_hand(
    state: State, place: str, count: int, reason: str = "card_or_action"
) -> tuple[State, list[Step]]:
    """Add zombies by a card or action with the usual placement (base 002 "Adding Zombies")."""
    st, steps = begin(state)
    count = require_count(count, "the number of zombies", minimum=1)
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
    """Move up to 2 zombies into empty entrance spaces at the survivor's place (002:1253).

    The zombies come from any one entrance elsewhere and only fill empty spaces: a barricade or
    trap is never broken by them. At the colony the player picks the entrance for each zombie.
    """
    source = entrance_at(st, from_place, from_entrance)
    check_place(st, to_place)
    if from_place == to_place:
        raise RuleError("attracted zombies come from another place")
    if source["zombies"] < count:
        raise RuleError(
            f"{entrance_label(st, from_place, source)} holds {source['zombies']} zombie(s), "
            f"not {count}"
        )
    if to_place == COLONY:
        if to_entrance is None:
            raise RuleError("say which colony entrance each attracted zombie goes to")
        targets = list(to_entrance) if isinstance(to_entrance, (list, tuple)) else [to_entrance]
        if len(targets) == 1:
            targets = targets * count
        if len(targets) != count:
            raise RuleError(f"give one colony entrance per attracted zombie ({count})")
    else:
        if to_entrance not in (None, 1):
            raise RuleError(f"a location has a single entrance, not entrance {to_entrance!r}")
        targets = [None] * count
    for number in targets:
        target = entrance(st, to_place, number)
        if free_spaces(target) <= 0:
            raise RuleError(
                f"{entrance_label(st, to_place, target)} has no empty space for an attracted zombie"
            )
        source["zombies"] -= 1
        target["zombies"] += 1
        steps.append(
            step(
                "zombie_attracted",
                from_where=from_place,
                from_entrance=source["number"],
                from_location_name=step_place_name(st, from_place),
                where=to_place,
                entrance=target["number"],
                location_name=step_place_name(st, to_place),
            )
        )


def attract_zombies(
    state: State,
    from_place: str,
    to_place: str,
    count: int = 2,
    from_entrance: int | None = None,
    to_entrance: int | list[int] | None = None,
    survivor_id: str | None = None,
) -> tuple[State, list[Step]]:
    """Attract 1 or 2 zombies to a survivor's place. Base 002 "Attract" (002:1253).

    ``survivor_id`` (optional) is the survivor who attracts them; it must stand at to_place.
    """
    st, steps = begin(state)
    count = require_count(count, "the number of zombies attracted", minimum=1)
    if count > ATTRACT_MAX:
        raise RuleError(f"an attract action moves at most {ATTRACT_MAX} zombies, not {count}")
    if survivor_id is not None:
        who = survivor(st, survivor_id)
        if who["location"] != to_place:
            raise RuleError(f"{who['name']} is not at {place_name(st, check_place(st, to_place))}")
    attract(st, steps, from_place, to_place, count, from_entrance, to_entrance)
    return st, steps


def make_noise(st: State, steps: list[Step], location_id: str, count: int) -> None:
    """Noise tokens go on a location's noise spaces: 4 at most (002 "Location Cards", 000:224).

    The colony has no noise spaces.
    """
    if location_id == COLONY:
        raise RuleError("the colony has no noise spaces: noise is made at a location")
    loc = location(st, location_id)
    if loc["noise"] + count > MAX_NOISE:
        raise RuleError(
            f"the {loc['name']} has {loc['noise']} noise token(s): at most {MAX_NOISE} fit there"
        )
    loc["noise"] += count
    steps.append(step("noise_added", count=count, location_name=loc["name"], noise=loc["noise"]))


def add_noise(state: State, location_id: str, count: int = 1) -> tuple[State, list[Step]]:
    """Place noise tokens at a location. Base 002 "Location Cards" 5 and "Search"."""
    st, steps = begin(state)
    count = require_count(count, "the number of noise tokens", minimum=1)
    make_noise(st, steps, location_id, count)
    return st, steps


def remove_noise(state: State, location_id: str, count: int = 1) -> tuple[State, list[Step]]:
    """Take noise tokens off a location (a card effect or a correction)."""
    st, steps = begin(state)
    count = require_count(count, "the number of noise tokens", minimum=1)
    loc = location(st, check_place(st, location_id)) if location_id != COLONY else None
    if loc is None or loc["noise"] < count:
        have = loc["noise"] if loc else 0
        raise RuleError(f"{place_name(st, location_id)} has {have} noise token(s), not {count}")
    loc["noise"] -= count
    steps.append(step("noise_removed", count=count, location_name=loc["name"], noise=loc["noise"]))
    return st, steps


# --- cards, waste and food ---


def play(st: State, steps: list[Step], player: dict[str, Any], count: int, event: bool) -> None:
    """Played cards go on the waste pile (002:1798, 000:385).

    An event card leaves the game instead, and so does any card an exiled player plays.
    """
    if player["exiled"]:
        removed = "exiled"
    elif event:
        removed = "event"
    else:
        removed = ""
        st["waste"] += count
    steps.append(
        step(
            "cards_played",
            seat=player["id"],
            seat_name=player["name"],
            count=count,
            removed=removed,
            waste=st["waste"],
        )
    )


def play_cards(
    state: State, seat_id: str, count: int = 1, event: bool = False
) -> tuple[State, list[Step]]:
    """Record cards a player plays: waste pile, or out of the game (000:385, 002:1798)."""
    st, steps = begin(state)
    count = require_count(count, "the number of cards", minimum=1)
    player = active_seat(st, seat_id)
    require_own_turn(st, player, "play cards")
    play(st, steps, player, count, bool(event))
    return st, steps


def clean_waste(state: State, seat_id: str) -> tuple[State, list[Step]]:
    """Clean Waste: remove the top 3 cards of the waste pile from the game (002:1216-1219).

    The player needs a survivor in the colony. A pile with fewer cards loses what it has; an
    empty pile cannot be cleaned.
    """
    st, steps = begin(state)
    player = active_seat(st, seat_id)
    require_own_turn(st, player, "clean the waste")
    if not any(s["location"] == COLONY for s in survivors_of(st, seat_id)):
        raise RuleError(f"{player['name']} has no survivor in the colony to clean the waste")
    if st["waste"] == 0:
        raise RuleError("the waste pile is empty")
    removed = min(CLEAN_WASTE_CARDS, st["waste"])
    st["waste"] -= removed
    steps.append(
        step(
            "waste_cleaned",
            seat=seat_id,
            seat_name=player["name"],
            removed=removed,
            waste=st["waste"],
        )
    )
    return st, steps


def add_waste(state: State, count: int) -> tuple[State, list[Step]]:
    """Put cards on the waste pile (a discard effect or a correction)."""
    st, steps = begin(state)
    count = require_count(count, "the number of cards", minimum=1)
    st["waste"] += count
    steps.append(step("waste_added", count=count, waste=st["waste"]))
    return st, steps


def set_waste(state: State, value: int) -> tuple[State, list[Step]]:
    """Set the waste pile's size (a table correction)."""
    return set_counter(state, "waste", value)


def spend(st: State, steps: list[Step], player: dict[str, Any], count: int) -> None:
    """Spend food tokens: +1 on one unused action die per token (002 "Spend Food Tokens").

    Exiled players cannot spend food tokens (002:1757).
    """
    if player["exiled"]:
        raise RuleError(f"{player['name']} is exiled and cannot spend food tokens")
    if count > st["food"]:
        raise RuleError(f"the food supply holds {st['food']} token(s), not {count}")
    st["food"] -= count
    steps.append(
        step(
            "food_spent", seat=player["id"], seat_name=player["name"], count=count, food=st["food"]
        )
    )


def spend_food(state: State, seat_id: str, count: int) -> tuple[State, list[Step]]:
    """Spend food tokens from the supply to raise an action die. Base 002 (002:1388)."""
    st, steps = begin(state)
    count = require_count(count, "the number of food tokens", minimum=1)
    player = active_seat(st, seat_id)
    require_own_turn(st, player, "spend food tokens")
    spend(st, steps, player, count)
    return st, steps


def add_food(state: State, count: int) -> tuple[State, list[Step]]:
    """Add food tokens to the supply (a food card played, or another effect)."""
    st, steps = begin(state)
    count = require_count(count, "the number of food tokens", minimum=1)
    st["food"] += count
    steps.append(step("food_added", count=count, food=st["food"]))
    return st, steps


# --- helpless survivors ---


def add_helpless_tokens(
    st: State, steps: list[Step], count: int, unruly: bool, player: dict[str, Any] | None
) -> None:
    """Helpless survivors join the colony (002:1727, 002:1749).

    An exiled player's helpless are not added. A full colony takes none, so the effect cannot be
    used (002:1727). **Ruling:** when only some fit, those are added and the rest are not.
    """
    if player and player["exiled"]:
        steps.append(
            step("helpless_not_added", seat=player["id"], seat_name=player["name"], count=count)
        )
        return
    room = free_survivor_spaces(st, COLONY)
    if room <= 0:
        raise RuleError("the colony has no empty survivor space for helpless survivors")
    added = min(room, count)
    st["helpless"]["unruly" if unruly else "normal"] += added
    steps.append(step("helpless_added", count=added, unruly=unruly, left_out=count - added))


def add_helpless(
    state: State, count: int, unruly: bool = False, seat_id: str | None = None
) -> tuple[State, list[Step]]:
    """Add helpless (or unruly, 000:690) survivor tokens to the colony (002:1727, 002:1749)."""
    st, steps = begin(state)
    count = require_count(count, "the number of helpless survivors", minimum=1)
    if unruly:
        require_long_night(st, "unruly helpless survivors")
    player = active_seat(st, seat_id) if seat_id is not None else None
    add_helpless_tokens(st, steps, count, bool(unruly), player)
    return st, steps


def calm_unruly(state: State, seat_id: str) -> tuple[State, list[Step]]:
    """The active player turns an unruly token back to normal with a medicine card (000:692).

    The medicine card goes on the waste pile; played by an exiled player it leaves the game
    instead (002:1798).
    """
    st, steps = begin(state)
    player = active_seat(st, seat_id)
    if active_seat_id(st) != seat_id:
        raise RuleError(f"only the active player may calm an unruly survivor, not {player['name']}")
    if st["helpless"]["unruly"] <= 0:
        raise RuleError("there is no unruly helpless survivor in the colony")
    st["helpless"]["unruly"] -= 1
    st["helpless"]["normal"] += 1
    if not player["exiled"]:
        st["waste"] += 1
    steps.append(
        step(
            "unruly_calmed",
            seat=seat_id,
            seat_name=player["name"],
            wasted=not player["exiled"],
            waste=st["waste"],
        )
    )
    return st, steps


def kill_helpless_by_card(state: State, unruly: bool | None = None) -> tuple[State, list[Step]]:
    """A card kills a helpless survivor: morale -1 (002:1786; an unruly token is one, 000:546)."""
    st, steps = begin(state)
    if not kill_helpless(st, steps, "card", unruly=unruly):
        kind = {None: "", True: "unruly ", False: "normal "}[unruly]
        raise RuleError(f"there is no {kind}helpless survivor in the colony")
    return st, steps


# --- survivors: wounds, new survivors, leaders, deaths by card ---


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
            "despair cannot be removed by an effect that removes wounds "
            "(only by an effect that removes despair)"
        )
    if wound not in HEALABLE:
        raise RuleError(f"a wound to heal is one of {', '.join(HEALABLE)}, not {wound!r}")
    patient = survivor(st, survivor_id)
    key = WOUND_KEYS[wound]
    if patient[key] <= 0:
        raise RuleError(f"{patient['name']} has no {wound} token")
    patient[key] -= 1
    steps.append(step("wound_healed", survivor=survivor_id, name=patient["name"], wound=wound))


def heal_survivor(state: State, survivor_id: str, wound: str = "wound") -> tuple[State, list[Step]]:
    """Remove a wound or frostbite token from a survivor (000:682)."""
    st, steps = begin(state)
    heal(st, steps, survivor_id, wound)
    return st, steps


def remove_despair(state: State, survivor_id: str) -> tuple[State, list[Step]]:
    """Remove a despair token, for effects that say so (000:682)."""
    st, steps = begin(state)
    patient = survivor(st, survivor_id)
    if patient["despair"] <= 0:
        raise RuleError(f"{patient['name']} has no despair token")
    patient["despair"] -= 1
    steps.append(step("despair_removed", survivor=survivor_id, name=patient["name"]))
    return st, steps


def join(st: State, steps: list[Step], player: dict[str, Any], card: dict, place: Any) -> None:
    """A new survivor joins a player's group (002:1720-1731, 002:1751, 002:1780).

    It goes to the colony, which needs an empty survivor space; an exiled player's new survivor
    goes to a non-colony location of their choice instead. A player who had lost every survivor
    (or has none) makes it their group leader.
    """
    if any(s["id"] == card["id"] for s in st["survivors"]):
        raise RuleError(f"{card['name']} is already in play")
    if player["exiled"]:
        if place in (None, COLONY):
            raise RuleError(
                f"{player['name']} is exiled: their new survivor goes to a location of their "
                "choice, not the colony"
            )
        check_place(st, place)
    else:
        if place not in (None, COLONY):
            raise RuleError("a new survivor joins at the colony")
        place = COLONY
    if free_survivor_spaces(st, place) <= 0:
        raise RuleError(f"{place_name(st, place)} has no empty survivor space for {card['name']}")
    leader = player["needs_survivor"] or not survivors_of(st, player["id"])
    newcomer = new_survivor(card, player["id"], leader=leader, place=place)
    st["survivors"].append(newcomer)
    player["needs_survivor"] = False
    steps.append(
        step(
            "survivor_added",
            survivor=newcomer["id"],
            name=newcomer["name"],
            seat=player["id"],
            seat_name=player["name"],
            where=place,
            location_name=step_place_name(st, place),
        )
    )
    if leader:
        steps.append(
            step(
                "leader_promoted",
                seat=player["id"],
                seat_name=player["name"],
                survivor=newcomer["id"],
                name=newcomer["name"],
            )
        )


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
        raise RuleError(f"unknown survivor card {survivor_id!r}")
    if any(g["id"] == survivor_id for g in st["graveyard"]):
        raise RuleError(f"{card['name']} is dead and cannot join")
    join(st, steps, player, card, place)
    deck = st["decks"]["survivors"]
    if survivor_id in deck:
        deck.remove(survivor_id)
    return st, steps


def set_group_leader(state: State, seat_id: str, survivor_id: str) -> tuple[State, list[Step]]:
    """Make one of a player's followers their group leader (002:1777)."""
    st, steps = begin(state)
    player = active_seat(st, seat_id)
    chosen = survivor(st, survivor_id)
    if chosen["owner"] != seat_id:
        raise RuleError(f"{chosen['name']} is not in {player['name']}'s group")
    if chosen["leader"]:
        raise RuleError(f"{chosen['name']} already leads {player['name']}'s group")
    for s in survivors_of(st, seat_id):
        s["leader"] = s["id"] == survivor_id
    steps.append(
        step(
            "leader_promoted",
            seat=seat_id,
            seat_name=player["name"],
            survivor=survivor_id,
            name=chosen["name"],
        )
    )
    return st, steps


def kill_survivor_by_card(
    state: State, survivor_id: str, cause: str = "card"
) -> tuple[State, list[Step]]:
    """A card kills a survivor: morale -1 unless its owner is exiled (002 "Killing Survivors").

    ``cause`` is the code "card" or the table's own words (shown as typed).
    """
    st, steps = begin(state)
    survivor(st, survivor_id)
    kill_survivor(st, steps, survivor_id, cause)
    return st, steps


def remove_survivor_by_card(
    state: State, survivor_id: str, cause: str = "card"
) -> tuple[State, list[Step]]:
    """A card removes a survivor from the game: not a death, no morale (002:1790 note).

    ``cause`` is the code "card" or the table's own words (shown as typed).
    """
    st, steps = begin(state)
    survivor(st, survivor_id)
    remove_survivor(st, steps, survivor_id, cause)
    return st, steps


# --- table corrections ---


def set_counter(state: State, name: str, value: int) -> tuple[State, list[Step]]:
    """Correct a public counter: morale, round_track, food, starvation or waste.

    **Ruling:** a correction is an ordinary change: morale or the round track set to 0 ends the
    game at once, as any loss to 0 would (002 "Winning and Losing").
    """
    st, steps = begin(state)
    if name not in COUNTERS:
        raise RuleError(f"a counter is one of {', '.join(COUNTERS)}, not {name!r}")
    value = require_count(value, name.replace("_", " "))
    old = st[name]
    st[name] = value
    steps.append(step("counter_set", counter=name, old=old, value=value))
    if value == 0 and name in ("morale", "round_track"):
        end_game(st, steps, name)
    return st, steps


def set_capacity(
    state: State,
    place: str,
    survivor_spaces: int | None = None,
    entrance_spaces: int | None = None,
    entrance: int | None = None,
) -> tuple[State, list[Step]]:
    """Change a place's survivor or entrance spaces (capacities are data, editable per table).

    At the colony ``entrance_spaces`` applies to every entrance, or to ``entrance`` alone. A
    capacity below what already stands there is refused.
    """
    st, steps = begin(state)
    check_place(st, place)
    if survivor_spaces is None and entrance_spaces is None:
        raise RuleError("give survivor spaces, entrance spaces, or both")
    name = place_name(st, place)
    if survivor_spaces is not None:
        survivor_spaces = require_count(survivor_spaces, "survivor spaces", minimum=1)
        holder = st["colony"] if place == COLONY else location(st, place)
        taken = holder["survivor_spaces"] - free_survivor_spaces(st, place)
        if survivor_spaces < taken:
            raise RuleError(
                f"{name} already holds {taken} survivor(s): {survivor_spaces} is too few"
            )
        holder["survivor_spaces"] = survivor_spaces
        steps.append(
            step(
                "capacity_set",
                where=place,
                location_name=step_place_name(st, place),
                what="survivor_spaces",
                value=survivor_spaces,
            )
        )
    if entrance_spaces is not None:
        entrance_spaces = require_count(entrance_spaces, "entrance spaces", minimum=1)
        if place == COLONY:
            ents = (
                st["colony"]["entrances"]
                if entrance is None
                else [entrance_at(st, place, entrance)]
            )
        else:
            ents = [entrance_at(st, place, entrance)]
        for ent in ents:
            taken = ent["spaces"] - free_spaces(ent)
            if entrance_spaces < taken:
                raise RuleError(
                    f"{entrance_label(st, place, ent)} already holds {taken} token(s): "
                    f"{entrance_spaces} spaces are too few"
                )
            ent["spaces"] = entrance_spaces
        steps.append(
            step(
                "capacity_set",
                where=place,
                location_name=step_place_name(st, place),
                what="entrance_spaces",
                entrance=entrance,
                value=entrance_spaces,
            )
        )
    return st, steps


# The entry points; the rule helpers above are imported by name by other engine modules.
__all__ = [
    "add_barricade",
    "add_food",
    "add_helpless",
    "add_noise",
    "add_survivor",
    "add_trap",
    "add_waste",
    "add_zombies_by_hand",
    "attract_zombies",
    "calm_unruly",
    "clean_waste",
    "heal_survivor",
    "kill_helpless_by_card",
    "kill_survivor_by_card",
    "kill_zombies",
    "move_survivor",
    "play_cards",
    "remove_barricade",
    "remove_despair",
    "remove_noise",
    "remove_survivor_by_card",
    "remove_trap",
    "set_capacity",
    "set_counter",
    "set_group_leader",
    "set_waste",
    "spend_food",
    "wound_survivor",
]
