"""A player's answer to a card's question: the survivor of theirs an each-player effect falls
on (choose_survivor), or the one answer a card asks of one player (choose_for_card).

The first question is opened by player_choices.ask_each_player (a failed crisis such as "each
player puts 1 frostbite on a survivor they control in the colony"). Each asked seat answers
once, on its own phone or through the table; the last answer applies the effect to every
survivor picked (from the first player around the table), then the card's later effects. The
second is opened by card_choices.py (which entrance, which token, which player...); each answer
does one piece of the effect, and the card goes on once the effect is done.
"""

from __future__ import annotations

from companion.engine.board.card_choices import ASKS, KIND, ask_or_take, pending_card_choice
from companion.engine.board.effects import apply_carried_effects, hurt_survivors, tag_source
from companion.engine.board.places import Choices
from companion.engine.board.player_choices import open_choice, pending_choice, still_choosing
from companion.engine.core import declare as act
from companion.engine.core.dice import NO_ROLL, Randomness
from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import State, around_from, begin, seat, survivor
from companion.engine.words.steps import N_, Step, of_seat, of_survivor, step


def pick_choices(st: State, actor: str) -> Choices | None:
    """The survivors each seat still picks from: the table's for every seat still choosing
    (for a seat without a phone), a seat's its own."""
    if open_choice(st) is None:
        return None
    waiting = still_choosing(st)
    if actor == act.TABLE_ACTOR:
        return {"seat_id": list(waiting), "survivor_id": waiting}
    mine = waiting.get(actor)
    return {"survivor_id": mine} if mine else None


@act.rule(N_("choose a survivor"), who=act.OPEN, about="seat_id")
@act.answers(act.PENDING)
@act.takes(pick_choices, survivor_id=act.keyed("survivor_id", "seat_id"))
def choose_survivor(
    state: State, seat_id: str, survivor_id: str, rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """A seat picks which of its survivors an each-player effect falls on.

    Refused for a seat the question does not ask, one that has already answered, or a survivor
    it may not pick. The public step says who has chosen, never whom, until every answer is in.
    """
    st, steps = begin(state, allow_pending=True)
    pending = pending_choice(st)
    who = seat(st, seat_id)
    if seat_id not in pending["asked"]:
        raise RuleError(N_("{name} has no survivor to choose for this card"), name=who["name"])
    if seat_id in pending["choices"]:
        raise RuleError(
            N_("{name} has already chosen: wait for the other players"), name=who["name"]
        )
    if survivor_id not in pending["asked"][seat_id]:
        picked = next((s for s in st["survivors"] if s["id"] == survivor_id), None)
        raise RuleError(
            N_("{survivor} is not one of the survivors {name} may choose"),
            survivor=picked["name"] if picked else shown(survivor_id),
            name=who["name"],
        )
    pending["choices"][seat_id] = survivor_id
    steps.append(step("survivor_chosen", **of_seat(who)))
    if all(sid in pending["choices"] for sid in pending["asked"]):
        _settle(st, steps, rng or NO_ROLL)
    return st, steps


def _settle(st: State, steps: list[Step], rng: Randomness) -> None:
    """Every answer is in: say each pick, apply the effect to them, then the later effects."""
    pending = pending_choice(st)
    st["pending"] = None
    source, card = pending["source"], pending["source_card"]
    first = len(steps)
    order = around_from(st, st["first_player"])
    picks = sorted(pending["choices"].items(), key=lambda pick: order.index(pick[0]))
    for seat_id, survivor_id in picks:
        if seat_id in pending["asked"]:
            steps.append(
                step(
                    "survivor_choice_made",
                    **of_seat(seat(st, seat_id)),
                    **of_survivor(survivor(st, survivor_id)),
                )
            )
    hurt_survivors(st, steps, pending["effect"], [sid for _, sid in picks], rng, source)
    tag_source(steps, first, source, card)
    apply_carried_effects(st, steps, pending, rng)


def answer_choices(st: State, actor: str) -> Choices | None:
    """The card's options, for the seat it asks (or the table for that seat)."""
    pending = st.get("pending") or {}
    if pending.get("kind") != KIND:
        return None
    if actor == act.TABLE_ACTOR:
        return {"seat_id": [pending["seat"]], "answer": pending["options"]}
    return {"answer": pending["options"]} if pending["seat"] == actor else None


@act.rule(N_("answer a card's question"), who=act.OPEN, about="seat_id")
@act.answers(act.PENDING)
@act.takes(answer_choices, answer=act.FREE)  # checked below: offered, or a typed answer's check
def choose_for_card(
    state: State, seat_id: str, answer: str, rng: Randomness | None = None
) -> tuple[State, list[Step]]:
    """The player a card asks answers it: an entrance, a token, a player, a symbol...

    Refused for any seat but the one asked, and for an answer not among those offered
    (``state["pending"]["options"]``). One answer does one piece of the effect; the question
    is asked again while pieces are left to place, else the card's later effects follow.
    """
    st, steps = begin(state, allow_pending=True)
    q = pending_card_choice(st)
    who = seat(st, seat_id)
    if seat_id != q["seat"]:
        raise RuleError(
            N_("{name} is not the player this card asks: {chooser} chooses"),
            name=who["name"],
            chooser=seat(st, q["seat"])["name"],
        )
    typed = ASKS[q["ask"]].typed
    if typed is not None:
        answer = typed(st, q, answer)
    elif answer not in q["options"]:
        raise RuleError(
            N_("{answer} is not one of the answers to this card's question"),
            answer=shown(answer),
        )
    st["pending"] = None
    rng = rng or NO_ROLL
    first = len(steps)
    q["left"] -= 1
    waits = ASKS[q["ask"]].apply(st, steps, q, answer, rng) or ask_or_take(st, steps, q, rng)
    tag_source(steps, first, q["source"], q["source_card"])
    if waits or st["ended"]:
        return st, steps
    apply_carried_effects(st, steps, q, rng)
    return st, steps
