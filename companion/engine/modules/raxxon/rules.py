"""The Raxxon module: dice on Raxxon, the containment code, special zombies, side effects.

The Long Night 000:763-861 (Portuguese 001:2181-2296) and the Raxxon chapters R1-R3 (000:863-936).
The experiment deck lies on the real table: the table enters the top experiment's containment
code (two die faces) and the special zombies its Audio Log lists (names only). The record is
``state["raxxon"]`` (docs/state.md), absent without the module.

Rulings (RULES.md "Rulings where the books are thin"), each shown in a step:
- the dice on Raxxon are cleared after each containment check;
- thumbs down: 3 fewer zombies off everything the chosen place gets at Add Zombies, never below 0;
- an experiment is discarded only when none of its special zombies could be placed; once one
  is placed it turns to its encounter side (000:801 with 000:803);
- a special zombie placed in the colony goes round the entrances from 1, as ordinary ones do.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.engine.board.exposure import exposure_result, roll_for_exposure
from companion.engine.board.places import Choices, places
from companion.engine.board.special_zombies import (
    special_zombies,
    specials_at,
)
from companion.engine.board.zombies import colony_entrance_for, place_zombie
from companion.engine.core import declare as act
from companion.engine.core.dice import (
    ACTION_DIE_FACES,
    NO_ROLL,
    Randomness,
    action_die_face,
    require_a_roll,
    roll_d6,
)
from companion.engine.core.errors import RuleError, require_one_of, shown
from companion.engine.core.state import (
    COLONY,
    State,
    begin,
    entrance,
    free_spaces,
    location,
    location_numbered,
    place_name,
    seat,
    send_home,
    survivor,
    survivors_of,
    voters,
)
from companion.engine.core.state import (
    entrance as entrance_of,
)
from companion.engine.core.vocabulary import EXPOSURE_RESULTS, EXPOSURE_ROLL
from companion.engine.turns.votes import open_vote, outcome
from companion.engine.words.steps import (
    N_,
    Step,
    at_entrance,
    at_place,
    of_location,
    of_seat,
    of_survivor,
    step,
    step_place_name,
)

FACES = ACTION_DIE_FACES
REDUCTION = 3
"""Thumbs down: the chosen place gets 3 fewer zombies at Add Zombies (000:795)."""
MAX_SPECIAL = 6
MAX_NAME = 40
KILL_WAYS = ("attack", "trap", "item", "ability")
"""How a special zombie might be removed; only a regular attack may (000:805)."""
TOP_EXPERIMENT = "top_experiment"
"""The pending decision of a containment check with no experiment entered (000:792)."""
CHAPTERS = ("R1", "R2", "R3")
"""The Raxxon chapters' codes, as the scenario framework names them (scenarios.card_code)."""


# --- the record ---


def record(st: State) -> dict[str, Any]:
    """The Raxxon record, or raise: the module is not in play."""
    rec = st.get("raxxon")
    if not isinstance(rec, dict):
        raise RuleError(N_("this game does not use the Raxxon module"))
    return rec


def raxxon_location(st: State) -> str:
    """The id of the Raxxon location on the board, or raise."""
    where = record(st)["location"]
    if not where or not any(loc["id"] == where for loc in st["locations"]):
        raise RuleError(N_("Raxxon is not on the board"))
    return str(where)


def sealed_at_setup(st: State, chapter: str) -> set[str]:
    """The locations a starting chapter seals before setup's zombies come: Raxxon at R1,
    "Place barricades on every entrance and survivor space on the Raxxon location" (000:873),
    so no setup zombie goes there (``setup_chapter`` then barricades every entrance space)."""
    return {raxxon_location(st)} if chapter == "R1" else set()


def is_raxxon(st: State, place: Any) -> bool:
    """Whether a place is the Raxxon location (False without the module)."""
    rec = st.get("raxxon")
    return isinstance(rec, dict) and rec.get("location") == place and place is not None


def _faces(values: Any, what: str) -> list[int]:
    """Action die faces 1-6, or raise."""
    if not isinstance(values, list) or not values:
        raise RuleError(N_("give the {what} as action die faces from 1 to 6"), what=what)
    return [action_die_face(face) for face in values]


def _name(value: Any) -> str:
    """A special zombie's name as the table picked or typed it."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise RuleError(
            N_("a special zombie is named by 1 to {most} characters, not {name}"),
            most=MAX_NAME,
            name=shown(value),
        )
    return value.strip()


# --- dice on Raxxon (000:790) ---


def _mine(st: State, active: str) -> list[dict[str, Any]]:
    """The survivors of ``active`` (the turn's choices are asked for the active player)."""
    return [s for s in st["survivors"] if s["owner"] == active]


def dice_choices(st: State, actor: str) -> Choices | None:
    """The active player with a survivor at Raxxon, once the experiment is aimed (000:790)."""
    rec = st.get("raxxon")
    if not isinstance(rec, dict) or rec["experiment"] is None or rec["containment_from"] is None:
        return None
    if not any(is_raxxon(st, s["location"]) for s in _mine(st, actor)):
        return None
    return {"seat_id": [actor], "faces": list(FACES)}


@act.rule(N_("place dice on Raxxon"), "000:790", who=act.TURN, about="seat_id")
@act.takes(dice_choices, faces=act.each())
def place_raxxon_dice(state: State, seat_id: str, faces: list[int]) -> tuple[State, list[Step]]:
    """Place unused action dice on Raxxon (000:790): during one's own turn, while controlling a
    survivor there, against the top experiment's code the table has entered (000:769)."""
    st, steps = begin(state)
    where = raxxon_location(st)
    faces = _faces(faces, N_("dice placed on Raxxon"))
    player = seat(st, seat_id)
    turn = st.get("turn")
    if not turn or turn["seat"] != seat_id:
        raise RuleError(
            N_("{name} may place dice on Raxxon only during their own turn"), name=player["name"]
        )
    if not any(s["location"] == where for s in survivors_of(st, seat_id)):
        raise RuleError(
            N_("{name} controls no survivor at Raxxon and may not place dice there"),
            name=player["name"],
        )
    rec = record(st)
    if rec["containment_from"] is None:
        raise RuleError(
            N_("the containment code rules are not in play in this chapter: no dice on Raxxon")
        )
    if rec["experiment"] is None:
        raise RuleError(
            N_(
                "enter the top Raxxon experiment first: dice on Raxxon are aimed at its "
                "containment code"
            )
        )
    rec["dice"] = sorted(rec["dice"] + faces)
    steps.append(
        step(
            "raxxon_dice_placed",
            **of_seat(player),
            faces=faces,
            dice=list(rec["dice"]),
        )
    )
    return st, steps


def dice_off_choices(st: State, actor: str) -> Choices | None:
    """Open while dice are on Raxxon."""
    rec = st.get("raxxon")
    return {} if isinstance(rec, dict) and rec["dice"] else None


@act.rule(N_("take the dice off Raxxon"), "000:914", who=act.CORRECTION)
@act.takes(dice_off_choices)
def remove_raxxon_dice(state: State) -> tuple[State, list[Step]]:
    """Take every die off Raxxon (a correction, or chapter R3's story, 000:914)."""
    st, steps = begin(state)
    _clear_dice(record(st), steps)
    return st, steps


def _clear_dice(rec: dict[str, Any], steps: list[Step]) -> None:
    """Clear the dice on Raxxon, saying how many left."""
    if rec["dice"]:
        steps.append(step("raxxon_dice_removed", count=len(rec["dice"])))
    rec["dice"] = []


# --- the top experiment (000:767, 000:792) ---


def experiment_choices(st: State, actor: str) -> Choices:
    """The top experiment's code faces and how many special zombies it may list."""
    return {"faces": list(FACES), "most": MAX_SPECIAL}


@act.rule(N_("enter the top experiment"), "000:767 000:792 000:799", who=act.TABLE)
@act.takes(experiment_choices, code=act.each("faces"), zombies=act.FREE)
def enter_experiment(state: State, code: list[int], zombies: list[str]) -> tuple[State, list[Step]]:
    """The table enters the top experiment's containment code (two die faces) and the special
    zombies its Audio Log lists (000:767, 000:792, 000:799); it replaces one entered before.

    Asked for by the containment check when none is entered (``containment_asks_experiment``):
    the answer lets the check go on against the dice on Raxxon. Asked for at once after an
    experiment is placed or discarded (``ask_next_experiment``): the answer is only recorded.
    """
    pending = state.get("pending") if isinstance(state, dict) else None
    asked = isinstance(pending, dict) and pending.get("kind") == TOP_EXPERIMENT
    st, steps = begin(state, allow_pending=asked)
    rec = record(st)
    code = _faces(code, N_("containment code"))
    if len(code) != 2:
        raise RuleError(N_("a containment code is two die faces, not {count}"), count=len(code))
    if not isinstance(zombies, list) or not 1 <= len(zombies) <= MAX_SPECIAL:
        raise RuleError(N_("an experiment lists 1 to {most} special zombies"), most=MAX_SPECIAL)
    names = [_name(z) for z in zombies]
    rec["experiment"] = {"code": sorted(code), "zombies": names}
    steps.append(step("experiment_entered", code=sorted(code), zombies=names))
    if asked:
        st["pending"] = None
        if not pending.get("next"):
            _check_code(st, steps)
    return st, steps


def ask_next_experiment(st: State, steps: list[Step]) -> None:
    """An experiment was placed or discarded: the next one is on top, its Audio Log readable "at
    any time" (000:769), and players aim their dice on Raxxon at its code during their turns
    (000:790), so the table enters it at once (mutating helper; a pending ``top_experiment``
    with ``next``). Not while the containment rules are off (R1, R2: ``containment_from``
    None), while R3's immediate draws go on, or once the game has ended."""
    rec = record(st)
    if (
        st["ended"]
        or rec["experiment"] is not None
        or rec["immediate"] > 0
        or rec["containment_from"] is None
    ):
        return
    st["pending"] = {"kind": TOP_EXPERIMENT, "seat": None, "next": True}
    steps.append(step("next_experiment_asked"))


def code_matches(dice: list[int], code: list[int]) -> bool:
    """Two dice on Raxxon match the containment code (000:792): the code's two faces are among
    the dice (a double needs two dice showing it)."""
    have = Counter(dice)
    return all(have[face] >= n for face, n in Counter(code).items())


# --- the containment check at the start of the colony phase (000:792-799) ---


def containment_due(st: State) -> bool:
    """Whether the containment check runs when this round's colony phase begins."""
    rec = st.get("raxxon")
    if not isinstance(rec, dict) or "raxxon" not in st["settings"]["modules"]:
        return False
    start = rec.get("containment_from")
    return start is not None and st["round"] >= start


def containment_runs_first(st: State) -> bool:
    """Whether the next Confirm of the colony phase opens with the containment check: the
    phase has not begun and the check is due this round (000:792)."""
    return st["phase"] != "colony" and containment_due(st)


def containment_check(st: State, steps: list[Step]) -> None:
    """At the start of the colony phase, check the dice on Raxxon against the code (000:792).

    Match: every player who may vote votes (votes.open_vote; ties go the first player's way).
    No match: the experiment's special zombies wait to be placed (``place_special_zombies``).
    Ruling: the dice are cleared after the check. No experiment entered: the check asks for it
    first (``containment_asks_experiment``).
    """
    if not containment_due(st):
        return
    rec = record(st)
    rec["reduced"] = None
    if rec["experiment"] is None:
        containment_asks_experiment(st, steps)
        return
    _check_code(st, steps)


def containment_asks_experiment(st: State, steps: list[Step]) -> None:
    """The containment check compares the dice with "the containment code shown on the Audio
    Log side of the top card of Raxxon experiment deck" (000:792): with none entered, the check
    waits for the table to read that card and enter it (``enter_experiment``); the dice on
    Raxxon stay until it is checked."""
    st["pending"] = {"kind": TOP_EXPERIMENT, "seat": None}
    steps.append(step("containment_experiment_asked", dice=list(record(st)["dice"])))


def _check_code(st: State, steps: list[Step]) -> None:
    """The check itself, with an experiment entered: vote on a match, zombies otherwise."""
    rec = record(st)
    experiment = rec["experiment"]
    match = code_matches(rec["dice"], experiment["code"])
    steps.append(
        step("containment_checked", code=experiment["code"], dice=list(rec["dice"]), match=match)
    )
    _clear_dice(rec, steps)
    if match:
        open_vote(st, steps, "containment")
    else:
        st["pending"] = {"kind": "special_zombies", "seat": None}


@outcome("containment")
def _containment_vote(
    st: State, steps: list[Step], fields: dict[str, Any], passed: bool, rng: Randomness
) -> None:
    """Thumbs up discards the experiment unplaced; thumbs down lets the first player pick a
    place where Add Zombies puts 3 fewer, then its zombies are placed (000:794-799)."""
    rec = record(st)
    if passed:
        steps.append(step("experiment_discarded", reason="contained"))
        rec["experiment"] = None
        ask_next_experiment(st, steps)
        return
    chooser = st["first_player"]
    if chooser not in {s["id"] for s in voters(st)}:
        chooser = next((s["id"] for s in voters(st)), chooser)
    st["pending"] = {"kind": "containment_place", "seat": chooser}
    steps.append(step("containment_place_asked", **of_seat(seat(st, chooser))))


def containment_choices(st: State, actor: str) -> Choices | None:
    """Any place, the colony included, for the first player (or the table for them) while the
    choice is pending (000:795)."""
    pending = st.get("pending") or {}
    if pending.get("kind") != "containment_place":
        return None
    if actor != act.TABLE_ACTOR and pending.get("seat") != actor:
        return None
    return {"place": places(st)}


@act.rule(N_("choose where fewer zombies come"), "000:795", who=act.OPEN, about="pending")
@act.answers(act.PENDING)
@act.takes(containment_choices)
def choose_containment_place(state: State, place: str) -> tuple[State, list[Step]]:
    """Thumbs down: the first player picks one place, the colony included, where this colony
    phase's Add Zombies puts 3 fewer zombies (000:795); then the special zombies come."""
    st, steps = begin(state, allow_pending=True)
    pending = st.get("pending")
    if not isinstance(pending, dict) or pending.get("kind") != "containment_place":
        raise RuleError(N_("no thumbs-down containment vote is waiting for a place"))
    if place != COLONY:
        location(st, place)
    rec = record(st)
    rec["reduced"] = {"place": place, "round": st["round"]}
    steps.append(
        step(
            "containment_place_chosen",
            **at_place(st, place),
            count=REDUCTION,
        )
    )
    st["pending"] = {"kind": "special_zombies", "seat": None}
    return st, steps


def fewer_zombies_at(st: State, place: str) -> int:
    """How many fewer zombies Add Zombies puts at ``place`` this round: 3 at the place the first
    player chose after a thumbs-down vote (000:795), else 0."""
    rec = st.get("raxxon")
    reduced = rec.get("reduced") if isinstance(rec, dict) else None
    if not reduced or reduced["place"] != place or reduced["round"] != st["round"]:
        return 0
    return REDUCTION


def reduced_count(st: State, steps: list[Step], place: str, count: int) -> int:
    """Add Zombies at a place after a thumbs-down vote: 3 fewer at the chosen place (000:795).

    Ruling: the 3 come off everything the place gets in that step (survivors, bandits and noise
    together), never below 0.
    """
    fewer = fewer_zombies_at(st, place)
    if not fewer:
        return count
    less = min(fewer, count)
    steps.append(
        step(
            "containment_fewer_zombies",
            **at_place(st, place),
            before=count,
            count=count - less,
        )
    )
    return count - less


# --- placing special zombies (000:799-803) ---


def placing_choices(st: State, actor: str) -> Choices:
    """Where the top experiment's zombies may be placed: rolled, or one place each."""
    experiment = st["raxxon"]["experiment"] or {"zombies": []}
    return {"places": places(st), "zombies": list(experiment["zombies"])}


@act.rule(N_("place special zombies"), "000:799-803 000:590 000:801 000:805 000:803", who=act.TABLE)
@act.answers(act.PENDING)
@act.takes(placing_choices, places=act.each())
def place_special_zombies(
    state: State, places: list[str] | None = None, rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """Place the top experiment's special zombies one at a time (000:799-803).

    Each one's place is rolled (a random location: a d6 picks the location of that number,
    000:590) or entered by the table (``places``, one per zombie, a location id or the colony).
    With no entrance space free, the full entrance loses a barricade, fires a trap or is overrun
    as usual and the zombie is not placed (000:801; a trap leaves special zombies standing,
    000:805). Ruling: the experiment is discarded only when none of its zombies was placed;
    otherwise it turns to its encounter side (000:803).
    """
    st, steps = begin(state, allow_pending=True)
    rec = record(st)
    pending = st.get("pending")
    waiting = isinstance(pending, dict) and pending.get("kind") == "special_zombies"
    if pending and not waiting:
        raise RuleError(N_("no special zombies are waiting to be placed"))
    if not waiting and rec["immediate"] <= 0:
        raise RuleError(N_("no special zombies are waiting to be placed"))
    experiment = rec["experiment"]
    if experiment is None:
        raise RuleError(N_("enter the top experiment first: its code and its special zombies"))
    names = experiment["zombies"]
    if places is not None:
        if not isinstance(places, list) or len(places) != len(names):
            raise RuleError(
                N_("give one place for each of the {count} special zombies"), count=len(names)
            )
        for place in places:
            if place != COLONY:
                location(st, place)
    st["pending"] = None
    dice = rng or NO_ROLL
    placed = 0
    colony_k = 0
    for k, name in enumerate(names, start=1):
        if st["ended"]:
            break
        if places is not None:
            place = places[k - 1]
        else:
            roll = roll_d6(dice)
            loc = location_numbered(st, roll)
            steps.append(
                step(
                    "special_zombie_rolled",
                    zombie=name,
                    k=k,
                    roll=roll,
                    location=loc["id"] if loc else None,
                    location_name=loc["name"] if loc else "",
                )
            )
            if loc is None:
                continue
            place = loc["id"]
        number = None
        if place == COLONY:
            colony_k += 1
            number = colony_entrance_for(colony_k)
        ent = entrance(st, place, number)
        if free_spaces(ent) > 0:
            ent.setdefault("special", []).append(name)
            placed += 1
            steps.append(
                step(
                    "special_zombie_placed",
                    zombie=name,
                    k=k,
                    **at_entrance(st, place, ent),
                )
            )
            continue
        steps.append(
            step(
                "special_zombie_not_placed",
                zombie=name,
                k=k,
                **at_entrance(st, place, ent),
            )
        )
        place_zombie(st, steps, place, number, k, zombie=name)
    if placed:
        steps.append(step("experiment_encounter", zombies=names, placed=placed))
    else:
        steps.append(step("experiment_discarded", reason="not_placed"))
    rec["experiment"] = None
    if not waiting:
        rec["immediate"] -= 1
    ask_next_experiment(st, steps)
    return st, steps


# --- special zombies on the board (000:805-807) ---


def special_attack_choices(st: State, actor: str) -> Choices | None:
    """The special zombies each of the active player's survivors may attack where it stands."""
    specials = special_zombies(st)
    targets = {
        s["id"]: sorted({z["zombie"] for z in specials if z["place"] == s["location"]})
        for s in _mine(st, actor)
    }
    targets = {k: v for k, v in targets.items() if v}
    if not targets:
        return None
    return {"survivor_id": targets, "exposure": list(EXPOSURE_RESULTS), "encounter": list(FACES)}


@act.rule(N_("attack a special zombie"), "000:805-807", who=act.TURN, about=act.SURVIVOR)
@act.takes(
    special_attack_choices,
    zombie=act.keyed("survivor_id", "survivor_id"),
    exposure=act.ROLL_OR_SKIP,
    encounter=act.die(),
)
def attack_special_zombie(
    state: State,
    survivor_id: str,
    zombie: str,
    exposure: str | None = None,
    encounter: int | str | None = None,
    rng: Randomness | None = None,
) -> tuple[State, list[Step]]:
    """A survivor attacks a special zombie where it stands (000:805-807): roll for exposure,
    then, if the survivor lives, roll the die for the zombie's encounter card (the table reads
    the card; ``remove_special_zombie`` records a removal, which this attack now allows:
    ``turn.special_attacks``). ``encounter`` is the face the table rolled, or None / "roll" for
    one rolled here; left unchosen, it is refused (dice.require_a_roll)."""
    st, steps = begin(state)
    attacker = survivor(st, survivor_id)
    place = attacker["location"]
    if zombie not in specials_at(st, place):
        raise RuleError(
            N_("there is no special zombie {zombie} at {place}"),
            zombie=shown(zombie),
            place=place_name(st, place),
        )
    require_a_roll(encounter, N_("the encounter die"))
    rolled_here = encounter is None or encounter == EXPOSURE_ROLL
    if not rolled_here:
        action_die_face(encounter)
    dice = rng or NO_ROLL
    steps.append(
        step(
            "special_zombie_attacked",
            **of_survivor(attacker),
            zombie=zombie,
            **at_place(st, place),
        )
    )
    face, rolled = exposure_result(exposure, rng)
    roll_for_exposure(st, steps, attacker["id"], face, rolled=rolled)
    alive = any(s["id"] == attacker["id"] for s in st["survivors"])
    if not alive or st["ended"]:
        return st, steps
    roll = roll_d6(dice) if rolled_here else encounter
    steps.append(
        step(
            "encounter_rolled",
            zombie=zombie,
            roll=roll,
            rolled=rolled_here,
            **of_survivor(attacker),
        )
    )
    if st.get("turn"):
        attacks = st["turn"].setdefault("special_attacks", [])
        attacks.append({"survivor": attacker["id"], "zombie": zombie, "place": place})
    return st, steps


def special_zombie_attacked(st: State, place: str, zombie: str) -> bool:
    """Whether the special zombie ``zombie`` at ``place`` may die now: "Special zombies can
    only be killed with a regular attack" (000:805), so only after an attack on it this turn by
    a survivor at its location who lived to roll its encounter die (000:807), once per attack."""
    turn = st.get("turn") or {}
    return any(
        a["zombie"] == zombie and a["place"] == place for a in turn.get("special_attacks", [])
    )


def entrance_holding(
    st: State, place: str, zombie: str, entrance: int | None = None
) -> dict[str, Any]:
    """The entrance at ``place`` (``entrance``, at the colony) where the special zombie
    ``zombie`` stands, or raise."""
    ents = st["colony"]["entrances"] if place == COLONY else [location(st, place)["entrance"]]
    if entrance is not None:
        ents = [e for e in ents if e["number"] == entrance]
    holder = next((e for e in ents if zombie in e.get("special", [])), None)
    if holder is None:
        raise RuleError(
            N_("there is no special zombie {zombie} at {place}"),
            zombie=shown(zombie),
            place=place_name(st, place),
        )
    return holder


def special_kill_choices(st: State, actor: str) -> Choices | None:
    """The special zombies attacked this turn, which may die now (000:805); ``by_survivor``
    those each survivor attacked (its attack, 000:807)."""
    attacked = [
        z for z in special_zombies(st) if special_zombie_attacked(st, z["place"], z["zombie"])
    ]
    if not attacked:
        return None
    mine: dict[str, list[dict[str, Any]]] = {}
    for attack in (st.get("turn") or {}).get("special_attacks", []):
        hit = [
            z for z in attacked if (z["zombie"], z["place"]) == (attack["zombie"], attack["place"])
        ]
        listed = mine.setdefault(attack["survivor"], [])
        listed += [z for z in hit if z not in listed]
    return {"targets": attacked, "how": [KILL_WAYS[0]], "by_survivor": mine}


@act.rule(N_("remove a special zombie"), "000:805", who=act.TURN)
@act.takes(
    special_kill_choices,
    place=act.record("targets", place="place", zombie="zombie"),
    entrance=act.FREE,
)
def remove_special_zombie(
    state: State, place: str, zombie: str, how: str = "attack", entrance: int | None = None
) -> tuple[State, list[Step]]:
    """Take a special zombie off the board: only a regular attack kills one (000:805); traps,
    items and abilities that do not attack never do, so they are refused, and so is a special
    zombie nobody attacked this turn (``special_zombie_attacked``)."""
    st, steps = begin(state)
    require_one_of(how, KILL_WAYS, N_("a special zombie is removed by {known}, not {how}"), "how")
    if how != "attack":
        raise RuleError(
            N_(
                "only a regular attack kills a special zombie: traps, items and abilities "
                "do not (000:805)"
            )
        )
    if place != COLONY:
        location(st, place)
    if zombie in specials_at(st, place) and not special_zombie_attacked(st, place, zombie):
        raise RuleError(
            N_(
                "{zombie} at {place} was not attacked this turn: a special zombie dies only to "
                "an attack by a survivor at its location (000:805)"
            ),
            zombie=zombie,
            place=place_name(st, place),
        )
    holder = entrance_holding(st, place, zombie, entrance)
    holder["special"].remove(zombie)
    attacks = st["turn"]["special_attacks"]
    attacks.remove(next(a for a in attacks if a["zombie"] == zombie and a["place"] == place))
    left = sum(1 for z in special_zombies(st) if z["zombie"] == zombie)
    steps.append(
        step(
            "special_zombie_removed",
            zombie=zombie,
            **at_entrance(st, place, holder),
            left=left,
        )
    )
    return st, steps


def _has_room(st: State, place: str) -> bool:
    """Whether a zombie may be moved to ``place``: an entrance there has a free space."""
    if place == COLONY:
        return any(free_spaces(e) > 0 for e in st["colony"]["entrances"])
    return free_spaces(location(st, place)["entrance"]) > 0


def special_move_choices(st: State, actor: str) -> Choices | None:
    """Any special zombie, to a place with room."""
    specials = special_zombies(st)
    roomy = [p for p in places(st) if _has_room(st, p)]
    return {"targets": specials, "to": roomy} if specials and roomy else None


@act.rule(N_("move a special zombie by its encounter card"), "000:805", who=act.TURN)
@act.takes(
    special_move_choices,
    place=act.record("targets", place="place", zombie="zombie"),
    entrance=act.FREE,
    to_entrance=act.FREE,
)
def move_special_zombie(
    state: State,
    place: str,
    zombie: str,
    to: str,
    entrance: int | None = None,
    to_entrance: int | None = None,
) -> tuple[State, list[Step]]:
    """Its own encounter card moves a special zombie (000:805: "Special zombies cannot be moved
    by any game effects except for those listed on their encounter cards"): the table reads the
    card and moves it here, to a free space at another place (an entrance of the colony by
    ``to_entrance``; the first with room otherwise). Nothing else moves one
    (``special_zombies_cannot_be_moved``)."""
    st, steps = begin(state)
    record(st)
    for where in (place, to):
        if where != COLONY:
            location(st, where)
    holder = entrance_holding(st, place, zombie, entrance)
    if to == place and (to != COLONY or to_entrance in (None, holder["number"])):
        raise RuleError(
            N_("{zombie} is at {place} already"), zombie=zombie, place=place_name(st, to)
        )
    if to == COLONY and to_entrance is None:
        free = [e for e in st["colony"]["entrances"] if free_spaces(e) > 0]
        target = free[0] if free else st["colony"]["entrances"][0]
    else:
        target = entrance_of(st, to, to_entrance)
    if free_spaces(target) <= 0:
        raise RuleError(
            N_("{place} has no free space for {zombie}: the encounter card says what happens then"),
            place=place_name(st, to),
            zombie=zombie,
        )
    holder["special"].remove(zombie)
    target.setdefault("special", []).append(zombie)
    steps.append(
        step(
            "special_zombie_moved",
            zombie=zombie,
            **at_entrance(st, place, holder),
            to=to,
            to_entrance=target["number"],
            to_name=step_place_name(st, to),
        )
    )
    return st, steps


def raxxon_search_exposure_active(st: State, place: Any) -> bool:
    """Whether a search at ``place`` is followed by an exposure roll (Searching at Raxxon,
    000:776): at Raxxon, except during the chapter R1, whose setup leaves that rule out until
    R1 is completed ("For the rest of the game, players may move survivors to Raxxon and
    search. Read the Searching at Raxxon rules", 000:873, 000:892)."""
    if not is_raxxon(st, place):
        return False
    sc = st.get("scenario") or {}
    return not (sc.get("name") == "raxxon" and sc.get("chapter") == 1 and not sc.get("completed"))


# --- side effects (000:780-784) ---


def side_effect_carrier(st: State, card: str) -> dict[str, Any] | None:
    """The survivor in play who carries the side effect ``card`` (its name, any case), or None."""
    carried = record(st)["side_effects"]
    wanted = card.casefold()
    for person in st["survivors"]:
        if any(c.casefold() == wanted for c in carried.get(person["id"], [])):
            return person
    return None


def side_effects_never_come_off(st: State, card: str) -> None:
    """Refuse to equip a side effect card a survivor in play already carries: "Raxxon side
    effect cards cannot be unequipped" (000:784; 001:2228 "não podem ser removidas"), so no
    card is taken off, traded or given to another survivor, nor equipped twice.

    Ruling: once its survivor has died or left the game, the card may be equipped again.
    """
    carrier = side_effect_carrier(st, card)
    if carrier is not None:
        raise RuleError(
            N_(
                "{name} carries the side effect {card}: Raxxon side effect cards cannot be "
                "unequipped (000:784)"
            ),
            name=carrier["name"],
            card=card,
        )


def side_effects_shown(st: State) -> list[dict[str, Any]]:
    """Who carries which side effect cards (000:780-784), for the screens: each carrier by its
    name, the living first in play order, then those who died or left the game (``gone``:
    their cards may be equipped again, ``side_effects_never_come_off``). [] without the
    module."""
    rec = st.get("raxxon")
    carried = rec.get("side_effects") if isinstance(rec, dict) else None
    if not carried:
        return []
    names = {c: card["name"] for c, card in (st["cards"].get("survivors") or {}).items()}
    names.update({s["id"]: s["name"] for s in st.get("graveyard") or []})
    living = [s["id"] for s in st["survivors"]]
    names.update({s["id"]: s["name"] for s in st["survivors"]})
    order = living + sorted(sid for sid in carried if sid not in living)
    return [
        {
            "survivor": sid,
            "name": names.get(sid, sid),
            "cards": carried[sid],
            "gone": sid not in living,
        }
        for sid in order
        if carried.get(sid)
    ]


def equip_choices(st: State, actor: str) -> Choices | None:
    """Any of the active player's survivors."""
    mine = _mine(st, actor)
    return {"survivor_id": [s["id"] for s in mine]} if mine else None


@act.rule(N_("equip a side effect"), "000:784", who=act.TURN, about=act.SURVIVOR)
@act.takes(equip_choices, card=act.FREE)
def equip_side_effect(state: State, survivor_id: str, card: str) -> tuple[State, list[Step]]:
    """A pill equips a Raxxon side effect card to a survivor; it never comes off (000:784,
    ``side_effects_never_come_off``)."""
    st, steps = begin(state)
    rec = record(st)
    who = survivor(st, survivor_id)
    name = _name(card)
    side_effects_never_come_off(st, name)
    rec["side_effects"].setdefault(who["id"], []).append(name)
    steps.append(step("side_effect_equipped", **of_survivor(who), card=name))
    return st, steps


# --- the Raxxon chapters R1-R3 (000:863-936) ---


def experiments_for_r3(st: State) -> int:
    """R3 draws 2 experiments with 2-3 non-exiled players, 3 with 4 or more (000:930; the
    English wording is followed where the Portuguese 001:2473 says "4", RULES.md).

    Ruling: a solo co-op game (1 non-exiled player) draws 2, like the smallest table named.
    """
    return 3 if len(voters(st)) >= 4 else 2


def experiments_to_draw(st: State) -> dict[str, Any] | None:
    """R3's immediate draws as the table's task now: "immediately draw 2 Raxxon experiment
    cards and place their special zombies" (000:930), one experiment at a time: which one of
    how many (``k`` of ``of``) and whether it is entered yet; None when none is left to draw
    (or during setup, whose survivors come first).

    The count is ``experiments_for_r3`` now (never less than those still to draw).
    """
    rec = st.get("raxxon")
    if not isinstance(rec, dict) or rec.get("immediate", 0) <= 0 or st["phase"] == "setup":
        return None
    left = rec["immediate"]
    of = max(experiments_for_r3(st), left)
    return {"k": of - left + 1, "of": of, "entered": rec["experiment"] is not None}


def setup_chapter(st: State, steps: list[Step], chapter: str) -> None:
    """Apply a Raxxon chapter's changes to the pieces the engine tracks (mutating helper).

    R1 (000:873): Raxxon is sealed: every free entrance space takes a barricade and its
    survivor spaces close (``sealed_spaces`` keeps their number; ``state.free_survivor_spaces``
    then counts none); no containment check. Setup puts no zombie there
    (``sealed_at_setup``), so every entrance space takes a barricade. R2 (R1
    completed, 000:892): the barricades come off and Raxxon opens; no containment yet. R3 (R2
    completed, 000:917-930): the dice come off Raxxon, its survivors go to the colony
    (``state.send_home``), the containment check starts next round, and 2 or 3 experiments
    are placed now. The table's other tasks are scenarios.TASKS.
    """
    if chapter not in CHAPTERS:
        raise RuleError(
            N_("a Raxxon chapter is R1, R2 or R3, not {chapter}"), chapter=shown(chapter)
        )
    rec = record(st)
    where = raxxon_location(st)
    loc = location(st, where)
    ent = loc["entrance"]
    if chapter == "R1":
        rec["containment_from"] = None
        if rec["sealed_spaces"] is None:
            rec["sealed_spaces"] = loc["survivor_spaces"]
        loc["survivor_spaces"] = 0
        added = max(0, free_spaces(ent))
        ent["barricades"] += added
        steps.append(step("raxxon_sealed", **of_location(loc), barricades=added))
    elif chapter == "R2":
        rec["containment_from"] = None
        if rec["sealed_spaces"] is not None:
            loc["survivor_spaces"] = rec["sealed_spaces"]
            rec["sealed_spaces"] = None
        removed, ent["barricades"] = ent["barricades"], 0
        steps.append(step("raxxon_opened", **of_location(loc), barricades=removed))
    else:
        _clear_dice(rec, steps)
        send_home(st, steps, where)
        rec["containment_from"] = st["round"] + 1
        rec["immediate"] = experiments_for_r3(st)
        steps.append(
            step(
                "containment_from_round",
                round=rec["containment_from"],
                experiments=rec["immediate"],
            )
        )


def new_raxxon(locations: Any = ()) -> dict[str, Any]:
    """The Raxxon module's record: where Raxxon is, its dice, the top experiment (000:763-861).

    The containment check runs from round 1 (a scenario chapter moves it, raxxon.py).
    """
    where = next((c["id"] for c in locations if c.get("module") == "raxxon"), None)
    return {
        "location": where,
        "containment_from": 1,
        "dice": [],
        "experiment": None,
        "reduced": None,
        "immediate": 0,
        "sealed_spaces": None,
        "side_effects": {},
    }
