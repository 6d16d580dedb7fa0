"""Crossroads cards: the drawer reveals a triggered card, an option is taken, the card goes.

Long Night 000:458 and base 002 "Resolving Crossroads Cards" (002:1464): when the active player
meets the trigger, the drawer reads the card aloud, the active player takes one option, it
applies at once and the card is removed from the game. A vote card's option is decided by a
vote instead (002:1821; card-sources.md: option 1 on thumbs up, option 2 on thumbs down).
002:1727: a card that would add survivors (helpless included) cannot be triggered while the
colony has no empty survivor space.

The card database deals cards as dicts with ``options`` (a TOML source uses ``option``); both
are accepted. Deciding whether the trigger was met is the drawer's job, not the engine's.
"""

from __future__ import annotations

from typing import Any

from companion.engine.dice import Randomness
from companion.engine.effects import apply_effects
from companion.engine.errors import RuleError
from companion.engine.state import COLONY, State, begin, free_survivor_spaces, require_count, seat
from companion.engine.steps import Step, step
from companion.engine.turns import current_turn
from companion.engine.votes import tally_vote


def card_options(card: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of a crossroads card dict (``options`` from cards.db, ``option`` in TOML)."""
    options = card.get("options", card.get("option"))
    if not isinstance(options, list) or not options:
        raise RuleError(f"crossroads card {card.get('id')!r} has no options")
    return options


def adds_survivors(option: dict[str, Any]) -> bool:
    """Whether an option would add survivors: a ``helpless`` effect with amount > 0, or the
    option's own ``adds_survivor`` flag (for a card whose survivors come by a manual effect).

    Ruling: ``manual`` text is not read; a pack author flags such options with
    ``adds_survivor = true``.
    """
    if option.get("adds_survivor"):
        return True
    return any(
        e.get("kind") == "helpless" and isinstance(e.get("amount"), int) and e["amount"] > 0
        for e in option.get("effects", [])
    )


def colony_full_blocks(st: State, option: dict[str, Any], active: str) -> bool:
    """002:1727: an option that adds survivors cannot fire while the colony has no empty space.

    Ruling: an exiled active player is never blocked: the helpless they would add are not added
    (002:1749) and their new survivors go to a non-colony location (002:1751).
    """
    if seat(st, active)["exiled"] or not adds_survivors(option):
        return False
    return free_survivor_spaces(st, COLONY) <= 0


def trigger_crossroads(
    state: State,
    option: int | None,
    card: dict[str, Any],
    rng: Randomness,
    *,
    votes: dict[str, bool] | None = None,
    chosen: str | None = None,
    location: str | None = None,
) -> tuple[State, list[Step]]:
    """Reveal the drawn crossroads card and apply one option (000:458, 002:1464, 002:1727).

    ``card`` is the crossroads card from the card database; its id must be the one the drawer
    holds for this turn. ``option`` is 1-based. For a vote card give either the option the vote
    decided or ``votes`` ({seat: True/False}) to tally here (passes: option 1, fails: option 2).
    ``chosen`` and ``location`` are the survivor and place the option's effects refer to
    (effects.apply_effects). The card then leaves the game.
    """
    st, steps = begin(state)
    turn = current_turn(st)
    active = turn["seat"]
    drawer = turn["crossroads_drawer"]
    held = st["secrets"][drawer]["crossroads"] if drawer else None
    drawer_name = seat(st, drawer)["name"] if drawer else ""
    if held is None:
        raise RuleError("no crossroads card is waiting to trigger this turn")
    if not isinstance(card, dict) or card.get("id") != held:
        given = card.get("id") if isinstance(card, dict) else card
        raise RuleError(f"{given!r} is not the crossroads card {drawer_name} drew for this turn")
    options = card_options(card)
    is_vote = bool(card.get("vote"))
    if votes is not None and not is_vote:
        raise RuleError(f"{card['name']} is not a vote card: the active player picks the option")
    if votes is not None and option is not None:
        raise RuleError("give either the option the vote decided or the votes, not both")
    vote_steps: list[Step] = []
    if votes is not None:
        passed, vote_steps = tally_vote(st, votes, subject=f"the crossroads card {card['name']}")
        option = 1 if passed else 2
    if option is None:
        raise RuleError("say which option is taken")
    require_count(option, "the option", minimum=1)
    if option > len(options):
        raise RuleError(f"{card['name']} has {len(options)} option(s), not option {option}")
    picked = options[option - 1]
    if colony_full_blocks(st, picked, active):
        raise RuleError(
            f"option {option} of {card['name']} would add survivors, and the colony has no "
            "empty survivor space: it cannot be taken (002:1727)"
        )
    steps.append(
        step(
            "crossroads_revealed",
            drawer=drawer,
            drawer_name=drawer_name,
            card=card["id"],
            name=card["name"],
            trigger=card.get("trigger", ""),
        )
    )
    steps.extend(vote_steps)
    steps.append(
        step(
            "crossroads_option_chosen",
            card=card["id"],
            option=option,
            text=picked.get("text", ""),
            by_vote=is_vote,
            seat=active,
            seat_name=seat(st, active)["name"],
        )
    )
    remove_crossroads(st, steps, drawer, card)
    apply_effects(
        st,
        steps,
        picked.get("effects", []),
        rng,
        seat=active,
        chosen=chosen,
        location=location,
        source=card["name"],
    )
    return st, steps


def remove_crossroads(st: State, steps: list[Step], drawer: str, card: dict[str, Any]) -> None:
    """A triggered crossroads card leaves the game; it does not go back to the deck (000:458)."""
    st["secrets"][drawer]["crossroads"] = None
    steps.append(step("crossroads_removed", card=card["id"], name=card["name"]))
