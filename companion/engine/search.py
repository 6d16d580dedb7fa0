"""Searching at a location: a survivor searches where it stands, maybe making noise first.

Base 002 "Search" (the survivor draws from the location's deck; each noise token made draws one
card more), The Long Night 000:776 (a search at Raxxon is followed by an exposure roll) and
000:726 (the Bandits' Hideout has no search deck). The cards are drawn at the real table; the
companion records the search as a plain ``searched`` step (survivor and location ids) that
crossroads hints and objectives can follow.
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.exposure import exposure_result, roll_for_exposure
from companion.engine.board.pieces import MAX_NOISE, make_noise
from companion.engine.core import declare as act
from companion.engine.core import hooks
from companion.engine.core.dice import Randomness
from companion.engine.core.errors import RuleError
from companion.engine.core.state import COLONY, State, begin, location, survivor
from companion.engine.core.vocabulary import EXPOSURE_RESULTS
from companion.engine.words.steps import N_, Step, of_location, of_survivor, step


def search_choices(st: State, active: str) -> dict[str, Any] | None:
    """During a turn: who of the active player's survivors may search, how much noise each may
    make first (4 at most at a location, 000:224) and whether an exposure roll follows (000:776);
    none in the colony or at the Hideout (000:726)."""
    searchers = {}
    for s in st["survivors"]:
        if s["owner"] != active:
            continue
        if s["location"] == COLONY or hooks.any_of("no_search_deck", st, s["location"]):
            continue
        room = MAX_NOISE - location(st, s["location"])["noise"]
        searchers[s["id"]] = {
            "noise": list(range(room + 1)),
            "raxxon": hooks.any_of("search_exposure", st, s["location"]),
        }
    if not searchers:
        return None
    return {"survivor_id": searchers, "exposure": list(EXPOSURE_RESULTS)}


@act.rule(
    N_("search at a location"), "000:224 000:726 000:776 000:892", who=act.TURN, about=act.SURVIVOR
)
@act.takes(
    search_choices,
    noise=act.keyed("survivor_id", "survivor_id", "noise"),
    exposure=act.ROLL_OR_SKIP,
)
def search_location(
    state: State,
    survivor_id: str,
    noise: int = 0,
    exposure: str | None = None,
    rng: Randomness | None = None,
) -> tuple[State, list[Step]]:
    """Record a search by a survivor at the location it stands in (002 "Search").

    ``noise``: noise tokens made before the search (4 at most at a location, 000:224). The
    Bandits' Hideout has no search deck (000:726). At Raxxon the survivor then rolls for
    exposure (000:776; in The Chimp and the Code once R1 is completed, 000:892): ``exposure`` is
    the face rolled at the table, or None to roll it here. Elsewhere a search rolls nothing, so
    an exposure face is refused.
    """
    st, steps = begin(state)
    searcher = survivor(st, survivor_id)
    place = searcher["location"]
    if place == COLONY:
        raise RuleError(N_("the colony has no search deck: a survivor searches at a location"))
    loc = location(st, place)
    hooks.each("search_refusal", st, place, exposure)  # the Hideout (000:726), R1 (000:892)
    if isinstance(noise, bool) or not isinstance(noise, int) or noise < 0:
        raise RuleError(N_("noise is a number of noise tokens, 0 or more"))
    at_raxxon = hooks.any_of("search_exposure", st, place)
    if exposure is not None and not at_raxxon:
        raise RuleError(N_("only a search at Raxxon is followed by an exposure roll (000:776)"))
    if noise:
        make_noise(st, steps, place, noise)
    steps.append(
        step(
            "searched",
            **of_survivor(searcher),
            **of_location(loc),
            noise=noise,
        )
    )
    if at_raxxon:
        face, rolled = exposure_result(exposure, rng)
        roll_for_exposure(st, steps, searcher["id"], face, rolled=rolled)
    return st, steps
