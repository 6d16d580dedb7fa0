"""The Bandits module: placing bandits, their leader, attacking them, scavenging, the Hideout.

Long Night 000:721-761 ("The Bandits Module"); Bandit Blitz, 000:938-1002. Which of the
module's rules are in play is ``state["bandits"]["rules"]``: all of them in a game with the
module, one chapter's worth in the Bandit Blitz scenario (``setup_chapter``). Without the
module none applies and the bandit part of a crisis card is ignored (000:654).

Where the rules of other modules meet these: zombies.zombies_for_location counts bandits for
Add Zombies and zombies.overrun drives them off an empty location (000:745); a location's
survivor spaces hold survivors and bandits (state.free_survivor_spaces, 000:723).
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.attacks import attack_hits
from companion.engine.board.deaths import add_wound, kill_survivor, lowest_influence, wound_total
from companion.engine.board.special_zombies import (
    require_special_zombies_first,
    special_zombies_first,
)
from companion.engine.core import declare as act
from companion.engine.core.dice import NO_ROLL, Randomness, roll_d6, spent_die
from companion.engine.core.errors import Phrase, RuleError, shown
from companion.engine.core.state import (
    COLONY,
    State,
    active_seat_id,
    begin,
    free_survivor_spaces,
    is_human,
    location,
    location_numbered,
    locations_in_order,
    require_count,
    seat,
    seats_in_play,
    send_survivor_home,
    survivor,
)
from companion.engine.core.vocabulary import BANDIT_RULES, BETRAYAL_KINDS
from companion.engine.words.card_texts import card_text
from companion.engine.words.steps import N_, Step, of_location, of_seat, of_survivor, step

HIDEOUT_ID = "long_night.bandits-hideout"
"""The Bandits' Hideout (cards/long_night/locations.toml); it has no search deck (000:726)."""
RANDOM_BANDITS = 2
"""000:737: a crisis card without a bandit placement places 2 bandits at random locations."""
B1_WOUNDS_SPARED = 2
"""000:968: B1's wound is added "unless that survivor already has 2 wounds"."""
BANDIT_ATTACK = 4
"""000:741: a bandit is attacked like a survivor with attack value 4."""

RULES: tuple[str, ...] = BANDIT_RULES
"""The module's rules by section: Placing Bandits (000:733), Adding Zombies (000:743),
Bandits Scavenge (000:747), Attacking a Bandit (000:739), Bandits' Hideout (000:753),
Becoming Leader of the Bandits (000:757)."""

CHAPTERS: dict[str, tuple[str, ...]] = {
    "B1": ("placing", "zombies", "scavenge"),
    "B2": ("placing", "zombies", "scavenge", "attack", "hideout"),
    "B3": RULES,
}
"""Bandit Blitz: the rules in play from each chapter on. B1 reads Reveal Crisis, Bandits
Scavenge and Adding Zombies (000:954); B1's end adds Attacking a Bandit and the Hideout
(000:972); B2's end adds Becoming Leader of the Bandits (000:982-988,
``bandit_leader_rule_active``)."""


def new_bandits() -> dict[str, Any]:
    """The module's record: the Hideout's face-up cards and the rules in play."""
    return {"hideout_cards": 0, "rules": list(RULES)}


def record(st: State) -> dict[str, Any]:
    """The module's record of a working copy (a save made before it existed gets a new one)."""
    return st.setdefault("bandits", new_bandits())


def rule_on(st: State, rule: str) -> bool:
    """Whether one of the module's rules is in play: the module is, and the chapter has it."""
    if "bandits" not in st["settings"]["modules"]:
        return False
    return rule in (st.get("bandits") or new_bandits())["rules"]


def require_rule(st: State, rule: str) -> None:
    """Refuse an action of a bandit rule that is not in play, saying which way it is not."""
    if "bandits" not in st["settings"]["modules"]:
        raise RuleError(N_("this game is played without the Bandits module"))
    if not rule_on(st, rule):
        raise RuleError(N_("this Bandit Blitz chapter has not brought in that bandit rule yet"))


def hideout_has_no_search_deck(place: Any) -> bool:
    """Whether ``place`` is the Bandits' Hideout, which has no search deck (000:726): nobody
    searches there, and bandits there scavenge nothing (000:749)."""
    return place == HIDEOUT_ID


def require_search_deck_not_hideout(place: Any) -> None:
    """Refuse a search at the Bandits' Hideout, naming the rule (000:726)."""
    if hideout_has_no_search_deck(place):
        raise RuleError(
            N_("the Bandits' Hideout has no search deck: nobody searches there (000:726)")
        )


def hideout(st: State) -> dict[str, Any] | None:
    """The Bandits' Hideout on the board, or None."""
    return next((loc for loc in st["locations"] if loc["id"] == HIDEOUT_ID), None)


def bandit_leader_rule_active(st: State) -> bool:
    """Whether Becoming Leader of the Bandits is in play (000:757-759): in a game with the
    module, from the start; in Bandit Blitz, from B2's completion, whose special exile phase
    reads "The exiled player becomes leader of the bandits" (000:982-988), not during B1 or B2.
    """
    return rule_on(st, "leader")


def bandit_leader(st: State) -> str | None:
    """The seat that leads the bandits: an exiled player who is not a betrayer (000:759).

    Only while the leader rule is in play (``bandit_leader_rule_active``), and never a player
    exiled before it came in (Bandit Blitz B1 or B2: ``exiled_before_leader``). Two exiled
    non-betrayers end the game (002:1801), so there is at most one.
    """
    if not bandit_leader_rule_active(st):
        return None
    before = set((st.get("bandits") or {}).get("exiled_before_leader", []))
    for s in seats_in_play(st):
        objective = st["secrets"][s["id"]]["objective"]
        card = st["cards"]["objectives"].get(objective) if objective else None
        betrayer = card and card.get("kind") in BETRAYAL_KINDS
        if s["exiled"] and not betrayer and s["id"] not in before:
            return str(s["id"])
    return None


def room_for_bandits(st: State) -> dict[str, int]:
    """Free survivor spaces at each location that has one, in number order (000:735)."""
    room = {loc["id"]: free_survivor_spaces(st, loc["id"]) for loc in locations_in_order(st)}
    return {loc_id: free for loc_id, free in room.items() if free > 0}


# --- placing bandits at Reveal Crisis ---------------------------------------------------------


def bandits_at_reveal(
    st: State,
    steps: list[Step],
    card: dict[str, Any],
    rng: Randomness | None,
    without_bandits: bool = False,
) -> None:
    """Place the bandits a revealed crisis card calls for (Placing Bandits, 000:735-737).

    The card's location numbers, or 2 random ones for a card that has none (000:737), unless
    the table chose to play that round without bandits (``playing_without_bandits``). With a
    bandit leader (000:759) the numbers do not matter: the leader's phone chooses where that
    many go (a ``bandit_placement`` decision), as many as there are free survivor spaces.
    """
    if without_bandits:
        require_rule(st, "placing")
    if not rule_on(st, "placing"):
        return
    numbers = list(card.get("bandits") or [])
    if playing_without_bandits(steps, numbers, without_bandits):
        return
    leader = bandit_leader(st)
    if leader is not None:
        wanted = len(numbers) or RANDOM_BANDITS
        count = min(wanted, sum(room_for_bandits(st).values()))
        name = seat(st, leader)["name"]
        if count == 0:
            steps.append(step("bandits_no_room", count=wanted))
            return
        st["pending"] = {"kind": "bandit_placement", "seat": leader, "count": count}
        steps.append(step("bandit_leader_decides", seat=leader, seat_name=name, count=count))
        return
    if not numbers:
        numbers = [roll_d6(rng or NO_ROLL) for _ in range(RANDOM_BANDITS)]
        steps.append(step("bandits_rolled", rolls=numbers))
    place_bandits(st, steps, numbers)


def playing_without_bandits(steps: list[Step], numbers: list[int], chosen: bool) -> bool:
    """Whether this round is played without bandits (the note of Placing Bandits, 000:737;
    001:2088-2091): a crisis card with no bandit placement may place 2 at random locations,
    "You may also not place bandits during that round for easier play". The table chooses as
    it reveals the crisis (``reveal_crisis(without_bandits=True)``), a leader's bandits
    included; a card that names its placement places its bandits all the same.
    """
    if not chosen:
        return False
    if numbers:
        steps.append(step("bandits_by_the_card", count=len(numbers)))
        return False
    steps.append(step("bandits_skipped"))
    return True


def place_bandits(st: State, steps: list[Step], numbers: list[int]) -> None:
    """Place one bandit per location number (Placing Bandits, 000:735).

    A bandit takes a survivor space: none is placed where survivors and bandits already fill
    every survivor space, and none where no location on the board has that number; a step says
    which and why.
    """
    for number in numbers:
        loc = location_numbered(st, number)
        if loc is None:
            steps.append(step("bandit_not_placed", number=number, location_name="", full=False))
            continue
        if free_survivor_spaces(st, loc["id"]) <= 0:
            steps.append(
                step("bandit_not_placed", number=number, location_name=loc["name"], full=True)
            )
            continue
        _add_bandit(st, steps, loc)


def _add_bandit(st: State, steps: list[Step], loc: dict[str, Any]) -> None:
    """One bandit moves into a location that has room."""
    loc["bandits"] += 1
    steps.append(
        step(
            "bandit_placed",
            number=loc["number"],
            **of_location(loc),
            bandits=loc["bandits"],
        )
    )


def placement_choices(st: State, seat_id: str) -> dict[str, Any] | None:
    """Where each of the ``count`` bandits may go, for the leader while they decide (000:759)."""
    pending = st.get("pending") or {}
    if pending.get("kind") != "bandit_placement" or pending.get("seat") != seat_id:
        return None
    return {"seat_id": [seat_id], "count": pending["count"], "room": room_for_bandits(st)}


@act.rule(N_("place the bandits as their leader"), "000:759 000:735", who=act.OWN, about="seat_id")
@act.answers(act.PENDING)
@act.takes(placement_choices, locations=act.each("room"))
def lead_bandits(state: State, seat_id: str, locations: list[str]) -> tuple[State, list[Step]]:
    """The bandit leader places the revealed crisis's bandits where they choose (000:759).

    ``locations``: one location id per bandit, as many as the decision asks for; each needs a
    free survivor space when its bandit arrives (000:735). Only the leader's own phone answers.
    """
    st, steps = begin(state, allow_pending=True)
    pending = st.get("pending")
    if not pending or pending.get("kind") != "bandit_placement":
        raise RuleError(N_("no bandits are waiting for their leader"))
    leader = seat(st, seat_id)
    if pending["seat"] != seat_id:
        raise RuleError(N_("{name} does not lead the bandits"), name=leader["name"])
    if not isinstance(locations, list) or len(locations) != pending["count"]:
        raise RuleError(
            N_("the bandit leader places exactly {count} bandit(s)"), count=pending["count"]
        )
    for loc_id in locations:
        if loc_id == COLONY:
            raise RuleError(N_("bandits are never placed in the colony"))
        loc = location(st, loc_id)
        if free_survivor_spaces(st, loc_id) <= 0:
            raise RuleError(
                N_("no survivor space is free at {place} for a bandit"), place=card_text(loc)
            )
        _add_bandit(st, steps, loc)
    st["pending"] = None
    steps.insert(0, step("bandits_led", **of_seat(leader), count=len(locations)))
    return st, steps


# --- attacking a bandit -----------------------------------------------------------------------


def bandit_attack_choices(st: State, active: str) -> dict[str, Any] | None:
    """The active player's survivors beside a bandit and no special zombie (000:741, 000:805),
    while the rule is on."""
    if not rule_on(st, "attack"):
        return None
    bandit_places = {loc["id"] for loc in st["locations"] if loc["bandits"] > 0}
    attackers = [
        s["id"]
        for s in st["survivors"]
        if s["owner"] == active
        and s["location"] in bandit_places
        and not special_zombies_first(st, s["location"])
    ]
    return {"survivor_id": attackers, "roll": list(range(1, 7))} if attackers else None


@act.rule(N_("attack a bandit"), "000:741 000:320-322 000:805", who=act.TURN, about=act.SURVIVOR)
@act.takes(bandit_attack_choices, roll=act.die())
def attack_bandit(
    state: State, survivor_id: str, roll: int | str | None = None, rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """A survivor attacks a bandit at its location (Attacking a Bandit, 000:741).

    As an attack on a survivor with attack value 4 (000:320-322): the spent action die is
    rolled, and a result of 4 or less hits: the bandit is removed. A miss does nothing, and no
    exposure die is rolled either way (000:322). A special zombie there is attacked first
    (000:805). ``roll``: the face the table rolled, or None or "roll" to roll it here
    (``core.dice.spent_die``; left unchosen, refused).
    """
    st, steps = begin(state)
    require_rule(st, "attack")
    attacker = survivor(st, survivor_id)
    place = attacker["location"]
    loc = location(st, place) if place != COLONY else None
    if loc is None or loc["bandits"] <= 0:
        where = Phrase(N_("the colony")) if loc is None else card_text(loc)
        raise RuleError(
            N_("{name} is at {place}, where there is no bandit to attack"),
            name=attacker["name"],
            place=where,
        )
    require_special_zombies_first(st, place)
    roll = spent_die(roll, rng)
    hit = attack_hits(roll, BANDIT_ATTACK)
    if hit:
        loc["bandits"] -= 1
    steps.append(
        step(
            "bandit_attacked",
            **of_survivor(attacker),
            **of_location(loc),
            roll=roll,
            hit=hit,
            bandits=loc["bandits"],
        )
    )
    return st, steps


# --- scavenging and the Hideout ---------------------------------------------------------------


def bandits_scavenge(st: State, steps: list[Step]) -> None:
    """After Add Zombies every bandit scavenges (Bandits Scavenge, 000:749).

    One card per bandit from its location's search deck, face up onto the Bandits' Hideout;
    the steps tell the table how many from which deck, and the Hideout's count goes up. The
    Hideout has no search deck (000:726): bandits there take nothing. Not after a game ended.
    """
    if not rule_on(st, "scavenge") or st["ended"]:
        return
    total = 0
    for loc in locations_in_order(st):
        if loc["bandits"] <= 0:
            continue
        if hideout_has_no_search_deck(loc["id"]):
            steps.append(step("bandits_stay_home", count=loc["bandits"]))
            continue
        total += loc["bandits"]
        steps.append(
            step(
                "bandits_scavenge",
                **of_location(loc),
                count=loc["bandits"],
            )
        )
    if total:
        rec = record(st)
        rec["hideout_cards"] += total
        steps.append(step("hideout_cards", added=total, cards=rec["hideout_cards"]))


def hideout_takers(st: State) -> list[str]:
    """The active player's survivors at the Bandits' Hideout: only one of them takes cards from
    it (the Hideout's card, 000:755); none between turns."""
    active = active_seat_id(st)
    return [
        s["id"] for s in st["survivors"] if s["owner"] == active and s["location"] == HIDEOUT_ID
    ]


def hideout_choices(st: State, actor: str) -> dict[str, Any] | None:
    """How many of the Hideout's cards, by which of the active player's survivors there
    (000:755), while the rule is on."""
    cards = (st.get("bandits") or new_bandits())["hideout_cards"]
    takers = hideout_takers(st)
    if not rule_on(st, "hideout") or cards <= 0 or not takers:
        return None
    return {"count": list(range(1, cards + 1)), "survivor_id": takers}


@act.rule(N_("take cards from the Hideout"), "000:755", who=act.TURN)
@act.takes(hideout_choices)
def take_from_hideout(
    state: State, count: int = 1, survivor_id: str | None = None
) -> tuple[State, list[Step]]:
    """A survivor of the active player's at the Bandits' Hideout takes cards from it, as its
    card says (Bandits' Hideout, 000:755): ``survivor_id`` names who (asked when more than one
    is there)."""
    st, steps = begin(state)
    require_rule(st, "hideout")
    count = require_count(count, N_("the number of cards taken"), minimum=1)
    rec = record(st)
    if count > rec["hideout_cards"]:
        raise RuleError(
            N_("the Hideout holds {cards} card(s), not {count}"),
            cards=rec["hideout_cards"],
            count=count,
        )
    takers = hideout_takers(st)
    if not takers:
        raise RuleError(
            N_(
                "only a survivor at the Bandits' Hideout takes its cards: the player whose turn "
                "it is has none there"
            )
        )
    if survivor_id is None and len(takers) > 1:
        raise RuleError(N_("say which survivor at the Bandits' Hideout takes the cards"))
    taker = survivor(st, survivor_id if survivor_id is not None else takers[0])
    if taker["id"] not in takers:
        raise RuleError(
            N_("{name} is not a survivor of the active player's at the Bandits' Hideout"),
            name=taker["name"],
        )
    rec["hideout_cards"] -= count
    steps.append(
        step("hideout_cards_taken", **of_survivor(taker), count=count, cards=rec["hideout_cards"])
    )
    return st, steps


def hideout_cards_choices(st: State, actor: str) -> dict[str, Any] | None:
    """Open while bandits are placed at Reveal Crisis."""
    return {} if rule_on(st, "placing") else None


@act.rule(N_("set the cards on the Hideout"), who=act.CORRECTION)
@act.takes(hideout_cards_choices, count=act.FREE)
def set_hideout_cards(state: State, count: int) -> tuple[State, list[Step]]:
    """The table corrects the number of cards on the Hideout (a search deck ran short)."""
    st, steps = begin(state)
    require_rule(st, "placing")
    count = require_count(count, N_("the number of cards on the Hideout"))
    record(st)["hideout_cards"] = count
    steps.append(step("hideout_cards_set", cards=count))
    return st, steps


def bandits_choices(st: State, actor: str) -> dict[str, Any] | None:
    """Each location, with the most bandits it may hold, while bandits are placed."""
    if not rule_on(st, "placing"):
        return None
    most = {
        loc["id"]: free_survivor_spaces(st, loc["id"]) + loc["bandits"]
        for loc in locations_in_order(st)
    }
    return {"location_id": most}


@act.rule(N_("set the bandits at a location"), "000:723", who=act.CORRECTION)
@act.takes(bandits_choices, count=act.FREE)
def set_bandits(state: State, location_id: str, count: int) -> tuple[State, list[Step]]:
    """The table sets the bandits at a location (a card placed or removed some, 000:723)."""
    st, steps = begin(state)
    require_rule(st, "placing")
    count = require_count(count, N_("the number of bandits"))
    if location_id == COLONY:
        raise RuleError(N_("bandits are never placed in the colony"))
    loc = location(st, location_id)
    most = free_survivor_spaces(st, location_id) + loc["bandits"]
    if count > most:
        raise RuleError(
            N_("{place} has room for {most} bandit(s), not {count}"),
            place=card_text(loc),
            most=most,
            count=count,
        )
    loc["bandits"] = count
    steps.append(step("bandits_set", **of_location(loc), bandits=count))
    return st, steps


# --- Bandit Blitz (000:938-1002) ----------------------------------------------------------------


def setup_chapter(st: State, steps: list[Step], chapter: str) -> None:
    """Begin a Bandit Blitz chapter on a working copy: its rules and its story's changes.

    B1 (000:954): placing, zombies, scavenging. B2 (B1 completed, 000:960-972): all the food
    goes, the survivor with the highest influence dies (morale as usual), the human survivor
    with the lowest influence is wounded and sent home (``_b1_story``), attacking bandits and
    the Hideout come in. B3 (B2 completed, 000:982-988): the leader rule comes in; a player
    exiled before it (``exiled_before_leader``) does not lead; B2's special exile phase
    follows (scenarios/special_exile.py, which also brings the Hideout's survivors home). The
    table's other tasks are scenarios.TASKS.
    """
    if chapter not in CHAPTERS:
        raise RuleError(N_("unknown Bandit Blitz chapter {chapter}"), chapter=shown(chapter))
    rec = record(st)
    if "leader" in CHAPTERS[chapter] and "leader" not in rec["rules"]:
        rec["exiled_before_leader"] = [s["id"] for s in seats_in_play(st) if s["exiled"]]
    rec["rules"] = list(CHAPTERS[chapter])
    steps.append(step("bandit_rules", chapter=chapter, rules=list(CHAPTERS[chapter])))
    if chapter == "B2":
        _b1_story(st, steps)


def _b1_story(st: State, steps: list[Step]) -> None:
    """B1 completed (000:960-968): the food supply empties; the survivor with the highest
    influence and the human survivor with the lowest influence go to the Hideout; the first
    dies (morale as usual), the second runs home (``b1_survivor_runs_home``)."""
    if st["food"]:
        steps.append(step("blitz_food_lost", food=st["food"]))
        st["food"] = 0
    top, low = b1_ambushed(st, steps)
    if top is not None:
        kill_survivor(st, steps, top["id"], "bandit_ambush")
    if low is not None:
        b1_survivor_runs_home(st, steps, low)


def b1_ambushed(
    st: State, steps: list[Step]
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The two survivors B1's completion sends to the Hideout: "the survivor with the highest
    influence and the human survivor with the lowest influence" (000:960; 001 "o sobrevivente
    humano com a menor influência"), among all in play; the second is another survivor than
    the first, and human (``state.is_human``: not Sparky, not Blue). Either may be None.

    A tie is the first player's choice (000:584): the first in play order, with a step.
    """
    if not st["survivors"]:
        return None, None
    top = lowest_influence(st, st["survivors"], steps, highest=True)
    humans = [s for s in st["survivors"] if s is not top and is_human(st, s)]
    return top, lowest_influence(st, humans, steps) if humans else None


def b1_reader(st: State) -> dict[str, Any] | None:
    """Who reads B1's completion aloud and follows it: "the player who controls the human
    survivor with the lowest influence" (000:958; 001 "o jogador com o seguidor humano de menor
    influência"), the survivor ``b1_ambushed`` names; None when there is none."""
    _, low = b1_ambushed(st, [])
    return seat(st, low["owner"]) if low is not None and low["owner"] else None


def b1_survivor_runs_home(st: State, steps: list[Step], person: dict[str, Any]) -> None:
    """B1 completed, the human survivor with the lowest influence (000:968): "Add a wound ...
    unless that survivor already has 2 wounds. Place that survivor back at the colony" (not a
    move: no exposure roll; an exiled player's survivor stays at the Hideout, ``send_home``).

    Ruling: frostbite and despair count among the 2 wounds, as they do toward death (000:536),
    so this wound never kills.
    """
    wounds = wound_total(person)
    wounded = wounds < B1_WOUNDS_SPARED
    steps.append(
        step(
            "blitz_runs_home",
            **of_survivor(person),
            wounded=wounded,
            wounds=wounds,
        )
    )
    if wounded:
        add_wound(st, steps, person["id"], "wound", "bandit_ambush")
    if hideout(st) is not None:
        person["location"] = HIDEOUT_ID  # the story took them there (000:960)
    send_survivor_home(st, steps, person)


# --- the choices each actor has now (legal.py lists them) ---------------------------------------


def turn_choices(st: State, active: str) -> dict[str, dict[str, Any]]:
    """During a turn: attacking a bandit and taking cards from the Hideout, where open."""
    return act.open_now(st, active, "attack_bandit", "take_from_hideout")


def reveal_choices(st: State) -> dict[str, Any]:
    """What the table may add as it reveals the crisis: to play the round without bandits if
    the card names no placement (000:737), while bandits are placed at Reveal Crisis."""
    return {"without_bandits": [False, True]} if rule_on(st, "placing") else {}


def table_choices(st: State) -> dict[str, dict[str, Any]]:
    """The table's corrections: the Hideout's cards and the bandits at each location."""
    return act.open_now(st, act.TABLE_ACTOR, "set_hideout_cards", "set_bandits")


def leader_choices(st: State, seat_id: str) -> dict[str, dict[str, Any]]:
    """The bandit leader's decision (000:759), for the leader's phone."""
    return act.open_now(st, seat_id, "lead_bandits")


def board_view(st: State) -> dict[str, Any]:
    """What the table screen shows of the module: the Hideout, its cards, the rules in play.

    The bandit leader is not here: an exiled player's not being a betrayer shows only when
    they place bandits (the waiting decision names them), as at a real table.
    """
    rec = st.get("bandits") or new_bandits()
    loc = hideout(st)
    return {
        "in_play": "bandits" in st["settings"]["modules"],
        "hideout": loc["id"] if loc else None,
        "hideout_cards": rec["hideout_cards"],
        "rules": [r for r in RULES if rule_on(st, r)],
    }
