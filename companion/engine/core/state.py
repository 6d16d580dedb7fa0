"""The game state document: its shape, look-ups and the checks every entry point shares.

The state is a plain JSON-serialisable dict (documented field by field in docs/state.md). Entry
points never change the state they are given: they call ``begin`` for a working copy, change the
copy, and return it with the steps they took.
"""

from __future__ import annotations

import pickle
from typing import Any

from companion.engine.core import hooks
from companion.engine.core.errors import Phrase, RuleError, require_one_of, shown, words
from companion.engine.core.vocabulary import MODULES, WOUND_KINDS
from companion.engine.words.card_texts import GENDER_FIELD, card_text, copy_translations
from companion.engine.words.labels import PENDING_WORDS
from companion.engine.words.steps import N_, Step, of_survivor, step

SCHEMA = 2
COLONY = "colony"
RULESETS = ("base", "long_night")
VARIANTS = ("standard", "betrayer", "hardcore", "coop", "two_player")

State = dict[str, Any]


def begin(
    state: State, *, allow_pending: bool = False, allow_ended: bool = False
) -> tuple[State, list[Step]]:
    """Return a working copy of the state and an empty step list, refusing a finished game."""
    if not isinstance(state, dict) or state.get("schema") != SCHEMA:
        raise RuleError(N_("not a game state of schema {schema}"), schema=SCHEMA)
    if state.get("ended") and not allow_ended:
        raise RuleError(N_("the game has ended"))
    if state.get("pending") and not allow_pending:
        raise RuleError(
            N_("waiting for a decision first ({decision}): settle it, then try again"),
            decision=words(PENDING_WORDS, state["pending"]["kind"]),
        )
    return working_copy(state), []


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (JSON's types), as ``copy.deepcopy`` makes, about three times
    faster: a pickle round trip, which copies each dict and list once and keeps any sharing."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def working_copy(state: State) -> State:
    """A deep copy of the state that shares the card catalogue (``cards`` never changes)."""
    return {k: v if k == "cards" else plain_copy(v) for k, v in state.items()}


# --- counts that are checked where they are used ---


def require_count(value: Any, what: str, *, minimum: int = 0) -> int:
    """Return value as an int, or raise if it is not a whole number >= minimum.

    ``what`` names the number in words of ours: an ``N_``-marked msgid or a ``Phrase``.
    """
    what = what if isinstance(what, Phrase) else Phrase(what)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            N_("{what} must be a whole number, not {value}"), what=what, value=shown(value)
        )
    if value < minimum:
        raise RuleError(
            N_("{what} must be at least {minimum}, not {value}"),
            what=what,
            minimum=minimum,
            value=value,
        )
    return value


# --- seats ---


def seat(st: State, seat_id: Any) -> dict[str, Any]:
    """Return the seat with this id, or raise naming the unknown seat."""
    for s in st["seats"]:
        if s["id"] == seat_id:
            return s
    raise RuleError(N_("unknown seat {seat}"), seat=shown(seat_id))


def active_seat_id(st: State) -> str | None:
    """The seat whose turn is in progress (``turn.seat``), or None between turns."""
    turn = st.get("turn")
    return turn["seat"] if turn else None


def seats_in_play(st: State) -> list[dict[str, Any]]:
    """Seats still in the game (not eliminated), in turn order."""
    return [s for s in st["seats"] if not s.get("eliminated")]


def voters(st: State) -> list[dict[str, Any]]:
    """Seats that may vote and contribute: in play and not exiled."""
    return [s for s in seats_in_play(st) if not s["exiled"]]


def around_from(st: State, seat_id: str | None, *, to_the: str = "left") -> list[str]:
    """Every seat id once, walking around the table from this seat (itself first).

    Seats are kept in turn order, each to the left of the one before (002:983), so walking
    "left" follows play and walking "right" goes back through the list. An unknown seat
    starts from the first one. The one helper every rule that goes round the table uses.
    """
    ids = [s["id"] for s in st["seats"]]
    if not ids:
        return []
    start = ids.index(seat_id) if seat_id in ids else 0
    step = 1 if to_the == "left" else -1
    return [ids[(start + step * n) % len(ids)] for n in range(len(ids))]


def right_of(st: State, seat_id: str) -> str:
    """The seat still in the game to the right of this one (the previous one, wrapping)."""
    return _neighbour(st, seat_id, "right")


def _neighbour(st: State, seat_id: str, side: str) -> str:
    """The nearest seat in play on one side of a seat that is in play."""
    in_play = {s["id"] for s in seats_in_play(st)}
    if seat_id not in in_play:
        raise RuleError(N_("seat {seat} is not in the game"), seat=shown(seat_id))
    return next(
        (sid for sid in around_from(st, seat_id, to_the=side)[1:] if sid in in_play), seat_id
    )


# --- survivors and places ---


def survivor(st: State, survivor_id: Any) -> dict[str, Any]:
    """Return the survivor in play with this id, or raise."""
    for s in st["survivors"]:
        if s["id"] == survivor_id:
            return s
    raise RuleError(N_("unknown survivor {survivor} (not in play)"), survivor=shown(survivor_id))


def survivors_at(st: State, place: str) -> list[dict[str, Any]]:
    """Survivors in play at a place ("colony" or a location id)."""
    return [s for s in st["survivors"] if s["location"] == place]


def is_human(st: State, person: dict[str, Any]) -> bool:
    """Whether a survivor in play is human: a fact of its card (``human``; missing: yes).
    Sparky the dog and Blue the chimp are not; Bandit Blitz B1's completion asks for "the human
    survivor with the lowest influence" (000:960-968). Nothing else does: Pay Food counts every
    survivor card (002:1581)."""
    card = st.get("cards", {}).get("survivors", {}).get(person["id"]) or {}
    return card.get("human", True) is not False


def survivors_of(st: State, seat_id: str) -> list[dict[str, Any]]:
    """Survivors a seat controls."""
    return [s for s in st["survivors"] if s["owner"] == seat_id]


def location(st: State, location_id: Any) -> dict[str, Any]:
    """Return the non-colony location with this id, or raise."""
    for loc in st["locations"]:
        if loc["id"] == location_id:
            return loc
    raise RuleError(N_("unknown location {location}"), location=shown(location_id))


def locations_in_order(st: State) -> list[dict[str, Any]]:
    """Non-colony locations in their number order (the order zombies are added, 002:1613)."""
    return sorted(st["locations"], key=lambda loc: loc["number"])


def location_numbered(st: State, number: int) -> dict[str, Any] | None:
    """The location with this d6 number, or None (Long Night "Random Locations", 000:588)."""
    return next((loc for loc in st["locations"] if loc["number"] == number), None)


def free_survivor_spaces(st: State, place: str) -> int:
    """Empty survivor spaces at a place.

    In the colony survivor cards and helpless tokens fill them; at a location survivors and
    bandits do (000:723). Raxxon sealed in chapter R1 has none (raxxon.setup_chapter, 000:873).
    """
    if place == COLONY:
        return st["colony"]["survivor_spaces"] - colony_occupancy(st)
    loc = location(st, place)
    return loc["survivor_spaces"] - len(survivors_at(st, place)) - loc["bandits"]


def place_name(st: State, place: str) -> str:
    """A person's name for a place."""
    return Phrase(N_("the colony")) if place == COLONY else card_text(location(st, place))


def entrance(st: State, place: str, number: int | None = None) -> dict[str, Any]:
    """The entrance record at a place: a colony entrance 1-6, or a location's one entrance."""
    if place == COLONY:
        numbers = [e["number"] for e in st["colony"]["entrances"]]
        if number not in numbers:
            raise RuleError(
                N_("the colony has entrances {first}-{last}, not {number}"),
                first=numbers[0],
                last=numbers[-1],
                number=shown(number),
            )
        return st["colony"]["entrances"][numbers.index(number)]
    if number not in (None, 1):
        raise RuleError(
            N_("a location has a single entrance, not entrance {number}"), number=shown(number)
        )
    return location(st, place)["entrance"]


def free_spaces(ent: dict[str, Any]) -> int:
    """Empty spaces at an entrance: zombies, barricades and traps each fill one."""
    special = len(ent.get("special", ()))  # Raxxon special zombies (raxxon.py), 000:801
    return ent["spaces"] - ent["zombies"] - ent["barricades"] - ent["traps"] - special


def unruly_rule(st: State) -> bool:
    """Whether helpless survivors may be unruly in this game: a Long Night rule (000:684-692),
    for every Long Night game (000:652), never in a base game."""
    return st["ruleset"] == "long_night"


def despair_rule(st: State) -> bool:
    """Whether card effects may give survivors despair tokens in this game: a Long Night rule
    ("Despair", 000:676-682), for every Long Night game (000:652), never in a base game."""
    return st["ruleset"] == "long_night"


def helpless_count(st: State) -> int:
    """Helpless tokens in the colony, an unruly token counting 2 (000:690)."""
    return st["helpless"]["normal"] + 2 * st["helpless"]["unruly"]


def colonists(st: State) -> int:
    """Survivors in the colony for food and zombies: every survivor card plus helpless.

    Base 002 "Colony Phase" (Pay Food, Add Zombies: helpless count as survivors; 002:1581),
    Long Night 000:690 (an unruly token counts as two). Ruling (RULES.md): an exiled player's
    survivors are never colonists, even while one still waits to move out (002:1736).
    """
    exiled = {s["id"] for s in st["seats"] if s["exiled"]}
    cards = [s for s in survivors_at(st, COLONY) if s["owner"] not in exiled]
    return len(cards) + helpless_count(st)


def one_per_two_colonists(st: State) -> int:
    """1 per 2 colonists, rounded up: the food the colony eats and the zombies it draws.

    Base 002 "Colony Phase" 1 and 4 (002:1581, 002:1613), Long Night 000:476 and 000:490.
    """
    return (colonists(st) + 1) // 2


def wound_total(s: dict[str, Any]) -> int:
    """Wound, frostbite and despair tokens all count (002 "Killing Survivors", 000:536)."""
    return s["wounds"] + s["frostbite"] + s["despair"]


def colony_occupancy(st: State) -> int:
    """Survivor spaces taken in the colony: survivor cards plus helpless tokens."""
    return len(survivors_at(st, COLONY)) + st["helpless"]["normal"] + st["helpless"]["unruly"]


# --- the empty document every game starts from ---


def new_secrets() -> dict[str, Any]:
    """A seat's secrets: card ids only; the facts are in ``state["cards"]``."""
    return {
        "objective": None,
        "exiled_objective": None,
        "crossroads": None,
        "dealt_survivors": [],
        "objective_complete": None,
    }


DEFAULT_SETTINGS: dict[str, Any] = {
    "modules": [],
    "player_elimination": False,
    "mature": True,
    "barricade_before_trap": True,
    "sets": [],
    "end_waits_for_crossroads": False,
    "listed_only": False,
    "end_checks_objectives": False,
    "replaces_last_survivor": False,
    "noise_dice": "rolled",
}
"""A game's settings when its setup leaves one out. ``end_waits_for_crossroads``: a turn may not
end while its revealed crossroads card waits for its option (turn.crossroads_waits);
``listed_only``: the front door takes only what the actor's legal list offers (actions.door);
``end_checks_objectives``: a normal secret objective cannot be marked complete at a morale or
round-track end (ending.objective_completable); ``replaces_last_survivor``: the companion draws
a player's new survivor from its own deck when they lose their last (deaths.draw_replacement).
Games made by the companion turn these on (cards/game.py); games saved before they existed
replay without them. ``noise_dice``: "rolled" by the companion (the default) or "entered" from
the table's own roll, a face per noise token (colony step 4, steps.py)."""


def new_entrance(spaces: int, number: int = 1) -> dict[str, Any]:
    """An empty entrance with this many spaces."""
    return {"number": number, "spaces": spaces, "zombies": 0, "barricades": 0, "traps": 0}


def new_location(card: dict[str, Any]) -> dict[str, Any]:
    """A location on the board from its card facts (id, name, number, capacities)."""
    location = {
        "id": card["id"],
        "name": card["name"],
        "number": card.get("number", 0),
        "survivor_spaces": card["survivor_spaces"],
        "entrance": new_entrance(card["entrance_spaces"]),
        "noise": 0,
        "bandits": 0,
    }
    copy_translations(card, location, "name")
    if card.get(GENDER_FIELD) in ("m", "f"):
        location[GENDER_FIELD] = card[GENDER_FIELD]
    return location


def new_survivor(
    card: dict[str, Any], owner: str | None, *, leader: bool = False, place: str = COLONY
) -> dict[str, Any]:
    """A survivor in play from its card facts (id, name, influence, attack, search)."""
    return {
        "id": card["id"],
        "name": card["name"],
        "influence": card["influence"],
        "attack": card.get("attack"),
        "search": card.get("search"),
        "owner": owner,
        "leader": leader,
        "location": place,
        "wounds": 0,
        "frostbite": 0,
        "despair": 0,
    }


def check_ruleset(ruleset: Any, variant: Any) -> None:
    """Refuse a rulebook or a variant the engine does not know."""
    require_one_of(
        ruleset, RULESETS, N_("ruleset must be one of {known}, not {ruleset}"), "ruleset"
    )
    check_variant(variant)


def check_variant(variant: Any) -> None:
    """Refuse a variant the engine does not know (002 "Gameplay Variants")."""
    require_one_of(
        variant, VARIANTS, N_("variant must be one of {known}, not {variant}"), "variant"
    )


def require_wound_kind(wound: Any) -> None:
    """Refuse anything but a wound, frostbite or despair token (vocabulary.WOUND_KINDS)."""
    require_one_of(wound, WOUND_KINDS, N_("a wound is one of {known}, not {wound}"), "wound")


def new_state(
    *,
    ruleset: str = "base",
    variant: str = "standard",
    seat_names: list[str] | tuple[str, ...] = (),
    locations: list[dict[str, Any]] | tuple[dict[str, Any], ...] = (),
    colony_survivor_spaces: int = 30,
    colony_entrance_spaces: int = 3,
    settings: dict[str, Any] | None = None,
) -> State:
    """The empty state document with seats s1..sN in turn order and the given board."""
    check_ruleset(ruleset, variant)
    merged = {**DEFAULT_SETTINGS, **(settings or {})}
    unknown = set(merged["modules"]) - set(MODULES)
    if unknown:
        raise RuleError(N_("unknown module(s): {modules}"), modules=", ".join(sorted(unknown)))
    seat_ids = [f"s{i}" for i in range(1, len(seat_names) + 1)]
    return {
        "schema": SCHEMA,
        "ruleset": ruleset,
        "variant": variant,
        "settings": merged,
        "main_objective": None,
        "phase": "player_turns",
        "round": 1,
        "round_track": 6,
        "morale": 6,
        "food": 0,
        "starvation": 0,
        "waste": 0,
        "helpless": {"normal": 0, "unruly": 0},
        "colony": {
            "survivor_spaces": colony_survivor_spaces,
            "entrances": [new_entrance(colony_entrance_spaces, n) for n in range(1, 7)],
        },
        "locations": [new_location(card) for card in locations],
        "survivors": [],
        "graveyard": [],
        "seats": [
            {"id": sid, "name": name, "exiled": False, "eliminated": False, "needs_survivor": False}
            for sid, name in zip(seat_ids, seat_names, strict=True)
        ],
        "first_player": seat_ids[0] if seat_ids else None,
        "turn": None,
        "crisis": None,
        "colony_step": None,
        "decks": {"crossroads": [], "exiled_objectives": [], "crises": [], "survivors": []},
        "secrets": {sid: new_secrets() for sid in seat_ids},
        "cards": {
            "crossroads": {},
            "objectives": {},
            "crises": {},
            "survivors": {},
            "improvements": {},
        },
        "pending": None,
        "ended": None,
        # player turns: seats that have had their turn in round `round` (turns.start_turn)
        "turns_taken": {"round": 1, "seats": []},
        # survivor ids an exiled player must still move out of the colony (exile.leave_colony)
        "must_leave_colony": [],
        # Improvements module: the improvements on the table (improvements.py, 000:708-719)
        "improvements": [],
        # each module's own record, only with the module in play (hooks.py "record")
        **hooks.merged("record", merged, locations),
    }


def send_home(st: State, steps: list[Step], place: str) -> None:
    """A story sends the survivors at a place to the colony; not a move, so no exposure roll
    (R2 completed 000:917, after B2's special exile phase 000:996; mutating helper).

    Ruling: an exiled player's survivors stay where they are, since they may not enter the
    colony (002:1736); B2's section says so outright for the Hideout.
    """
    for person in survivors_at(st, place):
        send_survivor_home(st, steps, person)


def send_survivor_home(st: State, steps: list[Step], person: dict[str, Any]) -> None:
    """A story sends one survivor to the colony from where it stands, not as a move (B1
    completed, 000:968; ``send_home``): an exiled player's survivor stays there."""
    place = person["location"]
    fields = {**of_survivor(person), "came_from": place}
    from_name = place_name(st, place)
    if any(s["id"] == person["owner"] and s["exiled"] for s in st["seats"]):
        steps.append(step("scenario_exiled_stays", **fields, from_name=from_name))
        return
    person["location"] = COLONY
    steps.append(step("scenario_sent_home", **fields, from_name=from_name))
