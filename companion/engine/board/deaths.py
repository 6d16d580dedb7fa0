"""Wounds and deaths: survivors, helpless survivors, group leaders and last survivors."""

from __future__ import annotations

from typing import Any

from companion.engine.core.morale import change_morale
from companion.engine.core.state import (
    COLONY,
    State,
    new_survivor,
    require_wound_kind,
    seat,
    survivor,
    survivors_of,
    wound_total,
)
from companion.engine.words.steps import Step, of_seat, of_survivor, step

DEADLY_WOUNDS = 3
COMPANION_DECK = "companion"
"""``state["survivor_deck"]`` when the companion dealt the survivors from its own deck (the
setup's ``deal_survivors``); ``"box"`` (or absent, a game saved before) when they came from the
box, whose deck the table holds."""
WOUND_KEYS = {"wound": "wounds", "frostbite": "frostbite", "despair": "despair"}
"""The survivor's count each kind of wound token (vocabulary.WOUND_KINDS) adds to."""


def lowest_influence(
    st: State, candidates: list[dict], steps: list[Step], *, highest: bool = False
) -> dict:
    """The candidate with the lowest influence (``highest``: the highest); a tie is the first
    player's choice (000:584).

    The engine takes the first tied survivor in play order and records the tie as a step so
    the table can see it and correct it.
    """
    low = (max if highest else min)(c["influence"] for c in candidates)
    tied = [c for c in candidates if c["influence"] == low]
    if len(tied) > 1:
        steps.append(
            step(
                "tie_broken",
                names=", ".join(c["name"] for c in tied),
                influence=low,
                chosen=tied[0]["name"],
                survivors=[c["id"] for c in tied],
            )
        )
    return tied[0]


def kill_survivor(
    st: State, steps: list[Step], survivor_id: str, cause: str, **details: Any
) -> None:
    """Kill a survivor: morale -1 unless its owner is exiled (002 "Killing Survivors", "Exile").

    ``cause`` is a code (docs/engine.md "Step codes") or words the table typed; ``details`` are
    the step fields the code needs (``place``, ``source``, ``wounds``, ``wound_cause``).

    Then the owner's group: a dead leader is replaced by a follower (002:1777), and a player who
    lost their last survivor draws a new one, or is out under player elimination (002:1780).
    """
    dead = survivor(st, survivor_id)
    owner = seat(st, dead["owner"]) if dead["owner"] else None
    costs_morale = not (owner and owner["exiled"])
    st["survivors"].remove(dead)
    st["graveyard"].append({"id": dead["id"], "name": dead["name"], "owner": dead["owner"]})
    steps.append(
        step(
            "survivor_died",
            **of_survivor(dead),
            location=dead["location"],
            cause=cause,
            **details,
            costs_morale=costs_morale,
            owner=dead["owner"],
            owner_name=owner["name"] if owner else "",
        )
    )
    if owner:
        after_survivor_lost(st, steps, owner, dead)
    if costs_morale:
        change_morale(st, steps, -1, "survivor_died", **of_survivor(dead))


def remove_survivor(
    st: State, steps: list[Step], survivor_id: str, cause: str, **details: Any
) -> None:
    """Remove a survivor by a card effect: not a death, no morale (002 "Killing Survivors")."""
    gone = survivor(st, survivor_id)
    st["survivors"].remove(gone)
    steps.append(step("survivor_removed", **of_survivor(gone), cause=cause, **details))
    if gone["owner"]:
        after_survivor_lost(st, steps, seat(st, gone["owner"]), gone)


def promote_leader(st: State, steps: list[Step], owner: dict, survivor_id: str) -> None:
    """Make one of a player's survivors their group leader, the others followers (002:1777)."""
    for s in survivors_of(st, owner["id"]):
        s["leader"] = s["id"] == survivor_id
    steps.append(
        step(
            "leader_promoted",
            **of_seat(owner),
            **of_survivor(survivor(st, survivor_id)),
        )
    )


def after_survivor_lost(st: State, steps: list[Step], owner: dict, lost: dict) -> None:
    """Keep a group whole after losing a survivor (base 002 "Killing Survivors").

    A lost group leader is replaced by the follower with the highest influence (the player may
    choose another with ``set_group_leader``). A player with no survivors left "immediately
    removes from the game all cards in her hand, draws a new survivor card, adds it to the game,
    and makes that survivor her new group leader" (002:1780-1784): drawn here when the companion
    holds the survivor deck (``draw_replacement``), else the table enters the card it drew
    (``add_survivor``; ``needs_survivor`` makes it the leader); under the player elimination
    variant the player leaves the game instead (000:638).
    """
    group = survivors_of(st, owner["id"])
    if group:
        if lost.get("leader"):
            promote_leader(st, steps, owner, max(group, key=lambda s: s["influence"])["id"])
        return
    if st["settings"]["player_elimination"]:
        owner["eliminated"] = True
        steps.append(step("player_eliminated", **of_seat(owner)))
    elif not draw_replacement(st, steps, owner):
        owner["needs_survivor"] = True
        steps.append(step("last_survivor_lost", **of_seat(owner)))


def draw_replacement(st: State, steps: list[Step], owner: dict) -> bool:
    """Draw the top of the companion's survivor deck for a player who lost their last survivor:
    it joins them in the colony as their group leader (002:1780-1784, 002:1720-1724). Returns
    False, drawing nothing, when the deck is the box's (or empty), or the player is exiled: their
    new survivor goes to a location of their choice (002:1751), entered with ``add_survivor``;
    also in a game without the setting ``replaces_last_survivor``.

    Ruling: a full colony does not stop it; the rule is not a choice, and the colony's spaces
    limit only the cards a player chooses to play (002:1727-1731).
    """
    deck = st["decks"]["survivors"]
    if not st["settings"].get("replaces_last_survivor"):
        return False  # a game saved before this rule replays as it was played
    if st.get("survivor_deck") != COMPANION_DECK or owner["exiled"] or not deck:
        return False
    card = st["cards"]["survivors"][deck.pop(0)]
    newcomer = new_survivor(card, owner["id"], leader=True, place=COLONY)
    st["survivors"].append(newcomer)
    steps.append(step("replacement_drawn", **of_seat(owner), **of_survivor(newcomer)))
    return True


def kill_helpless(
    st: State, steps: list[Step], cause: str, *, unruly: bool | None = None, **details: Any
) -> bool:
    """Kill one helpless survivor in the colony: morale -1 (002:1786; unruly is one, 000:546).

    ``unruly=None`` applies the ruling: a normal token dies when there is one, else an unruly
    one. Returns False when there is no such token.
    """
    helpless = st["helpless"]
    if unruly is None:
        unruly = helpless["normal"] == 0
    key = "unruly" if unruly else "normal"
    if helpless[key] == 0:
        return False
    helpless[key] -= 1
    steps.append(step("helpless_died", unruly=unruly, cause=cause, **details))
    change_morale(st, steps, -1, "helpless_died")
    return True


def add_wound(
    st: State, steps: list[Step], survivor_id: str, wound: str, cause: str, **details: Any
) -> None:
    """Put a wound, frostbite or despair token on a survivor; at 3 it dies (002, 000:536).

    ``cause`` (a code: exposure, frostbite, card_or_attack, card with ``source``) is kept on the
    death step as ``wound_cause``.
    """
    require_wound_kind(wound)
    target = survivor(st, survivor_id)
    target[WOUND_KEYS[wound]] += 1
    total = wound_total(target)
    steps.append(step("wound_added", **of_survivor(target), wound=wound, total=total))
    if total >= DEADLY_WOUNDS:
        kill_survivor(st, steps, target["id"], "wounds", wounds=total, wound_cause=cause, **details)
