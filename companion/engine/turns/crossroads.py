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

from companion.engine.board.effects import apply_effects
from companion.engine.core import declare as act
from companion.engine.core.dice import NO_ROLL, Randomness
from companion.engine.core.errors import RuleError, counted
from companion.engine.core.state import (
    COLONY,
    State,
    begin,
    locations_in_order,
    require_count,
    seat,
    voters,
)
from companion.engine.turns.crossroads_options import (
    card_options,
    chosen_fits,
    colony_full_blocks,
    names_chosen,
    unmet,
)
from companion.engine.turns.turn import current_turn
from companion.engine.turns.votes import open_vote, outcome, tally_vote
from companion.engine.words.card_texts import card_text
from companion.engine.words.steps import N_, Step, of_card, of_seat, step


def held_card(st: State) -> tuple[str, dict[str, Any]]:
    """The drawer of this turn and the facts of the crossroads card they hold, or raise."""
    turn = current_turn(st)
    drawer = turn["crossroads_drawer"]
    held = st["secrets"][drawer]["crossroads"] if drawer else None
    if held is None:
        raise RuleError(N_("no crossroads card is waiting to trigger this turn"))
    return drawer, st["cards"]["crossroads"][held]


@act.rule(N_("reveal crossroads"), "000:458 002:1464", who=act.OWN, about="seat_id")
@act.answers("crossroads")
def reveal_crossroads(state: State, seat_id: str) -> tuple[State, list[Step]]:
    """The drawer reveals their crossroads card: its trigger was met (000:458, 002:1464).

    Only the drawer knows the card, so only they reveal it; from now on it is public (the
    table screen shows it to be read aloud) and the active player picks an option with
    ``trigger_crossroads``.
    """
    st, steps = begin(state)
    drawer, card = held_card(st)
    if seat_id != drawer:
        raise RuleError(
            N_("{name} does not hold this turn's crossroads card"), name=seat(st, seat_id)["name"]
        )
    turn = st["turn"]
    if turn.get("crossroads_revealed"):
        raise RuleError(N_("{card} has already been revealed"), card=card_text(card))
    turn["crossroads_revealed"] = True
    steps.append(
        step(
            "crossroads_revealed",
            drawer=drawer,
            drawer_name=seat(st, drawer)["name"],
            **of_card("card", card),
            trigger=card.get("trigger", ""),
        )
    )
    return st, steps


def crossroads_choices(st: State, active: str) -> dict[str, Any] | None:
    """The revealed crossroads card's options the active player may take (a vote card: the
    vote and who casts it), what each needs named and the survivors and places it may name;
    an option she cannot meet is not hers to choose (002:1480-1482, 002:1727). The survivors
    are one list for the card: those every option she may take that names one can take (all
    the card's options for a vote, taken after the survivor is named); exact while no card
    asks for them at two places (tests/test_engine_crossroads.py). None before it is revealed."""
    turn = st["turn"]
    drawer = turn["crossroads_drawer"]
    if not (drawer and st["secrets"][drawer]["crossroads"] and turn.get("crossroads_revealed")):
        return None
    card = st["cards"]["crossroads"][st["secrets"][drawer]["crossroads"]]
    every = card.get("options", [])
    needs = [_needs(opt) for opt in every]  # option n's at needs[n - 1]
    options = [n for n, opt in enumerate(every, start=1) if not unmet(st, opt, active)]
    taken = every if card.get("vote") else [every[n - 1] for n in options]
    fits = [set(chosen_fits(st, opt, active)) for opt in taken if names_chosen(opt)]
    chosen = [s["id"] for s in st["survivors"] if s["owner"] == active]
    chosen = [sid for sid in chosen if fits and all(sid in fit for fit in fits)]
    choice: dict[str, Any] = {"option": options}
    if card.get("vote"):  # every player in play not exiled votes (002:1821, 002:1764)
        choice = {"vote": True, "voters": [s["id"] for s in voters(st)]}
    choice["needs"] = needs
    choice["chosen"] = chosen
    choice["location"] = [COLONY] + [loc["id"] for loc in locations_in_order(st)]
    return choice


@act.rule(N_("trigger crossroads"), "000:458 002:1821 002:1727", who=act.TURN)
@act.answers("crossroads_option")
@act.takes(crossroads_choices, votes=act.each("voters"))
def trigger_crossroads(
    state: State,
    option: int | None = None,
    rng: Randomness | None = None,
    *,
    votes: dict[str, bool] | None = None,
    chosen: str | None = None,
    location: str | None = None,
) -> tuple[State, list[Step]]:
    """Apply one option of the revealed crossroads card; the card leaves the game (000:458).

    ``option`` is 1-based: the active player's pick. A vote card is decided by a vote instead
    (option 1 on thumbs up, option 2 on thumbs down, 002:1821): give the ``votes`` as the thumbs
    were shown, or neither to open the vote on the phones. ``chosen`` and ``location`` are the
    survivor and place the option's effects refer to (effects.apply_effects). 002:1727: an
    option that adds survivors cannot be taken while the colony has no empty survivor space.
    """
    st, steps = begin(state)
    drawer, card = held_card(st)
    if not st["turn"].get("crossroads_revealed"):
        raise RuleError(
            N_("{name} has not revealed their crossroads card"), name=seat(st, drawer)["name"]
        )
    options = card_options(card)
    is_vote = bool(card.get("vote"))
    if votes is not None and not is_vote:
        raise RuleError(
            N_("{card} is not a vote card: the active player picks the option"),
            card=card_text(card),
        )
    if is_vote and option is not None:
        raise RuleError(
            N_("{card} is a vote card: the vote picks the option"), card=card_text(card)
        )
    context = {"chosen": chosen, "location": location}
    if is_vote:
        active = st["turn"]["seat"]
        if any(colony_full_blocks(st, opt, active) for opt in options):
            raise RuleError(
                N_(
                    "{card} could add survivors, and the colony has no empty survivor space: "
                    "it cannot be triggered now (002:1727)"
                ),
                card=card_text(card),
            )
        if votes is None:
            open_vote(st, steps, "crossroads", card=card["id"], **context)
            return st, steps
        passed, vote_steps = tally_vote(st, votes, subject="crossroads", card=card["id"])
        steps.extend(vote_steps)
        option = 1 if passed else 2
    if option is None:
        raise RuleError(N_("say which option is taken"))
    require_count(option, N_("the option"), minimum=1)
    if option > len(options):
        raise RuleError(
            N_("{card} has {count}, not option {option}"),
            card=card_text(card),
            count=counted("{n} option", "{n} options", len(options), n=len(options)),
            option=option,
        )
    apply_option(st, steps, option, rng or NO_ROLL, **context)
    return st, steps


def _needs(option: dict[str, Any]) -> list[str]:
    """What an option's effects need named: "chosen" (a survivor), "location" (a place)."""
    needs = set()
    for effect in option.get("effects", []):
        if effect.get("target") == "chosen":
            needs.add("chosen")
        if "active_location" in (effect.get("where"), effect.get("target")):
            needs.add("location")
        if effect.get("target") == "each_at_active_location":
            needs.add("location")
    return sorted(needs)


@outcome("crossroads")
def crossroads_vote_outcome(
    st: State, steps: list[Step], fields: dict[str, Any], passed: bool, rng: Randomness
) -> None:
    """A settled crossroads vote: thumbs up takes option 1, thumbs down option 2 (002:1821)."""
    apply_option(st, steps, 1 if passed else 2, rng, fields["chosen"], fields["location"])


def apply_option(
    st: State,
    steps: list[Step],
    option: int,
    rng: Randomness,
    chosen: str | None = None,
    location: str | None = None,
) -> None:
    """Take an option of the revealed card: its effects, then the card leaves the game."""
    drawer, card = held_card(st)
    active = st["turn"]["seat"]
    options = card_options(card)
    if option > len(options):
        steps.append(step("crossroads_no_option", **of_card("card", card)))
        remove_crossroads(st, steps, drawer, card)
        return
    picked = options[option - 1]
    if colony_full_blocks(st, picked, active):
        raise RuleError(
            N_(
                "option {option} of {card} would add survivors, and the colony has no empty "
                "survivor space: it cannot be taken (002:1727)"
            ),
            option=option,
            card=card_text(card),
        )
    steps.append(
        step(
            "crossroads_option_chosen",
            card=card["id"],
            option=option,
            text=picked.get("text", ""),
            by_vote=bool(card.get("vote")),
            **of_seat(seat(st, active)),
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
        source_card=card.get("id"),
    )


def remove_crossroads(st: State, steps: list[Step], drawer: str, card: dict[str, Any]) -> None:
    """A triggered crossroads card leaves the game; it does not go back to the deck (000:458)."""
    st["secrets"][drawer]["crossroads"] = None
    st["turn"]["crossroads_revealed"] = False
    steps.append(step("crossroads_removed", **of_card("card", card)))
