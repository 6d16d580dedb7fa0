"""The Chimp and the Code's named survivors, and R1's completion steps, done by the engine.

Long Night 000:869-906 (pt-BR 001:2320-2420). Blue and Emma Han are set aside at R1's setup
(000:874); Emma Han joins the first player's following in the colony with the Raxxon
Blueprints equipped (000:882); when R1 is completed its reader places a survivor they control
at Raxxon, moves any 3 zombies from the colony there, and Blue joins their following at
Raxxon with 1 wound (000:892, 000:900-904).

The named survivors' facts come from cards.db (cards/long_night/survivors.toml, ``set_aside``):
the setup's ``set_aside`` list. Their numbers are the books' where printed (Emma Han, 001:796);
where not (Blue), the table types them as she joins. A setup without their records (an older
cards.db) leaves their joining to the table, as before (``scenarios.TASKS``).

State: ``state["scenario"]["set_aside"]`` maps each named survivor still set aside to its card
record; the pending decision ``{"kind": "r1_completion", "seat": reader}`` waits for R1's
completion steps (docs/state.md).
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.checks import require_room
from companion.engine.board.zombies import place_zombie
from companion.engine.core import catalogue, hooks
from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError, counted
from companion.engine.core.state import (
    COLONY,
    State,
    begin,
    entrance,
    free_survivor_spaces,
    new_survivor,
    place_name,
    seat,
    send_survivor_home,
    survivor,
    survivors_at,
    survivors_of,
)
from companion.engine.words.steps import (
    N_,
    Step,
    at_place,
    of_seat,
    of_survivor,
    step,
    step_place_name,
)

EMMA = "long_night.emma-han"
"""Emma Han's card id (cards/long_night/survivors.toml)."""
BLUE = "long_night.blue"
"""Blue's card id: a chimp, not human (000:446-448)."""
NAMED = (EMMA, BLUE)
"""The survivors The Chimp and the Code sets aside and puts in play itself (000:874)."""
RAXXON_BLUEPRINTS = "raxxon_blueprints"
"""The item equipped to Emma Han as she joins (000:882): a code, worded in the step."""
R1_COMPLETION = "r1_completion"
"""The pending decision kind of R1's completion steps (000:892-904)."""
ZOMBIES_TO_RAXXON = 3
"""Zombies taken from the colony to Raxxon at R1's completion (000:892)."""
NUMBERS = ("influence", "attack", "search")
TASKS_DONE_HERE = {
    EMMA: ("set_aside_blue_emma", "emma_joins"),
    BLUE: ("set_aside_blue_emma", "blue_joins"),
}
"""The table's tasks (``scenarios.TASKS``) this module does once the named survivor's record
is given (R1's completion steps always have their control, ``follow_r1_completion``)."""


def raxxon_location(st: State) -> str:
    """The Raxxon location's id, as the Raxxon module's ``place`` hook gives it, or raise."""
    where = hooks.first("place", st, "raxxon")
    if where is None:
        raise RuleError(N_("Raxxon is not on the board"))
    return str(where)


# --- setup: set aside, Emma joins ---


def set_aside_named_survivors(st: State, steps: list[Step], records: Any) -> None:
    """R1's setup step 2: "Remove Blue and Emma Han from the survivor deck and set them
    aside" (000:874). Keeps the named survivors' records given by the setup (mutating helper,
    called as a Raxxon scenario is set up); they never enter the survivor deck."""
    if records is None:
        return
    if not isinstance(records, list | tuple):
        raise RuleError(N_("set_aside must be a list of survivor cards"))
    kept: dict[str, Any] = {}
    for record in records:
        if not isinstance(record, dict) or not isinstance(record.get("name"), str):
            raise RuleError(N_("set_aside must be a list of survivor cards"))
        if record.get("id") in NAMED:
            kept[record["id"]] = {
                k: v for k, v in record.items() if v is not None and k != "set_aside"
            }
    if not kept:
        return
    st["scenario"]["set_aside"] = kept
    steps.append(
        step(
            "named_survivors_set_aside",
            survivors=list(kept),
            names=[kept[k]["name"] for k in kept],
        )
    )


def set_aside(st: State) -> dict[str, Any]:
    """The named survivors still set aside: id -> card record."""
    return (st.get("scenario") or {}).get("set_aside") or {}


def tasks_left_to_table(st: State, tasks: tuple[str, ...]) -> tuple[str, ...]:
    """A chapter's table tasks less those this module does (``TASKS_DONE_HERE``). Blue joins
    only through R1's completion steps: a game started at R2 or R3 leaves her to the table."""
    known = set(set_aside(st)) | {
        sid for sid in NAMED if sid in st.get("cards", {}).get("survivors", {})
    }
    done = {t for sid in known for t in TASKS_DONE_HERE[sid]}
    if not st["scenario"]["completed"]:  # told as a later chapter starts, not completed
        done.discard("blue_joins")
    return tuple(t for t in tasks if t not in done)


def numbers_to_type(st: State, survivor_id: str) -> list[str]:
    """The numbers the table types for a named survivor the books print none of (Blue)."""
    record = set_aside(st).get(survivor_id) or {}
    return [key for key in NUMBERS if record.get(key) is None]


def named_survivor_joins(
    st: State,
    steps: list[Step],
    survivor_id: str,
    seat_id: str,
    place: str,
    *,
    typed: dict[str, int | None] | None = None,
    wounds: int = 0,
    equip: str = "",
) -> dict[str, Any]:
    """A named survivor leaves the set-aside cards and joins a player's following at the place
    the story says (Emma Han: the colony, 000:882; Blue: Raxxon, 000:900). Mutating helper.

    Not ``add_survivor`` (002:1751): the story puts them there, wherever that is, and their card
    is made whole here: the books' numbers, else the ones the table typed (``typed``); the
    game's catalogue then holds it as any survivor card. The place needs a free survivor space.
    """
    record = dict(set_aside(st)[survivor_id])
    typed = {k: v for k, v in (typed or {}).items() if v is not None}
    missing = [k for k in NUMBERS if record.get(k) is None]
    if any(k not in missing for k in typed):
        raise RuleError(
            N_("{name}'s numbers are printed on the card: they are not typed in"),
            name=record["name"],
        )
    if any(k not in typed for k in missing):
        raise RuleError(
            N_("type {name}'s influence, attack and search: the books do not print them"),
            name=record["name"],
        )
    record.update({key: typed[key] for key in missing})
    card = catalogue.survivor_card(record)
    require_room(st, place, card["name"], "join")
    player = seat(st, seat_id)
    st["cards"]["survivors"][survivor_id] = card
    person = new_survivor(card, seat_id, leader=not survivors_of(st, seat_id), place=place)
    person["wounds"] = wounds
    st["survivors"].append(person)
    del st["scenario"]["set_aside"][survivor_id]
    steps.append(
        step(
            "named_survivor_joined",
            **of_survivor(person),
            **of_seat(player),
            **at_place(st, place),
            wounds=wounds,
            equip=equip,
            typed=sorted(typed),
        )
    )
    return person


def emma_joins(st: State, steps: list[Step]) -> None:
    """ "Add Emma Han's standee to the colony and add her survivor card to the following of the
    first player. Then, find the Raxxon Blueprints in the Raxxon search deck and equip them to
    Emma." (000:882). Mutating helper, called once the first player is chosen at setup (a game
    started at R2 or R3 has followed R1's setup too). Items are the table's: the step says to
    equip them."""
    if EMMA not in set_aside(st) or st.get("first_player") is None:
        return
    named_survivor_joins(st, steps, EMMA, st["first_player"], COLONY, equip=RAXXON_BLUEPRINTS)


# --- R1's completion ---


def r1_completion_opens(st: State, steps: list[Step], reader: dict[str, Any] | None) -> None:
    """R1 completed: its section "should be read and followed by the player with the fewest
    survivors in their following" (000:886, Emma Han counted: she is in play). Its steps wait
    for that reader as a pending decision (mutating helper, ``scenarios.complete_chapter``):
    a colony phase running on pauses until they are followed."""
    st["pending"] = {"kind": R1_COMPLETION, "seat": reader["id"] if reader else None}
    steps.append(
        step(
            "r1_completion_asked",
            seat=reader["id"] if reader else None,
            seat_name=reader["name"] if reader else "",
            zombies=ZOMBIES_TO_RAXXON,
        )
    )


def colony_zombies(st: State) -> int:
    """Standard zombies at the colony's entrances."""
    return sum(e["zombies"] for e in st["colony"]["entrances"])


def r1_completion_choices(st: State) -> dict[str, Any] | None:
    """The table's one action while R1's completion steps wait (``follow_r1_completion``)."""
    if (st.get("pending") or {}).get("kind") != R1_COMPLETION:
        return None
    return act.open_now(st, act.TABLE_ACTOR, "follow_r1_completion")


def r1_choices(st: State, actor: str) -> dict[str, Any] | None:
    """Who of the reader's survivors goes, the colony's zombies that go to Raxxon, and Blue's
    numbers and who may make room for her where she joins."""
    pending = st.get("pending") or {}
    if pending.get("kind") != R1_COMPLETION:
        return None
    reader = pending.get("seat")
    where = raxxon_location(st)
    mine = [s["id"] for s in survivors_of(st, reader)] if reader else []
    room = free_survivor_spaces(st, where) - (1 if mine else 0)
    blue = BLUE in set_aside(st)
    return {
        "survivor_id": mine,
        "entrances": [e["number"] for e in st["colony"]["entrances"] for _ in range(e["zombies"])],
        "zombies": min(ZOMBIES_TO_RAXXON, colony_zombies(st)),
        "blue": blue,
        "numbers": numbers_to_type(st, BLUE) if blue else [],
        "home": [s["id"] for s in survivors_at(st, where)] + mine if blue and room < 1 else [],
    }


@act.rule(N_("follow R1's completion steps"), "000:892-904 001:2380-2415", who=act.TABLE)
@act.answers(act.PENDING)
@act.takes(r1_choices, entrances=act.each(), influence=act.FREE, attack=act.FREE, search=act.FREE)
def follow_r1_completion(
    state: State,
    survivor_id: str | None = None,
    entrances: list[int] | None = None,
    influence: int | None = None,
    attack: int | None = None,
    search: int | None = None,
    home: str | None = None,
) -> tuple[State, list[Step]]:
    """R1's completion steps, as its reader follows them (000:892-904; pt-BR 001:2380-2415).

    "Place a survivor you control at Raxxon" (``survivor_id``, the reader's: placed, so not a
    move and no exposure roll); "Remove any 3 zombies from the colony and place them at
    Raxxon" (``entrances``: the colony entrance each comes from; all of them when fewer than 3
    are there; placed at Raxxon's entrance as zombies are, 002 "Adding Zombies"). "Add Blue's
    survivor card to your following and place her standee at Raxxon. (If there isn't enough
    room for her, move a survivor of the first player's choice back to the colony. This does
    not count as move.) Add 1 wound to her card." (``home``: that survivor; ``influence``,
    ``attack``, ``search``: Blue's numbers, which the books do not print.) Raxxon's barricades
    are already gone (``raxxon.setup_chapter("R2")``).
    """
    st, steps = begin(state, allow_pending=True)
    pending = st.get("pending") or {}
    if pending.get("kind") != R1_COMPLETION:
        raise RuleError(N_("R1's completion steps are not waiting to be followed"))
    reader = pending.get("seat")
    where = raxxon_location(st)
    _place_reader_survivor(st, steps, reader, survivor_id, where)
    _zombies_to_raxxon(st, steps, entrances or [], where)
    if BLUE in set_aside(st):
        _blue_joins(st, steps, reader, where, home, influence, attack, search)
    elif home is not None or any(v is not None for v in (influence, attack, search)):
        raise RuleError(N_("Blue is not set aside in this game: nothing of hers is entered"))
    st["pending"] = None
    return st, steps


def _place_reader_survivor(
    st: State, steps: list[Step], reader: str | None, survivor_id: str | None, where: str
) -> None:
    """ "Place a survivor you control at Raxxon" (000:892): the reader's, not a move."""
    mine = survivors_of(st, reader) if reader else []
    if not mine:
        if survivor_id is not None:
            raise RuleError(N_("the reader controls no survivor to place at Raxxon"))
        return
    if survivor_id is None:
        raise RuleError(N_("say which survivor the reader places at Raxxon"))
    person = survivor(st, survivor_id)
    if person["owner"] != reader:
        raise RuleError(
            N_("{name} is not the reader's: the reader places a survivor they control"),
            name=person["name"],
        )
    if person["location"] != where:
        require_room(st, where, person["name"], "join")
    came_from = person["location"]
    person["location"] = where
    steps.append(
        step(
            "scenario_placed",
            **of_survivor(person),
            came_from=came_from,
            from_name=step_place_name(st, came_from),
            to=where,
            to_name=step_place_name(st, where),
        )
    )


def _zombies_to_raxxon(st: State, steps: list[Step], entrances: list[int], where: str) -> None:
    """ "Remove any 3 zombies from the colony and place them at Raxxon" (000:892): 3, or all
    the colony holds when fewer; standard zombies only (special ones are never moved, 000:805)."""
    due = min(ZOMBIES_TO_RAXXON, colony_zombies(st))
    if len(entrances) != due:
        raise RuleError(
            N_("name the colony entrance of each zombie moved to Raxxon: {count}"),
            count=counted("{n} zombie", "{n} zombies", due, n=due),
        )
    for number in entrances:
        ent = entrance(st, COLONY, number)
        if ent["zombies"] <= 0:
            raise RuleError(
                N_("colony entrance {number} holds no more zombies to move"), number=number
            )
        ent["zombies"] -= 1
    if not entrances:
        return
    steps.append(
        step(
            "scenario_zombies_moved",
            count=len(entrances),
            entrances=sorted(entrances),
            to=where,
            to_name=step_place_name(st, where),
        )
    )
    for k in range(1, len(entrances) + 1):
        place_zombie(st, steps, where, None, k)


def _blue_joins(
    st: State,
    steps: list[Step],
    reader: str | None,
    where: str,
    home: str | None,
    influence: int | None,
    attack: int | None,
    search: int | None,
) -> None:
    """Blue joins the reader's following at Raxxon with 1 wound; with no room there, the first
    player's choice of survivor goes back to the colony first, not as a move (000:900-904)."""
    if reader is None:
        return
    if free_survivor_spaces(st, where) > 0:
        if home is not None:
            raise RuleError(N_("Raxxon has room for Blue: nobody goes back to the colony"))
    else:
        if home is None:
            raise RuleError(
                N_(
                    "Raxxon has no room for Blue: the first player picks a survivor there "
                    "to go back"
                )
            )
        person = survivor(st, home)
        if person["location"] != where:
            raise RuleError(
                N_("{name} is not at {place}"), name=person["name"], place=place_name(st, where)
            )
        send_survivor_home(st, steps, person)
        if person["location"] == where:
            raise RuleError(
                N_("{name}'s player is exiled: pick a survivor who may go back to the colony"),
                name=person["name"],
            )
    typed = {"influence": influence, "attack": attack, "search": search}
    named_survivor_joins(st, steps, BLUE, reader, where, typed=typed, wounds=1)
