"""What a crossroads card offers: its options, which of them add survivors, which a full colony
blocks (002:1727), and whether any can be taken now. Below both the turn (which may not end
while a revealed card waits, turn.crossroads_waits) and the card's resolution (crossroads.py).
"""

from __future__ import annotations

from typing import Any

from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import COLONY, State, free_survivor_spaces, seat
from companion.engine.words.steps import N_


def card_options(card: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of a crossroads card dict (``options`` from cards.db, ``option`` in TOML)."""
    options = card.get("options", card.get("option"))
    if not isinstance(options, list) or not options:
        raise RuleError(N_("crossroads card {card} has no options"), card=shown(card.get("id")))
    return options


def adds_survivors(option: dict[str, Any]) -> bool:
    """Whether an option would add survivors: a ``helpless`` effect with amount > 0 (002:1727).

    Ruling: ``manual`` text is not read; a new survivor card joining is entered by the table
    with ``add_survivor``, which refuses a full colony itself.
    """
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


def names_chosen(option: dict[str, Any]) -> bool:
    """Whether an option's effects act on a survivor the active player chooses ("chosen")."""
    return any(e.get("target") == "chosen" for e in option.get("effects", []))


def chosen_fits(st: State, option: dict[str, Any], active: str) -> list[str]:
    """The survivors an option's "chosen" effects may take (002:1480-1482): the active
    player's own, and at the place an effect names with ``at`` (Her Old Locker: at the
    Hospital); the effects refuse any other (effects.py)."""
    places = {
        e["at"] for e in option.get("effects", []) if e.get("target") == "chosen" and e.get("at")
    }
    return [
        s["id"]
        for s in st["survivors"]
        if s["owner"] == active and all(s["location"] == p for p in places)
    ]


def unmet(st: State, option: dict[str, Any], active: str) -> bool:
    """Whether the active player cannot meet an option (002:1480-1482): it adds survivors to a
    full colony (002:1727) or names a survivor of theirs and none fits."""
    return colony_full_blocks(st, option, active) or (
        names_chosen(option) and not chosen_fits(st, option, active)
    )


def can_be_taken(st: State, card: dict[str, Any], active: str) -> bool:
    """Whether the revealed crossroads ``card`` has an option the active player can take now: a
    vote card none of whose options is unmet, any other card one option she can meet."""
    blocked = [unmet(st, opt, active) for opt in card_options(card)]
    return not any(blocked) if card.get("vote") else not all(blocked)
