"""Exile: the active player's vote to exile another player, and what being exiled changes here.

Base 002 "Vote to Exile" (002:1407) and "Exile" (002:1718-1803), Long Night 000:411 and 000:550.
The other exile rules live where they apply: no votes (votes.py), no crisis cards (crisis.py),
no morale for their deaths (deaths.py), no helpless added (effects.py), played cards removed,
no food tokens, new survivors outside the colony (board.py).

Leaving the colony (002:1736): the exiled player moves every survivor they have in the colony to
non-colony locations, each move following the normal rules (an empty survivor space there, an
exposure roll) without using that survivor's move this turn. ``call_exile_vote`` moves the ones
given in ``destinations`` and records a reminder to roll exposure for each (the table enters the
roll with the exposure action). Survivors not given a destination are listed in
``state["must_leave_colony"]``; the table moves them with ``board.move_survivor(..., free=True)``
(which also rolls for exposure), and the turn cannot end until they are out (turns.end_turn).
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.places import places
from companion.engine.board.survivors import move
from companion.engine.core import declare as act
from companion.engine.core.dealing import is_coop
from companion.engine.core.dice import Randomness
from companion.engine.core.errors import RuleError
from companion.engine.core.morale import end_game
from companion.engine.core.state import (
    COLONY,
    State,
    begin,
    free_survivor_spaces,
    place_name,
    seat,
    seats_in_play,
    survivor,
    survivors_of,
    voters,
)
from companion.engine.core.vocabulary import BETRAYAL_KINDS
from companion.engine.turns.turn import current_turn
from companion.engine.turns.votes import open_vote, outcome, tally_vote
from companion.engine.words.steps import N_, Step, of_seat, of_survivor, step

NO_EXILE = {
    "coop": N_("there is no exile in the co-op variant"),
    "two_player": N_("there is no exile in the two-player variant"),
}
"""The refusal of an exile vote, per variant without exile (dealing.is_coop)."""


def held_betrayal(st: State, seat_id: str) -> bool:
    """Whether a seat's own secret objective (not an exiled one) is a betrayal objective."""
    objective = st["secrets"][seat_id]["objective"]
    card = st["cards"]["objectives"].get(objective) if objective else None
    return bool(card) and card.get("kind") in BETRAYAL_KINDS


def two_exiled_innocents(st: State, steps: list[Step]) -> bool:
    """Two exiled players, neither a betrayer: morale drops to 0 and the game ends.

    Base 002 "Exile", important note (002:1801); Long Night 000:564. Checked whenever a player
    is exiled. The public steps say only that the rule applied; when it does not apply (one of
    them held a betrayal objective) nothing is said, so no secret leaks. Returns True if it ended
    the game.
    """
    if st["ended"]:
        return False
    innocents = [s for s in st["seats"] if s["exiled"] and not held_betrayal(st, s["id"])]
    if len(innocents) < 2:
        return False
    drop = st["morale"]
    st["morale"] = 0
    if drop:
        steps.append(
            step(
                "morale_changed",
                amount=-drop,
                reason="two_exiled",
                morale=0,
            )
        )
    end_game(st, steps, "two_exiled")
    return True


def draw_exiled_objective(st: State, steps: list[Step], target: str) -> None:
    """The exiled player draws the top exiled objective and keeps it with their first (002:1733).

    The public step says only that a card was drawn; a private step names it. An empty deck
    draws nothing (the books are silent).
    """
    name = seat(st, target)["name"]
    deck = st["decks"]["exiled_objectives"]
    if not deck:
        steps.append(step("exiled_objectives_empty", seat=target, seat_name=name))
        return
    card = deck.pop(0)
    st["secrets"][target]["exiled_objective"] = card
    steps.append(step("exiled_objective_drawn", seat=target, seat_name=name))
    steps.append(step("exiled_objective_secret", private=target, card=card, seat_name=name))


def exile_player(st: State, steps: list[Step], target: str) -> None:
    """Exile a player: mark them, deal the exiled objective, check two exiled (002:1733, 1801)."""
    who = seat(st, target)
    who["exiled"] = True
    steps.append(step("player_exiled", target=target, target_name=who["name"]))
    draw_exiled_objective(st, steps, target)
    two_exiled_innocents(st, steps)


def leave_colony(
    st: State, steps: list[Step], target: str, destinations: dict[str, str] | None
) -> None:
    """The exiled player's colony survivors move out to non-colony locations (002:1736).

    Each move needs an empty survivor space there (board.move, a free move: it does not use the
    survivor's move this turn) and an exposure roll, which the table enters afterwards. Survivors
    without a destination are recorded in ``must_leave_colony``.
    """
    if destinations is not None and not isinstance(destinations, dict):
        raise RuleError(N_("destinations must map survivor ids to location ids"))
    destinations = destinations or {}
    owner = seat(st, target)
    leaving = [s["id"] for s in survivors_of(st, target) if s["location"] == COLONY]
    for sid, to in destinations.items():
        mover = survivor(st, sid)
        if sid not in leaving:
            raise RuleError(
                N_("{name} is not one of {player}'s survivors in the colony"),
                name=mover["name"],
                player=owner["name"],
            )
        if to == COLONY:
            raise RuleError(
                N_("{name} must leave the colony for another location"), name=mover["name"]
            )
        move(st, steps, sid, to, free=True)
        steps.append(
            step(
                "exiled_survivor_moved",
                **of_survivor(mover),
                to=to,
                location_name=place_name(st, to),
            )
        )
    still = [sid for sid in leaving if sid not in destinations]
    if still:
        st["must_leave_colony"] = [*st.get("must_leave_colony", []), *still]
        names = ", ".join(survivor(st, sid)["name"] for sid in still)
        steps.append(
            step(
                "exiled_must_move",
                **of_seat(owner),
                survivors=still,
                names=names,
            )
        )


def exile_vote_called(steps: list[Step], calling: dict[str, Any], accused: dict[str, Any]) -> None:
    """Say who calls a vote to exile whom (002:1736), in a turn or B2's special exile phase."""
    steps.append(
        step(
            "exile_vote_called",
            caller=calling["id"],
            caller_name=calling["name"],
            target=accused["id"],
            target_name=accused["name"],
        )
    )


def exile_vote_choices(st: State, active: str) -> dict[str, Any] | None:
    """Whom the active player may call an exile vote on, once a turn and never in a
    cooperative game: another player in play not yet exiled (002:1407, 002:1718); who votes:
    every player in play not exiled, the target too (002:1764); and, per target, where each
    of their colony survivors may go if exiled: a location with an empty survivor space
    (002:1736)."""
    if st["turn"]["exile_vote_called"] or is_coop(st["variant"]):
        return None
    targets = [s["id"] for s in seats_in_play(st) if s["id"] != active and not s["exiled"]]
    if not targets:
        return None
    out = [p for p in places(st) if p != COLONY and free_survivor_spaces(st, p) > 0]
    destinations = {
        target: {s["id"]: out for s in survivors_of(st, target) if s["location"] == COLONY}
        for target in targets
    }
    voting = [s["id"] for s in voters(st)]
    return {"caller": [active], "target": targets, "voters": voting, "destinations": destinations}


@act.rule(N_("call exile vote"), "002:1407 002:1718", who=act.TURN, about="caller")
@act.takes(
    exile_vote_choices,
    votes=act.each("voters"),
    destinations=act.keyed("destinations", "target"),
)
def call_exile_vote(
    state: State,
    caller: str,
    target: str,
    votes: dict[str, bool] | None = None,
    rng: Randomness | None = None,
    destinations: dict[str, str] | None = None,
) -> tuple[State, list[Step]]:
    """The active player calls a vote to exile another player (002:1407, 002:1718).

    Once per turn, never against oneself or an exiled player, never in co-op or 2-player games.
    Every player who may vote votes (the target too); ties go the first player's way (votes.py).
    ``votes`` given ({seat: True/False}, as the thumbs were shown): settled at once; omitted:
    the vote opens and each phone casts its own (votes.cast_vote). Passed: the target is exiled,
    draws an exiled objective, and their colony survivors leave (``destinations`` {survivor id:
    location id}; see the module notes).
    """
    st, steps = begin(state)
    turn = current_turn(st)
    if is_coop(st["variant"]):  # no exile in co-op and 2-player games (000:614)
        raise RuleError(NO_EXILE.get(st["variant"], NO_EXILE["coop"]))
    calling = seat(st, caller)
    if caller != turn["seat"]:
        active = seat(st, turn["seat"])["name"]
        raise RuleError(N_("only the active player ({name}) may call a vote to exile"), name=active)
    if turn["exile_vote_called"]:
        raise RuleError(
            N_("{name} has already called a vote to exile this turn"), name=calling["name"]
        )
    accused = seat(st, target)
    if target == caller:
        raise RuleError(N_("a player cannot call a vote to exile themselves"))
    if accused.get("eliminated"):
        raise RuleError(N_("{name} is out of the game"), name=accused["name"])
    if accused["exiled"]:
        raise RuleError(N_("{name} is already exiled"), name=accused["name"])
    if destinations is not None:
        for sid, to in destinations.items():
            if survivor(st, sid)["owner"] != target:
                raise RuleError(
                    N_("{name} is not {player}'s"),
                    name=survivor(st, sid)["name"],
                    player=accused["name"],
                )
            if to != COLONY:
                place_name(st, to)
    turn["exile_vote_called"] = True
    exile_vote_called(steps, calling, accused)
    if votes is None:
        open_vote(st, steps, "exile", target=target, destinations=destinations)
        return st, steps
    passed, vote_steps = tally_vote(st, votes, subject="exile", target=target)
    steps.extend(vote_steps)
    exile_outcome(st, steps, {"target": target, "destinations": destinations}, passed, rng)
    return st, steps


@outcome("exile")
def exile_outcome(
    st: State, steps: list[Step], fields: dict, passed: bool, rng: Randomness | None
) -> None:
    """Act on a settled exile vote: exile the target, or say they stay (002:1733)."""
    target = fields["target"]
    if not passed:
        steps.append(step("exile_refused", target=target, target_name=seat(st, target)["name"]))
        return
    exile_player(st, steps, target)
    if not st["ended"]:
        leave_colony(st, steps, target, fields.get("destinations"))
