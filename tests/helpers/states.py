"""Every page and state of the companion, built in order through the store: for the
accessibility test (tests/test_a11y_browser.py) and scripts/screens.py's screenshots.

`states` yields (name, path, phone client or None); a phone client's cookies make a browser
context that phone (its seat cookie).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import companion.engine as engine
from companion.engine.colony.ending import objective_completable
from helpers.phones import head, join_path, new_game, phone, post, table_act, take_seat


def cookies_of(client: Any, base: str) -> list[dict]:
    """A test client's cookies, for a browser context on ``base``."""
    return [{"name": c.key, "value": c.value, "url": base} for c in client._cookies.values()]


def keep_first_two(app: Any, game: str, phones: dict[str, Any]) -> None:
    """Each phone keeps its first two dealt survivors."""
    for sid, client in phones.items():
        state, _ = head(app, game)
        dealt = state["secrets"][sid]["dealt_survivors"]
        post(client, game, type="keep_survivors", survivors=dealt[:2])


def states(app: Any, table: Any) -> Iterator[tuple[str, str, Any]]:
    """(name, path, phone client or None) of every page and state, built in order."""
    yield from (
        ("home", "/", None),
        ("new-game", "/games/new", None),
        ("cards", "/cards", None),
        ("cards-search", "/cards?q=delegacia", None),
        ("error-404", "/no/such/page", None),
        ("join-code", "/j", None),
    )
    game = new_game(app)  # three players, survivors dealt
    link = join_path(table, game)
    yield ("join-pick", link, None)
    yield ("join-refused", f"/join/{game}/WRONGSECRET", None)
    yield ("setup-checklist", f"/games/{game}/setup", None)
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    yield ("join-all-held", link, phone(app, 40))
    yield ("table-setup", f"/games/{game}", None)
    yield ("phone-keep-survivors", f"/phone/{game}", phones["s1"])
    keep_first_two(app, game, phones)
    yield ("phone-kept", f"/phone/{game}", phones["s1"])
    table_act(app, game, type="reveal_crisis")
    state, _ = head(app, game)
    active = engine.table_view(state)["waiting"]["seat"]
    table_act(app, game, type="start_turn", seat_id=active)
    other = next(s for s in phones if s != active)
    yield ("table-turn", f"/games/{game}", None)
    yield ("phone-turn", f"/phone/{game}", phones[active])
    yield ("phone-crisis", f"/phone/{game}", phones[other])
    table_act(app, game, type="call_exile_vote", caller=active, target=other)
    yield ("table-vote", f"/games/{game}", None)
    state, _ = head(app, game)
    voter = next(s for s in phones if "cast_vote" in engine.seat_view(state, s)["legal"][s])
    yield ("phone-vote", f"/phone/{game}", phones[voter])
    yield ("log", f"/games/{game}/log", None)

    frost = new_game(app, seed=5)  # White Fingers fails: each phone picks its frostbite
    phones = {sid: take_seat(app, table, frost, sid, int(sid[1:]) + 20) for sid in phones}
    keep_first_two(app, frost, phones)
    table_act(app, frost, type="reveal_crisis", crisis="companion.white-fingers")
    for kind in ("resolve_crisis", "finish_reveal"):
        table_act(app, frost, type=kind, seed=7)
    yield ("table-survivor-choice", f"/games/{frost}", None)
    yield ("phone-survivor-choice", f"/phone/{frost}", phones["s1"])

    colony = new_game(app, seed=5)
    phones = {sid: take_seat(app, table, colony, sid, int(sid[1:]) + 10) for sid in phones}
    keep_first_two(app, colony, phones)
    table_act(app, colony, type="reveal_crisis")
    table_act(app, colony, type="start_colony_phase")
    yield ("table-colony", f"/games/{colony}", None)
    yield ("colony-page", f"/games/{colony}/colony", None)
    for kind in ("pay_food", "check_waste", "resolve_crisis"):
        table_act(app, colony, type=kind, seed=7)
    yield ("table-colony-reveal", f"/games/{colony}", None)
    yield ("phone-colony", f"/phone/{colony}", phones["s2"])

    table_act(app, colony, type="set_counter", name="morale", value=0)
    yield ("table-end-objectives", f"/games/{colony}", None)
    yield ("phone-mark-objective", f"/phone/{colony}", phones["s1"])
    ended, _ = head(app, colony)
    asked = [sid for sid in phones if objective_completable(ended, sid)]  # 002:1813-1818
    for sid in asked:
        table_act(app, colony, type="mark_objective", seat_id=sid, complete=True)
    if not asked:
        table_act(app, colony, type="declare_winners", completed=[])
    yield ("table-end", f"/games/{colony}", None)
    yield ("end-page", f"/games/{colony}/end", None)
    yield ("phone-end", f"/phone/{colony}", phones["s1"])
