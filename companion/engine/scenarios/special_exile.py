"""Bandit Blitz: B2's special exile phase, when Special Main Objective B2 is completed.

Long Night 000:982-992 ("SPECIAL EXILE PHASE"; pt-BR 001:2594-2634 "FASE ESPECIAL DE
EXÍLIO"). At colony step 5, once B2 is met (``chapters.complete_chapter``), the phase opens:

1. "Starting with the player holding the first player marker and going clockwise, each player
   may initiate 1 vote to exile" (000:984): one caller at a time (pending ``special_exile``),
   who calls a vote (``call_special_exile_vote``, the usual vote on the phones, ``votes.py``,
   the usual exile rules, ``exile.py``) or calls none (``skip_special_exile_vote``).
2. "After the special exile phase, if no betrayer has been exiled and the betrayer has
   completed the special bandit betrayal objective, they may reveal it to immediately win the
   game" (000:986): pending ``betrayer_reveal``. Only the betrayer's phone may reveal
   (``reveal_bandit_betrayal``); the game ends with their win. Otherwise, when the table goes
   on (``pass_betrayal_reveal``), "the following requirement is now added to their betrayal
   card: 'Morale is at 0.'" (000:986), on their phone only (``betrayal_requirement_added``).
3. A non-betrayer exiled there "becomes leader of the bandits" (000:988): the leader rule came
   in at B2's completion (``bandits.setup_chapter("B3")``), so ``bandits.bandit_leader`` names
   them; the exiled player's phone alone says which text they read (000:988 or 000:990).
4. "unless the game is over ... Place all survivors from the Bandit Hideout belonging to
   non-exiled players back at the colony" (000:992): ``non_exiled_come_home_from_hideout``.

Secrets: whether a betrayer is at the table at all is secret (a betrayal card may stay among
the undealt objectives, 002:540), so the reveal waits the same way with or without one: the
betrayer may reveal from their own phone, and the table goes on (``pass_betrayal_reveal``)
whenever it is ready; keeping it secret is not tapping anything, since any tap would move the
other devices' screens. No public step, pending field or refusal to another device names the
betrayer.

Rulings (each shows in a step): an exiled player may still call a vote (as in a turn,
exile.py); a player with nobody left to exile is passed over; the requirement is added to the
betrayer's card whenever they do not win here (exiled or not). Survivors an exiled player
must move out of the colony leave in the next round (``state["must_leave_colony"]``).
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import declare as act
from companion.engine.core import hooks
from companion.engine.core.dealing import is_coop
from companion.engine.core.dice import Randomness
from companion.engine.core.errors import RuleError
from companion.engine.core.morale import end_game
from companion.engine.core.state import (
    State,
    around_from,
    begin,
    seat,
    seats_in_play,
    send_home,
)
from companion.engine.turns.exile import exile_vote_called, held_betrayal
from companion.engine.turns.votes import afterwards, open_vote
from companion.engine.words.steps import N_, Step, of_seat, step

PHASE = "special_exile"
"""``pending.kind`` while a player may call their one exile vote (000:984)."""
REVEAL = "betrayer_reveal"
"""``pending.kind`` while the betrayer may reveal a completed Bandit Betrayal (000:986)."""
MORALE_AT_ZERO = "morale_at_zero"
"""The requirement added to the betrayal card (000:986 "Morale is at 0."), a code of
``secrets.<seat>.added_requirement`` (words: ``labels.ADDED_REQUIREMENTS``)."""
BANDIT_BETRAYAL_KIND = "bandit_betrayal"
"""The Bandit Betrayal objective's kind (cards/long_night/objectives.toml)."""


# --- who ---------------------------------------------------------------------------------------


def bandit_betrayer(st: State) -> str | None:
    """The seat holding the Bandit Betrayal objective, or None (000:943): it may not have been
    dealt. SECRET: only that seat's own view and the engine may use it."""
    for s in seats_in_play(st):
        objective = st["secrets"][s["id"]]["objective"]
        card = st["cards"]["objectives"].get(objective) if objective else None
        if card and card.get("kind") == BANDIT_BETRAYAL_KIND:
            return str(s["id"])
    return None


def phase_record(st: State) -> dict[str, Any] | None:
    """The special exile phase under way (``scenario.special_exile``), or None."""
    sc = st.get("scenario") or {}
    return sc.get(PHASE)


def exile_targets(st: State, caller: str) -> list[str]:
    """Whom a caller may call a vote to exile: another player in play, not exiled (002:1407)."""
    return [s["id"] for s in seats_in_play(st) if s["id"] != caller and not s["exiled"]]


# --- the phase ---------------------------------------------------------------------------------


def special_exile_phase_begins(st: State, steps: list[Step]) -> None:
    """B2 completed: "Starting with the player holding the first player marker and going
    clockwise, each player may initiate 1 vote to exile" (000:984; 001:2594-2597). Mutating
    helper called by ``chapters.complete_chapter``. A co-op or 2-player game has no exile
    (000:614): the phase goes straight to its end."""
    in_play = {s["id"] for s in seats_in_play(st)}
    callers = [] if is_coop(st["variant"]) else around_from(st, st["first_player"])
    callers = [sid for sid in callers if sid in in_play]
    st["scenario"][PHASE] = {"callers": callers}
    steps.append(step("special_exile_began", seat=callers[0] if callers else None))
    _next_caller(st, steps)


def _next_caller(st: State, steps: list[Step]) -> None:
    """Ask the next caller, passing over one with nobody left to exile; after the last, the
    betrayer's moment (000:986)."""
    record = phase_record(st)
    assert record is not None
    while record["callers"]:
        caller = record["callers"][0]
        if exile_targets(st, caller):
            st["pending"] = {"kind": PHASE, "seat": caller}
            return
        record["callers"].pop(0)
        who = seat(st, caller)
        steps.append(step("special_exile_nobody_left", **of_seat(who)))
    st["pending"] = {"kind": REVEAL, "seat": None}
    steps.append(step("betrayer_may_reveal"))


def _require_caller(st: State, caller: str) -> dict[str, Any]:
    """The caller whose turn it is in the phase, or raise."""
    pending = st.get("pending")
    if not isinstance(pending, dict) or pending.get("kind") != PHASE:
        raise RuleError(N_("no special exile phase is waiting for a vote to be called"))
    who = seat(st, caller)
    if pending["seat"] != caller:
        raise RuleError(
            N_("it is {name}'s turn to call or skip an exile vote in the special exile phase"),
            name=seat(st, pending["seat"])["name"],
        )
    return who


def _caller(st: State, actor: str) -> str | None:
    """The seat whose call it is in the phase, for that seat or the table; else None."""
    pending = st.get("pending") or {}
    if pending.get("kind") != PHASE or actor not in (act.TABLE_ACTOR, pending["seat"]):
        return None
    return pending["seat"]


def call_choices(st: State, actor: str) -> dict[str, Any] | None:
    """The caller, and whom they may call a vote to exile."""
    caller = _caller(st, actor)
    return {"caller": [caller], "target": exile_targets(st, caller)} if caller else None


@act.rule(
    N_("call an exile vote in the special exile phase"), "000:984", who=act.OPEN, about="caller"
)
@act.answers(act.PENDING)
@act.takes(call_choices)
def call_special_exile_vote(
    state: State, caller: str, target: str, rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """In B2's special exile phase, the player whose turn it is calls their one vote to exile
    (000:984): the usual vote on the phones (``votes.open_vote``) and the usual exile rules
    (``exile.exile_outcome``); then the next player clockwise (``after_special_exile_vote``).
    """
    st, steps = begin(state, allow_pending=True)
    calling = _require_caller(st, caller)
    accused = seat(st, target)
    if target not in exile_targets(st, caller):
        if target == caller:
            raise RuleError(N_("a player cannot call a vote to exile themselves"))
        raise RuleError(N_("{name} is already exiled or out of the game"), name=accused["name"])
    record = phase_record(st)
    assert record is not None
    record["callers"].pop(0)
    st["pending"] = None
    exile_vote_called(steps, calling, accused)
    open_vote(st, steps, "exile", target=target, then=PHASE)
    return st, steps


@afterwards(PHASE)
def after_special_exile_vote(
    st: State, steps: list[Step], fields: dict[str, Any], passed: bool
) -> None:
    """A vote of the special exile phase settled (``exile.exile_outcome`` has acted): the
    exiled player learns on their phone which text they read (000:988, 000:990), then the
    next player clockwise may call theirs (000:984). A game that ended (two exiled
    non-betrayers, 002:1801) ends the phase with it."""
    if st["ended"]:
        st["scenario"].pop(PHASE, None)
        return
    if passed:
        exiled_in_special_exile_phase(st, steps, fields["target"])
    _next_caller(st, steps)


def exiled_in_special_exile_phase(st: State, steps: list[Step], target: str) -> None:
    """Who is exiled in the special exile phase reads aloud, on their phone alone: a
    non-betrayer "becomes leader of the bandits" (000:988; ``bandits.bandit_leader`` names
    them from now on), the betrayer walks "toward the horizon" (000:990)."""
    name = seat(st, target)["name"]
    if held_betrayal(st, target):
        steps.append(step("special_exile_betrayer_leaves", private=target, seat_name=name))
    else:
        steps.append(step("special_exile_leads", private=target, seat_name=name))


def skip_choices(st: State, actor: str) -> dict[str, Any] | None:
    """The caller, who may call no vote."""
    caller = _caller(st, actor)
    return {"caller": [caller]} if caller else None


@act.rule(
    N_("call no exile vote in the special exile phase"), "000:984", who=act.OPEN, about="caller"
)
@act.answers(act.PENDING)
@act.takes(skip_choices)
def skip_special_exile_vote(state: State, caller: str) -> tuple[State, list[Step]]:
    """The player whose turn it is in B2's special exile phase calls no vote ("each player
    may initiate 1 vote", 000:984): the next player clockwise may."""
    st, steps = begin(state, allow_pending=True)
    who = _require_caller(st, caller)
    record = phase_record(st)
    assert record is not None
    record["callers"].pop(0)
    steps.append(step("special_exile_vote_skipped", **of_seat(who)))
    _next_caller(st, steps)
    return st, steps


# --- the betrayer's moment (000:986) -----------------------------------------------------------


def _require_reveal(st: State) -> None:
    pending = st.get("pending")
    if not isinstance(pending, dict) or pending.get("kind") != REVEAL:
        raise RuleError(N_("the special exile phase is not at the betrayer's moment"))


def may_reveal_bandit_betrayal(st: State, seat_id: str) -> bool:
    """Whether this seat may reveal now: it holds the Bandit Betrayal and was not exiled ("if
    no betrayer has been exiled", 000:986)."""
    return bandit_betrayer(st) == seat_id and not seat(st, seat_id)["exiled"]


def betrayal_choices(st: State, seat_id: str) -> dict[str, Any] | None:
    """Open to the betrayer who may reveal now (their phone alone)."""
    pending = st.get("pending") or {}
    return {} if pending.get("kind") == REVEAL and may_reveal_bandit_betrayal(st, seat_id) else None


@act.rule(
    N_("reveal the Bandit Betrayal"),
    "000:986 001:2599-2602 000:996 002:1806",
    who=act.OWN,
    about="seat_id",
)
@act.answers(act.PENDING)
@act.takes(betrayal_choices)
def reveal_bandit_betrayal(state: State, seat_id: str) -> tuple[State, list[Step]]:
    """After the special exile phase, "if no betrayer has been exiled and the betrayer has
    completed the special bandit betrayal objective, they may reveal it to immediately win
    the game" (000:986; 001:2599-2602): from their own phone, the game ends with their win
    (``game_ended`` reason ``betrayer_revealed``) and they read the Bandit Betrayer Victory
    Story (000:996). Whether the objective is complete is the player's own judgement, as at
    the end of any game (002:1806)."""
    st, steps = begin(state, allow_pending=True)
    _require_reveal(st)
    who = seat(st, seat_id)
    if not may_reveal_bandit_betrayal(st, seat_id):
        raise RuleError(
            N_("{name} has no Bandit Betrayal to reveal now (000:986)"), name=who["name"]
        )
    st["scenario"].pop(PHASE, None)
    steps.append(step("bandit_betrayal_revealed", **of_seat(who)))
    end_game(st, steps, "betrayer_revealed")
    st["ended"]["winners"] = [seat_id]
    names = {s["id"]: s["name"] for s in st["seats"]}
    steps.append(
        step(
            "winners_declared",
            coop=False,
            reason="betrayer_revealed",
            winners=[seat_id],
            winner_names=[who["name"]],
            loser_names=[n for sid, n in names.items() if sid != seat_id],
        )
    )
    return st, steps


def pass_choices(st: State, actor: str) -> dict[str, Any] | None:
    """Open to the table while the betrayer's moment waits."""
    return {} if (st.get("pending") or {}).get("kind") == REVEAL else None


@act.rule(N_("go on without a betrayer's reveal"), "000:986 000:992", who=act.TABLE)
@act.answers(act.PENDING)
@act.takes(pass_choices)
def pass_betrayal_reveal(state: State) -> tuple[State, list[Step]]:
    """The table goes on: the betrayer's moment passes without a win (000:986).

    A betrayer who has not revealed gets the requirement (``betrayal_requirement_added``,
    on their phone only) and the survivors of non-exiled players at the Hideout go home
    (``non_exiled_come_home_from_hideout``, 000:992); the colony phase then carries on at
    step 6. Only the table goes on, and the same way with a betrayer or without one: a tap on
    the betrayer's phone to keep it secret would itself tell every other device that there is
    a betrayer (their screens would move on), so keeping it secret is not tapping.
    """
    st, steps = begin(state, allow_pending=True)
    _require_reveal(st)
    betrayer = bandit_betrayer(st)
    if betrayer is not None:
        betrayal_requirement_added(st, steps, betrayer)
    st["pending"] = None
    st["scenario"].pop(PHASE, None)
    steps.append(step("special_exile_ended"))
    non_exiled_come_home_from_hideout(st, steps)
    return st, steps


def betrayal_requirement_added(st: State, steps: list[Step], seat_id: str) -> None:
    """ "If the betrayer has not completed their objective, they should keep their betrayer
    status secret, and the following requirement is now added to their betrayal card: 'Morale
    is at 0.'" (000:986; 001:2603-2606 "O moral deve estar em 0."). SECRET: that seat's
    ``secrets.added_requirement`` and a private step. Once only."""
    mine = st["secrets"][seat_id]
    if mine.get("added_requirement"):
        return
    mine["added_requirement"] = MORALE_AT_ZERO
    steps.append(step("betrayal_requirement_added", private=seat_id, requirement=MORALE_AT_ZERO))


def non_exiled_come_home_from_hideout(st: State, steps: list[Step]) -> None:
    """ "After the special Exile Phase, unless the game is over ... Place all survivors from the
    Bandit Hideout belonging to non-exiled players back at the colony" (000:992; 001:2628-2634):
    not a move, no exposure roll; an exiled player's stay (``state.send_home``). The Hideout is
    the Bandits module's (its ``place`` hook)."""
    where = hooks.first("place", st, "hideout")
    if st["ended"] or where is None:
        return
    send_home(st, steps, where)


# --- the choices each actor has now (legal.py lists them) ---------------------------------------


def table_choices(st: State) -> dict[str, dict[str, Any]] | None:
    """The table's controls while the phase waits, or None when it does not: call or skip
    for the caller (a seat without a phone), or go on after the betrayer's moment."""
    kind = (st.get("pending") or {}).get("kind")
    if kind == PHASE:
        return act.open_now(
            st, act.TABLE_ACTOR, "call_special_exile_vote", "skip_special_exile_vote"
        )
    return act.open_now(st, act.TABLE_ACTOR, "pass_betrayal_reveal") if kind == REVEAL else None


def seat_choices(st: State, seat_id: str) -> dict[str, dict[str, Any]] | None:
    """A phone's controls while the phase waits, or None when it does not: the caller's call
    or skip; the betrayer's reveal, on their phone alone."""
    kind = (st.get("pending") or {}).get("kind")
    if kind == PHASE:
        return act.open_now(st, seat_id, "call_special_exile_vote", "skip_special_exile_vote")
    return act.open_now(st, seat_id, "reveal_bandit_betrayal") if kind == REVEAL else None


def waiting_details(st: State) -> dict[str, Any]:
    """What the table screen adds while the phase waits: who calls after this one."""
    record = phase_record(st)
    return {"later": list(record["callers"][1:]) if record else []}
