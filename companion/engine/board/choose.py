"""A player's answer to an each-player card effect: the survivor of theirs it falls on.

The question is opened by player_choices.ask_each_player (a failed crisis such as "each player
puts 1 frostbite on a survivor they control in the colony"). Each asked seat answers once, on
its own phone or through the table; the last answer applies the effect to every survivor
picked (from the first player around the table), then the card's later effects.
"""

from __future__ import annotations

from companion.engine.board.effects import apply_effects, hurt_survivors, tag_source
from companion.engine.board.player_choices import pending_choice
from companion.engine.core import declare as act
from companion.engine.core.dice import NO_ROLL, Randomness
from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import State, around_from, begin, seat, survivor
from companion.engine.words.steps import N_, Step, of_seat, of_survivor, step


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


act.declare(
    choose_survivor,
    who=act.OPEN,
    about="seat_id",
    question=act.PENDING,
    label=N_("choose a survivor"),
    survivor_id=act.keyed("survivor_id", "seat_id"),
)


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
    context = pending["context"]
    apply_effects(
        st,
        steps,
        pending["later"],
        rng,
        seat=context.get("seat"),
        chosen=context.get("chosen"),
        location=context.get("location"),
        source=source,
        source_card=card,
        strict=False,
    )
