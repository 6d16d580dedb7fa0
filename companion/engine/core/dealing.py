"""Dealing at setup: secret objectives, and the crossroads, exiled objective and crisis decks.

Cards arrive as plain dicts shaped like the records of cards.db (docs/card-sources.md). Every
shuffle uses the injected ``rng``; the engine never touches the global random source.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.engine.core.dice import Randomness
from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import check_variant
from companion.engine.core.vocabulary import BETRAYAL_KINDS
from companion.engine.words.steps import N_

Card = dict[str, Any]

NO_SECRET_OBJECTIVES = ("coop", "two_player")
"""Variants played without secret objectives, exile or non-co-op cards (002 "Co-op Variant")."""


def is_coop(variant: str) -> bool:
    """Whether a variant follows the co-op rules (002 "Co-op Variant", "2 Player Variant")."""
    return variant in NO_SECRET_OBJECTIVES


def card_set(card: Card) -> str:
    """The set a card belongs to: its "set" field, else the part of its id before the dot."""
    found = card.get("set")
    if found:
        return str(found)
    return str(card.get("id", "")).split(".", 1)[0]


def playable(
    card: Card,
    *,
    sets: Iterable[str] | None = None,
    modules: Iterable[str] = (),
    mature: bool = True,
    coop: bool = False,
) -> bool:
    """Whether a card belongs in this game's decks.

    Its set must be chosen (no sets chosen: every set), its module "" or in play, it must not be
    mature when the table leaves mature cards out (002 "Game Setup" 6), and not non-co-op in a
    co-op or 2-player game (002 "Co-op Variant": those cards are removed at setup).
    """
    wanted_sets = list(sets or [])
    if wanted_sets and card_set(card) not in wanted_sets:
        return False
    if (card.get("module") or "") not in ("", *modules):
        return False
    if card.get("mature") and not mature:
        return False
    return not (coop and card.get("non_coop"))


def _small(card: Card) -> dict[str, Any]:
    """The part of an objective card kept in the state: id, name and kind."""
    return {"id": card["id"], "name": card["name"], "kind": card.get("kind", "normal")}


def deal_objectives(
    objectives: list[Card],
    seat_ids: list[str],
    variant: str,
    rng: Randomness,
    *,
    betrayal_id: str | None = None,
) -> dict[str, dict[str, Any] | None]:
    """Deal one secret objective to each seat: {seat_id: {"id","name","kind"} or None}.

    Base 002 "Game Setup" 4 (002:540): shuffle the normal objectives and set aside 2 per player
    (1 per player in the betrayer variant, 002 "Betrayer Variant"), add 1 random betrayal
    objective (the Bandit Blitz scenario names its own, ``betrayal_id``), shuffle the set-aside
    cards and deal 1 to each player; the rest go back unseen and are not kept. Co-op and
    2-player games deal none (002 "Co-op Variant"); the hardcore variant deals as usual.
    """
    check_variant(variant)
    if is_coop(variant):
        return {sid: None for sid in seat_ids}
    if not seat_ids:
        return {}
    per_player = 1 if variant == "betrayer" else 2
    needed = per_player * len(seat_ids)
    normal = [c for c in objectives if c.get("kind", "normal") == "normal"]
    if len(normal) < needed:
        raise RuleError(
            N_(
                "dealing secret objectives to {players} players needs {needed} normal "
                "objectives ({per_player} per player), but only {available} are available"
            ),
            players=len(seat_ids),
            needed=needed,
            per_player=per_player,
            available=len(normal),
        )
    betrayal = _betrayal(objectives, rng, betrayal_id)
    rng.shuffle(normal)
    set_aside = [*normal[:needed], betrayal]
    rng.shuffle(set_aside)
    return {sid: _small(card) for sid, card in zip(seat_ids, set_aside, strict=False)}


def _betrayal(objectives: list[Card], rng: Randomness, betrayal_id: str | None) -> Card:
    """The betrayal objective added to the set-aside cards (002 "Game Setup" 4, Bandit Blitz)."""
    if betrayal_id is not None:
        for card in objectives:
            if card.get("id") == betrayal_id:
                if card.get("kind") not in BETRAYAL_KINDS:
                    raise RuleError(
                        N_("objective {card} is a {kind} objective, not a betrayal one"),
                        card=shown(betrayal_id),
                        kind=card.get("kind", "normal"),
                    )
                return card
        raise RuleError(N_("unknown betrayal objective {card}"), card=shown(betrayal_id))
    betrayals = [c for c in objectives if c.get("kind") == "betrayal"]
    if not betrayals:
        raise RuleError(
            N_("dealing secret objectives needs 1 betrayal objective, but none is available")
        )
    rng.shuffle(betrayals)
    return betrayals[0]


def shuffled_ids(cards: Iterable[Card], rng: Randomness) -> list[str]:
    """The ids of these cards in a fresh random order."""
    ids = [c["id"] for c in cards]
    rng.shuffle(ids)
    return ids


def build_crossroads_deck(
    cards: list[Card],
    *,
    sets: Iterable[str] | None,
    modules: Iterable[str],
    mature: bool,
    coop: bool,
    rng: Randomness,
) -> list[str]:
    """The shuffled crossroads deck as card ids, top card first (002 "Game Setup" 6).

    Mature cards leave when the table says so; non-co-op cards leave in co-op and 2-player
    games (002 "Co-op Variant"); cards of a module not in play and of sets not chosen never enter.
    """
    modules = list(modules)
    keep = [c for c in cards if playable(c, sets=sets, modules=modules, mature=mature, coop=coop)]
    return shuffled_ids(keep, rng)


def build_exiled_deck(objectives: list[Card], rng: Randomness) -> list[str]:
    """The shuffled exiled objective deck as card ids, top card first (002 "Game Setup" 6)."""
    return shuffled_ids((c for c in objectives if c.get("kind") == "exiled"), rng)


def build_crisis_deck(
    crises: list[Card],
    *,
    sets: Iterable[str] | None,
    modules: Iterable[str],
    rng: Randomness,
    mature: bool = True,
    coop: bool = False,
) -> list[str]:
    """The shuffled crisis deck as card ids, top card first (002 "Game Setup" 5)."""
    modules = list(modules)
    keep = [c for c in crises if playable(c, sets=sets, modules=modules, mature=mature, coop=coop)]
    return shuffled_ids(keep, rng)
