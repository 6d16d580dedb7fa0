"""Player turns: whose turn it is, the crossroads draw and frostbite as a turn begins.

Base 002 "Player Turns" (002:983): the first player takes the first turn of a round, then play
passes to the left (the next seat) until every player has had one turn; then the colony phase
begins. A player's right-hand neighbour (the previous seat) draws the crossroads card for that
turn (002:1464, 000:458).

State fields used here: ``turn`` (the turn in progress or None: ``turn.seat`` is the active player),
``turns_taken`` (``{"round": n, "seats": [...]}``: who has had a turn in round n; it starts
afresh by itself when ``round`` moves on, so the colony phase need not clear it), and
``must_leave_colony`` (see exile.py: a turn cannot end while an exiled player still has
survivors to move out of the colony).
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.deaths import add_wound
from companion.engine.board.places import Choices
from companion.engine.board.survivors import still_to_leave_colony
from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError, words
from companion.engine.core.state import (
    State,
    around_from,
    begin,
    free_survivor_spaces,
    right_of,
    seat,
    seats_in_play,
    survivor,
    survivors_of,
)
from companion.engine.turns.crossroads_options import can_be_taken
from companion.engine.words.labels import PHASE_WORDS
from companion.engine.words.steps import N_, Step, of_seat, of_survivor, step

# --- look-ups other rule modules share ---


def turn_order(st: State) -> list[str]:
    """Seat ids in play in this round's order: the first player, then to the left (002:983)."""
    in_play = {s["id"] for s in seats_in_play(st)}
    return [sid for sid in around_from(st, st["first_player"]) if sid in in_play]


def turns_taken(st: State) -> list[str]:
    """Seats that have had their turn this round (the record restarts when the round moves on)."""
    record = st.get("turns_taken")
    if not record or record.get("round") != st["round"]:
        return []
    return list(record["seats"])


def next_turn_seat(st: State) -> str | None:
    """The seat whose turn comes next this round, or None once everyone has had one."""
    done = set(turns_taken(st))
    for sid in turn_order(st):
        if sid not in done:
            return sid
    return None


def current_turn(st: State) -> dict[str, Any]:
    """The turn in progress, or raise: an action that belongs to a player's turn needs one."""
    if st["phase"] != "player_turns" or not st.get("turn"):
        raise RuleError(N_("no player's turn is in progress: start a turn first"))
    return st["turn"]


def must_leave_first(st: State) -> list[dict[str, Any]]:
    """The survivors who must leave the colony before the turn can end (002:1736): an exiled
    player's survivors still there, unless no location has room for them."""
    waiting = still_to_leave_colony(st)
    if waiting and any(free_survivor_spaces(st, loc["id"]) > 0 for loc in st["locations"]):
        return waiting
    return []


# --- rules ---


def draw_crossroads(st: State, steps: list[Step], active: str) -> str | None:
    """The player to the active player's right draws the top crossroads card in secret.

    Base 002 "Resolving Crossroads Cards" (002:1464), 000:458. The top of
    ``decks["crossroads"]`` is its first entry. The public step names only who drew; a private
    step tells the drawer which card. An empty deck draws nothing (the books are silent; the
    turn simply has no crossroads card). Returns the drawer's seat id.
    """
    drawer = right_of(st, active)
    names = {"seat_name": seat(st, active)["name"], "drawer": drawer}
    names["drawer_name"] = seat(st, drawer)["name"]
    held = st["secrets"][drawer]["crossroads"]
    if held is not None:
        raise RuleError(
            N_("{name} still holds a crossroads card from another turn"),
            name=names["drawer_name"],
        )
    deck = st["decks"]["crossroads"]
    if not deck:
        steps.append(step("crossroads_deck_empty", seat=active, **names))
        return drawer
    card = deck.pop(0)
    st["secrets"][drawer]["crossroads"] = card
    steps.append(step("crossroads_drawn", seat=active, **names))
    steps.append(step("crossroads_secret", private=drawer, card=card, seat=active, **names))
    return drawer


def frostbite_wounds(st: State, steps: list[Step], active: str) -> None:
    """Each survivor of the active player with frostbite takes exactly 1 wound (002:1430).

    One ordinary wound however many frostbite tokens it holds; a third wound kills it (and may
    end the game through morale, which stops the rest).
    """
    seat_name = seat(st, active)["name"]
    for sid in [s["id"] for s in survivors_of(st, active) if s["frostbite"] > 0]:
        if st["ended"]:
            return
        who = survivor(st, sid)
        steps.append(step("frostbite_hurts", **of_survivor(who), seat_name=seat_name))
        add_wound(st, steps, sid, "wound", "frostbite")


def return_crossroads(st: State, steps: list[Step], turn: dict[str, Any]) -> None:
    """A crossroads card that did not trigger goes to the bottom of its deck (000:458, 002:1481).

    The reference sheet (003) says it leaves the game; the rulebooks say the bottom of the deck.
    The public step does not name the card.
    """
    drawer = turn["crossroads_drawer"]
    if drawer is None:
        return
    card = st["secrets"][drawer]["crossroads"]
    if card is None:
        return
    st["decks"]["crossroads"].append(card)
    st["secrets"][drawer]["crossroads"] = None
    steps.append(step("crossroads_returned", drawer=drawer, drawer_name=seat(st, drawer)["name"]))


# --- entry points ---


def start_choices(st: State, actor: str) -> Choices | None:
    """The seat whose turn comes next, while one is left this round."""
    following = next_turn_seat(st)
    return {"seat_id": [following]} if following is not None else None


@act.rule(N_("start turn"), "002:983 002:1464 000:458 002:1430", who=act.NEXT, about="seat_id")
@act.takes(start_choices)
def start_turn(state: State, seat_id: str | None = None) -> tuple[State, list[Step]]:
    """Begin the next player's turn: crossroads draw, then frostbite (002 "Player Turns").

    Base 002:983 (first player first, then to the left; one turn each per round), 002:1464 and
    000:458 (the right-hand neighbour draws a crossroads card), 002:1430 (frostbite). Seats out of
    the game (player elimination) are skipped; exiled players still take turns. ``seat_id``,
    when given, must be the seat whose turn it is.
    """
    st, steps = begin(state)
    if st["phase"] != "player_turns":
        raise RuleError(
            N_("turns are taken in the player turns phase, not now ({phase})"),
            phase=words(PHASE_WORDS, st["phase"]),
        )
    if st.get("turn"):
        name = seat(st, st["turn"]["seat"])["name"]
        raise RuleError(N_("{name}'s turn is still in progress: end it first"), name=name)
    active = next_turn_seat(st)
    if active is None:
        raise RuleError(N_("every player has had a turn this round: run the colony phase now"))
    if seat_id is not None and seat_id != active:
        seat(st, seat_id)
        raise RuleError(
            N_("it is {name}'s turn, not {other}'s"),
            name=seat(st, active)["name"],
            other=seat(st, seat_id)["name"],
        )
    st["turns_taken"] = {"round": st["round"], "seats": [*turns_taken(st), active]}
    steps.append(step("turn_started", **of_seat(seat(st, active)), round=st["round"]))
    drawer = draw_crossroads(st, steps, active)
    st["turn"] = {
        "seat": active,
        "crossroads_drawer": drawer,
        "exile_vote_called": False,
        "crossroads_revealed": False,
        "moved": [],
    }
    frostbite_wounds(st, steps, active)
    return st, steps


def crossroads_waits(st: State) -> bool:
    """Whether this turn's crossroads card has been revealed and still waits for its option
    (000:458, 002:1464: once the trigger is met, the active player takes an option). A card none
    of whose options can be taken now (002:1727, crossroads_options.colony_full_blocks) waits for
    nothing. Only in a game whose setting ``end_waits_for_crossroads`` is on: a game saved
    before the rule replays as it was played."""
    turn = st.get("turn")
    if not st["settings"].get("end_waits_for_crossroads"):
        return False
    drawer = turn.get("crossroads_drawer") if turn else None
    if not drawer or not turn.get("crossroads_revealed") or not st["secrets"][drawer]["crossroads"]:
        return False
    card = st["cards"]["crossroads"][st["secrets"][drawer]["crossroads"]]
    return can_be_taken(st, card, turn["seat"])


def end_choices(st: State, actor: str) -> Choices | None:
    """Open once the exiled player's survivors have left the colony and no revealed crossroads
    card waits for its option; the next turn may start at once while one is left."""
    if must_leave_first(st) or crossroads_waits(st):
        return None
    return {"start_next": [False, True] if next_turn_seat(st) else [False]}


@act.rule(N_("end turn"), "000:458 002:1481 002:1736", who=act.TURN)
@act.takes(end_choices)
def end_turn(state: State, start_next: bool = False) -> tuple[State, list[Step]]:
    """End the turn: an untriggered crossroads card goes under its deck (000:458, 002:1481).

    Refused while an exiled player still has survivors to move out of the colony (002:1736),
    unless no location has room for them, and while a revealed crossroads card still waits for
    its option (``crossroads_waits``). ``start_next``: when the next player's turn follows with
    nothing between (another player has a turn this round, the game goes on and no decision is
    open), it starts in the same action (``start_turn``), so one undo takes both back.
    """
    st, steps = begin(state)
    turn = current_turn(st)
    if not isinstance(start_next, bool):
        raise RuleError(N_("say whether the next turn starts (True or False)"))
    waiting = still_to_leave_colony(st)
    if must_leave_first(st):
        names = ", ".join(s["name"] for s in waiting)
        raise RuleError(
            N_("{names} must leave the colony first (the exiled player moves them)"), names=names
        )
    if crossroads_waits(st):
        raise RuleError(
            N_("{name}'s turn cannot end while the crossroads card waits for its option"),
            name=seat(st, turn["seat"])["name"],
        )
    st["must_leave_colony"] = [s["id"] for s in waiting]
    return_crossroads(st, steps, turn)
    steps.append(step("turn_ended", seat=turn["seat"], seat_name=seat(st, turn["seat"])["name"]))
    st["turn"] = None
    if next_turn_seat(st) is None:
        steps.append(step("turns_over"))
    elif start_next and not st["ended"] and not st.get("pending"):
        st, more = start_turn(st)
        steps += more
    return st, steps
