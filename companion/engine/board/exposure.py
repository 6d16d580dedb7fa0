"""Rolling for exposure and the spreading bite.

The exposure die is rolled after a survivor moves or kills a zombie (base 002 "Rolling for
Exposure"). The table either enters the face of the physical die or lets the engine roll it with
an injected random source. A bite kills the survivor and spreads through the place it stood in;
each spread waits for a decision of the infected survivor's owner (``state["pending"]``).
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.deaths import add_wound, kill_survivor, lowest_influence
from companion.engine.board.places import Choices
from companion.engine.core import declare as act
from companion.engine.core.dice import Randomness, roll_exposure
from companion.engine.core.errors import RuleError, require_one_of, shown
from companion.engine.core.state import State, active_seat_id, begin, seat, survivor, survivors_at
from companion.engine.core.vocabulary import EXPOSURE_RESULTS, EXPOSURE_ROLL, NOT_CHOSEN
from companion.engine.words.steps import N_, Step, at_place, of_survivor, step

SKIP = "skip"
ROLL = EXPOSURE_ROLL
BITE_CHOICES = ("kill", "roll")


def exposure_result(result: str | None, rng: Randomness | None) -> tuple[str, bool]:
    """The face to apply: the one the table entered, or one rolled now (``None`` or ``ROLL``).

    An empty choice is refused: a table that forgot the die records no roll it never made.
    Returns (face, rolled).
    """
    if result == NOT_CHOSEN:
        raise RuleError(
            N_(
                "choose the face the exposure die shows, or let the companion roll it "
                "(“roll it here for me”): nothing is recorded without a roll"
            )
        )
    if result is None or result == ROLL:
        if rng is None:
            raise RuleError(
                N_(
                    "enter the exposure die's result (blank, wound, frostbite or bite) "
                    "or let the companion roll it"
                )
            )
        return roll_exposure(rng), True
    require_one_of(
        result, EXPOSURE_RESULTS, N_("an exposure result is one of {known}, not {result}"), "result"
    )
    return result, False


def roll_for_exposure(
    st: State, steps: list[Step], survivor_id: str, result: str, *, rolled: bool = False
) -> None:
    """Apply one exposure face to a survivor (base 002 "Rolling for Exposure", 002:1416-1433).

    Blank: nothing. Wound: 1 wound token. Frostbite: 1 frostbite token (a wound that grows each
    turn). Bite: the survivor dies and the bite spreads from the place it stands in now, so a
    survivor bitten after a move spreads it where it arrived (002:1384).
    """
    target = survivor(st, survivor_id)
    steps.append(
        step(
            "exposure_rolled",
            **of_survivor(target),
            result=result,
            rolled=rolled,
        )
    )
    if result in ("wound", "frostbite"):
        add_wound(st, steps, target["id"], result, "exposure")
    elif result == "bite":
        place = target["location"]
        kill_survivor(st, steps, target["id"], "bitten")
        spread_bite(st, steps, place)


def spread_bite(st: State, steps: list[Step], place: str) -> None:
    """The bite spreads to the lowest-influence survivor at the place (002 "Spreading a Bite").

    Its owner then chooses (``resolve_bite``): kill it, or roll the exposure die for it. The
    spread stops when nobody is left there, or when the game has ended. **Ruling:** a bite never
    spreads to helpless tokens, only to survivor cards.
    """
    if st["ended"]:
        st["pending"] = None
        return
    there = survivors_at(st, place)
    if not there:
        st["pending"] = None
        steps.append(step("bite_stops_nobody", **at_place(st, place)))
        return
    target = lowest_influence(st, there, steps)
    owner = seat(st, target["owner"]) if target["owner"] else None
    owner_name = owner["name"] if owner else ""
    st["pending"] = {
        "kind": "bite_spread",
        "seat": target["owner"],
        "survivor": target["id"],
        "location": place,
    }
    steps.append(
        step(
            "bite_spreads",
            **of_survivor(target),
            seat=target["owner"],
            owner_name=owner_name,
            **at_place(st, place),
        )
    )


def resolve_spread_choice(
    st: State, steps: list[Step], choice: str, result: str | None, rng: Randomness | None
) -> None:
    """The infected survivor's owner decides (002 "Spreading a Bite Effect", 002:1439-1449).

    Option 1, kill: the survivor dies and the bite stops. Option 2, roll: a blank saves it and
    the bite stops; any other face (a wound too) kills it and the bite spreads again.
    """
    pending = st["pending"]
    target = survivor(st, pending["survivor"])
    place = pending["location"]
    if choice == "kill":
        st["pending"] = None
        steps.append(step("bite_kill_chosen", **of_survivor(target)))
        kill_survivor(st, steps, target["id"], "bite_spread")
        return
    face, rolled = exposure_result(result, rng)
    steps.append(step("bite_roll", **of_survivor(target), result=face, rolled=rolled))
    if face == "blank":
        st["pending"] = None
        steps.append(step("bite_survived", **of_survivor(target)))
        return
    st["pending"] = None
    kill_survivor(st, steps, target["id"], "bite_spread")
    spread_bite(st, steps, place)


# --- entry points ---


def exposure_choices(st: State, actor: str) -> Choices | None:
    """During a turn the active player's survivors, between turns any survivor."""
    active = active_seat_id(st) if st.get("turn") else None
    exposed = [s["id"] for s in st["survivors"] if active is None or s["owner"] == active]
    return {"survivor_id": exposed, "result": list(EXPOSURE_RESULTS)} if exposed else None


@act.rule(N_("record exposure"), who=act.TURN, about=act.SURVIVOR)
@act.takes(exposure_choices, result=act.die())
def record_exposure(
    state: State,
    survivor_id: str,
    result: str | None = None,
    rng: Randomness | None = None,
) -> tuple[State, list[Step]]:
    """Roll (or record) the exposure die for a survivor. Base 002 "Rolling for Exposure"."""
    st, steps = begin(state)
    survivor(st, survivor_id)
    face, rolled = exposure_result(result, rng)
    roll_for_exposure(st, steps, survivor_id, face, rolled=rolled)
    return st, steps


def bite_choices(st: State, actor: str) -> Choices | None:
    """While a bite is pending: kill the survivor or roll, and the roll's result."""
    pending = st.get("pending") or {}
    if pending.get("kind") != "bite_spread":
        return None
    return {"choice": ["kill", "roll"], "result": list(EXPOSURE_RESULTS)}


@act.rule(N_("resolve bite"), "002:1439", who=act.OPEN, about="pending")
@act.answers(act.PENDING)
@act.takes(bite_choices, result=act.die())
def resolve_bite(
    state: State,
    choice: str,
    result: str | None = None,
    rng: Randomness | None = None,
) -> tuple[State, list[Step]]:
    """Answer a spreading bite: "kill" the infected survivor or "roll" for it (002:1439)."""
    st, steps = begin(state, allow_pending=True)
    pending: dict[str, Any] | None = st["pending"]
    if not pending or pending.get("kind") != "bite_spread":
        raise RuleError(N_("no bite is spreading: there is nothing to kill or roll for"))
    if choice not in BITE_CHOICES:
        raise RuleError(
            N_("answer a spreading bite with 'kill' or 'roll', not {choice}"), choice=shown(choice)
        )
    if choice == "kill" and result is not None:
        raise RuleError(N_("choosing to kill the survivor takes no exposure result"))
    resolve_spread_choice(st, steps, choice, result, rng)
    return st, steps
