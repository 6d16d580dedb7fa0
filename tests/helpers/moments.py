"""The moments of a game, built in order through the store, for the screens' layout test
(tests/test_screens_in_view_browser.py) and scripts/screens.py-style looks.

`moments` yields (name, game id, phone client or None, what the phone is asked to open): a
turn, a crisis contribution on the active phone, a crossroads card waiting for its option, a
vote, the colony phase waiting for its Confirm, its reveal, the end, and a turn of a Long Night
game with the Bandits, Raxxon and Improvements modules.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import companion.engine as engine
from companion.engine.colony.ending import objective_completable
from helpers.phones import head, seated_and_kept, table_act

Moment = tuple[str, str, Any]


def _waiting(app: Any, game: str) -> dict[str, Any]:
    state, _ = head(app, game)
    return engine.table_view(state)["waiting"]


def _crossroads_with_options(app: Any, table: Any, seed: int) -> tuple[str, dict[str, Any]]:
    """A game in its first turn whose crossroads card, revealed by its drawer, waits for an
    option the table can choose (not a vote): (game id, phones)."""
    game, phones = seated_and_kept(app, table, seed=seed)
    table_act(app, game, type="reveal_crisis")
    table_act(app, game, type="start_turn", seat_id=_waiting(app, game)["seat"])
    state, _ = head(app, game)
    drawer = state["turn"]["crossroads_drawer"]
    table_act(app, game, type="reveal_crossroads", by=drawer, seat_id=drawer)
    return game, phones


def moments(app: Any, table: Any) -> Iterator[Moment]:
    """(name, game id, phone client or None) of each moment, built in order."""
    game, phones = seated_and_kept(app, table, seed=5)
    table_act(app, game, type="reveal_crisis")
    active = _waiting(app, game)["seat"]
    yield ("start-turn", game, phones[active])
    table_act(app, game, type="start_turn", seat_id=active)
    yield ("turn", game, None)
    yield ("crisis-contribution", game, phones[active])
    other = next(s for s in phones if s != active)
    yield ("turn-other-phone", game, phones[other])

    cross, cross_phones = _crossroads_with_options(app, table, seed=7)
    state, _ = head(app, cross)
    yield ("crossroads-waiting", cross, cross_phones[state["turn"]["seat"]])

    table_act(app, game, type="call_exile_vote", caller=active, target=other)
    state, _ = head(app, game)
    voter = next(s for s in phones if "cast_vote" in engine.seat_view(state, s)["legal"][s])
    yield ("vote", game, phones[voter])

    colony, colony_phones = seated_and_kept(app, table, seed=9)
    table_act(app, colony, type="reveal_crisis")
    for _ in range(3):
        waiting = _waiting(app, colony)
        if waiting["kind"] == "start_turn":
            table_act(app, colony, type="start_turn", seat_id=waiting["seat"])
        table_act(app, colony, type="end_turn")
    assert _waiting(app, colony)["kind"] == "colony_phase", _waiting(app, colony)
    yield ("colony-phase", colony, colony_phones["s1"])
    for kind in ("start_colony_phase", "pay_food", "check_waste", "resolve_crisis"):
        table_act(app, colony, type=kind, seed=7)
    yield ("reveal", colony, colony_phones["s2"])
    table_act(app, colony, type="finish_reveal")
    table_act(app, colony, type="set_counter", name="morale", value=0)
    yield ("end", colony, colony_phones["s1"])
    ended, _ = head(app, colony)
    asked = [s for s in colony_phones if objective_completable(ended, s)]  # 002:1813-1818
    for sid in asked:
        table_act(app, colony, type="mark_objective", seat_id=sid, complete=sid == "s1")
    if head(app, colony)[0]["ended"].get("winners") is None:
        table_act(app, colony, type="declare_winners", completed=[])
    yield ("over", colony, colony_phones["s2"])
    yield from long_night(app, table)


LONG_NIGHT_MODULES = ("bandits", "raxxon", "improvements")


def long_night(app: Any, table: Any) -> Iterator[Moment]:
    """A turn of a Long Night game with every module: the Bandits' (a bandit where the active
    player's survivor stands, so it may be attacked), Raxxon's and the Improvements' controls
    on the table screen."""
    game, phones = seated_and_kept(
        app, table, seed=5, ruleset="long_night", settings={"modules": list(LONG_NIGHT_MODULES)}
    )
    table_act(app, game, type="enter_experiment", code=[3, 5], zombies=["Claw"])
    table_act(app, game, type="reveal_crisis")
    active = _waiting(app, game)["seat"]
    table_act(app, game, type="start_turn", seat_id=active)
    state, _ = head(app, game)
    mover = next(s["id"] for s in engine.table_view(state)["survivors"] if s["owner"] == active)
    place = "base.police-station"
    table_act(app, game, type="move_survivor", survivor_id=mover, to=place, exposure="blank")
    table_act(app, game, type="set_bandits", location_id=place, count=1)
    yield ("long-night-turn", game, phones[active])
